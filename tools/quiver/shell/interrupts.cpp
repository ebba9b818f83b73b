#include "shell/interrupts.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <csignal>
#include <stdexcept>

namespace quiver::cli::shell {

namespace {

// The pipe the handler writes to (a signal handler can reach nothing else).
volatile sig_atomic_t g_interrupt_fd = -1;
struct sigaction g_previous;

void OnSigint(int) {
  const int fd = g_interrupt_fd;
  if (fd >= 0) {
    const char byte = 1;
    (void)!write(fd, &byte, 1);
  }
}

void NonBlocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

}  // namespace

Interrupts::Interrupts() {
  if (pipe(pipe_) != 0 || pipe(stop_) != 0) throw std::runtime_error("cannot make a pipe for Ctrl-C");
  for (int fd : {pipe_[0], pipe_[1], stop_[0], stop_[1]}) {
    NonBlocking(fd);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
  }
  g_interrupt_fd = pipe_[1];
  struct sigaction action {};
  action.sa_handler = OnSigint;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;  // reads resume; the pipe says what happened
  sigaction(SIGINT, &action, &g_previous);
}

Interrupts::~Interrupts() {
  StopWatching();
  sigaction(SIGINT, &g_previous, nullptr);
  g_interrupt_fd = -1;
  for (int fd : {pipe_[0], pipe_[1], stop_[0], stop_[1]}) close(fd);
}

bool Interrupts::Drain() {
  char buffer[64];
  bool any = false;
  while (read(pipe_[0], buffer, sizeof buffer) > 0) any = true;
  return any;
}

void Interrupts::Watch(std::function<void()> cancel) {
  StopWatching();
  Drain();  // a Ctrl-C from before the statement is not for it
  watcher_ = std::thread([this, cancel = std::move(cancel)] {
    pollfd fds[2] = {{pipe_[0], POLLIN, 0}, {stop_[0], POLLIN, 0}};
    while (true) {
      if (poll(fds, 2, -1) < 0) continue;
      if (fds[1].revents != 0) return;
      if (fds[0].revents != 0 && Drain()) cancel();
    }
  });
}

void Interrupts::StopWatching() {
  if (!watcher_.joinable()) return;
  const char byte = 1;
  (void)!write(stop_[1], &byte, 1);
  watcher_.join();
  char buffer[16];
  while (read(stop_[0], buffer, sizeof buffer) > 0) {
  }
}

}  // namespace quiver::cli::shell
