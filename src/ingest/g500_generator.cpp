#include "ingest/g500_generator.h"

#include <cmath>
#include <vector>

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

// wyrand's output function (Wang Yi): one 64x64->128 multiply; a strong, cheap mix of a
// counter, used for the per-level draws of an edge.
uint64_t WyMix(uint64_t counter) {
  const unsigned __int128 t = static_cast<unsigned __int128>(counter) * (counter ^ 0xE7037ED1A0B428DBull);
  return static_cast<uint64_t>(t >> 64) ^ static_cast<uint64_t>(t);
}

uint32_t Threshold(double p) {
  return static_cast<uint32_t>(std::ldexp(p, 32));
}

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
  // The alias table of the 256 joint outcomes of four levels (Vose's construction).
  const double q[4] = {kA, kB, kC, 1.0 - kA - kB - kC};  // quadrant (row bit, column bit) = 00, 01, 10, 11
  std::vector<double> scaled(256);
  for (uint32_t o = 0; o < 256; ++o) {
    double p = 1.0;
    for (uint32_t l = 0; l < 4; ++l) p *= q[((o >> (4 + l)) & 1) * 2 + ((o >> l) & 1)];
    scaled[o] = p * 256.0;
  }
  std::vector<uint32_t> small, large;
  for (uint32_t o = 0; o < 256; ++o) (scaled[o] < 1.0 ? small : large).push_back(o);
  while (!small.empty() && !large.empty()) {
    const uint32_t s = small.back(), l = large.back();
    small.pop_back();
    keep_[s] = static_cast<uint32_t>(std::ldexp(scaled[s], 24));
    alias_[s] = static_cast<uint8_t>(l);
    scaled[l] -= 1.0 - scaled[s];
    if (scaled[l] < 1.0) {
      large.pop_back();
      small.push_back(l);
    }
  }
  for (uint32_t o : large) keep_[o] = 1u << 24, alias_[o] = static_cast<uint8_t>(o);
  for (uint32_t o : small) keep_[o] = 1u << 24, alias_[o] = static_cast<uint8_t>(o);  // rounding leftovers
  a_threshold_ = Threshold(kA);
  ab_threshold_ = Threshold(kA + kB);
  abc_threshold_ = Threshold(kA + kB + kC);
}

std::pair<uint64_t, uint64_t> G500Generator::RawEdge(uint64_t i) const {
  // Bits are filled from the top level down by shifting in (cheaper than a variable
  // shift); levels are independent, so which draw serves which level does not change
  // the distribution.
  uint64_t counter = Mix64(stream_key_ ^ (i * kGolden));
  uint64_t src = 0, dst = 0;
  auto four_levels = [&](uint32_t u) {
    const uint32_t slot = u >> 24;
    const uint32_t o = (u & 0xFFFFFF) < keep_[slot] ? slot : alias_[slot];
    src = (src << 4) | (o >> 4);
    dst = (dst << 4) | (o & 15);
  };
  // One level: quadrant A below 2^32 A, B below 2^32 (A+B), C below 2^32 (A+B+C), else D.
  auto one_level = [&](uint32_t u) {
    const uint64_t ii = u >= ab_threshold_ ? 1 : 0;
    const uint32_t t = ii ? abc_threshold_ : a_threshold_;
    src = (src << 1) | ii;
    dst = (dst << 1) | (u >= t ? 1 : 0);
  };
  // 32-bit draws, two per 64-bit mix of the counter.
  uint64_t bits = 0;
  bool have_half = false;
  auto next32 = [&]() -> uint32_t {
    if (have_half) {
      have_half = false;
      return static_cast<uint32_t>(bits >> 32);
    }
    counter += 0xA0761D6478BD642Full;
    bits = WyMix(counter);
    have_half = true;
    return static_cast<uint32_t>(bits);
  };
  uint32_t l = 0;
  for (; l + 4 <= params_.scale; l += 4) four_levels(next32());
  for (; l < params_.scale; ++l) one_level(next32());
  return {src, dst};
}

uint64_t G500Generator::Permute(uint64_t v) const {
  uint64_t x = v & mask_;
  for (int r = 0; r < 3; ++r) {
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
