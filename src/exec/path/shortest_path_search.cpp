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

void ShortestPathSearch::WalksToRoot(const Layers& side, NodeId from, std::vector<Path>& walks) {
  walks.clear();
  struct Frame {
    NodeId node;
    size_t next = 0;
  };
  std::vector<Frame> stack{{from, 0}};
  Path walk;
  while (!stack.empty()) {
    ctx_.Tick();
    Frame& top = stack.back();
    const auto& predecessors = side.at(top.node).predecessors;
    if (predecessors.empty()) {  // the root
      walks.push_back(walk);
      Charge(walk.size());
      stack.pop_back();
      if (!walk.empty()) walk.pop_back();
      continue;
    }
    if (top.next == predecessors.size()) {
      stack.pop_back();
      if (!walk.empty()) walk.pop_back();
      continue;
    }
    const auto& [nearer, rel] = predecessors[top.next++];
    walk.push_back(rel);
    stack.push_back({nearer, 0});
  }
}

void ShortestPathSearch::ExpandLayers(const std::vector<NodeId>& frontier, Direction direction, Layers& mine,
                                      const Layers& theirs, std::vector<NodeId>& next,
                                      std::vector<NodeId>& meetings) {
  next.clear();
  for (NodeId node : frontier) {
    ctx_.Tick();
    const int64_t depth = mine.at(node).depth + 1;
    adjacent_.clear();
    ctx_.graph().Expand(node, direction, spec_.types, adjacent_);
    for (const Adjacent& a : adjacent_) {
      auto it = mine.find(a.neighbour);
      if (it != mine.end() && it->second.depth != depth) continue;  // reached nearer
      if (spec_.rel_ok && !spec_.rel_ok(a)) continue;
      if (!NodeOk(a.neighbour)) continue;
      if (it == mine.end()) {
        it = mine.emplace(a.neighbour, Layer{depth, {}}).first;
        next.push_back(a.neighbour);
        if (theirs.count(a.neighbour) != 0) meetings.push_back(a.neighbour);
      }
      it->second.predecessors.emplace_back(node, a.rel);
      Charge(1);
    }
  }
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
  // Bidirectional as FindOne, each side keeping every node's predecessors on the level
  // before it, and the level where the sides meet completed: every shortest path crosses
  // that level at exactly one node, a meeting, so the paths are, per meeting, each walk
  // to it from the source joined with each walk from it to the target.
  Layers forward{{source, Layer{0, {}}}}, backward{{target, Layer{0, {}}}};
  std::vector<NodeId> forward_frontier{source}, backward_frontier{target}, next, meetings;
  int64_t forward_depth = 0, backward_depth = 0;
  const Direction reverse = Reverse(spec_.direction);
  while (meetings.empty() && !forward_frontier.empty() && !backward_frontier.empty() &&
         forward_depth + backward_depth < spec_.max_hops) {
    if (forward_frontier.size() <= backward_frontier.size()) {
      ExpandLayers(forward_frontier, spec_.direction, forward, backward, next, meetings);
      forward_frontier.swap(next);
      ++forward_depth;
    } else {
      ExpandLayers(backward_frontier, reverse, backward, forward, next, meetings);
      backward_frontier.swap(next);
      ++backward_depth;
    }
  }
  std::vector<Path> heads, tails;
  for (NodeId meeting : meetings) {
    WalksToRoot(forward, meeting, heads);
    WalksToRoot(backward, meeting, tails);
    for (Path& head : heads) {
      std::reverse(head.begin(), head.end());  // source to meeting
      for (const Path& tail : tails) {
        ctx_.Tick();
        Path& path = paths.emplace_back(head);
        path.insert(path.end(), tail.begin(), tail.end());
        Charge(path.size());
      }
    }
  }
}

}  // namespace quiver::exec
