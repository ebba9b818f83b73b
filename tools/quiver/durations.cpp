// Duration flags ("500ms", "30s", "5m", "1h"; a number alone is seconds), shared by the
// commands that take them (query, serve, bench).
#include <charconv>

#include "cmd_bench_flags.h"
#include "commands.h"

namespace quiver::cli {

std::optional<int64_t> ParseDurationMs(const std::string& text) {
  int64_t value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || value <= 0) return std::nullopt;
  const std::string unit(ptr, end);
  if (unit == "ms") return value;
  if (unit.empty() || unit == "s") return value * 1000;
  if (unit == "m") return value * 60'000;
  if (unit == "h") return value * 3'600'000;
  return std::nullopt;
}

std::optional<uint64_t> ParseDurationSeconds(const std::string& text) {
  const std::optional<int64_t> ms = ParseDurationMs(text);
  if (!ms || *ms % 1000 != 0) return std::nullopt;
  return static_cast<uint64_t>(*ms / 1000);
}

}  // namespace quiver::cli
