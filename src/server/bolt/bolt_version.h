#pragma once
// The Bolt protocol version a connection negotiated in its handshake (handshake.h), and
// what it changes in the values and messages exchanged (docs/bolt.md).

#include <cstdint>
#include <string>

namespace quiver::server::bolt {

struct BoltVersion {
  uint8_t major = 5;
  uint8_t minor = 0;
  // Bolt 4.4 with HELLO's patch_bolt ["utc"]: DateTimes in the 5.x encoding.
  bool utc_patch = false;

  // DateTime as UTC seconds (structures 'I' and 'i'), not wall-clock seconds ('F', 'f').
  bool UtcDateTime() const { return major >= 5 || utc_patch; }
  // Nodes and relationships carry element ids (Bolt 5.0+).
  bool ElementIds() const { return major >= 5; }
  // Authentication in LOGON, not in HELLO (5.1+).
  bool Logon() const { return major > 5 || (major == 5 && minor >= 1); }
  bool AtLeast(uint8_t ma, uint8_t mi) const { return major > ma || (major == ma && minor >= mi); }
  std::string ToString() const { return std::to_string(major) + "." + std::to_string(minor); }
};

}  // namespace quiver::server::bolt
