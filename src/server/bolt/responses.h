#pragma once
// The server's messages, encoded and chunked for the wire: SUCCESS (0x70) and FAILURE
// (0x7F) with a metadata map, IGNORED (0x7E), RECORD (0x71) with a list of values.
// Metadata maps are built as quiver::Values (a ValueMap: sorted keys), which the value
// encoder writes like any map.

#include <span>
#include <string>
#include <string_view>

#include "quiver/value.h"
#include "server/bolt/bolt_version.h"

namespace quiver::server::bolt {

inline constexpr uint8_t kSuccess = 0x70;
inline constexpr uint8_t kRecord = 0x71;
inline constexpr uint8_t kIgnored = 0x7E;
inline constexpr uint8_t kFailure = 0x7F;

void AppendSuccess(std::string& out, const ValueMap& metadata, const BoltVersion& version);
void AppendFailure(std::string& out, std::string_view code, std::string_view message, const BoltVersion& version);
void AppendIgnored(std::string& out);
// One record; `scratch` is reused between records (their encoding before chunking).
void AppendRecord(std::string& out, std::span<const Value> values, const BoltVersion& version, std::string& scratch);

}  // namespace quiver::server::bolt
