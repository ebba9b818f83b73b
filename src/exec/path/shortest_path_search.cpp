#include "exec/path/shortest_path_search.h"

#include <algorithm>
#include <optional>

namespace quiver::exec {

namespace {
// What a visited node costs, about: its hash-map node, bucket and frontier entry.
constexpr uint64_t kBytesPerVisited = 64;
}  // namespace

ShortestPathSearch::ShortestPathSearch(ExecContext& ctx, Spec spec)
    : ctx_(ctx), spec_(std::move(spec)), memory_(&ctx.memory()) {}

void ShortestPathSearch::Charge(size_t entries) { memory_.Add(entries * kBytesPerVisited); }

bool ShortestPathSearch::NodeOk(NodeId node) {
  if (!spec_.node_ok) return true;
  auto [it, fresh] = node_ok_.try_emplace(node, false);
  if (fresh) {
    Charge(1);
    it->second = spec_.node_ok(node);
  }
  return it->second;
}

std::optional<NodeId> ShortestPathSearch::ExpandLevel(const std::vector<NodeId>& frontier, Direction direction,
                                                      Visited& mine, const Visited& theirs,
                                                      std::vector<NodeId>& next) {
  next.clear();
  for (NodeId node : frontier) {
    ctx_.Tick();
    const int64_t depth = mine.at(node).depth + 1;
    adjacent_.clear();
    ctx_.graph().Expand(node, direction, spec_.types, adjacent_);
    for (const Adjacent& a : adjacent_) {
      if (mine.count(a.neighbour) != 0) continue;
      if (spec_.rel_ok && !spec_.rel_ok(a)) continue;
      if (!NodeOk(a.neighbour)) continue;
      mine.emplace(a.neighbour, Parent{node, a.rel, depth});
      Charge(1);
      next.push_back(a.neighbour);
      // The first meeting is a shortest path: were a node the other side reached at a
      // lesser depth next to this frontier, the other side's expansion of it would have
      // reached the frontier's node, and the two sides would have met then.
      if (theirs.count(a.neighbour) != 0) return a.neighbour;
    }
  }
  return std::nullopt;
}

bool ShortestPathSearch::FindOne(NodeId source, NodeId target, Path& path) {
  path.clear();
  memory_.Reset();
  node_ok_.clear();
  if (!ctx_.graph().NodeExists(source) || !ctx_.graph().NodeExists(target)) return false;
  if (!NodeOk(source) || !NodeOk(target)) return false;
  if (source == target) return spec_.min_hops == 0;
  Visited forward{{source, Parent{source, {}, 0}}}, backward{{target, Parent{target, {}, 0}}};
  std::vector<NodeId> forward_frontier{source}, backward_frontier{target}, next;
  int64_t forward_depth = 0, backward_depth = 0;
  const Direction reverse = Reverse(spec_.direction);
  std::optional<NodeId> meeting;
  while (!meeting && !forward_frontier.empty() && !backward_frontier.empty() &&
         forward_depth + backward_depth < spec_.max_hops) {
    // The smaller frontier grows: it costs fewer expansions for the same progress.
    if (forward_frontier.size() <= backward_frontier.size()) {
      meeting = ExpandLevel(forward_frontier, spec_.direction, forward, backward, next);
      forward_frontier.swap(next);
      ++forward_depth;
    } else {
      meeting = ExpandLevel(backward_frontier, reverse, backward, forward, next);
      backward_frontier.swap(next);
      ++backward_depth;
    }
  }
  if (!meeting) return false;
  for (NodeId at = *meeting; at != source;) {
    const Parent& p = forward.at(at);
    path.push_back(p.rel);
    at = p.node;
  }
  std::reverse(path.begin(), path.end());
  for (NodeId at = *meeting; at != target;) {
    const Parent& p = backward.at(at);
    path.push_back(p.rel);
    at = p.node;
  }
  return true;
}

void ShortestPathSearch::FindAll(NodeId source, NodeId target, std::vector<Path>& paths) {
  paths.clear();
  memory_.Reset();
  node_ok_.clear();
  if (!ctx_.graph().NodeExists(source) || !ctx_.graph().NodeExists(target)) return;
  if (!NodeOk(source) || !NodeOk(target)) return;
  if (source == target) {
    if (spec_.min_hops == 0) paths.emplace_back();
    return;
  }
  // Every node's depth from the source and its predecessors one level nearer (each with
  // the relationship that leads from it), level by level until the target's.
  struct Reached {
    int64_t depth = 0;
    std::vector<std::pair<NodeId, RelationshipRef>> predecessors;
  };
  std::unordered_map<NodeId, Reached> reached{{source, Reached{0, {}}}};
  std::vector<NodeId> frontier{source}, next;
  bool found = false;
  for (int64_t depth = 1; depth <= spec_.max_hops && !found && !frontier.empty(); ++depth) {
    next.clear();
    for (NodeId node : frontier) {
      ctx_.Tick();
      adjacent_.clear();
      ctx_.graph().Expand(node, spec_.direction, spec_.types, adjacent_);
      for (const Adjacent& a : adjacent_) {
        auto it = reached.find(a.neighbour);
        if (it != reached.end() && it->second.depth != depth) continue;  // reached nearer
        if (spec_.rel_ok && !spec_.rel_ok(a)) continue;
        if (!NodeOk(a.neighbour)) continue;
        if (it == reached.end()) {
          it = reached.emplace(a.neighbour, Reached{depth, {}}).first;
          next.push_back(a.neighbour);
        }
        it->second.predecessors.emplace_back(node, a.rel);
        Charge(1);
        found = found || a.neighbour == target;
      }
    }
    frontier.swap(next);
  }
  if (!found) return;
  // Depth-first from the target back to the source over the predecessors: each path
  // once, built backwards and reversed.
  struct Frame {
    NodeId node;
    size_t next = 0;
  };
  std::vector<Frame> stack{{target, 0}};
  Path backwards;
  while (!stack.empty()) {
    ctx_.Tick();
    Frame& top = stack.back();
    if (top.node == source) {
      paths.emplace_back(backwards.rbegin(), backwards.rend());
      Charge(backwards.size());
      stack.pop_back();
      if (!backwards.empty()) backwards.pop_back();
      continue;
    }
    const auto& predecessors = reached.at(top.node).predecessors;
    if (top.next == predecessors.size()) {
      stack.pop_back();
      if (!backwards.empty()) backwards.pop_back();
      continue;
    }
    const auto& [from, rel] = predecessors[top.next++];
    backwards.push_back(rel);
    stack.push_back({from, 0});
  }
}

}  // namespace quiver::exec
