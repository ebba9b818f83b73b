#include "exec/path/reachable_search.h"

#include <algorithm>
#include <bit>

#include "common/assert.h"

namespace quiver::exec {

ReachableSearch::ReachableSearch(ExecContext& ctx, Spec spec)
    : ctx_(ctx), spec_(std::move(spec)), memory_(&ctx.memory()) {
  QUIVER_ASSERT(spec_.direction != Direction::kBoth && spec_.min_hops <= 1);
}

// A level's nodes in id order: the next level then reads the CSR's offsets and slices
// front to back instead of at random (a cache miss per node on a large graph; at scale
// 20 the search from a hub spent most of its time on them). A large level is sorted
// through a bitmap — a bit per node id, then one pass over the words — a small one by
// std::sort.
void ReachableSearch::SortByNodeId(std::vector<NodeId>& level, NodeId bound) {
  if (level.size() < 2) return;
  const size_t words = (bound + 63) / 64;
  if (level.size() < words / 4) {
    std::sort(level.begin(), level.end());
    return;
  }
  if (level_bits_.size() < words) {
    memory_.Add((words - level_bits_.size()) * sizeof(uint64_t));
    level_bits_.resize(words, 0);
  }
  for (NodeId n : level) level_bits_[n >> 6] |= uint64_t{1} << (n & 63);
  level.clear();
  for (size_t w = 0; w < words; ++w) {
    for (uint64_t bits = level_bits_[w]; bits != 0; bits &= bits - 1) {
      level.push_back(w * 64 + static_cast<NodeId>(std::countr_zero(bits)));
    }
    level_bits_[w] = 0;
  }
}

void ReachableSearch::Find(NodeId start, std::span<const RelTypeId> types, std::vector<NodeId>& ends,
                           std::optional<NodeId> target) {
  ends.clear();
  const NodeId bound = ctx_.graph().NodeIdBound();
  if (visited_.size() * 64 < bound) {
    const size_t words = (bound + 63) / 64;
    memory_.Add((words - visited_.size()) * sizeof(uint64_t));
    visited_.resize(words, 0);
  }
  bool start_is_end = spec_.min_hops <= 0;
  if (start_is_end) ends.push_back(start);
  Visit(start);
  frontier_.assign(1, start);
  bool found = start_is_end && target == start;
  const uint64_t held_before = ends.capacity() + frontier_.capacity() + next_.capacity();
  for (int64_t depth = 1; depth <= spec_.max_hops && !frontier_.empty() && !found; ++depth) {
    next_.clear();
    const bool last = depth == spec_.max_hops;  // nothing expands what this level reaches
    for (NodeId node : frontier_) {
      if (found) break;
      ctx_.Tick();
      neighbours_.clear();
      rels_.clear();
      if (spec_.rel_ok) {
        ctx_.graph().ExpandIds(node, spec_.direction, types, neighbours_, rels_);
      } else {
        ctx_.graph().ExpandNeighbours(node, spec_.direction, types, neighbours_);
      }
      for (size_t j = 0; j < neighbours_.size(); ++j) {
        const NodeId n = neighbours_[j];
        if (Visited(n)) {
          // A closed walk back to the start: a path's end unless min is 0 (it already is).
          if (n != start || start_is_end) continue;
          if (spec_.rel_ok && !spec_.rel_ok(rels_[j])) continue;
          ends.push_back(start);
          start_is_end = true;
          if (target == start) {
            found = true;
            break;
          }
          continue;
        }
        if (spec_.rel_ok && !spec_.rel_ok(rels_[j])) continue;
        Visit(n);
        ends.push_back(n);
        if (!last) next_.push_back(n);
        if (target == n) {
          found = true;
          break;
        }
      }
    }
    SortByNodeId(next_, bound);
    frontier_.swap(next_);
  }
  // What the lists grew by, charged while the statement holds them (they are kept).
  const uint64_t held = ends.capacity() + frontier_.capacity() + next_.capacity();
  if (held > held_before) memory_.Add((held - held_before) * sizeof(NodeId));
  // Clear exactly the bits this search set: the start and every node it reached.
  visited_[start >> 6] = 0;
  for (NodeId n : ends) visited_[n >> 6] = 0;
}

}  // namespace quiver::exec
