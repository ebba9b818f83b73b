#pragma once
// The server's log: one line per event — a connection opened or closed, a request that
// failed, the server starting and stopping — each with a UTC timestamp, written whole
// (lines from many connections never interleave). To stderr by default.

#include <cstdio>
#include <mutex>
#include <string_view>

namespace quiver::server {

class ServerLog {
 public:
  explicit ServerLog(std::FILE* out = stderr, bool quiet = false) : out_(out), quiet_(quiet) {}
  void Line(std::string_view text);

 private:
  std::FILE* out_;
  bool quiet_;
  std::mutex mu_;
};

}  // namespace quiver::server
