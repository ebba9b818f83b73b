#include "server/bolt/handshake.h"

#include <algorithm>
#include <cstring>

namespace quiver::server::bolt {

namespace {

constexpr uint8_t kManifestMajor = 0xFF;
constexpr uint8_t kManifestMinor = 0x01;

void AppendVarint(std::string& out, uint64_t v) {
  do {
    uint8_t byte = v & 0x7F;
    v >>= 7;
    if (v != 0) byte |= 0x80;
    out.push_back(static_cast<char>(byte));
  } while (v != 0);
}

}  // namespace

const std::vector<VersionRange>& SupportedVersions() {
  static const std::vector<VersionRange> kVersions = {{5, 4, 0}, {4, 4, 4}};
  return kVersions;
}

bool Supported(uint8_t major, uint8_t minor) {
  for (const auto& r : SupportedVersions()) {
    if (r.major == major && minor >= r.minor_low && minor <= r.minor_high) return true;
  }
  return false;
}

HandshakeAnswer AnswerHandshake(std::span<const uint8_t, kHandshakeBytes> bytes) {
  HandshakeAnswer answer;
  if (std::memcmp(bytes.data(), kPreamble, sizeof kPreamble) != 0) {
    answer.kind = HandshakeAnswer::Kind::kNotBolt;
    return answer;
  }
  std::optional<BoltVersion> best;
  bool manifest_offered = false;
  bool manifest_first = false;
  for (size_t p = 0; p < 4; ++p) {
    const uint8_t* proposal = bytes.data() + 4 + 4 * p;
    const uint8_t range = proposal[1];
    const uint8_t minor = proposal[2];
    const uint8_t major = proposal[3];
    if (major == kManifestMajor && minor == kManifestMinor) {
      manifest_offered = true;
      manifest_first = manifest_first || !best;
      continue;
    }
    if (major == 0) continue;
    // The highest minor of the proposed range that Quiver speaks.
    for (int m = minor; m >= std::max(0, minor - range); --m) {
      if (!Supported(major, static_cast<uint8_t>(m))) continue;
      const BoltVersion v{major, static_cast<uint8_t>(m)};
      if (!best || v.major > best->major || (v.major == best->major && v.minor > best->minor)) best = v;
      break;
    }
  }
  if (manifest_offered && (manifest_first || !best)) {
    answer.kind = HandshakeAnswer::Kind::kManifest;
    answer.reply = {0x00, 0x00, static_cast<char>(kManifestMinor), static_cast<char>(kManifestMajor)};
    AppendVarint(answer.reply, SupportedVersions().size());
    for (const auto& r : SupportedVersions()) {
      answer.reply.push_back(0x00);
      answer.reply.push_back(static_cast<char>(r.minor_high - r.minor_low));
      answer.reply.push_back(static_cast<char>(r.minor_high));
      answer.reply.push_back(static_cast<char>(r.major));
    }
    AppendVarint(answer.reply, 0);  // capabilities: none
    return answer;
  }
  if (!best) {
    answer.kind = HandshakeAnswer::Kind::kNone;
    answer.reply.assign(4, '\0');
    return answer;
  }
  answer.kind = HandshakeAnswer::Kind::kVersion;
  answer.version = *best;
  answer.reply = {0x00, 0x00, static_cast<char>(best->minor), static_cast<char>(best->major)};
  return answer;
}

std::optional<size_t> ReadManifestChoice(std::span<const uint8_t> bytes, BoltVersion& version) {
  if (bytes.size() < 5) return std::nullopt;
  size_t at = 4;
  int shift = 0;
  while (true) {
    if (at >= bytes.size()) return std::nullopt;
    const uint8_t b = bytes[at++];
    if ((b & 0x80) == 0) break;
    shift += 7;
    if (shift > 63) throw HandshakeError("the client's capabilities are not a varint");
  }
  const uint8_t minor = bytes[2], major = bytes[3];
  if (!Supported(major, minor)) {
    throw HandshakeError("the client chose Bolt " + std::to_string(major) + "." + std::to_string(minor) +
                         ", which the server did not offer");
  }
  version = BoltVersion{major, minor};
  return at;
}

}  // namespace quiver::server::bolt
