// `mpirun -np P quiver-mpi generate g500 --scale S [--edge-factor F] [--seed X] DIR`:
// the Graph500 Kronecker graph of `quiver generate g500`, built as a partitioned
// database. Rank r generates edges [r·M/P, (r+1)·M/P) of the same counter-based
// generator, so the union of the partitions is the single-machine graph.
#include <cstdlib>
#include <iostream>
#include <memory>

#include "commands.h"
#include "edge_shuffle.h"
#include "ingest/g500_generator.h"
#include "ingest/run_options.h"
#include "quiver/byte_size.h"

namespace quiver::mpi {
namespace {

struct GenerateOptions {
  std::string kind;
  std::string dir;
  uint32_t scale = 0;
  uint32_t edge_factor = 16;
  uint64_t seed = 1;
  bool replace = false;
  std::string shuffle_budget = "64M";
  std::string threads;  // empty: the machine's cores shared by the ranks on it
  std::string memory_budget;
};

// Edges a generation task produces (the pool runs tasks of this size).
constexpr uint64_t kTaskEdges = uint64_t{1} << 16;

class G500Source : public EdgeSource {
 public:
  G500Source(const ingest::G500Generator& g, uint32_t rank, uint32_t ranks)
      : g_(g), begin_(g.edge_count() * rank / ranks), end_(g.edge_count() * (rank + 1) / ranks) {}
  uint64_t edge_count() const override { return end_ - begin_; }
  Status Produce(uint64_t begin, uint64_t end, ingest::WorkerPool* pool, std::vector<uint64_t>* src,
                 std::vector<uint64_t>* dst) override {
    const uint64_t n = end - begin, tasks = (n + kTaskEdges - 1) / kTaskEdges;
    src->resize(n);
    dst->resize(n);
    pool->ParallelFor(tasks, [&](size_t t, uint32_t) {
      const uint64_t b = t * kTaskEdges, e = std::min(n, b + kTaskEdges);
      std::vector<uint32_t> s(e - b), d(e - b);
      g_.Generate(begin_ + begin + b, begin_ + begin + e, s.data(), d.data());
      std::copy(s.begin(), s.end(), src->begin() + static_cast<ptrdiff_t>(b));
      std::copy(d.begin(), d.end(), dst->begin() + static_cast<ptrdiff_t>(b));
    });
    return Status::OK();
  }

 private:
  const ingest::G500Generator& g_;
  uint64_t begin_, end_;
};

// The rank's vertices of a 0..n-1 numbering, ascending.
std::vector<uint64_t> OwnedVertices(uint64_t n, uint32_t rank, uint32_t ranks) {
  std::vector<uint64_t> owned;
  owned.reserve(n / ranks + n / ranks / 8 + 16);
  for (uint64_t v = 0; v < n; ++v) {
    if (OwnerOf(v, ranks) == rank) owned.push_back(v);
  }
  return owned;
}

// The flags as BuildOptions. By default the ranks on one machine share its cores and its
// memory budget equally (Comm::local_size).
Result<BuildOptions> MakeBuildOptions(const GenerateOptions& o, const Comm& comm, uint64_t edges) {
  BuildOptions b;
  b.dir = o.dir;
  b.replace = o.replace;
  QUIVER_ASSIGN_OR_RETURN(b.shuffle_budget, ParseByteSize(o.shuffle_budget));
  ingest::RunOptions run;
  if (!o.threads.empty()) run.threads = o.threads;
  run.threads_fraction = 1.0 / comm.local_size();
  run.memory_budget = o.memory_budget;
  QUIVER_ASSIGN_OR_RETURN(ingest::Resources r, ingest::ResolveResources(run, edges / comm.size()));
  b.session.workers = r.workers;
  b.session.memory_budget = o.memory_budget.empty() ? r.memory_budget / comm.local_size() : r.memory_budget;
  const char* fail = std::getenv("QUIVER_MPI_FAIL_RANK");
  b.fail_before_agreement = fail != nullptr && std::atoi(fail) == comm.rank();
  return b;
}

int RunGenerate(const GenerateOptions& o, const Comm& comm) {
  if (o.kind != "g500") {
    if (comm.rank() == 0)
      std::cerr << "quiver-mpi generate: unknown generator '" << o.kind << "' (available: g500)\n";
    return kExitUsage;
  }
  const auto rank = static_cast<uint32_t>(comm.rank()), ranks = static_cast<uint32_t>(comm.size());
  const ingest::G500Generator g({o.scale, o.edge_factor, o.seed});
  auto options = MakeBuildOptions(o, comm, g.edge_count());
  if (!options.ok()) {
    if (comm.rank() == 0) std::cerr << "quiver-mpi generate: " << options.status().message() << "\n";
    return kExitUsage;
  }
  const double t0 = MPI_Wtime();
  PartitionBuilder builder(comm, *options);
  Status s = builder.Open();
  if (!s.ok()) return ReportFailure(comm, s);
  EdgeShuffle shuffle(comm, builder.path() + ".shuffle", options->shuffle_budget);
  G500Source source(g, rank, ranks);
  s = shuffle.Run(&source, builder.pool());
  if (!s.ok()) return ReportFailure(comm, s);
  const double t1 = MPI_Wtime();
  const std::vector<uint64_t> owned = OwnedVertices(g.vertex_count(), rank, ranks);
  s = builder.Build([&](ingest::ConstructionSession* session, PartitionEntry* entry) {
    return shuffle.Feed(owned, GraphNames{}, session, entry);
  });
  if (!s.ok()) return ReportFailure(comm, s);
  const double t2 = MPI_Wtime();
  auto manifest = builder.Publish();
  if (!manifest.ok()) return ReportFailure(comm, manifest.status());
  const double t3 = MPI_Wtime();
  const uint64_t ids_sent = comm.SumU64(shuffle.ids_sent());
  if (rank == 0) {
    const double secs = t3 - t0;
    std::cout << "published " << o.dir << ": " << ranks << " partitions, " << manifest->nodes << " nodes, "
              << manifest->edges << " relationships, creation " << manifest->creation << "\n"
              << "shuffle " << shuffle.rounds() << " round(s), " << ids_sent * 8 << " bytes ("
              << (manifest->edges ? static_cast<double>(ids_sent * 8) / static_cast<double>(manifest->edges)
                                  : 0.0)
              << " per edge); seconds: shuffle " << t1 - t0 << ", build " << t2 - t1 << ", publish "
              << t3 - t2 << ", total " << secs << "; "
              << static_cast<uint64_t>(static_cast<double>(manifest->edges) / secs) << " edges/s\n";
  }
  return kExitOk;
}

}  // namespace

void RegisterGenerateCommand(CLI::App& app, CommandHandler& handler) {
  auto o = std::make_shared<GenerateOptions>();
  auto* cmd =
      app.add_subcommand("generate", "Generate a Graph500 Kronecker graph as a partitioned database.");
  cmd->add_option("GENERATOR", o->kind, "The generator: g500")->required();
  cmd->add_option("DIR", o->dir, "The partitioned database (created if missing)")->required();
  cmd->add_option("--scale", o->scale, "log2 of the vertex count (1..31)")
      ->required()
      ->check(CLI::Range(1, 31));
  cmd->add_option("--edge-factor", o->edge_factor, "Edges per vertex (default 16)")
      ->check(CLI::Range(1, 1 << 20));
  cmd->add_option("--seed", o->seed,
                  "Seed: the same seed gives the graph of 'quiver generate g500' (default 1)");
  cmd->add_flag("--replace", o->replace, "Replace the partitioned graph DIR already holds (same rank count)");
  cmd->add_option("--shuffle-budget", o->shuffle_budget,
                  "Memory one shuffle round may hold on a rank (default 64M); more edges take more rounds");
  cmd->add_option("--threads", o->threads, "Workers per rank (default: the machine's cores / ranks on it)");
  cmd->add_option(
      "--memory-budget", o->memory_budget,
      "Construction memory per rank (default: the resource policy's budget / ranks on the machine)");
  cmd->callback([&handler, o] { handler = [o](const Comm& comm) { return RunGenerate(*o, comm); }; });
}

}  // namespace quiver::mpi
