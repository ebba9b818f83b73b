#pragma once
// The k shortest trails between two nodes: GQL's SHORTEST k (the first k trails by
// length) and SHORTEST k GROUPS (every trail of the k least lengths that have one), and
// any selector whose least length is above 1. A trail never uses a relationship twice —
// Cypher's paths are trails — so past the shortest length a breadth-first search no
// longer answers: a walk of that length may repeat a relationship.
//
// The search deepens one length at a time. For length L it enumerates, depth first, the
// trails of exactly L relationships from the source that end at the target, cutting
// every branch that cannot reach the target within what is left of L. That lower bound
// is the distance to the target, from a breadth-first search backwards from the target
// grown one level at a time as L grows (so a target near the source costs only its
// neighbourhood). The search ends when it has what the selector asks for, at the
// greatest length allowed, or when no branch was cut by the length: then no longer
// trail to the target exists.
//
// Trails of one length come in depth-first order over the adjacency, so the answer is
// deterministic. Cancellable (ExecContext::Tick per step); what it holds is charged to
// the statement's memory limit.

#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "exec/exec_context.h"
#include "exec/path/shortest_path_search.h"
#include "exec/path/search_memo.h"
#include "storage/graph.h"

namespace quiver::exec {

class ShortestTrailsSearch {
 public:
  using Spec = ShortestPathSearch::Spec;
  using Path = ShortestPathSearch::Path;

  ShortestTrailsSearch(ExecContext& ctx, Spec spec);

  // The trails from `source` to `target` with min_hops..max_hops relationships, by
  // length: the first `k` (groups = false), or all of the `k` least lengths that have
  // one (groups = true).
  void Find(NodeId source, NodeId target, int64_t k, bool groups, std::vector<Path>& paths);

 private:
  // The distance of every node within `depth_` steps of the target, backwards.
  struct Bounds {
    std::unordered_map<NodeId, int64_t> distance;
    std::vector<NodeId> frontier;
    int64_t depth = 0;
    bool exhausted = false;  // every node that can reach the target is in `distance`
  };
  static constexpr int64_t kUnreachable = INT64_MAX;

  // Grows the backward search until it knows every distance up to `depth`.
  void GrowBounds(int64_t depth);
  // A lower bound on the steps from `node` to the target: exact within the bounds'
  // depth, depth + 1 past it, kUnreachable once the search is exhausted.
  int64_t LowerBound(NodeId node) const;
  // Appends the trails of exactly `length` relationships; sets cut_by_length_ when a
  // branch was cut only by the length. Stops once `paths` holds `limit`.
  void TrailsOfLength(NodeId source, int64_t length, size_t limit, std::vector<Path>& paths);
  bool Allowed(const Adjacent& a);

  ExecContext& ctx_;
  Spec spec_;
  NodeId target_ = 0;
  Bounds bounds_;
  bool cut_by_length_ = false;
  SearchMemo memo_;
  std::unordered_set<RelId> used_;  // the relationships of the trail being extended
  std::vector<Adjacent> adjacent_;
};

}  // namespace quiver::exec
