#include "common/file/checksum.h"

#include <xxhash.h>
#if defined(__x86_64__)
// Debian's libxxhash exports the runtime-dispatched XXH3 (AVX2 / AVX-512 where the CPU has
// them, SSE2 otherwise); the header maps the plain names onto it. The hashes are the same
// bytes whichever kernel runs; only the speed differs (1.5x here on AVX-512).
#include <xxh_x86dispatch.h>
#endif

namespace quiver {

uint64_t Checksum64(const void* data, size_t size, uint64_t seed) { return XXH3_64bits_withSeed(data, size, seed); }

struct StreamingChecksum::State {
  XXH3_state_t* xxh = XXH3_createState();
  ~State() { XXH3_freeState(xxh); }
};

StreamingChecksum::StreamingChecksum(uint64_t seed) : state_(std::make_unique<State>()) {
  XXH3_64bits_reset_withSeed(state_->xxh, seed);
}
StreamingChecksum::~StreamingChecksum() = default;

void StreamingChecksum::Update(const void* data, size_t size) { XXH3_64bits_update(state_->xxh, data, size); }

uint64_t StreamingChecksum::Digest() const { return XXH3_64bits_digest(state_->xxh); }

}  // namespace quiver
