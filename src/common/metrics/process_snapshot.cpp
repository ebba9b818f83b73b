#include "common/metrics/process_snapshot.h"

#include <sys/resource.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

namespace quiver {
namespace {

std::optional<std::string> ReadWhole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream contents;
  contents << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return std::move(contents).str();
}

// The number after "key:" on its line, and the unit word after it ("kB" or empty).
std::optional<uint64_t> FieldValue(std::string_view text, std::string_view key, bool kib) {
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t eol = std::min(text.find('\n', pos), text.size());
    const std::string_view line = text.substr(pos, eol - pos);
    pos = eol + 1;
    if (line.size() <= key.size() || line.substr(0, key.size()) != key || line[key.size()] != ':') continue;
    std::string_view value = line.substr(key.size() + 1);
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
    uint64_t n = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc()) return std::nullopt;
    return kib ? n * 1024 : n;
  }
  return std::nullopt;
}

uint64_t Micros(const timeval& tv) {
  return static_cast<uint64_t>(tv.tv_sec) * 1000000 + static_cast<uint64_t>(tv.tv_usec);
}

}  // namespace

std::optional<IoCounters> ParseProcIo(std::string_view text) {
  auto rchar = FieldValue(text, "rchar", false);
  auto wchar = FieldValue(text, "wchar", false);
  auto read_bytes = FieldValue(text, "read_bytes", false);
  auto write_bytes = FieldValue(text, "write_bytes", false);
  if (!rchar || !wchar || !read_bytes || !write_bytes) return std::nullopt;
  return IoCounters{*rchar, *wchar, *read_bytes, *write_bytes};
}

std::optional<MemoryCounters> ParseProcStatusMemory(std::string_view text) {
  auto rss = FieldValue(text, "VmRSS", true);
  auto hwm = FieldValue(text, "VmHWM", true);
  if (!rss || !hwm) return std::nullopt;
  return MemoryCounters{*rss, *hwm};
}

ProcessSnapshot ProcessSnapshot::Take(const std::string& proc_self) {
  ProcessSnapshot s;
  s.time = std::chrono::steady_clock::now();
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) == 0) {
    s.user_cpu_us = Micros(usage.ru_utime);
    s.sys_cpu_us = Micros(usage.ru_stime);
    s.memory.peak_rss_bytes = static_cast<uint64_t>(usage.ru_maxrss) * 1024;  // Linux reports KiB
  }
  if (auto text = ReadWhole(proc_self + "/io")) {
    if (auto io = ParseProcIo(*text)) {
      s.io = *io;
      s.io_available = true;
    }
  }
  if (auto text = ReadWhole(proc_self + "/status")) {
    if (auto memory = ParseProcStatusMemory(*text)) {
      s.memory = *memory;
      s.rss_available = true;
    }
  }
  return s;
}

}  // namespace quiver
