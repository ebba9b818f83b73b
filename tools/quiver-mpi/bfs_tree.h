#pragma once
// Level-synchronous breadth-first search over a partitioned database, recording each
// reached vertex's level and parent (docs/scale-out.md). A rank expands its owned
// frontier vertices through its CSR (out-edges for `bfs`, both directions for the
// Graph500 procedure's undirected search); an owned neighbour is claimed at once, a
// ghost's (global id, parent) goes to the ghost's owner once per search, in the level's
// one Alltoallv; an Allreduce of the next frontier's size ends the search.
// Top-down only; direction-optimizing levels are for later.

#include <cstdint>
#include <vector>

#include "partition_graph.h"

namespace quiver::mpi {

inline constexpr int64_t kUnreached = -1;

struct BfsTree {
  std::vector<int32_t> level;   // per owned vertex; -1: not reached
  std::vector<int64_t> parent;  // per owned vertex: a global id; the root's is the root
  int32_t depth = 0;            // the last level reached
};

// Collective. NotFound "<root_name> R is the id of no node" (agreed) when root is the id
// of no vertex; dir is kOut or kBoth.
Result<BfsTree> SearchFrom(const PartitionGraph& g, int64_t root, storage::Direction dir,
                           std::string_view root_name);

}  // namespace quiver::mpi
