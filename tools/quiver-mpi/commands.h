#pragma once
// `quiver-mpi` subcommands, one cmd_<name>.cpp each, registered on the root CLI11 app. A
// handler runs on every rank and returns the process exit code (0 success, 1 failed,
// 2 usage); rank 0 prints results, every rank prints its own errors prefixed by its rank.

#include <CLI/CLI.hpp>
#include <functional>
#include <string>

#include "mpi_comm.h"

namespace quiver::mpi {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

using CommandHandler = std::function<int(const Comm&)>;

void RegisterGenerateCommand(CLI::App& app, CommandHandler& handler);
void RegisterImportCommand(CLI::App& app, CommandHandler& handler);
void RegisterInfoCommand(CLI::App& app, CommandHandler& handler);
void RegisterBfsCommand(CLI::App& app, CommandHandler& handler);
void RegisterPageRankCommand(CLI::App& app, CommandHandler& handler);
void RegisterWccCommand(CLI::App& app, CommandHandler& handler);
void RegisterGraph500Command(CLI::App& app, CommandHandler& handler);
void RegisterQueryCommand(CLI::App& app, CommandHandler& handler);

// "quiver-mpi[rank 2]: <status>" on stderr; returns kExitFailure. A rank that only learnt
// of another's failure (Aborted) stays quiet unless it is rank 0, so the cause is printed
// once, by the rank it happened on.
int ReportFailure(const Comm& comm, const Status& s);

}  // namespace quiver::mpi
