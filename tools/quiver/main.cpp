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
  RegisterQueryCommand(app, handler);

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
