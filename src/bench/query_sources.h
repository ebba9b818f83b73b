#pragma once
// Seeded query sources: which vertices a rung's hop queries start from.
//
// As Graph500 picks its BFS roots, a source is a vertex with at least one outgoing
// edge (a query from an isolated vertex measures nothing but the lookup), drawn
// uniformly with a seeded splitmix64 stream; repeats are allowed. The list is a pure
// function of (out-degrees, seed, count), written to the rung's sources.json, and read
// back by the query stage and by the peer (bench/peers/kuzu), so every system answers
// exactly the same queries.

#include <cstdint>
#include <string>
#include <vector>

#include "quiver/status.h"

namespace quiver::bench {

// has_out_edge[v] != 0 when vertex v has an outgoing edge. Returns `count` vertex ids
// (external ids, which are the vertex numbers for Graph500); fewer only when no vertex
// qualifies (then none).
std::vector<uint64_t> PickSources(const std::vector<uint8_t>& has_out_edge, uint64_t seed, uint32_t count);

// {"seed": S, "sources": [...]} — the longest list; each query shape uses a prefix.
Status WriteSources(const std::string& path, uint64_t seed, const std::vector<uint64_t>& sources);
Result<std::vector<uint64_t>> ReadSources(const std::string& path);

}  // namespace quiver::bench
