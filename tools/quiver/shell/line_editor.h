#pragma once
// The shell's prompt on a terminal: libedit's readline interface (BSD-licensed), with
// history kept in a file, Ctrl-R search (libedit's emacs bindings), and completion of
// Cypher keywords and of the names the shell gives it (labels, types, property keys,
// colon commands). Ctrl-C while typing ends the read with kInterrupted.
//
// libedit's readline interface is process-wide (its settings are globals), so there is
// one LineEditor a process; its completion and input callbacks find it through a
// pointer set by the constructor.

#include <string>
#include <vector>

#include "shell/interrupts.h"

namespace quiver::cli::shell {

class LineEditor {
 public:
  LineEditor(std::string history_path, Interrupts& interrupts);
  ~LineEditor();
  LineEditor(const LineEditor&) = delete;
  LineEditor& operator=(const LineEditor&) = delete;

  enum class Outcome { kLine, kInterrupted, kEnd };
  Outcome Read(const std::string& prompt, std::string& line);
  // Adds an entry to the history (a multi-line statement as one entry), saved at exit.
  void Remember(const std::string& entry);
  void SetNames(std::vector<std::string> names) { names_ = std::move(names); }

  // For the callbacks.
  std::vector<std::string> Candidates(const std::string& prefix) const;
  int GetChar();

 private:
  std::string history_path_;
  Interrupts& interrupts_;
  std::vector<std::string> names_;
  bool interrupted_ = false;
};

}  // namespace quiver::cli::shell
