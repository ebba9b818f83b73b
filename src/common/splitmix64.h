#pragma once
// SplitMix64 (Steele, Lea and Flood, 2014): the one small, seedable generator the
// project uses wherever it needs reproducible pseudo-random numbers — rand(), sampled
// algorithm sources, tie orders, generated benchmark data. Same seed, same numbers, on
// every machine.

#include <cstdint>

namespace quiver {

// A well-spread pure function of x (the generator's output for state x).
constexpr uint64_t SplitMix64Mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The next number of the sequence that `state` is at; advances it.
constexpr uint64_t SplitMix64Next(uint64_t& state) {
  const uint64_t out = SplitMix64Mix(state);
  state += 0x9e3779b97f4a7c15ULL;
  return out;
}

}  // namespace quiver
