// The Parquet writer (src/export/parquet/) read back by our own reader
// (src/ingest/parquet/): every case of parquet_cases.h — each type flat and as a list,
// nulls, empty lists, extremes, several row groups and pages, each codec, zero rows —
// value by value, the schema's annotations, row groups encoded on several threads, the
// level encoder against the reader's decoder, and the named errors. DuckDB reads the same
// cases in ctest parquet_writer_duckdb (tests/parquet/read_quiver_parquet.mjs).

#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <thread>

#include "export/parquet/file_writer.h"
#include "ingest/parquet/cells.h"
#include "ingest/parquet/encodings.h"
#include "ingest/parquet/parquet_file.h"
#include "quiver/quiver.h"
#include "test_util/file_bytes.h"
#include "test_util/temp_dir.h"
#include "unit/export/parquet_cases.h"

namespace quiver::exporter::parquet {
namespace {

using quiver::testing::TempDir;
using storage::PropertyValue;
using testing::Case;
using testing::Cell;
using testing::Scalar;
namespace pq = ingest::parquet;

std::unique_ptr<pq::ParquetFile> OpenOrFail(const std::string& path) {
  auto f = pq::ParquetFile::Open(Env::Default(), path);
  EXPECT_TRUE(f.ok()) << f.status().ToString();
  return f.ok() ? std::move(f).value() : nullptr;
}

// Whether the reader's value is the scalar written (doubles bit for bit, NaN any NaN).
bool Same(ColumnType type, const Scalar& want, const PropertyValue& got) {
  switch (type) {
    case ColumnType::kInt64: return got.is_int() && got.as_int() == std::get<int64_t>(want);
    case ColumnType::kDouble: {
      if (!got.is_double()) return false;
      double w = std::get<double>(want), g = got.as_double();
      return std::isnan(w) ? std::isnan(g) : std::bit_cast<uint64_t>(w) == std::bit_cast<uint64_t>(g);
    }
    case ColumnType::kBoolean: return got.is_bool() && got.as_bool() == std::get<bool>(want);
    case ColumnType::kString: return got.is_string() && got.as_string() == std::get<std::string>(want);
    case ColumnType::kDate: return got.is_date() && got.as_date().days == std::get<int64_t>(want);
    case ColumnType::kLocalTimeNanos: return got.is_local_time() && got.as_local_time().nanos == std::get<int64_t>(want);
    case ColumnType::kLocalDateTimeNanos: {
      if (!got.is_local_date_time()) return false;
      // seconds floor and nanos in [0, 1e9): the nanosecond count, exactly (no overflow in
      // range: the samples stay within ±9.2e18).
      auto v = got.as_local_date_time();
      return static_cast<__int128>(v.seconds) * 1'000'000'000 + v.nanos == std::get<int64_t>(want);
    }
  }
  return false;
}

// Reads the whole file with our reader and compares every cell; returns the mismatches
// (at most a few, described).
void ExpectFileHolds(const std::string& path, const Case& c) {
  auto file = OpenOrFail(path);
  ASSERT_NE(file, nullptr);
  ASSERT_EQ(file->rows(), c.rows.size());
  ASSERT_EQ(file->columns().size(), c.columns.size());
  EXPECT_EQ(file->metadata().created_by, std::string("quiver ") + QUIVER_VERSION);
  uint64_t groups = c.rows.empty() ? 0 : (c.rows.size() + c.row_group_rows - 1) / c.row_group_rows;
  EXPECT_EQ(file->row_group_count(), groups);
  std::vector<int> all;
  for (size_t i = 0; i < c.columns.size(); ++i) {
    EXPECT_EQ(file->columns()[i].name, c.columns[i].name);
    EXPECT_EQ(file->columns()[i].is_list, c.columns[i].list);
    EXPECT_TRUE(file->columns()[i].unsupported.empty()) << file->columns()[i].unsupported;
    all.push_back(static_cast<int>(i));
  }
  // Text chunks are dictionary-encoded exactly where the case says (where it says).
  const bool says = !c.dictionary_columns.empty() || c.options.dictionary_bytes == 0;
  for (size_t g = 0; says && g < file->row_group_count(); ++g) {
    for (size_t i = 0; i < c.columns.size(); ++i) {
      const auto& meta = *file->metadata().row_groups[g].columns[file->columns()[i].leaf].meta;
      bool want = std::find(c.dictionary_columns.begin(), c.dictionary_columns.end(), c.columns[i].name) !=
                  c.dictionary_columns.end();
      if (c.columns[i].type == ColumnType::kString) {
        EXPECT_EQ(meta.dictionary_page_offset.has_value(), want) << c.columns[i].name << ", row group " << g;
      }
    }
  }
  pq::Decompressor decompressor;
  uint64_t row = 0;
  int failures = 0;
  for (size_t g = 0; g < file->row_group_count(); ++g) {
    auto data = file->ReadRowGroup(g, all, &decompressor);
    ASSERT_TRUE(data.ok()) << data.status().ToString();
    for (uint64_t r = 0; r < file->row_group_rows(g); ++r, ++row) {
      for (size_t i = 0; i < c.columns.size(); ++i) {
        PropertyValue v;
        Status s = pq::CellValue(file->columns()[i], (*data)[i], r, &v);
        ASSERT_TRUE(s.ok()) << s.ToString();
        const Cell& want = c.rows[row][i];
        bool same = want.null ? v.is_null() : !want.is_list ? Same(c.columns[i].type, want.value, v)
                                                            : v.is_list() && v.as_list().size() == want.elements.size();
        for (size_t k = 0; same && want.is_list && k < want.elements.size(); ++k) {
          same = Same(c.columns[i].type, want.elements[k], v.as_list()[k]);
        }
        if (!same && ++failures <= 5) {
          ADD_FAILURE() << c.name << ": row " << row << ", column " << c.columns[i].name << ": read " << v.ToString();
        }
      }
    }
  }
  EXPECT_EQ(row, c.rows.size());
}

TEST(ParquetWriter, EveryCaseReadsBackValueByValue) {
  TempDir dir;
  for (const Case& c : testing::WriterCases()) {
    SCOPED_TRACE(c.name);
    const std::string path = dir.Join(c.name + ".parquet");
    Status s = testing::WriteCase(c, path);
    ASSERT_TRUE(s.ok()) << s.ToString();
    ExpectFileHolds(path, c);
  }
}

TEST(ParquetWriter, SchemaCarriesLogicalAndConvertedTypes) {
  TempDir dir;
  Case c{.name = "schema", .columns = testing::AllColumns(), .row_group_rows = 10};
  ASSERT_TRUE(testing::WriteCase(c, dir.Join("s.parquet")).ok());
  auto file = OpenOrFail(dir.Join("s.parquet"));
  ASSERT_NE(file, nullptr);
  auto leaf = [&](const std::string& name) {
    const auto& schema = file->metadata().schema;
    for (size_t i = 0; i < schema.size(); ++i) {
      if (schema[i].name == name) return schema[i].num_children > 0 ? schema[i + 2] : schema[i];
    }
    ADD_FAILURE() << "no column " << name;
    return pq::SchemaElement{};
  };
  EXPECT_EQ(leaf("i64").converted, pq::ConvertedType::kInt64);
  EXPECT_EQ(leaf("i64").logical.kind, pq::LogicalType::Kind::kInteger);
  EXPECT_EQ(leaf("i64").logical.bit_width, 64);
  EXPECT_EQ(leaf("s").converted, pq::ConvertedType::kUtf8);
  EXPECT_EQ(leaf("s").logical.kind, pq::LogicalType::Kind::kString);
  EXPECT_EQ(leaf("dt").converted, pq::ConvertedType::kDate);
  for (const char* name : {"t", "ts"}) {
    EXPECT_EQ(leaf(name).converted, pq::ConvertedType::kNone) << name;  // no legacy type means local nanos
    EXPECT_EQ(leaf(name).logical.unit, pq::TimeUnit::kNanos) << name;
    EXPECT_FALSE(leaf(name).logical.utc) << name;
  }
  EXPECT_EQ(leaf("list_s").name, "element");
  EXPECT_EQ(*leaf("list_s").repetition, pq::Repetition::kRequired);
  const auto& schema = file->metadata().schema;
  auto group = std::find_if(schema.begin(), schema.end(), [](const auto& e) { return e.name == "list_s"; });
  ASSERT_NE(group, schema.end());
  EXPECT_EQ(group->converted, pq::ConvertedType::kList);
  EXPECT_EQ(group->logical.kind, pq::LogicalType::Kind::kList);
  EXPECT_EQ(*group->repetition, pq::Repetition::kOptional);
  EXPECT_EQ(*leaf("id").repetition, pq::Repetition::kRequired);
}

// A chunk is cut into pages of about page_bytes, each starting a row: walking the page
// headers of a list column's chunk finds several, their levels adding up.
TEST(ParquetWriter, LargeChunksAreSeveralPages) {
  TempDir dir;
  ColumnSpec spec{.name = "l", .type = ColumnType::kString, .list = true};
  ColumnBuffer b(spec);
  uint64_t levels = 0;
  for (int r = 0; r < 20000; ++r) {
    b.BeginList();
    for (int k = 0; k < r % 4; ++k) b.AppendString("value " + std::to_string(r));
    b.EndList();
    levels += r % 4 == 0 ? 1 : r % 4;
  }
  WriterOptions options{.codec = Codec::kSnappy, .page_bytes = 16 << 10};
  auto writer = FileWriter::Create(Env::Default(), dir.Join("p.parquet"), {spec}, options);
  ASSERT_TRUE(writer.ok()) << writer.status().ToString();
  ASSERT_TRUE((*writer)->Append(std::span(&b, 1)).ok());
  ASSERT_TRUE((*writer)->Finish().ok());

  auto file = OpenOrFail(dir.Join("p.parquet"));
  ASSERT_NE(file, nullptr);
  const auto& meta = *file->metadata().row_groups[0].columns[0].meta;
  EXPECT_EQ(meta.num_values, static_cast<int64_t>(levels));
  const std::string bytes = quiver::testing::ReadFileBytes(dir.Join("p.parquet"));
  // Half the values distinct: dictionary-encoded, the dictionary page first.
  ASSERT_TRUE(meta.dictionary_page_offset.has_value());
  const auto dictionary_at = static_cast<size_t>(*meta.dictionary_page_offset);
  size_t at = dictionary_at, end = at + meta.total_compressed_size;
  int pages = 0;
  int64_t seen = 0;
  while (at < end) {
    size_t header = 0;
    auto h = pq::ParsePageHeader(reinterpret_cast<const uint8_t*>(bytes.data()) + at, end - at, &header);
    ASSERT_TRUE(h.ok()) << h.status().ToString();
    EXPECT_EQ(h->type, at == dictionary_at ? pq::PageType::kDictionaryPage : pq::PageType::kDataPage);
    EXPECT_EQ(at == dictionary_at, at < static_cast<size_t>(meta.data_page_offset));
    EXPECT_TRUE(h->crc.has_value());
    if (h->type == pq::PageType::kDataPage) {
      EXPECT_EQ(h->encoding, pq::Encoding::kRleDictionary);
      seen += h->num_values;
      ++pages;
    }
    at += header + h->compressed_size;
  }
  EXPECT_EQ(at, end);
  EXPECT_EQ(seen, static_cast<int64_t>(levels));
  EXPECT_GT(pages, 10);
  // And the reader puts the rows back together across the page boundaries.
  pq::Decompressor d;
  auto data = file->ReadRowGroup(0, {0}, &d);
  ASSERT_TRUE(data.ok()) << data.status().ToString();
  for (uint64_t r = 0; r < 20000; r += 997) {
    PropertyValue v;
    ASSERT_TRUE(pq::CellValue(file->columns()[0], (*data)[0], r, &v).ok());
    ASSERT_TRUE(v.is_list());
    ASSERT_EQ(v.as_list().size(), r % 4);
    if (r % 4 > 0) {
      EXPECT_EQ(v.as_list()[0].as_string(), "value " + std::to_string(r));
    }
  }
}

// EncodeRowGroup is pure: row groups encoded on several threads, appended in order, make
// the same file as encoding them one after another.
TEST(ParquetWriter, RowGroupsEncodedOnSeveralThreads) {
  TempDir dir;
  std::vector<ColumnSpec> columns{{.name = "a", .type = ColumnType::kInt64},
                                  {.name = "b", .type = ColumnType::kString, .list = true}};
  WriterOptions options;  // zstd
  constexpr int kGroups = 4, kRows = 3000;
  std::vector<Result<EncodedRowGroup>> encoded(kGroups, Status::Aborted("not run"));
  std::vector<std::thread> threads;
  for (int g = 0; g < kGroups; ++g) {
    threads.emplace_back([&, g] {
      std::vector<ColumnBuffer> buffers{ColumnBuffer(columns[0]), ColumnBuffer(columns[1])};
      for (int r = 0; r < kRows; ++r) {
        int64_t id = int64_t{g} * kRows + r;
        buffers[0].AppendInt(id * 3);
        buffers[1].BeginList();
        if (id % 2) buffers[1].AppendString(std::to_string(id));
        buffers[1].EndList();
      }
      encoded[g] = EncodeRowGroup(columns, buffers, options);
    });
  }
  for (auto& t : threads) t.join();
  auto writer = FileWriter::Create(Env::Default(), dir.Join("t.parquet"), columns, options);
  ASSERT_TRUE(writer.ok());
  for (auto& e : encoded) {
    ASSERT_TRUE(e.ok()) << e.status().ToString();
    ASSERT_TRUE((*writer)->Append(std::move(e).value()).ok());
  }
  ASSERT_TRUE((*writer)->Finish().ok());
  EXPECT_EQ((*writer)->rows(), uint64_t{kGroups * kRows});

  auto file = OpenOrFail(dir.Join("t.parquet"));
  ASSERT_NE(file, nullptr);
  ASSERT_EQ(file->row_group_count(), size_t{kGroups});
  pq::Decompressor d;
  for (int g = 0; g < kGroups; ++g) {
    auto data = file->ReadRowGroup(g, {0, 1}, &d);
    ASSERT_TRUE(data.ok()) << data.status().ToString();
    for (int r = 0; r < kRows; ++r) {
      int64_t id = int64_t{g} * kRows + r;
      PropertyValue a, b;
      ASSERT_TRUE(pq::CellValue(file->columns()[0], (*data)[0], r, &a).ok());
      ASSERT_TRUE(pq::CellValue(file->columns()[1], (*data)[1], r, &b).ok());
      ASSERT_EQ(a.as_int(), id * 3);
      ASSERT_EQ(b.as_list().size(), size_t(id % 2));
    }
  }
}

// Buffers are reused across row groups after Clear, and say how much memory they hold.
TEST(ParquetWriter, BuffersAreReusedAfterClear) {
  TempDir dir;
  ColumnSpec spec{.name = "s", .type = ColumnType::kString};
  ColumnBuffer b(spec);
  auto writer = FileWriter::Create(Env::Default(), dir.Join("c.parquet"), {spec}, WriterOptions{});
  ASSERT_TRUE(writer.ok());
  for (int g = 0; g < 3; ++g) {
    for (int r = 0; r < 1000; ++r) b.AppendString(std::to_string(g * 10000 + r));
    EXPECT_EQ(b.rows(), 1000u);
    EXPECT_GT(b.MemoryBytes(), 1000u * 4);
    ASSERT_TRUE((*writer)->Append(std::span(&b, 1)).ok());
    b.Clear();
    EXPECT_EQ(b.rows(), 0u);
  }
  ASSERT_TRUE((*writer)->Finish().ok());
  auto file = OpenOrFail(dir.Join("c.parquet"));
  ASSERT_NE(file, nullptr);
  pq::Decompressor d;
  auto data = file->ReadRowGroup(2, {0}, &d);
  ASSERT_TRUE(data.ok());
  EXPECT_EQ((*data)[0].values.bytes_at(999), "20999");
}

// The level encoder against the reader's decoder, on runs and noise of every width.
TEST(ParquetWriter, RleHybridRoundTripsThroughTheReader) {
  std::mt19937 rng(7);
  for (int width = 1; width <= 8; ++width) {
    for (int trial = 0; trial < 50; ++trial) {
      std::vector<uint8_t> levels;
      size_t n = rng() % 3000;
      while (levels.size() < n) {
        uint8_t v = static_cast<uint8_t>(rng() % (1u << width));
        size_t run = rng() % 3 == 0 ? rng() % 40 : 1;
        levels.insert(levels.end(), std::min(run, n - levels.size()), v);
      }
      std::string encoded;
      AppendRleHybrid(levels.data(), levels.size(), width, &encoded);
      std::vector<uint32_t> decoded;
      pq::RleDecoder decoder(reinterpret_cast<const uint8_t*>(encoded.data()), encoded.size(), width);
      ASSERT_TRUE(decoder.Decode(levels.size(), &decoded).ok()) << "width " << width;
      ASSERT_EQ(decoded, std::vector<uint32_t>(levels.begin(), levels.end())) << "width " << width;
    }
  }
}

void ExpectError(const Status& s, StatusCode code, const std::string& fragment) {
  EXPECT_EQ(s.code(), code) << s.ToString();
  EXPECT_NE(s.message().find(fragment), std::string::npos) << s.ToString();
}

TEST(ParquetWriter, ErrorsAreNamed) {
  TempDir dir;
  std::vector<ColumnSpec> one{{.name = "a", .type = ColumnType::kInt64}};
  const std::string unwritable = dir.Join("no/such/dir/x.parquet");
  auto missing = FileWriter::Create(Env::Default(), unwritable, one, WriterOptions{});
  ASSERT_FALSE(missing.ok());
  ExpectError(missing.status(), StatusCode::kNotFound, "parquet: " + unwritable + ": open");

  ExpectError(FileWriter::Create(Env::Default(), dir.Join("x"), {}, WriterOptions{}).status(),
              StatusCode::kInvalidArgument, "needs at least one column");
  ExpectError(FileWriter::Create(Env::Default(), dir.Join("x"), {one[0], one[0]}, WriterOptions{}).status(),
              StatusCode::kInvalidArgument, "column name 'a' appears twice");
  ExpectError(FileWriter::Create(Env::Default(), dir.Join("x"), one, {.codec = Codec::kZstd, .compression_level = 99})
                  .status(),
              StatusCode::kInvalidArgument, "ZSTD compression level 99 is out of range");
  ExpectError(FileWriter::Create(Env::Default(), dir.Join("x"), one, {.codec = Codec::kSnappy, .compression_level = 3})
                  .status(),
              StatusCode::kInvalidArgument, "SNAPPY has no compression levels");

  std::vector<ColumnSpec> two{{.name = "a", .type = ColumnType::kInt64}, {.name = "b", .type = ColumnType::kString}};
  std::vector<ColumnBuffer> uneven{ColumnBuffer(two[0]), ColumnBuffer(two[1])};
  uneven[0].AppendInt(1);
  uneven[0].AppendInt(2);
  uneven[1].AppendString("x");
  ExpectError(EncodeRowGroup(two, uneven, WriterOptions{}).status(), StatusCode::kInvalidArgument,
              "column 'b' has 1 rows, column 'a' 2");
  std::vector<ColumnBuffer> swapped{ColumnBuffer(two[1]), ColumnBuffer(two[0])};
  ExpectError(EncodeRowGroup(two, swapped, WriterOptions{}).status(), StatusCode::kInvalidArgument,
              "the buffer of column 'a' was made for another type or shape");

  auto writer = FileWriter::Create(Env::Default(), dir.Join("w.parquet"), one, WriterOptions{});
  ASSERT_TRUE(writer.ok());
  auto other = EncodeRowGroup(two, std::vector<ColumnBuffer>{ColumnBuffer(two[0]), ColumnBuffer(two[1])}, {});
  ASSERT_TRUE(other.ok());
  ExpectError((*writer)->Append(std::move(other).value()), StatusCode::kInvalidArgument,
              "row group of 2 columns in a file of 1");
  ASSERT_TRUE((*writer)->Finish().ok());
  ExpectError((*writer)->Append(std::span<const ColumnBuffer>()), StatusCode::kInvalidArgument,
              "row group appended after Finish");
}

// A file whose writer never finished has no footer: readers refuse it rather than read a
// part of it.
TEST(ParquetWriter, UnfinishedFileIsNotParquet) {
  TempDir dir;
  ColumnSpec spec{.name = "a", .type = ColumnType::kInt64};
  {
    auto writer = FileWriter::Create(Env::Default(), dir.Join("u.parquet"), {spec}, WriterOptions{});
    ASSERT_TRUE(writer.ok());
    ColumnBuffer b(spec);
    for (int i = 0; i < 100; ++i) b.AppendInt(i);
    ASSERT_TRUE((*writer)->Append(std::span(&b, 1)).ok());
  }
  auto file = pq::ParquetFile::Open(Env::Default(), dir.Join("u.parquet"));
  ASSERT_FALSE(file.ok());
  EXPECT_TRUE(file.status().IsCorruption()) << file.status().ToString();
}

}  // namespace
}  // namespace quiver::exporter::parquet
