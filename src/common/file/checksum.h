#pragma once
// Checksums for every persisted byte: XXH3-64 (libxxhash). Fast enough to verify a
// whole generation at disk speed, and strong enough to catch torn and flipped pages.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

namespace quiver {

uint64_t Checksum64(const void* data, size_t size, uint64_t seed = 0);
inline uint64_t Checksum64(std::string_view data, uint64_t seed = 0) {
  return Checksum64(data.data(), data.size(), seed);
}

// Streaming form for files written in pieces; Digest() equals Checksum64 of the
// concatenation of everything Update()d.
class StreamingChecksum {
 public:
  explicit StreamingChecksum(uint64_t seed = 0);
  ~StreamingChecksum();
  StreamingChecksum(const StreamingChecksum&) = delete;
  StreamingChecksum& operator=(const StreamingChecksum&) = delete;

  void Update(const void* data, size_t size);
  void Update(std::string_view data) { Update(data.data(), data.size()); }
  uint64_t Digest() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace quiver
