// Ingest micro-benchmarks: the hot loops of the bulk paths, per edge.
//   IngestG500Generate   Kronecker edges from the counter-based generator
//   IngestCsrInMemory    the in-memory CSR build (forward + reverse) of generated edges
//   IngestParseEdges     CSV relationship rows parsed into internal ids (one chunk)
//   IngestSplitRows      finding row boundaries in a CSV segment
// Wall-clock figures on a shared machine are noisy: compare runs on one machine only.
//
//   build/release/bench/quiver_micro_bench --benchmark_filter=Ingest

#include <benchmark/benchmark.h>

#include "ingest/csr_memory.h"
#include "ingest/csv_chunks.h"
#include "ingest/g500_generator.h"
#include "ingest/node_table.h"

namespace quiver::ingest {
namespace {

void IngestG500Generate(benchmark::State& state) {
  const G500Generator g({static_cast<uint32_t>(state.range(0)), 16, 1});
  const uint64_t n = 1 << 16;
  std::vector<uint32_t> src(n), dst(n);
  uint64_t at = 0;
  for (auto _ : state) {
    g.Generate(at, at + n, src.data(), dst.data());
    at = (at + n) % g.edge_count();
    benchmark::DoNotOptimize(src.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * n));
}
BENCHMARK(IngestG500Generate)->Arg(16)->Arg(20);

void IngestCsrInMemory(benchmark::State& state) {
  const G500Generator g({static_cast<uint32_t>(state.range(0)), 16, 1});
  WorkerPool pool(static_cast<uint32_t>(state.range(1)));
  RawVector<uint32_t> src(g.edge_count()), dst(g.edge_count());
  g.Generate(0, g.edge_count(), src.data(), dst.data());
  for (auto _ : state) {
    state.PauseTiming();
    EdgeBlocks blocks;
    blocks.Add(src, dst);
    state.ResumeTiming();
    CsrArrays32 csr = BuildCsrInMemory(g.vertex_count(), &blocks, false, 1ull << 30, &pool);
    benchmark::DoNotOptimize(csr.rev.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * g.edge_count()));
}
BENCHMARK(IngestCsrInMemory)->Args({16, 1})->Args({18, 1})->Args({18, 2})->Unit(benchmark::kMillisecond);

std::string EdgeCsv(uint64_t rows) {
  const G500Generator g({20, 16, 1});
  std::string text;
  std::vector<uint32_t> s(rows), d(rows);
  g.Generate(0, rows, s.data(), d.data());
  for (uint64_t i = 0; i < rows; ++i) text += std::to_string(s[i]) + "," + std::to_string(d[i]) + ",E\n";
  return text;
}

void IngestParseEdges(benchmark::State& state) {
  const std::string text = EdgeCsv(1 << 18);
  WorkerPool pool(1);
  KeyChunk keys;
  keys.sequence = true;
  keys.count = 1 << 20;
  std::vector<DuplicateKey> dups;
  const IdMap map = IdMap::Build(KeyType::kInteger, {KeySegment{0, &keys}}, &pool, &dups);
  auto header = ParseHeader({":START_ID", ":END_ID", ":TYPE"}, {1, 11, 19}, FileKind::kRelationships);
  EdgeFileSpec spec;
  spec.columns.header = &*header;
  spec.columns.keys.assign(3, kNoKey);
  spec.columns.types.assign(3, ColumnType::kInt64);
  spec.start_map = spec.end_map = &map;
  RowRange range{0, text.size(), 1, false};
  for (auto _ : state) {
    EdgeChunk c = ParseEdgeChunk(spec, text, range);
    benchmark::DoNotOptimize(c.edges);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * (1 << 18)));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(IngestParseEdges);

void IngestSplitRows(benchmark::State& state) {
  const std::string text = EdgeCsv(1 << 18);
  WorkerPool pool(1);
  for (auto _ : state) {
    SplitResult r = SplitRows(text, true, 1, CsvDialect{}, 1 << 16, &pool);
    benchmark::DoNotOptimize(r.consumed);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(IngestSplitRows);

}  // namespace
}  // namespace quiver::ingest
