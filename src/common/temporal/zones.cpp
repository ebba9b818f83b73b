#include "common/temporal/zones.h"

#include <date/tz.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>

#include "common/temporal/civil.h"
#include "quiver/error.h"

namespace quiver::temporal {

namespace {

// The date library counts days in 32-bit integers internally; instants far outside the
// zone data behave like its first or last entry, so clamp to +-10,000 years.
constexpr int64_t kClampSeconds = int64_t{10'000} * 366 * kSecondsPerDay;

int64_t Clamp(int64_t seconds) {
  return std::clamp(seconds, -kClampSeconds, kClampSeconds);
}

[[noreturn]] void ThrowBadZone(std::string_view text) {
  throw ArgumentError("InvalidArgumentValue", "invalid time zone: '" + std::string(text) + "'");
}

bool AllDigits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

int TwoDigits(std::string_view s) {
  return (s[0] - '0') * 10 + (s[1] - '0');
}

}  // namespace

std::optional<int32_t> ParseOffset(std::string_view text) {
  if (text == "Z" || text == "z") return 0;
  if (text.size() < 3 || (text[0] != '+' && text[0] != '-')) return std::nullopt;
  const int sign = text[0] == '-' ? -1 : 1;
  std::string_view rest = text.substr(1);
  // Accept HH, HHMM, HH:MM, HHMMSS, HH:MM:SS; the colon use must be consistent.
  std::string digits;
  const bool colons = rest.size() > 2 && rest[2] == ':';
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == ':') {
      if (!colons || (i != 2 && i != 5)) return std::nullopt;
      continue;
    }
    digits.push_back(rest[i]);
  }
  if (colons && rest.size() != 5 && !(rest.size() == 8 && rest[5] == ':')) return std::nullopt;
  if (!AllDigits(digits) || (digits.size() != 2 && digits.size() != 4 && digits.size() != 6)) {
    return std::nullopt;
  }
  const int hours = TwoDigits(digits);
  const int minutes = digits.size() >= 4 ? TwoDigits(std::string_view(digits).substr(2)) : 0;
  const int seconds = digits.size() == 6 ? TwoDigits(std::string_view(digits).substr(4)) : 0;
  if (minutes > 59 || seconds > 59) return std::nullopt;
  const int32_t total = hours * 3600 + minutes * 60 + seconds;
  if (total > kMaxOffsetSeconds) return std::nullopt;
  return sign * total;
}

Zone Zone::Fixed(int32_t offset_seconds) {
  if (offset_seconds > kMaxOffsetSeconds || offset_seconds < -kMaxOffsetSeconds) {
    throw ArgumentError("InvalidArgumentValue",
                        "time zone offset out of range: " + std::to_string(offset_seconds));
  }
  Zone zone;
  zone.fixed_offset_ = offset_seconds;
  return zone;
}

Zone Zone::Parse(std::string_view text) {
  if (text.empty()) ThrowBadZone(text);
  if (text[0] == '+' || text[0] == '-' || text == "Z" || text == "z") {
    const std::optional<int32_t> offset = ParseOffset(text);
    if (!offset) ThrowBadZone(text);
    return Fixed(*offset);
  }
  Zone zone;
  // date builds its time-zone database on first use, and ThreadSanitizer saw one
  // thread's locate_zone read it while another's was still building it (make tsan, the
  // TCK on two threads). Building it under our own once-flag first makes that
  // happen-before edge explicit, whatever the library's own guard does.
  static std::once_flag tzdb_built;
  std::call_once(tzdb_built, [] { (void)date::get_tzdb(); });
  try {
    zone.named_ = date::locate_zone(text);
  } catch (const std::exception&) {
    ThrowBadZone(text);
  }
  zone.name_ = std::string(text);
  return zone;
}

int32_t Zone::OffsetAt(int64_t utc_seconds) const {
  if (named_ == nullptr) return fixed_offset_;
  const date::sys_seconds at{std::chrono::seconds{Clamp(utc_seconds)}};
  return static_cast<int32_t>(named_->get_info(at).offset.count());
}

Zone::Resolved Zone::Resolve(int64_t local_seconds, std::optional<int32_t> preferred_offset) const {
  if (named_ == nullptr) return Resolved{local_seconds - fixed_offset_, fixed_offset_};
  const date::local_seconds at{std::chrono::seconds{Clamp(local_seconds)}};
  const date::local_info info = named_->get_info(at);
  const auto first = static_cast<int32_t>(info.first.offset.count());
  const auto second = static_cast<int32_t>(info.second.offset.count());
  switch (info.result) {
    case date::local_info::unique:
      return Resolved{local_seconds - first, first};
    case date::local_info::nonexistent:
      // The gap: interpret the wall clock with the offset before the transition, which
      // lands on the instant the same distance past the transition.
      return Resolved{local_seconds - first, second};
    case date::local_info::ambiguous:
    default: {
      const int32_t offset = (preferred_offset && *preferred_offset == second) ? second : first;
      return Resolved{local_seconds - offset, offset};
    }
  }
}

Zone ZoneOf(const std::string& zone_name, int32_t offset_seconds) {
  return zone_name.empty() ? Zone::Fixed(offset_seconds) : Zone::Parse(zone_name);
}

std::string OffsetText(int32_t offset_seconds) {
  if (offset_seconds == 0) return "Z";
  const int32_t abs = offset_seconds < 0 ? -offset_seconds : offset_seconds;
  char buf[16];
  if (abs % 60 != 0) {
    std::snprintf(buf, sizeof(buf), "%c%02d:%02d:%02d", offset_seconds < 0 ? '-' : '+', abs / 3600,
                  abs / 60 % 60, abs % 60);
  } else {
    std::snprintf(buf, sizeof(buf), "%c%02d:%02d", offset_seconds < 0 ? '-' : '+', abs / 3600, abs / 60 % 60);
  }
  return buf;
}

}  // namespace quiver::temporal
