#include "exec/path/shortest_trails_search.h"

#include <algorithm>
#include <limits>

namespace quiver::exec {

ShortestTrailsSearch::ShortestTrailsSearch(ExecContext& ctx, Spec spec)
    : ctx_(ctx), spec_(std::move(spec)), memo_(ctx, spec_.node_ok) {}

bool ShortestTrailsSearch::Allowed(const Adjacent& a) {
  if (spec_.rel_ok && !spec_.rel_ok(a)) return false;
  return memo_.NodeOk(a.neighbour);
}

void ShortestTrailsSearch::GrowBounds(int64_t depth) {
  std::vector<NodeId> next;
  while (!bounds_.exhausted && bounds_.depth < depth) {
    next.clear();
    for (NodeId node : bounds_.frontier) {
      ctx_.Tick();
      adjacent_.clear();
      ctx_.graph().Expand(node, Reverse(spec_.direction), spec_.types, adjacent_);
      for (const Adjacent& a : adjacent_) {
        if (bounds_.distance.count(a.neighbour) != 0 || !Allowed(a)) continue;
        bounds_.distance.emplace(a.neighbour, bounds_.depth + 1);
        next.push_back(a.neighbour);
        memo_.Charge(1);
      }
    }
    ++bounds_.depth;
    bounds_.frontier.swap(next);
    if (bounds_.frontier.empty()) bounds_.exhausted = true;
  }
}

int64_t ShortestTrailsSearch::LowerBound(NodeId node) const {
  auto it = bounds_.distance.find(node);
  if (it != bounds_.distance.end()) return it->second;
  return bounds_.exhausted ? kUnreachable : bounds_.depth + 1;
}

void ShortestTrailsSearch::TrailsOfLength(NodeId source, int64_t length, size_t limit, std::vector<Path>& paths) {
  struct Frame {
    std::vector<Adjacent> adjacent;
    size_t next = 0;
  };
  std::vector<Frame> stack;
  Path trail;
  used_.clear();
  // Arriving at `node` with the trail so far: a trail of the full length ends here (and
  // is kept when it ends at the target), a shorter one goes on from here.
  auto arrive = [&](NodeId node) {
    if (static_cast<int64_t>(trail.size()) == length) {
      if (node == target_) {
        paths.push_back(trail);
        memo_.Charge(trail.size());
        cut_by_length_ = true;  // it may go on to a longer trail
      }
      return false;
    }
    Frame& frame = stack.emplace_back();
    ctx_.graph().Expand(node, spec_.direction, spec_.types, frame.adjacent);
    memo_.Charge(frame.adjacent.size() / 2);
    return true;
  };
  if (!arrive(source)) return;
  while (!stack.empty() && paths.size() < limit) {
    ctx_.Tick();
    Frame& top = stack.back();
    if (top.next >= top.adjacent.size()) {
      stack.pop_back();
      if (!trail.empty()) {
        used_.erase(trail.back().id);
        trail.pop_back();
      }
      continue;
    }
    const Adjacent a = top.adjacent[top.next++];
    if (used_.count(a.rel.id) != 0 || !Allowed(a)) continue;
    const int64_t left = length - static_cast<int64_t>(trail.size()) - 1;
    const int64_t bound = a.neighbour == target_ ? 0 : LowerBound(a.neighbour);
    if (bound == kUnreachable) continue;
    if (bound > left) {
      cut_by_length_ = true;
      continue;
    }
    trail.push_back(a.rel);
    used_.insert(a.rel.id);
    if (!arrive(a.neighbour)) {
      used_.erase(a.rel.id);
      trail.pop_back();
    }
  }
}

void ShortestTrailsSearch::Find(NodeId source, NodeId target, int64_t k, bool groups, std::vector<Path>& paths) {
  paths.clear();
  memo_.Reset();
  bounds_ = Bounds{};
  target_ = target;
  if (k <= 0 || !ctx_.graph().NodeExists(source) || !ctx_.graph().NodeExists(target)) return;
  if (!memo_.NodeOk(source) || !memo_.NodeOk(target)) return;
  bounds_.distance.emplace(target, 0);
  bounds_.frontier.push_back(target);
  const int64_t max_hops = spec_.max_hops;
  // The least length with a trail, at least: the source's distance to the target.
  while (source != target && bounds_.distance.count(source) == 0 && !bounds_.exhausted && bounds_.depth < max_hops) {
    GrowBounds(bounds_.depth + 1);
  }
  const int64_t nearest = source == target ? 0 : LowerBound(source);
  if (nearest == kUnreachable || nearest > bounds_.depth) return;  // not within max_hops
  int64_t groups_found = 0;
  for (int64_t length = std::max(nearest, spec_.min_hops); length <= max_hops; ++length) {
    GrowBounds(length);
    cut_by_length_ = false;
    const size_t before = paths.size();
    TrailsOfLength(source, length, groups ? std::numeric_limits<size_t>::max() : static_cast<size_t>(k), paths);
    if (groups && paths.size() > before && ++groups_found >= k) return;
    if (!groups && paths.size() >= static_cast<size_t>(k)) return;
    if (!cut_by_length_ || length == std::numeric_limits<int64_t>::max()) return;
  }
}

}  // namespace quiver::exec
