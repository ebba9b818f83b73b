// `mpirun -np P quiver-mpi pagerank DIR [--iterations K] [--damping D] [--tolerance T]
// [--out FILE]`: gds.pageRank's definition (docs/algorithms.md; src/algo/algorithms/
// centrality.cpp) over every label and type, NATURAL orientation: scores start at 1 − d,
// score(v) = (1 − d) + d·Σ_{u→v} score(u)/outdeg(u), not normalized, the rank of vertices
// without out-edges not redistributed; it stops when no score moved by the tolerance or
// more, or after K iterations. Distributed by pull: a rank computes its owned vertices'
// contributions score/outdeg (an owned vertex's out-degree is complete on its owner),
// one Alltoallv per iteration gives it its ghosts' contributions, it sums each owned
// vertex's in-edges (reverse CSR, complete too), and an Allreduce MAX of the change ends it.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>

#include "commands.h"
#include "partition_graph.h"

namespace quiver::mpi {
namespace {

struct PageRankOptions {
  std::string dir;
  uint32_t iterations = 20;
  double damping = 0.85;
  double tolerance = 1e-7;
  std::string out_path;
};

struct PageRankRun {
  std::vector<double> scores;  // per owned vertex
  uint32_t iterations = 0;
  bool converged = false;
};

Result<PageRankRun> Iterate(const PartitionGraph& g, const PageRankOptions& o) {
  const uint64_t owned = g.owned();
  const double d = o.damping;
  std::vector<double> share(owned);
  for (uint64_t u = 0; u < owned; ++u) {
    const uint64_t out = g.gen().Degree(u, storage::Direction::kOut);
    share[u] = out > 0 ? 1.0 / static_cast<double>(out) : 0.0;
  }
  // The owned vertices' in-edges as one flat array (local ids), read every iteration.
  std::vector<uint64_t> first(owned + 1, 0), sources;
  for (uint64_t v = 0; v < owned; ++v) {
    g.gen().ForEachNeighbor(v, storage::Direction::kIn, std::nullopt,
                            [&](uint64_t u, auto&&...) { sources.push_back(u); });
    first[v + 1] = sources.size();
  }
  PageRankRun run;
  run.scores.assign(owned, 1.0 - d);
  std::vector<double> contribution(g.local_nodes()), next(owned);  // owned, then ghosts
  while (run.iterations < o.iterations) {
    for (uint64_t u = 0; u < owned; ++u) contribution[u] = run.scores[u] * share[u];
    QUIVER_ASSIGN_OR_RETURN(std::vector<double> ghost, g.SyncGhosts(contribution));
    std::copy(ghost.begin(), ghost.end(), contribution.begin() + static_cast<ptrdiff_t>(owned));
    double change = 0;
    for (uint64_t v = 0; v < owned; ++v) {
      double sum = 0;
      for (uint64_t i = first[v]; i < first[v + 1]; ++i) sum += contribution[sources[i]];
      next[v] = (1.0 - d) + d * sum;
      change = std::max(change, std::abs(next[v] - run.scores[v]));
    }
    run.scores.swap(next);
    ++run.iterations;
    if (g.comm().MaxDouble(change) < o.tolerance) {
      run.converged = true;
      break;
    }
  }
  return run;
}

int RunPageRank(const PageRankOptions& o, const Comm& comm) {
  if (!(o.damping >= 0 && o.damping < 1) || !(o.tolerance >= 0))
    return ReportFailure(comm, Status::InvalidArgument("--damping must be in [0, 1) and --tolerance at least 0"));
  auto g = PartitionGraph::Open(comm, o.dir);
  if (!g.ok()) return ReportFailure(comm, g.status());
  const double t0 = MPI_Wtime();
  auto run = Iterate(*g, o);
  if (!run.ok()) return ReportFailure(comm, run.status());
  const double secs = MPI_Wtime() - t0;
  double sum = 0;
  for (double s : run->scores) sum += s;
  sum = comm.SumDouble(sum);
  Status s = g->WriteValues(o.out_path, "id,score", [&](uint64_t v) -> std::optional<std::string> {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", run->scores[v]);
    return buf;
  });
  if (!s.ok()) return ReportFailure(comm, s);
  if (comm.rank() == 0) {
    std::cout << "pagerank: " << g->global_nodes() << " vertices, " << run->iterations << " iterations, "
              << (run->converged ? "converged" : "not converged") << ", score sum " << sum << ", " << secs
              << " s\n";
  }
  return kExitOk;
}

}  // namespace

void RegisterPageRankCommand(CLI::App& app, CommandHandler& handler) {
  auto o = std::make_shared<PageRankOptions>();
  auto* cmd = app.add_subcommand("pagerank", "PageRank (gds.pageRank's definition) over a partitioned database.");
  cmd->add_option("DIR", o->dir, "The partitioned database")->required();
  cmd->add_option("--iterations", o->iterations, "At most this many iterations (gds maxIterations)")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_option("--damping", o->damping, "The damping factor d (gds dampingFactor)")->capture_default_str();
  cmd->add_option("--tolerance", o->tolerance, "Stop when no score moved by this much (gds tolerance)")
      ->capture_default_str();
  cmd->add_option("--out", o->out_path, "Write every vertex's score to this CSV file (id,score), on rank 0");
  cmd->callback([&handler, o] { handler = [o](const Comm& comm) { return RunPageRank(*o, comm); }; });
}

}  // namespace quiver::mpi
