// `quiver info`: the build, and the resource policy this machine yields, with the source
// of every value, so a user can see why Quiver chose 3 workers and how to change it.
#include <iostream>
#include <memory>
#include <string>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "common/resource/resource_policy.h"
#include "json_text.h"
#include "quiver/build_info.h"

namespace quiver::cli {
namespace {

struct InfoOptions {
  bool json = false;
  std::string db_path;  // empty: report the build and the machine
};

int RunInfo(const InfoOptions& options) {
  if (!options.db_path.empty()) return PrintDatabaseInfo(options.db_path, options.json);
  Result<ResourcePolicy> policy = ResourcePolicy::FromMachine();
  if (!policy.ok()) {
    // Only a malformed QUIVER_* variable gets here: like a bad flag, the invocation is
    // wrong and nothing was attempted, so it is a usage error.
    std::cerr << "quiver info: " << policy.status().ToString() << "\n";
    return kExitUsage;
  }
  if (options.json) {
    nlohmann::json out = {
        {"version", build_info::kVersion},
        {"commit", build_info::kGitCommit},
        {"build_type", build_info::kBuildType},
        {"policy", policy->ToJson()},
    };
    std::cout << JsonText(out) << "\n";
    return kExitOk;
  }
  std::cout << "quiver " << build_info::kVersion << " (commit " << build_info::kGitCommit << ")\n\n";
  std::cout << "resource policy (override with QUIVER_THREADS, QUIVER_MEMORY_LIMIT, QUIVER_MEMORY_BUDGET,\n"
               "QUIVER_WORKER_BUFFER):\n";
  for (const std::string& line : policy->Describe()) std::cout << "  " << line << "\n";
  return kExitOk;
}

}  // namespace

void RegisterInfoCommand(CLI::App& app, CommandHandler& handler) {
  auto options = std::make_shared<InfoOptions>();
  auto* cmd =
      app.add_subcommand("info",
                         "Without DB: the build and the resource policy derived from this machine.\n"
                         "With DB: the live generation, counts per label and type, and file sizes.");
  cmd->add_option("DB", options->db_path, "Database directory to describe");
  cmd->add_flag("--json", options->json, "Print machine-readable JSON");
  cmd->callback([&handler, options] { handler = [options] { return RunInfo(*options); }; });
}

}  // namespace quiver::cli
