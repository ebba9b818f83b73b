#pragma once
// A child process killed with SIGKILL mid-run, for the kill tests: it reports progress
// as one number per line on a pipe (each printed once its commit returned), and the
// parent kills it after a while or after so many lines, then reads what it printed.

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace quiver::testing {

class KilledChild {
 public:
  // Forks; the child runs body(write_fd), which must end the process itself (_exit).
  template <typename Body>
  explicit KilledChild(Body&& body) {
    int fds[2];
    if (::pipe(fds) != 0) return;
    pid_ = ::fork();
    if (pid_ == 0) {
      ::close(fds[0]);
      body(fds[1]);
      ::_exit(0);
    }
    ::close(fds[1]);
    read_fd_ = fds[0];
  }
  ~KilledChild() {
    if (read_fd_ >= 0) ::close(read_fd_);
  }
  KilledChild(const KilledChild&) = delete;
  KilledChild& operator=(const KilledChild&) = delete;

  bool started() const { return pid_ > 0 && read_fd_ >= 0; }

  // Reads the child's lines until it has printed `lines` of them (or 30 s passed).
  void WaitForLines(int64_t lines) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (std::count(out_.begin(), out_.end(), '\n') < lines && std::chrono::steady_clock::now() < give_up) {
      pollfd pfd{read_fd_, POLLIN, 0};
      if (::poll(&pfd, 1, 100) <= 0) continue;
      if (!ReadSome()) break;
    }
  }

  // SIGKILL, then reaps it and reads what is left on the pipe. False (with the exit
  // status in *status) when the child had already exited by itself.
  bool Kill(int* status) {
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, status, 0);
    while (ReadSome()) {
    }
    return WIFSIGNALED(*status);
  }

  // The numbers the child printed, in order.
  std::vector<int64_t> Printed() const {
    std::vector<int64_t> out;
    for (size_t pos = 0, nl; (nl = out_.find('\n', pos)) != std::string::npos; pos = nl + 1) {
      out.push_back(std::stoll(out_.substr(pos, nl - pos)));
    }
    return out;
  }

 private:
  bool ReadSome() {
    char buf[4096];
    const ssize_t n = ::read(read_fd_, buf, sizeof(buf));
    if (n <= 0) return false;
    out_.append(buf, static_cast<size_t>(n));
    return true;
  }

  pid_t pid_ = -1;
  int read_fd_ = -1;
  std::string out_;
};

}  // namespace quiver::testing
