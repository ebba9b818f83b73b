// `mpirun -np P quiver-mpi generate g500 --scale S [--edge-factor F] [--seed X] DIR`:
// the Graph500 Kronecker graph of `quiver generate g500`, built as a partitioned
// database. Rank r generates edges [r·M/P, (r+1)·M/P) of the same counter-based
// generator, so the union of the partitions is the single-machine graph.
#include <iostream>
#include <memory>

#include "build_flags.h"
#include "commands.h"
#include "edge_shuffle.h"
#include "ingest/g500_generator.h"

namespace quiver::mpi {
namespace {

struct GenerateOptions {
  std::string kind;
  uint32_t scale = 0;
  uint32_t edge_factor = 16;
  uint64_t seed = 1;
  BuildFlags build;
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

int RunGenerate(const GenerateOptions& o, const Comm& comm) {
  if (o.kind != "g500") {
    if (comm.rank() == 0)
      std::cerr << "quiver-mpi generate: unknown generator '" << o.kind << "' (available: g500)\n";
    return kExitUsage;
  }
  const auto rank = static_cast<uint32_t>(comm.rank()), ranks = static_cast<uint32_t>(comm.size());
  const ingest::G500Generator g({o.scale, o.edge_factor, o.seed});
  auto options = MakeBuildOptions(o.build, comm, g.edge_count());
  if (!options.ok()) {
    if (comm.rank() == 0) std::cerr << "quiver-mpi generate: " << options.status().message() << "\n";
    return kExitUsage;
  }
  EdgeShuffle shuffle(comm, PartitionPath(options->dir, rank) + ".shuffle", options->shuffle_budget,
                      options->hold_budget);
  G500Source source(g, rank, ranks);
  const std::vector<uint64_t> owned = OwnedVertices(g.vertex_count(), rank, ranks);
  BuildSteps steps;
  steps.shuffle = [&](ingest::WorkerPool* pool) { return shuffle.Run(&source, pool); };
  steps.feed = [&](ingest::ConstructionSession* session, PartitionEntry* entry) {
    return shuffle.Feed(owned, GraphNames{}, session, entry);
  };
  steps.rounds = [&] { return shuffle.rounds(); };
  steps.bytes_sent = [&] { return shuffle.ids_sent() * 8; };
  steps.spooled_bytes = [&] { return shuffle.spooled_bytes(); };
  return RunBuild(comm, *options, steps);
}

}  // namespace

void RegisterGenerateCommand(CLI::App& app, CommandHandler& handler) {
  auto o = std::make_shared<GenerateOptions>();
  auto* cmd =
      app.add_subcommand("generate", "Generate a Graph500 Kronecker graph as a partitioned database.");
  cmd->add_option("GENERATOR", o->kind, "The generator: g500")->required();
  cmd->add_option("--scale", o->scale, "log2 of the vertex count (1..31)")
      ->required()
      ->check(CLI::Range(1, 31));
  cmd->add_option("--edge-factor", o->edge_factor, "Edges per vertex (default 16)")
      ->check(CLI::Range(1, 1 << 20));
  cmd->add_option("--seed", o->seed,
                  "Seed: the same seed gives the graph of 'quiver generate g500' (default 1)");
  AddBuildFlags(cmd, &o->build);
  cmd->callback([&handler, o] { handler = [o](const Comm& comm) { return RunGenerate(*o, comm); }; });
}

}  // namespace quiver::mpi
