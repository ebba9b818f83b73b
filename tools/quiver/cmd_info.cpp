#include <iostream>

#include "commands.h"
#include "quiver/build_info.h"

namespace quiver::cli {

void RegisterInfoCommand(CLI::App& app, CommandHandler& handler) {
  auto* cmd = app.add_subcommand("info", "Print the build and the resource policy derived from this machine.");
  cmd->callback([&handler] {
    handler = [] {
      std::cout << "quiver " << build_info::kVersion << " (commit " << build_info::kGitCommit << ")\n";
      return kExitOk;
    };
  });
}

}  // namespace quiver::cli
