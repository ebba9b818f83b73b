#include <iostream>

#include "commands.h"
#include "quiver/build_info.h"

namespace quiver::cli {

void RegisterVersionCommand(CLI::App& app, CommandHandler& handler) {
  auto* cmd = app.add_subcommand("version", "Print the version and the build's git commit.");
  cmd->callback([&handler] {
    handler = [] {
      std::cout << "quiver " << build_info::kVersion << " (commit " << build_info::kGitCommit << ", "
                << build_info::kBuildType << " build)\n";
      return kExitOk;
    };
  });
}

}  // namespace quiver::cli
