#include "bfs_validate.h"

#include <algorithm>
#include <cstdlib>

#include "bfs_tree.h"
#include "manifest.h"

namespace quiver::mpi {
namespace {

struct Edge {
  uint64_t from;  // global ids
  uint64_t to;
};

class Validation {
 public:
  Validation(const PartitionGraph& g, int64_t root, const std::vector<int64_t>& parent)
      : g_(g), root_(root), parent_(parent), ranks_(static_cast<uint32_t>(g.comm().size())) {}

  Status Run(uint64_t* edges) {
    QUIVER_RETURN_IF_ERROR(Agreed(CheckRootAndCollectChildren()));
    QUIVER_RETURN_IF_ERROR(Agreed(RecomputeLevels()));
    QUIVER_ASSIGN_OR_RETURN(std::vector<int32_t> ghost_level, g_.SyncGhosts(level_));
    QUIVER_RETURN_IF_ERROR(Agreed(CheckEdges(ghost_level, edges)));
    *edges = g_.comm().SumU64(*edges);
    return Status::OK();
  }

 private:
  Status Agreed(const Status& local) const { return g_.comm().Agree(local, "the BFS tree is invalid"); }
  Status Invalid(const std::string& what) const {
    return Status::Corruption("BFS tree invalid (root " + std::to_string(root_) + "): " + what);
  }
  bool IsRoot(uint64_t v) const { return g_.global_id(v) == static_cast<uint64_t>(root_); }

  // Rule 1's start: the root is its own parent and nothing else is; each reached
  // vertex's parent's owner learns of the child (one Alltoallv), checking the parent is
  // a vertex it owns and reached.
  Status CheckRootAndCollectChildren() {
    Status local;
    std::vector<std::vector<Edge>> send(ranks_);
    for (uint64_t v = 0; v < g_.owned(); ++v) {
      const int64_t p = parent_[v];
      const uint64_t id = g_.global_id(v);
      if (IsRoot(v) && p != root_) local = Invalid("the root's parent is " + std::to_string(p) + ", not itself");
      if (IsRoot(v) || p == kUnreached) continue;
      if (p == static_cast<int64_t>(id)) local = Invalid("vertex " + std::to_string(id) + " is its own parent");
      if (p < 0) local = Invalid("vertex " + std::to_string(id) + " has parent " + std::to_string(p));
      if (p >= 0) send[OwnerOf(static_cast<uint64_t>(p), ranks_)].push_back({static_cast<uint64_t>(p), id});
    }
    QUIVER_ASSIGN_OR_RETURN(std::vector<Edge> received, g_.comm().AllToAll(send));
    for (const Edge& e : received) {
      const auto p = g_.LocalOf(e.from);
      if (!p || *p >= g_.owned()) {
        local = Invalid("vertex " + std::to_string(e.to) + "'s parent " + std::to_string(e.from) + " is no vertex");
      } else if (parent_[*p] == kUnreached) {
        local = Invalid("vertex " + std::to_string(e.to) + "'s parent " + std::to_string(e.from) + " is not reached");
      } else {
        children_.push_back({*p, e.to});
      }
    }
    // Grouped by parent, CSR-style (a counting sort): a parent's children are
    // child_ids_[first_child_[p], first_child_[p + 1]).
    first_child_.assign(g_.owned() + 1, 0);
    for (const Edge& e : children_) ++first_child_[e.from + 1];
    for (uint64_t v = 0; v < g_.owned(); ++v) first_child_[v + 1] += first_child_[v];
    child_ids_.resize(children_.size());
    std::vector<uint64_t> at(first_child_.begin(), first_child_.end() - 1);
    for (const Edge& e : children_) child_ids_[at[e.from]++] = e.to;
    children_ = {};
    return local;
  }

  // Rule 1: levels from the root down the child lists, one Alltoallv a level; a reached
  // vertex left without a level has a parent chain that never reaches the root (a cycle).
  Status RecomputeLevels() {
    level_.assign(g_.owned(), -1);
    std::vector<uint64_t> frontier;
    for (uint64_t v = 0; v < g_.owned(); ++v) {
      if (IsRoot(v) && parent_[v] == root_) {
        level_[v] = 0;
        frontier.push_back(v);
      }
    }
    for (int32_t depth = 1;; ++depth) {
      std::vector<std::vector<uint64_t>> send(ranks_);
      for (uint64_t p : frontier) {
        for (uint64_t k = first_child_[p]; k < first_child_[p + 1]; ++k) {
          send[OwnerOf(child_ids_[k], ranks_)].push_back(child_ids_[k]);
        }
      }
      auto reached = g_.comm().AllToAll(send);
      if (!reached.ok()) return reached.status();
      frontier.clear();
      for (uint64_t id : *reached) {
        const uint64_t v = *g_.LocalOf(id);  // it sent its parent's owner this id
        level_[v] = depth;
        frontier.push_back(v);
      }
      if (g_.comm().SumU64(frontier.size()) == 0) break;
    }
    for (uint64_t v = 0; v < g_.owned(); ++v) {
      if (parent_[v] != kUnreached && level_[v] < 0) {
        return Invalid("vertex " + std::to_string(g_.global_id(v)) +
                       "'s parent chain does not reach the root (a cycle)");
      }
    }
    return Status::OK();
  }

  // Rules 3, 4 and 5 over every owned vertex's edges, both directions; counts the home
  // copies (out-edges of owned vertices) of the component's relationships.
  Status CheckEdges(const std::vector<int32_t>& ghost_level, uint64_t* edges) const {
    *edges = 0;
    const uint64_t owned = g_.owned();
    for (uint64_t u = 0; u < owned; ++u) {
      const uint64_t id = g_.global_id(u);
      bool parent_adjacent = IsRoot(u) || parent_[u] == kUnreached;
      Status bad;
      const int32_t lu = level_[u];
      const auto check = [&](uint64_t w) {
        const int32_t lw = w < owned ? level_[w] : ghost_level[w - owned];
        if (!bad.ok()) return;
        if ((lu < 0) != (lw < 0)) {
          bad = Invalid("edge " + std::to_string(id) + "-" + std::to_string(g_.global_id(w)) +
                        " joins a reached and an unreached vertex: the tree does not span the component");
        } else if (lu >= 0 && std::abs(lu - lw) > 1) {
          bad = Invalid("edge " + std::to_string(id) + "-" + std::to_string(g_.global_id(w)) + " joins levels " +
                        std::to_string(lu) + " and " + std::to_string(lw));
        } else if (!parent_adjacent && lw == lu - 1) {
          // The parent's level is one less (rule 1 recomputed the levels from the
          // parents), so only those neighbours' ids are read.
          parent_adjacent = static_cast<int64_t>(g_.global_id(w)) == parent_[u];
        }
      };
      g_.gen().ForEachNeighborId(u, storage::Direction::kOut, [&](uint64_t w) {
        if (lu >= 0) ++*edges;
        check(w);
      });
      g_.gen().ForEachNeighborId(u, storage::Direction::kIn, check);
      if (!bad.ok()) return bad;
      if (!parent_adjacent) {
        return Invalid("vertex " + std::to_string(id) + " and its parent " + std::to_string(parent_[u]) +
                       " are joined by no edge");
      }
    }
    return Status::OK();
  }

  const PartitionGraph& g_;
  const int64_t root_;
  const std::vector<int64_t>& parent_;
  const uint32_t ranks_;
  std::vector<Edge> children_;  // (owned parent's local id, child's global id), as received
  std::vector<uint64_t> first_child_;  // per owned vertex, then the end
  std::vector<uint64_t> child_ids_;    // children's global ids, grouped by parent
  std::vector<int32_t> level_;  // per owned vertex, recomputed from the parents
};

}  // namespace

Status ValidateBfsTree(const PartitionGraph& g, int64_t root, const std::vector<int64_t>& parent,
                       uint64_t* edges) {
  return Validation(g, root, parent).Run(edges);
}

}  // namespace quiver::mpi
