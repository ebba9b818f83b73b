// `quiver shell [DB]`: an interactive Cypher shell (tools/quiver/shell/, docs/shell.md).
#include <memory>

#include "commands.h"
#include "shell/shell.h"

namespace quiver::cli {

void RegisterShellCommand(CLI::App& app, CommandHandler& handler) {
  auto o = std::make_shared<shell::ShellOptions>();
  auto* cmd = app.add_subcommand("shell", "An interactive Cypher shell (a fresh in-memory database without DB).");
  cmd->add_option("db", o->db, "The database directory");
  cmd->add_flag("--read-only", o->read_only, "Refuse statements that write");
  cmd->add_flag("--create", o->create, "Create the database if there is none");
  cmd->add_option("--import-dir", o->import_dir, "The directory LOAD CSV reads file:/// URLs from (nothing outside it); default: ./import");
  cmd->add_option("-c,--command", o->commands,
                  "Run this statement or :command (repeatable) instead of reading stdin, then exit");
  cmd->add_flag("--keep-going", o->keep_going, "Without a terminal: go on after an error (the status is still 1)");
  cmd->add_option("--history", o->history_path, "History file (default ~/.quiver_history)");
  cmd->footer(
      "On a terminal: line editing, history (Ctrl-R searches it), Tab completes keywords and names; statements "
      "end with ';'; Ctrl-C cancels; :help lists the commands. Otherwise the statements of stdin (or -c) run "
      "without prompts and the first error ends the run with status 1. See docs/shell.md.");
  cmd->callback([o, &handler] { handler = [o] { return shell::Shell(*o).Run(); }; });
}

}  // namespace quiver::cli
