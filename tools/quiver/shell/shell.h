#pragma once
// `quiver shell`: an interactive Cypher shell over the public API (docs/shell.md).
//
// Interactive on a terminal: libedit line editing (BSD-licensed; GNU readline's GPL
// would bind the whole binary) with history in ~/.quiver_history, Ctrl-R search,
// completion of keywords, labels, types and property keys; statements end at `;` and
// may span lines; Ctrl-C cancels the running statement (or the line being typed), a
// second Ctrl-C at an empty prompt or Ctrl-D leaves. Colon commands set the output
// mode, timing, parameters, ... (:help). Elsewhere — a script on stdin, `-c` — the same
// statements and commands run without prompts and the first error ends the run with
// status 1 (--keep-going goes on).

#include <atomic>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "quiver/database.h"
#include "shell/render.h"

namespace quiver::cli::shell {

struct ShellOptions {
  std::string db;  // empty: a fresh in-memory database
  bool read_only = false;
  bool create = false;
  std::string import_dir;  // LOAD CSV's (DatabaseOptions::import_directory); empty: ./import
  std::vector<std::string> commands;  // -c, in order; none: stdin
  bool keep_going = false;
  std::string history_path;  // empty: ~/.quiver_history
};

class Shell {
 public:
  explicit Shell(ShellOptions options);
  ~Shell();
  // Runs the shell; the process's exit status.
  int Run();

 private:
  int Interactive();
  // Statements and commands of a script; false after an error unless --keep-going.
  bool RunScript(const std::string& text);
  // One statement or one colon command; false on an error.
  bool RunInput(const std::string& text);
  bool RunStatement(std::string text);
  bool RunCommand(const std::string& line);
  void PrintResult(QueryResult& result, std::chrono::steady_clock::duration elapsed);
  bool Transaction(const std::string& word);  // BEGIN / COMMIT / ROLLBACK as statements
  void Schema();
  void Help();
  std::string Prompt(bool continuation) const;
  std::ostream& out() { return output_file_ ? *output_file_ : *stdout_; }
  void Error(const std::string& message);
  size_t Width() const;

  ShellOptions options_;
  std::unique_ptr<Database> db_;
  std::unique_ptr<Connection> conn_;
  std::ostream* stdout_;
  std::unique_ptr<std::ofstream> output_file_;
  bool interactive_ = false;
  bool terminal_out_ = false;
  RenderOptions render_;
  std::optional<size_t> width_override_;
  bool timing_ = false;
  uint64_t max_rows_ = 1000;
  ValueMap params_;
  std::string last_statement_;
  int errors_ = 0;
  bool quit_ = false;
};

}  // namespace quiver::cli::shell
