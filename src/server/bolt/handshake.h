#pragma once
// The Bolt handshake (the public Bolt specification, "Handshake"): the client sends the
// magic preamble 60 60 B0 17 and four version proposals of 4 bytes, each
// [0][range][minor][major] — the versions major.minor down to major.(minor - range).
// The server answers with the one it chose, [0][0][minor][major], or 00 00 00 00 when
// it speaks none of them (and closes).
//
// A proposal of 255.1 (00 00 01 FF) offers the manifest handshake (v1) of recent
// drivers: the server then answers 00 00 01 FF, a varint count and that many version
// ranges it speaks, and a varint of capabilities (none); the client answers with the
// version it chose (4 bytes) and its capabilities (a varint). Quiver answers a manifest
// offer with a manifest.
//
// The versions Quiver speaks: 5.0 to 5.4 and 4.4.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <span>
#include <string>
#include <vector>

#include "server/bolt/bolt_version.h"

namespace quiver::server::bolt {

inline constexpr uint8_t kPreamble[4] = {0x60, 0x60, 0xB0, 0x17};
inline constexpr size_t kHandshakeBytes = 20;

// A range of versions the server speaks: major.minor_high down to major.minor_low.
struct VersionRange {
  uint8_t major;
  uint8_t minor_high;
  uint8_t minor_low;
};
const std::vector<VersionRange>& SupportedVersions();
bool Supported(uint8_t major, uint8_t minor);

struct HandshakeAnswer {
  enum class Kind : uint8_t { kVersion, kManifest, kNone, kNotBolt };
  Kind kind = Kind::kNone;
  BoltVersion version;  // kVersion
  std::string reply;    // the bytes to send (empty for kNotBolt: close at once)
};

// The answer to a client's 20 handshake bytes: the highest version both speak
// (preferring it to a manifest), a manifest when the client offers one and no plain
// proposal matches — or, when it does, still the manifest if the client prefers it (it
// lists 255.1 first, as current drivers do) — none, or "not Bolt" (a wrong preamble:
// an HTTP client on the Bolt port, a port scanner).
HandshakeAnswer AnswerHandshake(std::span<const uint8_t, kHandshakeBytes> bytes);

// The client's choice after a manifest: 4 bytes [0][0][minor][major] and a varint of
// capabilities. Returns the bytes consumed and sets `version`, nullopt while more bytes
// are needed; HandshakeError when it chose a version not offered.
std::optional<size_t> ReadManifestChoice(std::span<const uint8_t> bytes, BoltVersion& version);

class HandshakeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace quiver::server::bolt
