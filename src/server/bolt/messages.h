#pragma once
// The request messages of Bolt 4.4 and 5.0-5.4 (structure tags) and how many fields
// each takes.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "server/bolt/bolt_version.h"

namespace quiver::server::bolt {

inline constexpr uint8_t kHello = 0x01;
inline constexpr uint8_t kGoodbye = 0x02;
inline constexpr uint8_t kReset = 0x0F;
inline constexpr uint8_t kRun = 0x10;
inline constexpr uint8_t kBegin = 0x11;
inline constexpr uint8_t kCommit = 0x12;
inline constexpr uint8_t kRollback = 0x13;
inline constexpr uint8_t kDiscard = 0x2F;
inline constexpr uint8_t kPull = 0x3F;
inline constexpr uint8_t kTelemetry = 0x54;  // 5.4+
inline constexpr uint8_t kRoute = 0x66;
inline constexpr uint8_t kLogon = 0x6A;   // 5.1+
inline constexpr uint8_t kLogoff = 0x6B;  // 5.1+

// The number of fields `tag` takes in `version`; nullopt for a tag the version does not
// define.
std::optional<size_t> RequestFields(uint8_t tag, const BoltVersion& version);
std::string_view RequestName(uint8_t tag);
std::string HexByte(uint8_t byte);

}  // namespace quiver::server::bolt
