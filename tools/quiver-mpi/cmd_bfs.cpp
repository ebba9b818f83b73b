// `mpirun -np P quiver-mpi bfs DIR --source ID [--levels FILE]`: breadth-first search
// along relationship direction over a partitioned database, level-synchronous: each
// rank expands its owned frontier vertices through its forward CSR; a neighbour it owns
// is claimed at once, a ghost's global id goes to the ghost's owner in the level's one
// Alltoallv, and an Allreduce of the next frontier's size ends the search. Levels are
// those of the single-machine gds.bfs over every label and type (docs/algorithms.md).
// Top-down only; direction-optimizing levels are for later (docs/scale-out.md).
#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>

#include "commands.h"
#include "manifest.h"

namespace quiver::mpi {
namespace {

struct BfsOptions {
  std::string dir;
  int64_t source = 0;
  std::string levels_path;
};

// One rank's search over its partition.
class PartitionBfs {
 public:
  PartitionBfs(const Comm& comm, std::shared_ptr<const storage::Generation> gen, uint64_t owned)
      : comm_(comm),
        gen_(std::move(gen)),
        owned_(owned),
        level_(owned, -1),
        ghost_sent_(gen_->NodeCount() - owned) {}

  // Collective: the levels from source; returns the depth (the last level reached).
  Result<int32_t> Run(int64_t source) {
    const auto ranks = static_cast<uint32_t>(comm_.size());
    std::vector<uint64_t> frontier;
    Status local;
    if (OwnerOf(static_cast<uint64_t>(source), ranks) == static_cast<uint32_t>(comm_.rank())) {
      auto node = gen_->FindNode(source);
      if (!node || *node >= owned_) {
        local = Status::NotFound("--source " + std::to_string(source) + " is the id of no node");
      } else {
        level_[*node] = 0;
        frontier.push_back(*node);
      }
    }
    QUIVER_RETURN_IF_ERROR(comm_.Agree(local, "the search did not start"));
    int32_t depth = 0;
    while (true) {
      std::vector<uint64_t> next;
      std::vector<std::vector<uint64_t>> send(ranks);
      for (uint64_t u : frontier) {
        gen_->ForEachNeighbor(u, storage::Direction::kOut, std::nullopt, [&](uint64_t v, auto&&...) {
          if (v < owned_) {
            if (level_[v] < 0) {
              level_[v] = depth + 1;
              next.push_back(v);
            }
          } else if (!ghost_sent_[v - owned_]) {  // a ghost reached once is claimed by its owner
            ghost_sent_[v - owned_] = true;
            const auto g = static_cast<uint64_t>(std::get<int64_t>(gen_->NodeKey(v)));
            send[OwnerOf(g, ranks)].push_back(g);
          }
        });
      }
      QUIVER_ASSIGN_OR_RETURN(std::vector<uint64_t> claimed, comm_.AllToAll(send));
      for (uint64_t g : claimed) {
        const auto v = gen_->FindNode(static_cast<int64_t>(g));
        if (v && *v < owned_ && level_[*v] < 0) {
          level_[*v] = depth + 1;
          next.push_back(*v);
        }
      }
      if (comm_.SumU64(next.size()) == 0) return depth;
      frontier = std::move(next);
      ++depth;
    }
  }

  // "id,level\n" per reached owned vertex.
  std::string LevelRows() const {
    std::string out;
    for (uint64_t v = 0; v < owned_; ++v) {
      if (level_[v] < 0) continue;
      out += std::to_string(std::get<int64_t>(gen_->NodeKey(v))) + "," + std::to_string(level_[v]) + "\n";
    }
    return out;
  }
  const std::vector<int32_t>& levels() const { return level_; }

 private:
  const Comm& comm_;
  std::shared_ptr<const storage::Generation> gen_;
  uint64_t owned_;
  std::vector<int32_t> level_;    // per owned vertex; -1: not reached
  std::vector<bool> ghost_sent_;  // per ghost
};

int RunBfs(const BfsOptions& o, const Comm& comm) {
  Manifest m;
  auto gen = OpenPartition(Env::Default(), o.dir, static_cast<uint32_t>(comm.rank()),
                           static_cast<uint32_t>(comm.size()), &m);
  Status s = comm.Agree(gen.status(), "the partitioned database cannot be opened");
  if (!s.ok()) return ReportFailure(comm, s);
  PartitionBfs bfs(comm, *gen, m.partitions[comm.rank()].owned_nodes);
  const double t0 = MPI_Wtime();
  auto depth = bfs.Run(o.source);
  if (!depth.ok()) return ReportFailure(comm, depth.status());
  const double secs = MPI_Wtime() - t0;
  // Vertices per level, summed over the ranks.
  std::vector<uint64_t> per_level(static_cast<size_t>(*depth) + 1);
  for (int32_t l : bfs.levels()) {
    if (l >= 0) ++per_level[l];
  }
  uint64_t visited = 0;
  for (uint64_t& c : per_level) visited += (c = comm.SumU64(c));
  const std::string rows = o.levels_path.empty() ? std::string() : comm.GatherText(bfs.LevelRows(), 0);
  if (comm.rank() != 0) return kExitOk;
  std::cout << "bfs from " << o.source << ": " << visited << " vertices reached, depth " << *depth << ", "
            << secs << " s\n";
  for (size_t l = 0; l < per_level.size(); ++l) std::cout << "  level " << l << ": " << per_level[l] << "\n";
  if (!o.levels_path.empty()) {
    std::ofstream out(o.levels_path);
    out << "id,level\n" << rows;
    if (!out.flush()) return ReportFailure(comm, Status::IOError("cannot write " + o.levels_path));
  }
  return kExitOk;
}

}  // namespace

void RegisterBfsCommand(CLI::App& app, CommandHandler& handler) {
  auto o = std::make_shared<BfsOptions>();
  auto* cmd = app.add_subcommand("bfs", "Breadth-first search (levels) over a partitioned database.");
  cmd->add_option("DIR", o->dir, "The partitioned database")->required();
  cmd->add_option("--source", o->source, "The global id (the key) of the start vertex")->required();
  cmd->add_option("--levels", o->levels_path,
                  "Write every reached vertex's level to this CSV file (id,level), on rank 0");
  cmd->callback([&handler, o] { handler = [o](const Comm& comm) { return RunBfs(*o, comm); }; });
}

}  // namespace quiver::mpi
