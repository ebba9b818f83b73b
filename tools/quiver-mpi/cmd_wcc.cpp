// `mpirun -np P quiver-mpi wcc DIR [--out FILE]`: gds.wcc's weakly connected components
// (docs/algorithms.md: direction ignored, every label and type), each component named by
// its smallest vertex id — gds.wcc names it by its smallest node id, the same vertex for
// a graph whose node ids follow its vertex ids (quiver generate, quiver import in order).
//
// Distributed min-label propagation between local components: a rank joins its owned
// vertices and ghosts along its stored edges once (union-find), then per round gives
// every owned vertex the smallest label of its local component (labels start as the
// global ids; a ghost's label is its owner's), refreshes its ghosts' labels from their
// owners (one Alltoallv) and stops when no ghost's label fell anywhere (an Allreduce).
// Rounds: about the number of rank boundaries a component's smallest id must cross.
#include <iostream>
#include <memory>
#include <numeric>

#include "commands.h"
#include "partition_graph.h"

namespace quiver::mpi {
namespace {

struct WccOptions {
  std::string dir;
  std::string out_path;
};

// The local components of owned vertices and ghosts: parent[v] = v for a root; roots
// are each component's smallest local id (union by smaller id, path halving).
std::vector<uint64_t> LocalComponents(const PartitionGraph& g) {
  std::vector<uint64_t> parent(g.local_nodes());
  std::iota(parent.begin(), parent.end(), uint64_t{0});
  auto find = [&](uint64_t v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  // Out-edges of owned vertices reach every stored edge with an owned end, and in-edges
  // of owned vertices from ghosts are the ghost→owned edges; together every local edge.
  for (uint64_t u = 0; u < g.owned(); ++u) {
    g.gen().ForEachNeighbor(u, storage::Direction::kBoth, std::nullopt, [&](uint64_t v, auto&&...) {
      const uint64_t a = find(u), b = find(v);
      if (a != b) parent[std::max(a, b)] = std::min(a, b);
    });
  }
  for (uint64_t v = 0; v < parent.size(); ++v) parent[v] = find(v);
  return parent;
}

struct WccRun {
  std::vector<uint64_t> labels;  // per owned vertex: its component's smallest global id
  uint32_t rounds = 0;
};

Result<WccRun> Propagate(const PartitionGraph& g) {
  const std::vector<uint64_t> component = LocalComponents(g);
  const uint64_t owned = g.owned();
  std::vector<uint64_t> ghost(g.ghosts());
  for (uint64_t i = 0; i < ghost.size(); ++i) ghost[i] = g.global_id(owned + i);
  WccRun run;
  run.labels.resize(owned);
  for (uint64_t v = 0; v < owned; ++v) run.labels[v] = g.global_id(v);
  std::vector<uint64_t> smallest(g.local_nodes(), UINT64_MAX);  // per local component root
  while (true) {
    std::fill(smallest.begin(), smallest.end(), UINT64_MAX);
    for (uint64_t v = 0; v < g.local_nodes(); ++v) {
      const uint64_t label = v < owned ? run.labels[v] : ghost[v - owned];
      smallest[component[v]] = std::min(smallest[component[v]], label);
    }
    for (uint64_t v = 0; v < owned; ++v) run.labels[v] = smallest[component[v]];
    ++run.rounds;
    QUIVER_ASSIGN_OR_RETURN(std::vector<uint64_t> fresh, g.SyncGhosts(run.labels));
    uint64_t fell = 0;
    for (uint64_t i = 0; i < ghost.size(); ++i) fell += fresh[i] < ghost[i] ? 1 : 0;
    ghost.swap(fresh);
    if (g.comm().SumU64(fell) == 0) return run;
  }
}

int RunWcc(const WccOptions& o, const Comm& comm) {
  auto g = PartitionGraph::Open(comm, o.dir);
  if (!g.ok()) return ReportFailure(comm, g.status());
  const double t0 = MPI_Wtime();
  auto run = Propagate(*g);
  if (!run.ok()) return ReportFailure(comm, run.status());
  const double secs = MPI_Wtime() - t0;
  // A component is counted by the owner of its smallest vertex; the largest by its size.
  uint64_t named = 0;
  for (uint64_t v = 0; v < g->owned(); ++v) named += run->labels[v] == g->global_id(v) ? 1 : 0;
  const uint64_t components = comm.SumU64(named);
  Status s = g->WriteValues(o.out_path, "id,componentId",
                            [&](uint64_t v) { return std::optional(std::to_string(run->labels[v])); });
  if (!s.ok()) return ReportFailure(comm, s);
  if (comm.rank() == 0) {
    std::cout << "wcc: " << g->global_nodes() << " vertices, " << components << " components, " << run->rounds
              << " rounds, " << secs << " s\n";
  }
  return kExitOk;
}

}  // namespace

void RegisterWccCommand(CLI::App& app, CommandHandler& handler) {
  auto o = std::make_shared<WccOptions>();
  auto* cmd = app.add_subcommand("wcc", "Weakly connected components (gds.wcc's) over a partitioned database.");
  cmd->add_option("DIR", o->dir, "The partitioned database")->required();
  cmd->add_option("--out", o->out_path,
                  "Write every vertex's component (its smallest vertex id) to this CSV file (id,componentId), "
                  "on rank 0");
  cmd->callback([&handler, o] { handler = [o](const Comm& comm) { return RunWcc(*o, comm); }; });
}

}  // namespace quiver::mpi
