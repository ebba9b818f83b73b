#pragma once
// The Graph500 specification's validation of a BFS result, over a partitioned graph and
// from the parent array alone (the levels are recomputed from it, never taken from the
// search): (1) the parents form a tree rooted at the root — the root is its own parent
// and every other reached vertex's parent chain ends there, without a cycle; (2) each
// tree edge joins levels that differ by exactly one (true by construction of the
// recomputed levels); (3) every edge of the graph joins levels that differ by at most one,
// or two unreached vertices; (4) the tree spans the root's whole component (no edge joins
// a reached and an unreached vertex); (5) each vertex and its parent are joined by an
// edge of the graph. The graph is taken undirected, as the benchmark's is.
//
// A failed rule is Corruption "BFS tree invalid (root R): …" on the rank that found it,
// agreed so every rank stops (Aborted elsewhere).

#include <cstdint>
#include <vector>

#include "partition_graph.h"

namespace quiver::mpi {

// Collective: OK when `parent` (per owned vertex, a global id or kUnreached) is a valid
// BFS tree from root; then *edges is the number of relationships in the root's component
// (each counted once, self-loops and parallel edges included): the TEPS numerator.
Status ValidateBfsTree(const PartitionGraph& g, int64_t root, const std::vector<int64_t>& parent,
                       uint64_t* edges);

}  // namespace quiver::mpi
