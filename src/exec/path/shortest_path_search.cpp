#include "exec/path/shortest_path_search.h"

#include <algorithm>
#include <optional>

namespace quiver::exec {

ShortestPathSearch::ShortestPathSearch(ExecContext& ctx, Spec spec)
    : ctx_(ctx), spec_(std::move(spec)), memo_(ctx, spec_.node_ok) {}

void ShortestPathSearch::ExpandLevel(Side& mine, const Side& theirs, bool every, std::vector<NodeId>& meetings) {
  const int64_t depth = ++mine.depth;
  next_.clear();
  for (NodeId node : mine.frontier) {
    ctx_.Tick();
    adjacent_.clear();
    ctx_.graph().Expand(node, mine.direction, spec_.types, adjacent_);
    for (const Adjacent& a : adjacent_) {
      auto it = mine.reached.find(a.neighbour);
      // Reached before: nearer (never a predecessor on this level), or, for FindOne, at
      // all (one predecessor is enough).
      if (it != mine.reached.end() && (!every || it->second.depth != depth)) continue;
      if (spec_.rel_ok && !spec_.rel_ok(a)) continue;
      if (!memo_.NodeOk(a.neighbour)) continue;
      memo_.Charge(1);
      const Step step{node, a.rel};
      if (it != mine.reached.end()) {
        it->second.more.push_back(step);
        continue;
      }
      mine.reached.emplace(a.neighbour, Reached{depth, step, {}});
      next_.push_back(a.neighbour);
      if (theirs.reached.count(a.neighbour) == 0) continue;
      meetings.push_back(a.neighbour);
      // The first meeting is a shortest path: were a node the other side reached at a
      // lesser depth next to this frontier, the other side's expansion of it would have
      // reached the frontier's node, and the two sides would have met then. So every
      // meeting of this level is one too, and FindOne needs none of them.
      if (!every) {
        mine.frontier.swap(next_);
        return;
      }
    }
  }
  mine.frontier.swap(next_);
}

std::vector<NodeId> ShortestPathSearch::Search(NodeId source, NodeId target, bool every, Side& forward,
                                               Side& backward) {
  memo_.Reset();
  std::vector<NodeId> meetings;
  if (!ctx_.graph().NodeExists(source) || !ctx_.graph().NodeExists(target)) return meetings;
  if (!memo_.NodeOk(source) || !memo_.NodeOk(target)) return meetings;
  if (source == target) {
    // A path of no relationships, when the least length allows it.
    if (spec_.min_hops == 0) meetings.push_back(source);
    forward.reached.emplace(source, Reached{});
    backward.reached.emplace(target, Reached{});
    return meetings;
  }
  forward = Side{{{source, Reached{}}}, {source}, spec_.direction, 0};
  backward = Side{{{target, Reached{}}}, {target}, Reverse(spec_.direction), 0};
  while (meetings.empty() && !forward.frontier.empty() && !backward.frontier.empty() &&
         forward.depth + backward.depth < spec_.max_hops) {
    // The smaller frontier grows: it costs fewer expansions for the same progress.
    if (forward.frontier.size() <= backward.frontier.size()) {
      ExpandLevel(forward, backward, every, meetings);
    } else {
      ExpandLevel(backward, forward, every, meetings);
    }
  }
  return meetings;
}

void ShortestPathSearch::WalksToRoot(const Side& side, NodeId from, std::vector<Path>& walks) {
  walks.clear();
  struct Frame {
    NodeId node;
    size_t next = 0;  // 0: `first`, then `more`
  };
  std::vector<Frame> stack{{from, 0}};
  Path walk;
  auto pop = [&] {
    stack.pop_back();
    if (!walk.empty()) walk.pop_back();
  };
  while (!stack.empty()) {
    ctx_.Tick();
    Frame& top = stack.back();
    const Reached& reached = side.reached.at(top.node);
    if (!reached.first) {  // the root
      walks.push_back(walk);
      memo_.Charge(walk.size());
      pop();
      continue;
    }
    if (top.next > reached.more.size()) {
      pop();
      continue;
    }
    const Step& step = top.next == 0 ? *reached.first : reached.more[top.next - 1];
    ++top.next;
    walk.push_back(step.second);
    stack.push_back({step.first, 0});
  }
}

bool ShortestPathSearch::FindOne(NodeId source, NodeId target, Path& path) {
  std::vector<Path> paths;
  Collect(source, target, /*every=*/false, paths);
  if (paths.empty()) return false;
  path = std::move(paths.front());
  return true;
}

void ShortestPathSearch::FindAll(NodeId source, NodeId target, std::vector<Path>& paths) {
  Collect(source, target, /*every=*/true, paths);
}

void ShortestPathSearch::Collect(NodeId source, NodeId target, bool every, std::vector<Path>& paths) {
  paths.clear();
  Side forward, backward;
  const std::vector<NodeId> meetings = Search(source, target, every, forward, backward);
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
        memo_.Charge(path.size());
      }
    }
  }
}

}  // namespace quiver::exec
