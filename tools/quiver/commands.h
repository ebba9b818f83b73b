#pragma once
// Each `quiver` subcommand lives in its own cmd_<name>.cpp and registers itself on the
// root CLI11 app here. A command's handler returns the process exit code:
// 0 success, 1 the operation failed, 2 a usage error (bad flag, unknown command).

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace quiver {
class PhaseCollector;
struct ProcessSnapshot;
}  // namespace quiver
namespace quiver::ingest {
struct RunOptions;
struct Summary;
}  // namespace quiver::ingest

namespace quiver::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

// The handler a subcommand installs; main() runs the one whose subcommand was parsed.
using CommandHandler = std::function<int()>;

void RegisterVersionCommand(CLI::App& app, CommandHandler& handler);
void RegisterInfoCommand(CLI::App& app, CommandHandler& handler);
void RegisterCheckCommand(CLI::App& app, CommandHandler& handler);
void RegisterQueryCommand(CLI::App& app, CommandHandler& handler);
void RegisterImportCommand(CLI::App& app, CommandHandler& handler);
void RegisterGenerateCommand(CLI::App& app, CommandHandler& handler);

// "500ms", "30s", "5m", "1h" (a number alone is seconds) -> milliseconds; nullopt when
// malformed or not positive (durations.cpp).
std::optional<int64_t> ParseDurationMs(const std::string& text);
// `quiver shell`: the interactive shell (cmd_shell.cpp, shell/).
void RegisterShellCommand(CLI::App& app, CommandHandler& handler);
// `quiver serve`: the Bolt server (cmd_serve.cpp).
void RegisterServeCommand(CLI::App& app, CommandHandler& handler);

// The resource flags import and generate share (--threads, --memory-budget, --quiet, ...).
void AddIngestRunOptions(CLI::App* cmd, ingest::RunOptions* run);
// The end of an import or generate run: the totals since `start` into summary, the
// summary on stdout, the --metrics JSON when asked. Returns the exit code.
int ReportIngestRun(const char* command, ingest::Summary& summary, const ProcessSnapshot& start,
                    const PhaseCollector& phases, const ingest::RunOptions& run);
void RegisterCompactCommand(CLI::App& app, CommandHandler& handler);
// `quiver export` (cmd_export.cpp).
void RegisterExportCommand(CLI::App& app, CommandHandler& handler);
// `quiver backup` and `quiver restore` (cmd_backup.cpp).
void RegisterBackupCommands(CLI::App& app, CommandHandler& handler);
// `quiver checkpoint`, `quiver checkpoints` and `quiver revert` (cmd_checkpoint.cpp).
void RegisterCheckpointCommands(CLI::App& app, CommandHandler& handler);
// `quiver bench ladder|gate` (cmd_bench.cpp).
void RegisterBenchCommand(CLI::App& app, CommandHandler& handler);

// The database report of `quiver info DB` (tools/quiver/cmd_db_info.cpp): generation,
// counts per label and type, property columns, file sizes. Returns the exit code.
int PrintDatabaseInfo(const std::string& db_path, bool json);

}  // namespace quiver::cli
