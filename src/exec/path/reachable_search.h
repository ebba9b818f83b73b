#pragma once
// ReachableSearch: the nodes a variable-length pattern can end at, each once — the
// optimizer's "distinct ends" (planner/optimizer.cpp) — found level by level from the
// start over the graph as the statement sees it (GraphReader::ExpandNeighbours: the
// generation's CSR with the delta merged in).
//
// A node is visited once, at its least depth, and its adjacency read once: O(nodes and
// relationships reached), where the paths can be exponentially many. The visited set is
// a bitmap over node ids, kept between searches (a search clears only the bits it set),
// so a search from a hub that reaches half of a million-node graph costs a bit per node
// instead of a hash-set entry per node.
//
// Cancellable (ExecContext::Tick per expanded node); what it holds is charged to the
// statement's memory limit.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "exec/exec_context.h"
#include "exec/query_memory.h"
#include "storage/graph.h"

namespace quiver::exec {

class ReachableSearch {
 public:
  struct Spec {
    Direction direction = Direction::kOutgoing;  // kOutgoing or kIncoming, never kBoth
    int64_t min_hops = 1;                        // 0 or 1
    int64_t max_hops = INT64_MAX;
    std::function<bool(RelId)> rel_ok;  // which relationships a path may use; null: any
  };

  ReachableSearch(ExecContext& ctx, Spec spec);

  // The ends of the paths of min..max relationships from `start` that repeat no
  // relationship, each once, into `ends` (replaced): the nodes reached in 1..max steps,
  // and `start` itself when min is 0 or a closed walk of at most max steps returns to
  // it. Sound for one direction only: a shortest walk repeats no node but its ends, so
  // no relationship (optimizer.cpp, "DistinctEnds").
  // Over relationships of `types` (any when empty). With `target`, the search stops as
  // soon as it is an end (the ends found so far are then in `ends`, `target` last).
  void Find(NodeId start, std::span<const RelTypeId> types, std::vector<NodeId>& ends,
            std::optional<NodeId> target = std::nullopt);

 private:
  bool Visited(NodeId n) const { return (visited_[n >> 6] >> (n & 63)) & 1; }
  void Visit(NodeId n) { visited_[n >> 6] |= uint64_t{1} << (n & 63); }

  void SortByNodeId(std::vector<NodeId>& level, NodeId bound);

  ExecContext& ctx_;
  Spec spec_;
  std::vector<uint64_t> visited_;     // a bit per node id; all clear between searches
  std::vector<uint64_t> level_bits_;  // SortByNodeId's; all clear between calls
  std::vector<NodeId> frontier_, next_, neighbours_;
  std::vector<RelId> rels_;
  MemoryCharge memory_;
};

}  // namespace quiver::exec
