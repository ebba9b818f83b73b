// Parquet export micro-benchmarks (src/export/parquet): a Graph500 scale-20 edge list
// (16,777,216 rows of two INT64 columns, src and dst) as quiver export would write it.
//   ExportParquetEncode  one row group of 1,048,576 rows encoded (pages, levels,
//                        compression), one thread: the per-thread encoding rate
//   ExportParquetFill    the same row group appended to its ColumnBuffers value by value
//   ExportParquetEncodeText  text columns, with and without dictionary encoding
//   ExportParquetFile    the whole edge list filled, encoded and written to a file in row
//                        groups of 1,048,576 rows, fsync included (one thread)
// Arguments: codec (0 uncompressed, 1 snappy, 2 zstd at its default level 1, 3 gzip) and
// whether the columns are REQUIRED (1) or OPTIONAL (0: definition levels written).
// Wall-clock figures on a shared machine are noisy: compare runs on one machine only.
//
//   build/release/bench/quiver_micro_bench --benchmark_filter=ExportParquet

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>

#include "export/parquet/file_writer.h"
#include "ingest/g500_generator.h"

namespace quiver::exporter::parquet {
namespace {

constexpr uint64_t kGroupRows = uint64_t{1} << 20;

Codec CodecArg(int64_t a) {
  const Codec codecs[] = {Codec::kUncompressed, Codec::kSnappy, Codec::kZstd, Codec::kGzip};
  return codecs[a];
}

std::vector<ColumnSpec> EdgeColumns(bool required) {
  return {{.name = "src", .type = ColumnType::kInt64, .required = required},
          {.name = "dst", .type = ColumnType::kInt64, .required = required}};
}

struct Edges {
  std::vector<uint32_t> src, dst;
};

Edges Generate(uint64_t rows) {
  const ingest::G500Generator g({20, 16, 1});
  Edges e{std::vector<uint32_t>(rows), std::vector<uint32_t>(rows)};
  g.Generate(0, rows, e.src.data(), e.dst.data());
  return e;
}

void Fill(const Edges& e, uint64_t begin, uint64_t end, std::vector<ColumnBuffer>* buffers) {
  (*buffers)[0].Clear();
  (*buffers)[1].Clear();
  for (uint64_t i = begin; i < end; ++i) {
    (*buffers)[0].AppendInt(e.src[i]);
    (*buffers)[1].AppendInt(e.dst[i]);
  }
}

void ExportParquetEncode(benchmark::State& state) {
  const auto columns = EdgeColumns(state.range(1) != 0);
  const WriterOptions options{.codec = CodecArg(state.range(0))};
  const Edges e = Generate(kGroupRows);
  std::vector<ColumnBuffer> buffers{ColumnBuffer(columns[0]), ColumnBuffer(columns[1])};
  Fill(e, 0, kGroupRows, &buffers);
  uint64_t out = 0;
  for (auto _ : state) {
    auto group = EncodeRowGroup(columns, buffers, options);
    if (!group.ok()) state.SkipWithError(group.status().ToString().c_str());
    out += group->bytes();
    benchmark::DoNotOptimize(group);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kGroupRows));
  state.SetBytesProcessed(static_cast<int64_t>(out));  // bytes of Parquet out
}
BENCHMARK(ExportParquetEncode)
    ->ArgsProduct({{0, 1, 2, 3}, {1}})
    ->Args({0, 0})
    ->Args({2, 0})
    ->Unit(benchmark::kMillisecond);

void ExportParquetFill(benchmark::State& state) {
  const auto columns = EdgeColumns(state.range(0) != 0);
  const Edges e = Generate(kGroupRows);
  std::vector<ColumnBuffer> buffers{ColumnBuffer(columns[0]), ColumnBuffer(columns[1])};
  for (auto _ : state) {
    Fill(e, 0, kGroupRows, &buffers);
    benchmark::DoNotOptimize(buffers[1].fixed().data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kGroupRows));
}
BENCHMARK(ExportParquetFill)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

void ExportParquetFile(benchmark::State& state) {
  const auto columns = EdgeColumns(state.range(1) != 0);
  const WriterOptions options{.codec = CodecArg(state.range(0))};
  const uint64_t rows = uint64_t{16} << 20;
  const Edges e = Generate(rows);
  const char* dir = std::getenv("QUIVER_BENCH_TMPDIR");
  const std::string path = std::string(dir ? dir : "/tmp") + "/quiver-export-bench-" + std::to_string(getpid()) + ".parquet";
  std::vector<ColumnBuffer> buffers{ColumnBuffer(columns[0]), ColumnBuffer(columns[1])};
  uint64_t out = 0;
  for (auto _ : state) {
    auto writer = FileWriter::Create(Env::Default(), path, columns, options);
    if (!writer.ok()) state.SkipWithError(writer.status().ToString().c_str());
    for (uint64_t begin = 0; begin < rows; begin += kGroupRows) {
      Fill(e, begin, std::min(rows, begin + kGroupRows), &buffers);
      Status s = (*writer)->Append(buffers);
      if (!s.ok()) state.SkipWithError(s.ToString().c_str());
    }
    Status s = (*writer)->Finish();
    if (!s.ok()) state.SkipWithError(s.ToString().c_str());
    out += (*writer)->bytes_written();
  }
  std::filesystem::remove(path);
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * rows));
  state.SetBytesProcessed(static_cast<int64_t>(out));
  state.counters["file_MB"] = static_cast<double>(out) / state.iterations() / 1e6;
}
BENCHMARK(ExportParquetFile)->ArgsProduct({{0, 1, 2, 3}, {1}})->Unit(benchmark::kMillisecond)->Iterations(1);

// A text column as a relationship file's :TYPE or a node file's :LABEL is (4 distinct
// values) and as names are (all distinct), 1,048,576 rows; arguments: dictionary encoding
// on (1) or off (0), and the codec as above. Names stay PLAIN either way (the dictionary
// gives up). Counters: each column's encoded KB.
void ExportParquetEncodeText(benchmark::State& state) {
  const std::vector<ColumnSpec> columns{{.name = "type", .type = ColumnType::kString, .required = true},
                                        {.name = "name", .type = ColumnType::kString}};
  WriterOptions options{.codec = CodecArg(state.range(1))};
  if (state.range(0) == 0) options.dictionary_bytes = 0;
  std::vector<ColumnBuffer> buffers{ColumnBuffer(columns[0]), ColumnBuffer(columns[1])};
  const char* types[] = {"KNOWS", "LIKES", "WORKS_AT", "LIVES_IN"};
  for (uint64_t i = 0; i < kGroupRows; ++i) {
    buffers[0].AppendString(types[(i * 2654435761u) % 4]);
    buffers[1].AppendString("person " + std::to_string(i));
  }
  uint64_t out = 0, type_bytes = 0, name_bytes = 0;
  for (auto _ : state) {
    auto group = EncodeRowGroup(columns, buffers, options);
    if (!group.ok()) state.SkipWithError(group.status().ToString().c_str());
    out += group->bytes();
    type_bytes = group->chunks[0].bytes.size();
    name_bytes = group->chunks[1].bytes.size();
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kGroupRows));
  state.SetBytesProcessed(static_cast<int64_t>(out));
  state.counters["type_KB"] = static_cast<double>(type_bytes) / 1e3;
  state.counters["name_KB"] = static_cast<double>(name_bytes) / 1e3;
}
BENCHMARK(ExportParquetEncodeText)->ArgsProduct({{1, 0}, {0, 1, 2}})->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace quiver::exporter::parquet
