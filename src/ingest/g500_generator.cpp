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
  a_threshold_ = Threshold(kA);
  ab_threshold_ = Threshold(kA + kB);
  abc_threshold_ = Threshold(kA + kB + kC);
}

std::pair<uint64_t, uint64_t> G500Generator::RawEdge(uint64_t i) const {
  // One 32-bit uniform per level, two levels per 64-bit draw. With u uniform in
  // [0, 2^32): quadrant A below 2^32 A, B below 2^32 (A+B), C below 2^32 (A+B+C), else D;
  // the row bit is set for C and D, the column bit for B and D.
  const uint64_t base = Mix64(stream_key_ ^ (i * kGolden));
  uint64_t src = 0, dst = 0;
  for (uint32_t level = 0; level < params_.scale; level += 2) {
    const uint64_t r = Mix64(base + (level + 1) * kGolden);
    for (uint32_t half = 0; half < 2 && level + half < params_.scale; ++half) {
      const uint32_t u = static_cast<uint32_t>(r >> (32 * half));
      const uint64_t ii = u >= ab_threshold_ ? 1 : 0;
      const uint64_t jj = u >= (ii ? abc_threshold_ : a_threshold_) ? 1 : 0;
      src |= ii << (level + half);
      dst |= jj << (level + half);
    }
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
