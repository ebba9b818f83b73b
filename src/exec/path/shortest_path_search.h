#pragma once
// Breadth-first searches for the shortest paths between two nodes, over the graph as a
// statement sees it (GraphReader::Expand: the generation's CSR with the delta merged in).
//
// Both are one bidirectional search: a frontier grows from each end, the smaller one a
// whole level at a time, until they meet — on a graph whose frontiers grow by the degree
// each level, it touches about the square root of what a search from one end does.
// FindOne stops at the first meeting and keeps one predecessor per node; FindAll (every
// path of least length) keeps every predecessor on the level before a node and completes
// the level where the sides meet. The paths are then, per meeting node, each walk to it
// from the source joined with each walk from it to the target.
//
// Every search is cancellable (ExecContext::Tick per expanded node) and charges what it
// holds to the statement's memory limit.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "exec/exec_context.h"
#include "exec/path/search_memo.h"
#include "storage/graph.h"

namespace quiver::exec {

class ShortestPathSearch {
 public:
  // Which relationships (as reached: a.neighbour is the node it leads to) and which
  // nodes a path may use; null: any. The two ends must pass the node test too.
  using RelTest = std::function<bool(const Adjacent&)>;
  using NodeTest = std::function<bool(NodeId)>;
  struct Spec {
    Direction direction = Direction::kOutgoing;  // from the source
    std::vector<RelTypeId> types;                // empty: any type
    int64_t min_hops = 1;                        // 0 or 1
    int64_t max_hops = INT64_MAX;
    RelTest rel_ok;
    NodeTest node_ok;
  };
  using Path = std::vector<RelationshipRef>;  // in order from the source

  ShortestPathSearch(ExecContext& ctx, Spec spec);

  // One shortest path from `source` to `target` into `path`; false when there is none.
  bool FindOne(NodeId source, NodeId target, Path& path);
  // Every path of least length, in a deterministic order.
  void FindAll(NodeId source, NodeId target, std::vector<Path>& paths);

 private:
  // A node one side reached: its depth from the side's root and its predecessors one
  // level nearer the root, with the relationship from each (none for the root). The
  // first inline: FindOne's nodes have only it, and allocate nothing.
  using Step = std::pair<NodeId, RelationshipRef>;
  struct Reached {
    int64_t depth = 0;
    std::optional<Step> first;
    std::vector<Step> more;
  };
  struct Side {
    std::unordered_map<NodeId, Reached> reached;
    std::vector<NodeId> frontier;
    Direction direction = Direction::kOutgoing;
    int64_t depth = 0;
  };

  // The searches' common part: the meeting nodes of least total length, none when the
  // ends are not connected within max_hops; `every`: all of them, every predecessor kept.
  std::vector<NodeId> Search(NodeId source, NodeId target, bool every, Side& forward, Side& backward);
  // Grows `mine` by one level; the nodes `theirs` holds are meetings (the first only,
  // unless `every`).
  void ExpandLevel(Side& mine, const Side& theirs, bool every, std::vector<NodeId>& meetings);
  // Every walk from `from` to the side's root over the predecessors, as relationships in
  // walk order.
  void WalksToRoot(const Side& side, NodeId from, std::vector<Path>& walks);
  // Search, then the paths through its meetings.
  void Collect(NodeId source, NodeId target, bool every, std::vector<Path>& paths);

  ExecContext& ctx_;
  Spec spec_;
  SearchMemo memo_;
  std::vector<Adjacent> adjacent_;
  std::vector<NodeId> next_;
};

}  // namespace quiver::exec
