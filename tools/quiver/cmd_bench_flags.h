#pragma once
// What the `quiver bench` command files share: the registration of the subcommands
// kept in files of their own, the duration flag parser and the path of this executable.

#include <cstdint>
#include <optional>
#include <string>

#include "commands.h"

namespace quiver::cli {

// `quiver bench rung`: one stage of one rung, run by the ladder in a child process.
void RegisterBenchRungCommand(CLI::App* bench_cmd, CommandHandler& handler);
// `quiver bench query-overhead`: one-hop key-seek latency, fresh and warm (cmd_bench_overhead.cpp).
void RegisterBenchOverheadCommand(CLI::App* bench_cmd, CommandHandler& handler);

// `quiver bench queries` and its hidden runner `quiver bench queries-engine`
// (cmd_bench_queries.cpp).
void RegisterBenchQueriesCommands(CLI::App* bench_cmd, CommandHandler& handler);

// This process's executable (/proc/self/exe), which the benchmarks run as their children.
std::string SelfExecutablePath();

// "600s", "10m", "1h", "90" (seconds) -> seconds; nullopt when malformed or zero.
std::optional<uint64_t> ParseDurationSeconds(const std::string& text);

}  // namespace quiver::cli
