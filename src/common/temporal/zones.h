#pragma once
// Time zones: fixed UTC offsets and named IANA zones. Named zones come from the system
// tz database through Howard Hinnant's date/tz library (no zone rules are written here).
//
// Resolution of a wall-clock time in a named zone follows java.time (and so Neo4j and
// the TCK):
//  * in a gap (spring forward) the wall-clock time moves later by the length of the gap:
//    02:30 on the night Stockholm moves from +01:00 to +02:00 becomes 03:30+02:00;
//  * in an overlap (fall back) the preferred offset is kept when it is one of the two
//    valid offsets, otherwise the earlier one (the summer offset) is used.
//
// Limitation: the date library reads the compiled zoneinfo transitions only, which end
// in 2037; later instants use the last offset recorded (standard time, no DST).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace date {
class time_zone;
}

namespace quiver::temporal {

// Offsets are limited to +-18:00, as in java.time.
constexpr int32_t kMaxOffsetSeconds = 18 * 3600;

class Zone {
 public:
  Zone() = default;  // UTC ("Z")
  static Zone Fixed(int32_t offset_seconds);
  // Parses what Cypher accepts for a time zone: "Z", "+01", "+0100", "+01:00",
  // "-02:05:07", or an IANA name such as "Europe/Stockholm" (also "UTC").
  // Throws ArgumentError(InvalidArgumentValue) for anything else.
  static Zone Parse(std::string_view text);

  bool IsNamed() const { return named_ != nullptr; }
  // The IANA name as given; empty for a fixed offset.
  const std::string& name() const { return name_; }
  int32_t fixed_offset() const { return fixed_offset_; }

  // The UTC offset in force at an instant (UTC seconds since the epoch).
  int32_t OffsetAt(int64_t utc_seconds) const;

  struct Resolved {
    int64_t utc_seconds = 0;
    int32_t offset = 0;
  };
  // Maps wall-clock seconds since 1970-01-01T00:00 to an instant, with the gap and
  // overlap rules above.
  Resolved Resolve(int64_t local_seconds, std::optional<int32_t> preferred_offset = std::nullopt) const;

 private:
  const date::time_zone* named_ = nullptr;
  std::string name_;
  int32_t fixed_offset_ = 0;
};

// The zone of a DateTime payload: its named zone, else its fixed offset.
Zone ZoneOf(const std::string& zone_name, int32_t offset_seconds);

// "Z", "+01:00", "-02:05:07": an offset as Cypher prints it (java.time's ZoneOffset).
std::string OffsetText(int32_t offset_seconds);

// Parses a numeric offset ("Z", "+01", "+0100", "+01:00", "+01:00:30", "+010030");
// nullopt when the text is not one. Range-checked against +-18:00.
std::optional<int32_t> ParseOffset(std::string_view text);

}  // namespace quiver::temporal
