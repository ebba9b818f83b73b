// The `quiver` command: one binary, one subcommand per job.
#include <iostream>

#include "commands.h"
#include "quiver/error.h"

int main(int argc, char** argv) {
  using namespace quiver::cli;
  CLI::App app{"Quiver: an embedded, durable property-graph database.", "quiver"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("quiver ") + "0.1.0");
  app.footer("Run 'quiver COMMAND --help' for the options of one command.");

  CommandHandler handler;
  RegisterVersionCommand(app, handler);
  RegisterInfoCommand(app, handler);
  RegisterCheckCommand(app, handler);
  RegisterQueryCommand(app, handler);
  RegisterImportCommand(app, handler);
  RegisterGenerateCommand(app, handler);
  RegisterCompactCommand(app, handler);
  RegisterBackupCommands(app, handler);
  RegisterExportCommand(app, handler);
  RegisterCheckpointCommands(app, handler);
  RegisterBenchCommand(app, handler);
  RegisterServeCommand(app, handler);
  RegisterShellCommand(app, handler);

  // CLI11 would report an unknown command as "A subcommand is required"; name it instead.
  const auto is_command = [&app](const std::string& name) {
    for (const CLI::App* sub : app.get_subcommands({})) {
      if (sub->check_name(name)) return true;
    }
    return false;
  };
  if (argc > 1 && argv[1][0] != '-' && !is_command(argv[1])) {
    std::cerr << "quiver: unknown command '" << argv[1] << "'\n" << "Run 'quiver --help' for the list of commands.\n";
    return kExitUsage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version are "errors" that exit 0; everything else is a usage error.
    const int rc = app.exit(e);
    return rc == 0 ? kExitOk : kExitUsage;
  }
  try {
    return handler ? handler() : kExitUsage;
  } catch (const quiver::QuiverError& e) {
    std::cerr << "quiver: " << e.what() << "\n";
    return kExitFailure;
  } catch (const std::exception& e) {
    std::cerr << "quiver: unexpected error: " << e.what() << "\n";
    return kExitFailure;
  }
}
