#pragma once
// Level-synchronous breadth-first search over a partitioned database, recording each
// reached vertex's level and parent (docs/scale-out.md, "Breadth-first search").
//
// A level runs in one of two directions (Beamer, Asanović and Patterson's
// direction-optimizing BFS, as the Graph500 reference's replicated variants run it):
//
//   top-down:  a rank expands its owned frontier vertices through its CSR (out-edges for
//              `bfs`, both directions for the Graph500 procedure's undirected search); an
//              owned neighbour is claimed at once, a ghost's (global id, parent) goes to
//              the ghost's owner once per search, in the level's one Alltoallv.
//   bottom-up: every rank learns which of its ghosts are in the frontier (one bit a
//              ghost from its owner, PartitionGraph::SyncGhostBits), then each unreached
//              owned vertex scans its neighbours the other way (in-edges for `bfs`) and
//              stops at the first one in the frontier: its parent. No claims travel.
//
// Direction-optimizing switches to bottom-up when the edges to check from the frontier
// exceed the unreached vertices' edges / 14, and back when the frontier holds fewer than
// n / 24 vertices (the paper's alpha and beta), each a sum over the ranks. Levels are
// the same in every mode (parents may differ, each valid); an Allreduce of the next
// frontier's size ends the search.

#include <cstdint>
#include <string_view>
#include <vector>

#include "partition_graph.h"

namespace quiver::mpi {

inline constexpr int64_t kUnreached = -1;

enum class BfsDirection : uint8_t {
  kTopDown,     // every level top-down (the classic search)
  kBottomUp,    // every level after the root's bottom-up (for tests and comparison)
  kOptimizing,  // the heuristic above
};

struct BfsTree {
  std::vector<int32_t> level;   // per owned vertex; -1: not reached
  std::vector<int64_t> parent;  // per owned vertex: a global id; the root's is the root
  int32_t depth = 0;            // the last level reached
  int32_t steps = 0;             // levels run: depth + 1 (the last finds nothing)
  int32_t bottom_up_steps = 0;   // of them, run bottom-up
};

// Collective. NotFound "<root_name> R is the id of no node" (agreed) when root is the id
// of no vertex; dir is kOut or kBoth.
Result<BfsTree> SearchFrom(const PartitionGraph& g, int64_t root, storage::Direction dir,
                           std::string_view root_name, BfsDirection mode = BfsDirection::kOptimizing);

// "top-down", "bottom-up", "optimizing"; InvalidArgument naming the choices otherwise.
Result<BfsDirection> ParseBfsDirection(std::string_view name);

}  // namespace quiver::mpi
