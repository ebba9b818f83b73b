#pragma once
// The Graph500 Kronecker generator (graph500.org specification, kronecker_generator.m):
// N = 2^scale vertices, M = edge_factor x N directed edges. Each edge descends `scale`
// levels of the 2x2 initiator [A B; C D] = [0.57 0.19; 0.19 0.05], choosing at each
// level one quadrant with probabilities A, B, C, D (one uniform draw against the
// cumulative probabilities, as the reference C generator's 4-way Bernoulli does; the
// same distribution as the specification's two conditional draws), which sets that
// level's bit of source (row) and target (column). Vertex numbers are then permuted by
// a seeded bijection.
// Self-loops and duplicate edges are kept, as Graph500 keeps them.
//
// Four levels are drawn at once from an alias table over their 256 joint outcomes (the
// products of the initiator's probabilities): one 32-bit uniform per four levels, which
// is exact up to 24-bit thresholds and four times cheaper than a draw per level.
//
// Every edge is a pure function of (seed, edge index): a counter-based generator, so
// any range of edges is produced independently (in parallel) and the graph is the same
// for a seed whatever the number of workers. The specification also shuffles the edge
// list; edges here are already independent draws, so a shuffle would not change the
// distribution and is omitted (docs/ingest.md). The permutation is a keyed bijection on
// scale-bit integers (odd multiply, xor-shift, add; three rounds) instead of a stored
// randperm, so it costs no memory at any scale.

#include <array>
#include <cstdint>
#include <utility>

namespace quiver::ingest {

struct G500Params {
  uint32_t scale = 16;  // 1..31 (node ids are 32-bit)
  uint32_t edge_factor = 16;
  uint64_t seed = 1;
};

class G500Generator {
 public:
  static constexpr double kA = 0.57, kB = 0.19, kC = 0.19;

  explicit G500Generator(const G500Params& params);

  uint64_t vertex_count() const { return uint64_t{1} << params_.scale; }
  uint64_t edge_count() const { return uint64_t{params_.edge_factor} << params_.scale; }
  const G500Params& params() const { return params_; }

  // Edge i before the vertex permutation.
  std::pair<uint64_t, uint64_t> RawEdge(uint64_t i) const;
  // The permutation of vertex numbers (a bijection on [0, vertex_count())).
  uint64_t Permute(uint64_t v) const;
  // Edges [begin, end), permuted, into src[0..end-begin) and dst[...].
  void Generate(uint64_t begin, uint64_t end, uint32_t* src, uint32_t* dst) const;

 private:
  G500Params params_;
  uint64_t mask_ = 0;
  uint32_t shift_ = 1;
  uint64_t stream_key_ = 0;
  uint64_t mul_[4] = {};
  uint64_t add_[4] = {};
  // Walker alias table over four levels: slot = top 8 bits of a draw, kept when the low
  // 24 bits are below keep_[slot], else alias_[slot]; an outcome is (src4 << 4) | dst4.
  std::array<uint32_t, 256> keep_{};
  std::array<uint8_t, 256> alias_{};
  uint32_t a_threshold_ = 0;    // 2^32 A
  uint32_t ab_threshold_ = 0;   // 2^32 (A+B)
  uint32_t abc_threshold_ = 0;  // 2^32 (A+B+C)
};

}  // namespace quiver::ingest
