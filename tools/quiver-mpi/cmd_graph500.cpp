// `mpirun -np P quiver-mpi graph500 DIR [--roots 64] [--seed S]`: the Graph500
// benchmark's search kernel over a partitioned database (docs/scale-out.md): search keys
// drawn as the specification says (random vertices with an edge to another vertex,
// distinct, from a fixed seed), one undirected BFS from each (bfs_tree.h), timed alone,
// each tree validated by the specification's rules (bfs_validate.h, not timed), and TEPS
// per search = relationships in the searched component / seconds, reported as the
// benchmark reports them (minimum, quartiles, maximum, harmonic mean).
//
// QUIVER_MPI_CORRUPT_BFS=self|unreached|root damages every search's parent array on rank
// 0 before validation (the test's hook: validation must then fail): the deepest reached
// vertex of rank 0 gets itself, no parent, or the root as its parent.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <memory>

#include "bfs_tree.h"
#include "bfs_validate.h"
#include "commands.h"
#include "common/splitmix64.h"
#include "manifest.h"

namespace quiver::mpi {
namespace {

struct Graph500Options {
  std::string dir;
  uint32_t roots = 64;
  uint64_t seed = 1;
  std::string direction = "optimizing";  // ParseBfsDirection
};

// Whether owned vertex v has an edge to another vertex (a self-loop does not count).
bool HasOtherNeighbour(const PartitionGraph& g, uint64_t v) {
  bool found = false;
  g.gen().ForEachNeighbor(v, storage::Direction::kBoth, std::nullopt, [&](uint64_t w, auto&&...) {
    found = found || w != v;
  });
  return found;
}

// Collective: `count` distinct search keys, the same for any rank count: uniform draws
// from [smallest id, largest id] by SplitMix64 from seed, a draw kept when its owner says
// it is a vertex with an edge to another vertex (1,024 draws an Allreduce).
Result<std::vector<int64_t>> ChooseRoots(const PartitionGraph& g, uint32_t count, uint64_t seed) {
  const Comm& comm = g.comm();
  const auto ranks = static_cast<uint32_t>(comm.size());
  uint64_t eligible = 0, smallest = UINT64_MAX, largest = 0;
  for (uint64_t v = 0; v < g.owned(); ++v) {
    eligible += HasOtherNeighbour(g, v) ? 1 : 0;
    smallest = std::min(smallest, g.global_id(v));
    largest = std::max(largest, g.global_id(v));
  }
  eligible = comm.SumU64(eligible);
  if (eligible < count) {  // every rank knows it; rank 0 says it
    const Status s = Status::InvalidArgument("--roots " + std::to_string(count) + ", but only " +
                                             std::to_string(eligible) + " vertices have an edge to another vertex");
    return comm.Agree(comm.rank() == 0 ? s : Status::OK(), "no search ran");
  }
  smallest = UINT64_MAX - comm.MaxU64(UINT64_MAX - smallest);
  largest = comm.MaxU64(largest);
  const uint64_t span = largest - smallest + 1;
  std::vector<int64_t> roots;
  uint64_t state = seed;
  while (roots.size() < count) {
    std::vector<uint64_t> draws(1024);
    std::vector<uint8_t> keep(draws.size());
    for (size_t i = 0; i < draws.size(); ++i) {
      draws[i] = smallest + SplitMix64Next(state) % span;
      if (OwnerOf(draws[i], ranks) != static_cast<uint32_t>(comm.rank())) continue;
      const auto v = g.LocalOf(draws[i]);
      keep[i] = v && *v < g.owned() && HasOtherNeighbour(g, *v) ? 1 : 0;
    }
    comm.MaxBytes(keep);
    for (size_t i = 0; i < draws.size() && roots.size() < count; ++i) {
      const auto id = static_cast<int64_t>(draws[i]);
      if (keep[i] && std::find(roots.begin(), roots.end(), id) == roots.end()) roots.push_back(id);
    }
  }
  return roots;
}

void Corrupt(const PartitionGraph& g, int64_t root, BfsTree& tree, const std::string& how) {
  if (g.comm().rank() != 0) return;
  uint64_t deepest = g.owned();
  for (uint64_t v = 0; v < g.owned(); ++v) {
    if (tree.level[v] > 0 && (deepest == g.owned() || tree.level[v] > tree.level[deepest])) deepest = v;
  }
  if (deepest == g.owned()) return;
  if (how == "self") tree.parent[deepest] = static_cast<int64_t>(g.global_id(deepest));
  if (how == "unreached") tree.parent[deepest] = kUnreached;
  if (how == "root") tree.parent[deepest] = root;
}

// The benchmark's summary of n samples: minimum, quartiles, maximum (quartiles by linear
// interpolation between the sorted samples).
struct Summary {
  double min, q1, median, q3, max, mean, harmonic_mean;
};

Summary Summarize(std::vector<double> x) {
  std::sort(x.begin(), x.end());
  auto at = [&](double p) {
    const double pos = p * static_cast<double>(x.size() - 1);
    const auto lo = static_cast<size_t>(pos);
    const size_t hi = std::min(lo + 1, x.size() - 1);
    return x[lo] + (pos - static_cast<double>(lo)) * (x[hi] - x[lo]);
  };
  double sum = 0, inverse = 0;
  for (double v : x) {
    sum += v;
    inverse += 1.0 / v;
  }
  const auto n = static_cast<double>(x.size());
  return {x.front(), at(0.25), at(0.5), at(0.75), x.back(), sum / n, n / inverse};
}

void Print(const std::string& name, const Summary& s, bool harmonic) {
  std::cout << "min_" << name << ": " << s.min << "\nfirstquartile_" << name << ": " << s.q1 << "\nmedian_" << name
            << ": " << s.median << "\nthirdquartile_" << name << ": " << s.q3 << "\nmax_" << name << ": " << s.max
            << "\n";
  if (harmonic) std::cout << "harmonic_mean_" << name << ": " << s.harmonic_mean << "\n";
  else std::cout << "mean_" << name << ": " << s.mean << "\n";
}

int RunGraph500(const Graph500Options& o, const Comm& comm) {
  auto g = PartitionGraph::Open(comm, o.dir);
  if (!g.ok()) return ReportFailure(comm, g.status());
  auto roots = ChooseRoots(*g, o.roots, o.seed);
  if (!roots.ok()) return ReportFailure(comm, roots.status());
  auto mode = ParseBfsDirection(o.direction);
  if (!mode.ok()) return ReportFailure(comm, mode.status());
  uint64_t levels = 0, bottom_up_levels = 0;
  const char* corrupt = std::getenv("QUIVER_MPI_CORRUPT_BFS");
  std::vector<double> times, edges, teps;
  double validate_secs = 0;
  for (int64_t root : *roots) {
    comm.Barrier();  // each search timed from a common start
    const double t0 = MPI_Wtime();
    auto tree = SearchFrom(*g, root, storage::Direction::kBoth, "root", *mode);
    const double secs = comm.MaxDouble(MPI_Wtime() - t0);
    if (!tree.ok()) return ReportFailure(comm, tree.status());
    levels += static_cast<uint64_t>(tree->steps);
    bottom_up_levels += static_cast<uint64_t>(tree->bottom_up_steps);
    if (corrupt != nullptr) Corrupt(*g, root, *tree, corrupt);
    const double v0 = MPI_Wtime();
    uint64_t component_edges = 0;
    Status s = ValidateBfsTree(*g, root, tree->parent, &component_edges);
    if (!s.ok()) return ReportFailure(comm, s);
    validate_secs += MPI_Wtime() - v0;
    times.push_back(secs);
    edges.push_back(static_cast<double>(component_edges));
    teps.push_back(static_cast<double>(component_edges) / secs);
  }
  if (comm.rank() != 0) return kExitOk;
  std::cout << "graph500: " << g->global_nodes() << " vertices, " << comm.size() << " ranks, " << roots->size()
            << " roots (seed " << o.seed << "), every BFS tree valid\nNBFS: " << roots->size() << "\n";
  Print("time", Summarize(times), false);
  Print("nedge", Summarize(edges), false);
  Print("TEPS", Summarize(teps), true);
  std::cout << "validation_time: " << validate_secs << "\n";
  std::cout << "direction: " << o.direction << " (" << bottom_up_levels << " of " << levels
            << " level steps bottom-up)\n";
  return kExitOk;
}

}  // namespace

void RegisterGraph500Command(CLI::App& app, CommandHandler& handler) {
  auto o = std::make_shared<Graph500Options>();
  auto* cmd = app.add_subcommand(
      "graph500", "The Graph500 search benchmark: BFS from random roots, each tree validated, TEPS.");
  cmd->add_option("DIR", o->dir, "The partitioned database")->required();
  cmd->add_option("--roots", o->roots, "Search keys (the specification's 64)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_option("--seed", o->seed, "Seed of the search keys' draw")->capture_default_str();
  cmd->add_option("--direction", o->direction,
                  "Levels top-down, bottom-up, or optimizing: bottom-up while the frontier is large "
                  "(Beamer et al.'s direction-optimizing BFS)")
      ->capture_default_str();
  cmd->callback([&handler, o] { handler = [o](const Comm& comm) { return RunGraph500(*o, comm); }; });
}

}  // namespace quiver::mpi
