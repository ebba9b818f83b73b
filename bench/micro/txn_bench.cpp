// Transactional store benchmarks (issue "Transactional writes", targets):
//  * small durable transactions (1 node + 1 relationship) per second, 1 and 8 writers:
//    group commit should make 8 writers far better than 8x slower;
//  * the same transactions in async mode;
//  * compaction throughput in edges per second;
//  * peak delta + log buffer against the budget during an async burst.
// Databases live under $QUIVER_BENCH_TMPDIR (default /tmp) and are removed afterwards.
//
//   build/release/bench/quiver_micro_bench --benchmark_filter=Txn

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <thread>

#include "storage/graph_builder.h"
#include "storage/txn/transactional_store.h"

namespace quiver::storage {
namespace {

std::string FreshPath(const std::string& name) {
  const char* base = std::getenv("QUIVER_BENCH_TMPDIR");
  const std::string path = std::string(base != nullptr ? base : "/tmp") + "/quiver-txn-bench-" +
                           std::to_string(::getpid()) + "/" + name;
  std::filesystem::remove_all(path);
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  return path;
}

struct Cleanup {
  std::string path;
  ~Cleanup() { std::filesystem::remove_all(path); }
};

std::unique_ptr<TransactionalStore> Open(const std::string& path, StoreOptions o) {
  auto s = TransactionalStore::Open(Env::Default(), path, o);
  if (!s.ok()) {
    std::fprintf(stderr, "%s\n", s.status().ToString().c_str());
    std::abort();
  }
  return std::move(s).value();
}

// One small transaction: a node, and a relationship to the writer's previous node.
bool SmallTransaction(TransactionalStore& store, NodeId* previous) {
  auto w = store.BeginWrite();
  if (!w.ok()) return false;
  const NodeId n =
      (*w)->CreateNode(std::vector<LabelId>{(*w)->InternLabel("V")},
                       std::vector<PropertyEntry>{{(*w)->InternPropertyKey("x"), Value::Int(1)}});
  (*w)->CreateRelationship((*w)->InternRelType("E"), *previous, n, {});
  *previous = n;
  return (*w)->Commit().ok();
}

void RunWriters(benchmark::State& state, Durability durability) {
  const int writers = static_cast<int>(state.range(0));
  const int per_writer = static_cast<int>(state.range(1));
  const std::string path = FreshPath("small-" + std::to_string(writers));
  Cleanup cleanup{path};
  StoreOptions o;
  o.durability = durability;
  auto store = Open(path, o);
  std::vector<NodeId> seeds;
  {
    auto w = store->BeginWrite();
    for (int i = 0; i < writers; ++i) seeds.push_back((*w)->CreateNode({}, {}));
    if (!(*w)->Commit().ok()) std::abort();
  }
  const uint64_t syncs_before = store->Stats().log_syncs;
  std::atomic<int> failures{0};
  for (auto _ : state) {
    std::vector<std::thread> threads;
    for (int t = 0; t < writers; ++t) {
      threads.emplace_back([&, t] {
        NodeId previous = seeds[t];
        for (int i = 0; i < per_writer; ++i) failures += SmallTransaction(*store, &previous) ? 0 : 1;
      });
    }
    for (auto& t : threads) t.join();
    if (!store->Flush().ok()) std::abort();  // async: the rate includes writing it all down
  }
  if (failures.load() != 0) state.SkipWithError("a commit failed");
  const double txns = static_cast<double>(writers) * per_writer * static_cast<double>(state.iterations());
  state.counters["txn/s"] = benchmark::Counter(txns, benchmark::Counter::kIsRate);
  state.counters["commits/fsync"] =
      txns / static_cast<double>(std::max<uint64_t>(1, store->Stats().log_syncs - syncs_before));
}

void BM_TxnDurableSmall(benchmark::State& state) {
  RunWriters(state, Durability::kDurable);
}
void BM_TxnAsyncSmall(benchmark::State& state) {
  RunWriters(state, Durability::kAsync);
}
BENCHMARK(BM_TxnDurableSmall)
    ->Args({1, 2000})
    ->Args({8, 500})
    ->Iterations(1)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_TxnAsyncSmall)
    ->Args({1, 50000})
    ->Args({8, 10000})
    ->Iterations(1)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// Compaction of a base of `edges` random edges over edges/16 nodes plus a delta of 1% new
// relationships and property updates: edges written per second.
void BM_TxnCompaction(benchmark::State& state) {
  const uint64_t edges = static_cast<uint64_t>(state.range(0));
  const uint64_t nodes = edges / 16;
  const std::string path = FreshPath("compact-" + std::to_string(edges));
  Cleanup cleanup{path};
  {
    DatabaseOptions o;
    o.create_if_missing = true;
    auto db = DatabaseDir::Open(Env::Default(), path, o);
    GraphBuilder b;
    for (uint64_t i = 0; i < nodes; ++i) b.AddNode({"V"}, {{"id", static_cast<int64_t>(i)}});
    std::mt19937_64 rng(5);
    for (uint64_t i = 0; i < edges; ++i) {
      if (!b.AddEdge(rng() % nodes, rng() % nodes, i % 4 == 0 ? "A" : "B").ok()) std::abort();
    }
    auto w = (*db)->BeginGeneration(b.node_count());
    if (!w.ok() || !b.Write(w->get()).ok() || !(*db)->Publish(w->get(), 0).ok()) std::abort();
  }
  StoreOptions o;
  o.durability = Durability::kAsync;
  o.auto_compact = false;
  o.memory_budget = uint64_t{1} << 30;
  auto store = Open(path, o);
  std::mt19937_64 rng(6);
  double seconds = 0;
  for (auto _ : state) {
    state.PauseTiming();
    for (uint64_t done = 0; done < edges / 100;) {
      auto w = store->BeginWrite();
      const RelTypeId t = (*w)->InternRelType("A");
      const PropertyKeyId k = (*w)->InternPropertyKey("w");
      for (int i = 0; i < 100; ++i, ++done) {
        const RelId r = (*w)->CreateRelationship(t, rng() % nodes, rng() % nodes, {});
        (*w)->SetRelationshipProperty(r, k, Value::Float(0.5));
      }
      if (!(*w)->Commit().ok()) std::abort();
    }
    state.ResumeTiming();
    const auto start = std::chrono::steady_clock::now();
    if (!store->Compact().ok()) std::abort();
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  const double written =
      static_cast<double>(store->Stats().compacted_edges) * static_cast<double>(state.iterations());
  state.counters["edges/s"] = written / seconds;
  state.counters["edges"] = static_cast<double>(store->Stats().compacted_edges);
}
BENCHMARK(BM_TxnCompaction)
    ->Arg(1 << 20)
    ->Arg(1 << 22)
    ->Iterations(1)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// Peak delta + log buffer, sampled while one async session writes 16x the budget.
void BM_TxnAsyncBurstPeakMemory(benchmark::State& state) {
  const uint64_t budget = static_cast<uint64_t>(state.range(0));
  const std::string path = FreshPath("burst");
  Cleanup cleanup{path};
  StoreOptions o;
  o.durability = Durability::kAsync;
  o.memory_budget = budget;
  auto store = Open(path, o);
  uint64_t peak = 0, written = 0;
  for (auto _ : state) {
    std::atomic<bool> stop{false};
    std::thread sampler([&] {
      while (!stop.load()) {
        const StoreStats s = store->Stats();
        peak = std::max(peak, s.delta_bytes + s.log_buffer_bytes);
        std::this_thread::sleep_for(std::chrono::microseconds(100));
      }
    });
    const std::string value(4096, 'v');
    for (written = 0; written < 16 * budget; written += value.size()) {
      auto w = store->BeginWrite();
      (*w)->CreateNode({}, std::vector<PropertyEntry>{{(*w)->InternPropertyKey("v"), Value::String(value)}});
      if (!(*w)->Commit().ok()) std::abort();
    }
    stop = true;
    sampler.join();
  }
  state.counters["budget_MiB"] = static_cast<double>(budget) / 1048576.0;
  state.counters["written_MiB"] = static_cast<double>(written) / 1048576.0;
  state.counters["peak_MiB"] = static_cast<double>(peak) / 1048576.0;
  state.counters["peak/budget"] = static_cast<double>(peak) / static_cast<double>(budget);
  state.counters["compactions"] = static_cast<double>(store->Stats().compactions);
  state.counters["overruns"] = static_cast<double>(store->Stats().memory_overruns);
}
BENCHMARK(BM_TxnAsyncBurstPeakMemory)
    ->Arg(8 << 20)
    ->Iterations(1)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace quiver::storage
