// Storage micro-benchmarks: open time of a generation (it must not grow with the
// graph), random degree and neighbour calls, and bytes on disk per edge and per node.
// The graphs are built once per process under $QUIVER_BENCH_TMPDIR (default /tmp) with
// BuildCsr + GenerationWriter directly, the path the ingest layer will take.
//
//   build/release/bench/quiver_micro_bench --benchmark_filter=Storage

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <random>

#include "common/file/env.h"
#include "storage/database_dir.h"

namespace quiver::storage {
namespace {

constexpr uint64_t kEdgesPerNode = 16;  // Graph500's edge factor

struct BenchDb {
  std::string path;
  uint64_t nodes = 0, edges = 0;
  uint64_t total_bytes = 0, csr_bytes = 0;
  std::vector<uint64_t> probes;  // random node ids, generated outside the timed loops
};

std::string BenchRoot() {
  const char* base = std::getenv("QUIVER_BENCH_TMPDIR");
  return std::string(base != nullptr ? base : "/tmp") + "/quiver-storage-bench-" + std::to_string(::getpid());
}

// A database whose current generation has `edges` uniformly random edges of one type over
// edges / 16 nodes and nothing else; built on first use, removed at exit.
const BenchDb& Database(uint64_t edges) {
  static std::map<uint64_t, std::unique_ptr<BenchDb>> dbs;
  static struct Cleanup {
    ~Cleanup() { std::filesystem::remove_all(BenchRoot()); }
  } cleanup;
  auto& slot = dbs[edges];
  if (slot) return *slot;
  slot = std::make_unique<BenchDb>();
  BenchDb& b = *slot;
  b.edges = edges;
  b.nodes = edges / kEdgesPerNode;
  b.path = BenchRoot() + "/e" + std::to_string(edges);
  std::filesystem::remove_all(b.path);
  DatabaseOptions o;
  o.create_if_missing = true;
  auto db = DatabaseDir::Open(Env::Default(), b.path, o);
  if (!db.ok()) std::abort();
  std::mt19937_64 rng(edges);
  CsrArrays csr;
  {
    std::vector<uint64_t> src(edges), dst(edges);
    for (uint64_t i = 0; i < edges; ++i) {
      src[i] = rng() % b.nodes;
      dst[i] = rng() % b.nodes;
    }
    csr = BuildCsr(b.nodes, src, dst);
  }
  auto w = (*db)->BeginGeneration(b.nodes);
  if (!w.ok() || !(*w)->WriteDictionary({{}, {"EDGE"}, {}}).ok() || !(*w)->WriteRelationshipType(0, csr).ok() ||
      !(*db)->Publish(w->get(), 0).ok()) {
    std::abort();
  }
  auto g = (*db)->Pin();
  if (!g.ok()) std::abort();
  for (const auto& f : (*g)->manifest().files) {
    b.total_bytes += f.size;
    if (f.kind == FileKind::kRelationshipType) b.csr_bytes += f.size;
  }
  b.probes.resize(1 << 20);
  for (auto& p : b.probes) p = rng() % b.nodes;
  return b;
}

std::shared_ptr<const Generation> PinReader(const BenchDb& b) {
  DatabaseOptions o;
  o.read_only = true;
  auto db = DatabaseDir::Open(Env::Default(), b.path, o);
  auto g = db.ok() ? (*db)->Pin() : Result<std::shared_ptr<const Generation>>(db.status());
  if (!g.ok()) std::abort();
  return *g;
}

void SetSizeCounters(benchmark::State& state, const BenchDb& b) {
  state.counters["edges"] = static_cast<double>(b.edges);
  state.counters["csr_bytes_per_edge"] = static_cast<double>(b.csr_bytes) / static_cast<double>(b.edges);
  state.counters["total_bytes_per_edge"] = static_cast<double>(b.total_bytes) / static_cast<double>(b.edges);
  state.counters["total_bytes_per_node"] = static_cast<double>(b.total_bytes) / static_cast<double>(b.nodes);
}

// Open = read CURRENT, pin, read + verify the MANIFEST, map and validate each file's
// header/footer. Independent of the graph's size: compare the 1M and 16M rows.
void BM_StorageOpenGeneration(benchmark::State& state) {
  const BenchDb& b = Database(static_cast<uint64_t>(state.range(0)));
  for (auto _ : state) {
    DatabaseOptions o;
    o.read_only = true;
    auto db = DatabaseDir::Open(Env::Default(), b.path, o);
    auto g = (*db)->Pin();
    benchmark::DoNotOptimize(g.ok() && (*g)->NodeCount() == b.nodes);
  }
  SetSizeCounters(state, b);
}
BENCHMARK(BM_StorageOpenGeneration)->Arg(1 << 20)->Arg(16 << 20)->Unit(benchmark::kMicrosecond);

// 1M random degree calls per iteration.
void BM_StorageRandomDegree(benchmark::State& state) {
  const BenchDb& b = Database(static_cast<uint64_t>(state.range(0)));
  auto g = PinReader(b);
  for (auto _ : state) {
    uint64_t sum = 0;
    for (uint64_t i = 0; i < (1u << 20); ++i) sum += g->Degree(b.probes[i], Direction::kBoth, 0);
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * (1 << 20));
  SetSizeCounters(state, b);
}
BENCHMARK(BM_StorageRandomDegree)->Arg(16 << 20)->Unit(benchmark::kMillisecond);

// 1M random neighbour-slice calls per iteration, touching every neighbour id (out, then in).
void BM_StorageRandomNeighbors(benchmark::State& state) {
  const BenchDb& b = Database(static_cast<uint64_t>(state.range(0)));
  auto g = PinReader(b);
  const Direction dir = state.range(1) == 0 ? Direction::kOut : Direction::kIn;
  uint64_t visited = 0;
  for (auto _ : state) {
    uint64_t sum = 0;
    for (uint64_t i = 0; i < (1u << 20); ++i) {
      const AdjacencySlice s = g->Neighbors(0, 0, b.probes[i], dir);
      s.neighbors.ForEach([&](uint64_t v) { sum += v; });
      sum += s.EdgeAt(0);
      visited += s.size();
    }
    benchmark::DoNotOptimize(sum);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * (1 << 20));
  state.counters["neighbours_per_call"] =
      static_cast<double>(visited) / static_cast<double>(state.iterations() * (1 << 20));
  SetSizeCounters(state, b);
}
BENCHMARK(BM_StorageRandomNeighbors)->Args({16 << 20, 0})->Args({16 << 20, 1})->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace quiver::storage
