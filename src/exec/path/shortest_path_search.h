#pragma once
// Breadth-first searches for the shortest paths between two nodes, over the graph as a
// statement sees it (GraphReader::Expand: the generation's CSR with the delta merged in).
//
// FindOne is bidirectional: a frontier grows from each end, the smaller one a whole
// level at a time, until they meet — on a graph whose frontiers grow by the degree each
// level, it touches about the square root of what a search from one end does. FindAll
// (every path of least length) searches from both ends too, keeping each node's
// predecessors on the level before it, and the level where the sides meet completed.
//
// Every search is cancellable (ExecContext::Tick per expanded node) and charges what it
// holds to the statement's memory limit.

#include <cstdint>
#include <functional>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "exec/exec_context.h"
#include "exec/query_memory.h"
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
  struct Parent {
    NodeId node = 0;
    RelationshipRef rel;
    int64_t depth = 0;
  };
  using Visited = std::unordered_map<NodeId, Parent>;

  bool NodeOk(NodeId node);
  // Expands `frontier` one level on the side `mine` (the other side: `theirs`), into
  // `next`, until the sides meet: the node they meet at, if they do.
  std::optional<NodeId> ExpandLevel(const std::vector<NodeId>& frontier, Direction direction, Visited& mine,
                                    const Visited& theirs, std::vector<NodeId>& next);
  // FindAll's side of the search: each node's depth and its predecessors one level
  // nearer the side's root (with the relationship from each).
  struct Layer {
    int64_t depth = 0;
    std::vector<std::pair<NodeId, RelationshipRef>> predecessors;
  };
  using Layers = std::unordered_map<NodeId, Layer>;
  // ExpandLevel for FindAll: the whole level, every predecessor kept, the nodes the
  // other side holds appended to `meetings`.
  void ExpandLayers(const std::vector<NodeId>& frontier, Direction direction, Layers& mine,
                    const Layers& theirs, std::vector<NodeId>& next, std::vector<NodeId>& meetings);
  // Every walk from `from` to the side's root over the predecessors, as relationships in
  // walk order.
  void WalksToRoot(const Layers& side, NodeId from, std::vector<Path>& walks);
  void Charge(size_t entries);

  ExecContext& ctx_;
  Spec spec_;
  std::unordered_map<NodeId, bool> node_ok_;  // the node test's answers, asked once a node
  std::vector<Adjacent> adjacent_;
  MemoryCharge memory_;
};

}  // namespace quiver::exec
