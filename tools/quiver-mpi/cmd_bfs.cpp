// `mpirun -np P quiver-mpi bfs DIR --source ID [--levels FILE] [--direction D]`:
// breadth-first search along relationship direction over a partitioned database
// (bfs_tree.h: level-synchronous, direction-optimizing by default). Levels are those of the
// single-machine gds.bfs over every label and type (docs/algorithms.md).
#include <fstream>
#include <iostream>
#include <memory>

#include "bfs_tree.h"
#include "commands.h"

namespace quiver::mpi {
namespace {

struct BfsOptions {
  std::string dir;
  int64_t source = 0;
  std::string levels_path;
  std::string direction = "optimizing";
};

int RunBfs(const BfsOptions& o, const Comm& comm) {
  auto g = PartitionGraph::Open(comm, o.dir);
  if (!g.ok()) return ReportFailure(comm, g.status());
  auto mode = ParseBfsDirection(o.direction);
  if (!mode.ok()) return ReportFailure(comm, mode.status());
  const double t0 = MPI_Wtime();
  auto tree = SearchFrom(*g, o.source, storage::Direction::kOut, "--source", *mode);
  if (!tree.ok()) return ReportFailure(comm, tree.status());
  const double secs = MPI_Wtime() - t0;
  // Vertices per level, summed over the ranks.
  std::vector<uint64_t> per_level(static_cast<size_t>(tree->depth) + 1);
  for (int32_t l : tree->level) {
    if (l >= 0) ++per_level[l];
  }
  uint64_t visited = 0;
  for (uint64_t& c : per_level) visited += (c = comm.SumU64(c));
  Status s = g->WriteValues(o.levels_path, "id,level", [&](uint64_t v) -> std::optional<std::string> {
    if (tree->level[v] < 0) return std::nullopt;
    return std::to_string(tree->level[v]);
  });
  if (!s.ok()) return ReportFailure(comm, s);
  if (comm.rank() != 0) return kExitOk;
  std::cout << "bfs from " << o.source << ": " << visited << " vertices reached, depth " << tree->depth << ", "
            << secs << " s, " << tree->bottom_up_steps << " of " << tree->steps << " level steps bottom-up\n";
  for (size_t l = 0; l < per_level.size(); ++l) std::cout << "  level " << l << ": " << per_level[l] << "\n";
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
  cmd->add_option("--direction", o->direction,
                  "Levels top-down, bottom-up, or optimizing: bottom-up while the frontier is large "
                  "(Beamer et al.'s direction-optimizing BFS)")
      ->capture_default_str();
  cmd->callback([&handler, o] { handler = [o](const Comm& comm) { return RunBfs(*o, comm); }; });
}

}  // namespace quiver::mpi
