#include "quiver/byte_size.h"

#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace quiver {
namespace {

constexpr std::string_view kExpectedForm =
    "expected a number and an optional unit, e.g. 512M, 4G, 1.5GiB, 1048576";
// 10^18 still fits in uint64_t, so up to 18 decimals are exact in the arithmetic below.
constexpr size_t kMaxFractionDigits = 18;

std::string_view Trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The multiplier of a unit ("" and "b" are bytes), or 0 when the unit is unknown.
uint64_t UnitMultiplier(std::string_view unit) {
  const std::string u = Lower(unit);
  if (u.empty() || u == "b") return 1;
  static constexpr std::string_view kPrefixes = "kmgtp";
  const size_t pos = kPrefixes.find(u[0]);
  if (pos == std::string_view::npos) return 0;
  const std::string_view rest = std::string_view(u).substr(1);
  if (!rest.empty() && rest != "b" && rest != "ib") return 0;
  return uint64_t{1} << (10 * (pos + 1));
}

}  // namespace

Result<uint64_t> ParseByteLimit(std::string_view text) {
  const std::string_view s = Trim(text);
  if (s == "0" || s == "none") return uint64_t{0};
  return ParseByteSize(text);
}

Result<uint64_t> ParseByteSize(std::string_view text) {
  const std::string_view s = Trim(text);
  auto invalid = [&](std::string_view why) {
    return Status::InvalidArgument("invalid size '" + std::string(text) + "': " + std::string(why));
  };
  if (s.empty()) return invalid(kExpectedForm);

  size_t i = 0;
  unsigned __int128 whole = 0;
  constexpr unsigned __int128 kLimit = ~uint64_t{0};
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
    whole = whole * 10 + static_cast<unsigned>(s[i] - '0');
    if (whole > kLimit) return invalid("too large");
    ++i;
  }
  if (i == 0) return invalid(kExpectedForm);

  uint64_t fraction = 0;
  uint64_t fraction_scale = 1;
  if (i < s.size() && s[i] == '.') {
    ++i;
    const size_t start = i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
      if (i - start >= kMaxFractionDigits) return invalid("too many decimals");
      fraction = fraction * 10 + static_cast<uint64_t>(s[i] - '0');
      fraction_scale *= 10;
      ++i;
    }
    if (i == start) return invalid(kExpectedForm);
  }

  const std::string_view unit = Trim(s.substr(i));
  const uint64_t multiplier = UnitMultiplier(unit);
  if (multiplier == 0) {
    return invalid("unknown unit '" + std::string(unit) +
                   "' (use B, K, M, G, T or P, optionally with B or iB)");
  }
  const unsigned __int128 bytes =
      whole * multiplier + static_cast<unsigned __int128>(fraction) * multiplier / fraction_scale;
  if (bytes > kLimit) return invalid("too large");
  return static_cast<uint64_t>(bytes);
}

std::string FormatBytes(uint64_t bytes) {
  static constexpr std::array<std::string_view, 7> kUnits = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  if (bytes < 1024) return std::to_string(bytes) + " B";
  size_t unit = 0;
  while (unit + 1 < kUnits.size() && bytes >= (uint64_t{1} << (10 * (unit + 1)))) ++unit;
  double value =
      std::round(static_cast<double>(bytes) / static_cast<double>(uint64_t{1} << (10 * unit)) * 100) / 100;
  if (value >= 1024 && unit + 1 < kUnits.size()) {  // 1023.999 MiB rounds to 1 GiB, not "1024 MiB"
    ++unit;
    value /= 1024;
  }
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.2f", value);
  std::string out(buf);
  while (out.back() == '0') out.pop_back();
  if (out.back() == '.') out.pop_back();
  return out + " " + std::string(kUnits[unit]);
}

}  // namespace quiver
