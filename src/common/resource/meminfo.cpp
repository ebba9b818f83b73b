#include "common/resource/meminfo.h"

#include <charconv>
#include <string>

#include "common/resource/machine_probe.h"

namespace quiver {
namespace {

// "   24684084 kB" -> bytes. The kernel always writes kB (KiB) for these fields.
std::optional<uint64_t> ParseKbField(std::string_view value) {
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  uint64_t kib = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), kib);
  if (ec != std::errc() || end == value.data()) return std::nullopt;
  std::string_view unit(end, static_cast<size_t>(value.data() + value.size() - end));
  while (!unit.empty() && (unit.front() == ' ')) unit.remove_prefix(1);
  while (!unit.empty() && (unit.back() == ' ' || unit.back() == '\r')) unit.remove_suffix(1);
  if (unit == "kB") return kib * 1024;
  if (unit.empty()) return kib;
  return std::nullopt;
}

}  // namespace

MemInfo ParseMemInfo(std::string_view text) {
  MemInfo info;
  while (!text.empty()) {
    const size_t eol = text.find('\n');
    const std::string_view line = text.substr(0, eol);
    text = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    const std::string_view key = line.substr(0, colon);
    if (key == "MemTotal") info.total_bytes = ParseKbField(line.substr(colon + 1));
    if (key == "MemAvailable") info.available_bytes = ParseKbField(line.substr(colon + 1));
  }
  return info;
}

MemInfo ReadMemInfo(const MachineProbe& probe) {
  const std::optional<std::string> text = probe.ReadFile("/proc/meminfo");
  return text ? ParseMemInfo(*text) : MemInfo{};
}

}  // namespace quiver
