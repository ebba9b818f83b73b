#include "bfs_tree.h"

#include "manifest.h"

namespace quiver::mpi {
namespace {

struct Claim {
  uint64_t vertex;  // global id, owned by the receiver
  uint64_t parent;  // global id
};

}  // namespace

Result<BfsTree> SearchFrom(const PartitionGraph& g, int64_t root, storage::Direction dir,
                           std::string_view root_name) {
  const Comm& comm = g.comm();
  const auto ranks = static_cast<uint32_t>(comm.size());
  const uint64_t owned = g.owned();
  BfsTree t;
  t.level.assign(owned, -1);
  t.parent.assign(owned, kUnreached);
  std::vector<bool> ghost_sent(g.ghosts());  // a ghost reached once is claimed by its owner
  std::vector<uint64_t> frontier;
  Status local;
  if (OwnerOf(static_cast<uint64_t>(root), ranks) == static_cast<uint32_t>(comm.rank())) {
    auto node = g.gen().FindNode(root);
    if (!node || *node >= owned) {
      local = Status::NotFound(std::string(root_name) + " " + std::to_string(root) + " is the id of no node");
    } else {
      t.level[*node] = 0;
      t.parent[*node] = root;
      frontier.push_back(*node);
    }
  }
  QUIVER_RETURN_IF_ERROR(comm.Agree(local, "the search did not start"));
  while (true) {
    std::vector<uint64_t> next;
    std::vector<std::vector<Claim>> send(ranks);
    for (uint64_t u : frontier) {
      const auto from = static_cast<int64_t>(g.global_id(u));
      g.gen().ForEachNeighbor(u, dir, std::nullopt, [&](uint64_t v, auto&&...) {
        if (v < owned) {
          if (t.level[v] < 0) {
            t.level[v] = t.depth + 1;
            t.parent[v] = from;
            next.push_back(v);
          }
        } else if (!ghost_sent[v - owned]) {
          ghost_sent[v - owned] = true;
          const uint64_t id = g.global_id(v);
          send[OwnerOf(id, ranks)].push_back({id, static_cast<uint64_t>(from)});
        }
      });
    }
    QUIVER_ASSIGN_OR_RETURN(std::vector<Claim> claimed, comm.AllToAll(send));
    for (const Claim& c : claimed) {
      const auto v = g.gen().FindNode(static_cast<int64_t>(c.vertex));
      if (v && *v < owned && t.level[*v] < 0) {
        t.level[*v] = t.depth + 1;
        t.parent[*v] = static_cast<int64_t>(c.parent);
        next.push_back(*v);
      }
    }
    if (comm.SumU64(next.size()) == 0) return t;
    frontier = std::move(next);
    ++t.depth;
  }
}

}  // namespace quiver::mpi
