#include "ingest/g500_generator.h"

#include <cmath>

#include "common/assert.h"

namespace quiver::ingest {
namespace {

// splitmix64's finalizer: a bijective 64-bit mix with full avalanche.
uint64_t Mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

constexpr uint64_t kGolden = 0x9E3779B97F4A7C15ull;

uint32_t Threshold(double p) { return static_cast<uint32_t>(std::ldexp(p, 32)); }

}  // namespace

G500Generator::G500Generator(const G500Params& params) : params_(params) {
  QUIVER_ASSERT(params.scale >= 1 && params.scale <= 31 && params.edge_factor >= 1);
  mask_ = vertex_count() - 1;
  shift_ = std::max<uint32_t>(1, (params.scale + 1) / 2);
  uint64_t k = Mix64(params.seed ^ 0x6A09E667F3BCC908ull);
  stream_key_ = k;
  for (int r = 0; r < 4; ++r) {
    k = Mix64(k + kGolden);
    mul_[r] = k | 1;  // odd: invertible modulo 2^scale
    k = Mix64(k + kGolden);
    add_[r] = k;
  }
  ab_threshold_ = Threshold(kA + kB);
  a_norm_threshold_ = Threshold(kA / (kA + kB));
  c_norm_threshold_ = Threshold(kC / (1.0 - (kA + kB)));
}

std::pair<uint64_t, uint64_t> G500Generator::RawEdge(uint64_t i) const {
  // One 64-bit draw per level: the low half decides the row bit, the high half the
  // column bit (u > p  <=>  draw >= 2^32 p, up to 2^-32).
  uint64_t state = Mix64(stream_key_ ^ (i * kGolden));
  uint64_t src = 0, dst = 0;
  for (uint32_t level = 0; level < params_.scale; ++level) {
    state += kGolden;
    const uint64_t r = Mix64(state);
    const uint32_t u1 = static_cast<uint32_t>(r), u2 = static_cast<uint32_t>(r >> 32);
    const uint64_t ii = u1 >= ab_threshold_ ? 1 : 0;
    const uint64_t jj = u2 >= (ii ? c_norm_threshold_ : a_norm_threshold_) ? 1 : 0;
    src |= ii << level;
    dst |= jj << level;
  }
  return {src, dst};
}

uint64_t G500Generator::Permute(uint64_t v) const {
  uint64_t x = v & mask_;
  for (int r = 0; r < 4; ++r) {
    x = (x * mul_[r]) & mask_;
    x ^= x >> shift_;
    x = (x + add_[r]) & mask_;
  }
  return x;
}

void G500Generator::Generate(uint64_t begin, uint64_t end, uint32_t* src, uint32_t* dst) const {
  for (uint64_t i = begin; i < end; ++i) {
    const auto [s, d] = RawEdge(i);
    src[i - begin] = static_cast<uint32_t>(Permute(s));
    dst[i - begin] = static_cast<uint32_t>(Permute(d));
  }
}

}  // namespace quiver::ingest
