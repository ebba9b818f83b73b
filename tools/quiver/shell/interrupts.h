#pragma once
// Ctrl-C in the shell. SIGINT's handler only writes a byte to a pipe (all a handler may
// safely do); whoever waits reads it: the prompt's input function (Ctrl-C discards the
// line being typed) or, while a statement runs, a watcher thread that cancels it
// (Connection::Cancel). One instance a process: the handler reaches it through the
// pipe's descriptor, the one global a signal handler needs.

#include <functional>
#include <thread>

namespace quiver::cli::shell {

class Interrupts {
 public:
  Interrupts();  // installs the handler
  ~Interrupts();  // restores the previous one
  Interrupts(const Interrupts&) = delete;
  Interrupts& operator=(const Interrupts&) = delete;

  // The descriptor that becomes readable on Ctrl-C (for poll).
  int fd() const { return pipe_[0]; }
  // Reads what is pending; true when a Ctrl-C was.
  bool Drain();

  // While a statement runs: Ctrl-C calls `cancel` (on the watcher's thread).
  void Watch(std::function<void()> cancel);
  void StopWatching();

 private:
  int pipe_[2] = {-1, -1};
  int stop_[2] = {-1, -1};  // wakes the watcher when the statement ends
  std::thread watcher_;
};

}  // namespace quiver::cli::shell
