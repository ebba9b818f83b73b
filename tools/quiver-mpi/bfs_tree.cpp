#include "bfs_tree.h"

#include <bit>

#include "manifest.h"

namespace quiver::mpi {
namespace {

using storage::Direction;

struct Claim {
  uint64_t vertex;  // global id, owned by the receiver
  uint64_t parent;  // global id
};

// The edges a bottom-up step reads from an unreached vertex: the other way round.
Direction Reverse(Direction dir) { return dir == Direction::kOut ? Direction::kIn : dir; }

// The first neighbour of `v` (local id) along `dir` for which in_frontier holds, into
// *parent; false when none. Stops at the first: a bottom-up step's saving.
template <typename InFrontier>
bool FindFrontierNeighbour(const storage::Generation& gen, uint64_t v, Direction dir, InFrontier&& in_frontier,
                           uint64_t* parent) {
  for (uint32_t t = 0; t < gen.RelTypeCount(); ++t) {
    for (Direction d : {Direction::kOut, Direction::kIn}) {
      if ((static_cast<uint8_t>(dir) & static_cast<uint8_t>(d)) == 0) continue;
      for (uint32_t segment = 0; segment < gen.SegmentCount(t); ++segment) {
        const storage::AdjacencySlice s = gen.Neighbors(t, segment, v, d);
        for (uint64_t i = 0; i < s.size(); ++i) {
          if (in_frontier(s.neighbors[i])) {
            *parent = s.neighbors[i];
            return true;
          }
        }
      }
    }
  }
  return false;
}

// One search's state on this rank.
class Search {
 public:
  // `count_edges`: keep the frontier's and the unreached vertices' edge counts (a degree
  // read per vertex reached), which only the direction-optimizing switch reads.
  Search(const PartitionGraph& g, Direction dir, bool count_edges)
      : g_(g), dir_(dir), owned_(g.owned()), count_edges_(count_edges) {
    t_.level.assign(owned_, -1);
    t_.parent.assign(owned_, kUnreached);
    reached_.assign((owned_ + 63) / 64, 0);
    ghost_sent_.assign(g.ghosts(), false);
    if (!count_edges_) return;
    for (uint64_t v = 0; v < owned_; ++v) unreached_edges_ += g.gen().Degree(v, Reverse(dir));
  }

  BfsTree& tree() { return t_; }
  const std::vector<uint64_t>& frontier() const { return frontier_; }
  uint64_t frontier_edges() const { return frontier_edges_; }
  uint64_t unreached_edges() const { return unreached_edges_; }

  // Reaches owned vertex v at the next level (false: reached already).
  bool Reach(uint64_t v, int64_t parent) {
    if (Test(reached_, v)) return false;
    Set(reached_, v);
    t_.level[v] = t_.depth + 1;
    t_.parent[v] = parent;
    next_.push_back(v);
    CountReached(v, &next_edges_);
    return true;
  }
  void Start(uint64_t v, int64_t root) {
    Set(reached_, v);
    t_.level[v] = 0;
    t_.parent[v] = root;
    frontier_.push_back(v);
    CountReached(v, &frontier_edges_);
  }

  // The frontier's owned vertices expand; ghosts reached are claimed from their owners.
  Status TopDown() {
    const Comm& comm = g_.comm();
    const auto ranks = static_cast<uint32_t>(comm.size());
    std::vector<std::vector<Claim>> send(ranks);
    for (uint64_t u : frontier_) {
      const auto from = static_cast<int64_t>(g_.global_id(u));
      g_.gen().ForEachNeighborId(u, dir_, [&](uint64_t v) {
        if (v < owned_) {
          Reach(v, from);
        } else if (!ghost_sent_[v - owned_]) {
          ghost_sent_[v - owned_] = true;
          const uint64_t id = g_.global_id(v);
          send[OwnerOf(id, ranks)].push_back({id, static_cast<uint64_t>(from)});
        }
      });
    }
    QUIVER_ASSIGN_OR_RETURN(std::vector<Claim> claimed, comm.AllToAll(send));
    for (const Claim& c : claimed) {
      const auto v = g_.LocalOf(c.vertex);
      if (v && *v < owned_) Reach(*v, static_cast<int64_t>(c.parent));
    }
    return Status::OK();
  }

  // Every unreached owned vertex looks for a parent in the frontier, which it learns for
  // its ghosts from their owners (a bit a ghost).
  Status BottomUp() {
    std::vector<uint64_t> in_frontier((owned_ + 63) / 64, 0);
    for (uint64_t u : frontier_) Set(in_frontier, u);
    QUIVER_ASSIGN_OR_RETURN(std::vector<uint64_t> ghost_in_frontier, g_.SyncGhostBits(in_frontier));
    auto frontier_member = [&](uint64_t w) {
      return w < owned_ ? Test(in_frontier, w) : Test(ghost_in_frontier, w - owned_);
    };
    const Direction back = Reverse(dir_);
    // The unreached vertices a word of the bitmap at a time: a reached word is skipped
    // whole (before Reach sets bits of the word being scanned).
    for (uint64_t word = 0; word < reached_.size(); ++word) {
      for (uint64_t bits = ~reached_[word]; bits != 0; bits &= bits - 1) {
        const uint64_t v = word * 64 + static_cast<uint64_t>(std::countr_zero(bits));
        if (v >= owned_) break;
        uint64_t parent = 0;
        if (FindFrontierNeighbour(g_.gen(), v, back, frontier_member, &parent)) {
          Reach(v, static_cast<int64_t>(g_.global_id(parent)));
        }
      }
    }
    ++t_.bottom_up_steps;
    return Status::OK();
  }

  // A vertex reached: its edges join `level_edges`, and leave the unreached ones.
  void CountReached(uint64_t v, uint64_t* level_edges) {
    if (!count_edges_) return;
    *level_edges += g_.gen().Degree(v, dir_);
    unreached_edges_ -= g_.gen().Degree(v, Reverse(dir_));
  }

  // The next level becomes the frontier.
  void Advance() {
    frontier_ = std::move(next_);
    next_.clear();
    frontier_edges_ = next_edges_;
    next_edges_ = 0;
    ++t_.depth;
  }

 private:
  const PartitionGraph& g_;
  const Direction dir_;
  const uint64_t owned_;
  const bool count_edges_;
  static bool Test(const std::vector<uint64_t>& bits, uint64_t k) { return (bits[k / 64] >> (k % 64)) & 1; }
  static void Set(std::vector<uint64_t>& bits, uint64_t k) { bits[k / 64] |= uint64_t{1} << (k % 64); }

  BfsTree t_;
  // A bit an owned vertex: reached. The level array holds the same, but at 4 bytes a
  // vertex it misses the cache where this 1/32 of it does not (each edge checks one).
  std::vector<uint64_t> reached_;
  std::vector<bool> ghost_sent_;  // a ghost reached once is claimed by its owner
  std::vector<uint64_t> frontier_, next_;
  uint64_t frontier_edges_ = 0, next_edges_ = 0;  // edges a top-down step reads from them
  uint64_t unreached_edges_ = 0;                  // edges a bottom-up step reads at most
};

// Beamer et al.'s alpha and beta.
constexpr uint64_t kAlpha = 14;
constexpr uint64_t kBeta = 24;

}  // namespace

Result<BfsDirection> ParseBfsDirection(std::string_view name) {
  if (name == "top-down") return BfsDirection::kTopDown;
  if (name == "bottom-up") return BfsDirection::kBottomUp;
  if (name == "optimizing") return BfsDirection::kOptimizing;
  return Status::InvalidArgument("--direction " + std::string(name) +
                                 ": expected top-down, bottom-up or optimizing");
}

Result<BfsTree> SearchFrom(const PartitionGraph& g, int64_t root, storage::Direction dir,
                           std::string_view root_name, BfsDirection mode) {
  const Comm& comm = g.comm();
  const auto ranks = static_cast<uint32_t>(comm.size());
  Search search(g, dir, mode == BfsDirection::kOptimizing);
  Status local;
  if (OwnerOf(static_cast<uint64_t>(root), ranks) == static_cast<uint32_t>(comm.rank())) {
    auto node = g.gen().FindNode(root);
    if (!node || *node >= g.owned()) {
      local = Status::NotFound(std::string(root_name) + " " + std::to_string(root) + " is the id of no node");
    } else {
      search.Start(*node, root);
    }
  }
  QUIVER_RETURN_IF_ERROR(comm.Agree(local, "the search did not start"));
  // The frontier's size and edges and the unreached vertices' edges, over the ranks.
  auto totals = [&] {
    std::vector<uint64_t> v = {search.frontier().size(), search.frontier_edges(), search.unreached_edges()};
    comm.SumU64s(v);
    return v;
  };
  std::vector<uint64_t> sums = totals();
  bool bottom_up = false;
  while (true) {
    if (mode == BfsDirection::kBottomUp) {
      bottom_up = true;
    } else if (mode == BfsDirection::kOptimizing) {
      const uint64_t frontier_vertices = sums[0], frontier_edges = sums[1], unreached_edges = sums[2];
      if (!bottom_up && frontier_edges > unreached_edges / kAlpha) bottom_up = true;
      else if (bottom_up && frontier_vertices < g.global_nodes() / kBeta) bottom_up = false;
    }
    QUIVER_RETURN_IF_ERROR(bottom_up ? search.BottomUp() : search.TopDown());
    ++search.tree().steps;
    search.Advance();
    sums = totals();
    if (sums[0] == 0) {
      --search.tree().depth;  // the last level reached is the one before the empty one
      return std::move(search.tree());
    }
  }
}

}  // namespace quiver::mpi
