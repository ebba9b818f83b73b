// The Parquet reader (src/ingest/parquet/) over files DuckDB writes in the test setup:
// every codec, data page v1 and v2, each encoding DuckDB emits, every type, nulls,
// lists, several row groups, an empty file — each value compared with what DuckDB says
// it wrote — and damaged files, each a named error. The encodings DuckDB does not write
// (DELTA_BYTE_ARRAY, BIT_PACKED levels) are checked on the specification's own bytes.

#include <gtest/gtest.h>
#include <zlib.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/file/env.h"
#include "ingest/parquet/cells.h"
#include "ingest/parquet/delta.h"
#include "ingest/parquet/encodings.h"
#include "ingest/parquet/parquet_file.h"
#include "test_util/file_bytes.h"
#include "test_util/temp_dir.h"
#include "unit/ingest/parquet_fixtures.h"

namespace quiver::ingest::parquet {
namespace {

using storage::PropertyValue;

nlohmann::json LoadExpected(const std::string& dir) {
  std::ifstream in(dir + "/expected.json");
  return nlohmann::json::parse(in);
}

std::unique_ptr<ParquetFile> OpenOrFail(const std::string& path) {
  auto f = ParquetFile::Open(Env::Default(), path);
  EXPECT_TRUE(f.ok()) << f.status().ToString();
  return f.ok() ? std::move(f).value() : nullptr;
}

// What a value is in expected.json's canonical form (see write_fixtures.mjs).
std::string Canonical(const std::string& column, const PropertyValue& v) {
  if (v.is_null()) return "null";
  if (v.is_int()) return std::to_string(v.as_int());
  if (v.is_bool()) return v.as_bool() ? "true" : "false";
  if (v.is_string()) return v.as_string();
  if (v.is_date()) return std::to_string(v.as_date().days);
  if (v.is_local_time()) return std::to_string(v.as_local_time().nanos / 1000);
  if (v.is_local_date_time() || v.is_date_time()) {
    int64_t s = v.is_date_time() ? v.as_date_time().seconds : v.as_local_date_time().seconds;
    int64_t n = v.is_date_time() ? v.as_date_time().nanos : v.as_local_date_time().nanos;
    if (column == "ts_ms") return std::to_string(s * 1000 + n / 1'000'000);
    if (column == "ts_ns") return std::to_string(s * 1'000'000'000 + n);
    return std::to_string(s * 1'000'000 + n / 1000);
  }
  if (v.is_list()) {
    std::string out = "[";
    for (const auto& e : v.as_list()) out += (out.size() > 1 ? "," : "") + Canonical(column, e);
    return out + "]";
  }
  return v.ToString();
}

std::string CanonicalExpected(const nlohmann::json& j) {
  if (j.is_null()) return "null";
  if (j.is_boolean()) return j.get<bool>() ? "true" : "false";
  if (j.is_string()) return j.get<std::string>();
  if (j.is_array()) {
    std::string out = "[";
    for (const auto& e : j) out += (out.size() > 1 ? "," : "") + CanonicalExpected(e);
    return out + "]";
  }
  return j.dump();
}

// Doubles and decimals: DuckDB's text, read back as the nearest double, must equal ours
// bit for bit (NaN any NaN).
bool SameDouble(const std::string& text, double got) {
  double want = std::strtod(text.c_str(), nullptr);
  if (std::isnan(want)) return std::isnan(got);
  return want == got && std::signbit(want) == std::signbit(got);
}

void CheckFile(const std::string& path, const nlohmann::json& expected, size_t min_row_groups) {
  SCOPED_TRACE(path);
  auto file = OpenOrFail(path);
  ASSERT_NE(file, nullptr);
  ASSERT_EQ(file->rows(), expected.size());
  EXPECT_GE(file->row_group_count(), min_row_groups);
  std::vector<int> all;
  for (size_t c = 0; c < file->columns().size(); ++c) {
    ASSERT_EQ(file->columns()[c].unsupported, "") << file->columns()[c].name;
    all.push_back(static_cast<int>(c));
  }
  Decompressor decompressor;
  uint64_t row = 0;
  for (size_t g = 0; g < file->row_group_count(); ++g) {
    auto data = file->ReadRowGroup(g, all, &decompressor);
    ASSERT_TRUE(data.ok()) << data.status().ToString();
    for (uint64_t r = 0; r < file->row_group_rows(g); ++r, ++row) {
      for (size_t c = 0; c < all.size(); ++c) {
        const ColumnDescriptor& col = file->columns()[c];
        PropertyValue v;
        Status s = CellValue(col, (*data)[c], r, &v);
        ASSERT_TRUE(s.ok()) << col.name << " row " << row << ": " << s.ToString();
        const nlohmann::json& want = expected[row][col.name];
        if (!want.is_null() && (col.kind == CellKind::kDouble || col.kind == CellKind::kDecimal)) {
          ASSERT_TRUE(v.is_double()) << col.name << " row " << row;
          ASSERT_TRUE(SameDouble(want.get<std::string>(), v.as_double()))
              << col.name << " row " << row << ": " << want << " vs " << v.as_double();
          continue;
        }
        ASSERT_EQ(Canonical(col.name, v), CanonicalExpected(want)) << col.name << " row " << row;
      }
    }
  }
}

TEST(ParquetReader, EveryCodecAndPageVersion) {
  QUIVER_REQUIRE_PARQUET_FIXTURES(dir);
  nlohmann::json expected = LoadExpected(dir);
  for (const char* name : {"uncompressed", "snappy", "gzip", "zstd", "lz4", "lz4_raw", "v2_uncompressed",
                           "v2_zstd", "v2_snappy", "plain", "v2_plain"}) {
    CheckFile(dir + "/types_" + std::string(name) + ".parquet", expected, 3);
  }
}

TEST(ParquetReader, TypesResolveAsDocumented) {
  QUIVER_REQUIRE_PARQUET_FIXTURES(dir);
  auto file = OpenOrFail(dir + "/types_zstd.parquet");
  ASSERT_NE(file, nullptr);
  std::map<std::string, const ColumnDescriptor*> by_name;
  for (const auto& c : file->columns()) by_name[c.name] = &c;
  EXPECT_EQ(by_name["u64"]->kind, CellKind::kUnsigned);
  EXPECT_EQ(by_name["dec38"]->kind, CellKind::kDecimal);
  EXPECT_EQ(by_name["tstz"]->kind, CellKind::kTimestamp);
  EXPECT_TRUE(by_name["tstz"]->utc);
  EXPECT_FALSE(by_name["ts"]->utc);
  EXPECT_TRUE(by_name["list_s"]->is_list);
  EXPECT_EQ(by_name["uuid"]->kind, CellKind::kUuid);
  EXPECT_EQ(by_name["tstz"]->type_text, "INT64 (TIMESTAMP(MICROS,UTC))");
  // A zoned timestamp is a DateTime at UTC; a local one a LocalDateTime.
  Decompressor d;
  int tstz = static_cast<int>(by_name["tstz"] - file->columns().data());
  int ts = static_cast<int>(by_name["ts"] - file->columns().data());
  auto data = file->ReadRowGroup(0, {tstz, ts}, &d);
  ASSERT_TRUE(data.ok());
  PropertyValue v;
  ASSERT_TRUE(CellValue(*by_name["tstz"], (*data)[0], 0, &v).ok());
  ASSERT_TRUE(v.is_date_time());
  EXPECT_EQ(v.as_date_time().offset_seconds, 0);
  ASSERT_TRUE(CellValue(*by_name["ts"], (*data)[1], 0, &v).ok());
  EXPECT_TRUE(v.is_local_date_time());
}

TEST(ParquetReader, EmptyFile) {
  QUIVER_REQUIRE_PARQUET_FIXTURES(dir);
  auto file = OpenOrFail(dir + "/empty.parquet");
  ASSERT_NE(file, nullptr);
  EXPECT_EQ(file->rows(), 0u);
  EXPECT_GT(file->columns().size(), 20u);
}

// Reads column `name` of every row group and returns the first failing row's status.
Status FirstCellError(const std::string& path, const std::string& name) {
  auto file = ParquetFile::Open(Env::Default(), path);
  if (!file.ok()) return file.status();
  int c = -1;
  for (size_t i = 0; i < (*file)->columns().size(); ++i) {
    if ((*file)->columns()[i].name == name) c = static_cast<int>(i);
  }
  if (c < 0) return Status::NotFound(name);
  Decompressor d;
  for (size_t g = 0; g < (*file)->row_group_count(); ++g) {
    auto data = (*file)->ReadRowGroup(g, {c}, &d);
    if (!data.ok()) return data.status();
    for (uint64_t r = 0; r < (*file)->row_group_rows(g); ++r) {
      PropertyValue v;
      Status s = CellValue((*file)->columns()[c], (*data)[0], r, &v);
      if (!s.ok()) return s.WithContext("row " + std::to_string(r));
    }
  }
  return Status::OK();
}

TEST(ParquetReader, ValuesQuiverCannotHoldAreNamedErrors) {
  QUIVER_REQUIRE_PARQUET_FIXTURES(dir);
  Status s = FirstCellError(dir + "/uint64_big.parquet", "big");
  EXPECT_TRUE((s.code() == StatusCode::kInvalidArgument)) << s.ToString();
  EXPECT_NE(s.message().find("row 2: UINT64 value 18446744073709551615"), std::string::npos) << s.ToString();
  s = FirstCellError(dir + "/list_null_element.parquet", "l");
  EXPECT_NE(s.message().find("row 1: the list holds a null element"), std::string::npos) << s.ToString();
  s = FirstCellError(dir + "/bad_utf8.parquet", "raw");
  EXPECT_NE(s.message().find("row 1: not valid UTF-8 (byte 0xFF)"), std::string::npos) << s.ToString();
}

TEST(ParquetReader, UnsupportedTypesAndCodecsAreNamed) {
  QUIVER_REQUIRE_PARQUET_FIXTURES(dir);
  for (auto [column, type] : std::vector<std::pair<std::string, std::string>>{
           {"st", "group (struct)"}, {"m", "MAP"}, {"nested", "nested LIST"}, {"iv", "INTERVAL"}}) {
    Status s = FirstCellError(dir + "/unsupported.parquet", column);
    EXPECT_TRUE((s.code() == StatusCode::kNotSupported)) << s.ToString();
    EXPECT_NE(s.message().find("unsupported.parquet: row group 0, column '" + column + "': unsupported type"),
              std::string::npos)
        << s.ToString();
    EXPECT_NE(s.message().find(type), std::string::npos) << s.ToString();
  }
  EXPECT_TRUE(FirstCellError(dir + "/unsupported.parquet", "id").ok());
  Status s = FirstCellError(dir + "/types_brotli.parquet", "id");
  EXPECT_TRUE((s.code() == StatusCode::kNotSupported)) << s.ToString();
  EXPECT_NE(s.message().find("column 'id', page 0: compression codec BROTLI is not supported"), std::string::npos)
      << s.ToString();
}

// Damaged copies of a DuckDB file: each is a named error, never a crash or a value.
class DamagedParquet : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testing::ParquetFixtureDir();
    if (dir_.empty()) GTEST_SKIP() << "no Parquet fixtures";
    bytes_ = quiver::testing::ReadFileBytes(dir_ + "/types_zstd.parquet");
  }
  Status Read(const std::string& bytes) {
    std::string path = tmp_.Join("damaged.parquet");
    std::ofstream(path, std::ios::binary) << bytes;
    auto file = ParquetFile::Open(Env::Default(), path);
    if (!file.ok()) return file.status();
    Decompressor d;
    std::vector<int> all;
    for (size_t c = 0; c < (*file)->columns().size(); ++c) all.push_back(static_cast<int>(c));
    for (size_t g = 0; g < (*file)->row_group_count(); ++g) {
      auto data = (*file)->ReadRowGroup(g, all, &d);
      if (!data.ok()) return data.status();
    }
    return Status::OK();
  }
  std::string dir_, bytes_;
  quiver::testing::TempDir tmp_;
};

TEST_F(DamagedParquet, WrongMagic) {
  std::string b = bytes_;
  b[3] = '2';
  Status s = Read(b);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find("damaged.parquet: footer: not a Parquet file"), std::string::npos) << s.ToString();
}

TEST_F(DamagedParquet, TruncatedFile) {
  Status s = Read(bytes_.substr(0, bytes_.size() - 100));
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find("footer: no PAR1 magic at the end"), std::string::npos) << s.ToString();
}

TEST_F(DamagedParquet, TruncatedFooter) {
  // The footer's last 40 bytes cut out, its length and the magic kept.
  std::string b = bytes_.substr(0, bytes_.size() - 48) + bytes_.substr(bytes_.size() - 8);
  Status s = Read(b);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find("damaged.parquet: "), std::string::npos) << s.ToString();
  // And every shorter footer too: an error, whatever the cut.
  uint32_t footer;
  std::memcpy(&footer, bytes_.data() + bytes_.size() - 8, 4);
  for (uint32_t cut = 1; cut < footer; cut += 97) {
    std::string t = bytes_.substr(0, bytes_.size() - 8 - cut) + bytes_.substr(bytes_.size() - 8);
    EXPECT_FALSE(Read(t).ok()) << cut;
  }
}

TEST_F(DamagedParquet, FlippedByteInAPage) {
  auto file = OpenOrFail(dir_ + "/types_zstd.parquet");
  ASSERT_NE(file, nullptr);
  // Row group 1's chunk of column 'id' (column 0): its first page's header, then the
  // first byte of its ZSTD data (the frame's magic). DuckDB writes no page CRC, so damage
  // inside compressed values is found as far as the codec checks them; with a CRC, any.
  const ColumnMetaData& m = *file->metadata().row_groups[1].columns[0].meta;
  size_t header_size = 0;
  auto header = ParsePageHeader(reinterpret_cast<const uint8_t*>(bytes_.data()) + m.data_page_offset,
                                m.total_compressed_size, &header_size);
  ASSERT_TRUE(header.ok());
  for (size_t at : {size_t{1}, header_size}) {
    std::string b = bytes_;
    b[m.data_page_offset + at] ^= 0x5a;
    Status s = Read(b);
    EXPECT_TRUE(s.IsCorruption()) << s.ToString();
    EXPECT_NE(s.message().find("damaged.parquet: row group 1, column 'id', page 0: "), std::string::npos)
        << s.ToString();
  }
}

TEST_F(DamagedParquet, EveryByteOfAChunkFlipped) {
  // Flipping any byte of a chunk (header or data) is an error or, where the byte is
  // not checked (no CRC, a value's bits), a value — never a crash or a read past the end.
  auto file = OpenOrFail(dir_ + "/types_zstd.parquet");
  ASSERT_NE(file, nullptr);
  const ColumnMetaData& m = *file->metadata().row_groups[0].columns[13].meta;  // 's', strings
  for (int64_t i = 0; i < std::min<int64_t>(m.total_compressed_size, 400); ++i) {
    std::string b = bytes_;
    b[m.data_page_offset + i] ^= 0xff;
    (void)Read(b);
  }
}

// DELTA_BYTE_ARRAY, which DuckDB does not write: the specification's example
// (Encodings.md): "axis", "axle", "babble", "babyhood" -> prefixes 0 2 0 3, suffixes
// "axis" "le" "babble" "yhood".
std::string DeltaPacked(const std::vector<int64_t>& v) {
  // Block of 128 values in 4 miniblocks of 32, every delta packed at 8 bits (enough here).
  std::string out;
  auto varint = [&](uint64_t x) {
    while (x >= 0x80) { out += static_cast<char>((x & 0x7f) | 0x80); x >>= 7; }
    out += static_cast<char>(x);
  };
  auto zigzag = [](int64_t x) { return (static_cast<uint64_t>(x) << 1) ^ static_cast<uint64_t>(x >> 63); };
  varint(128);
  varint(4);
  varint(v.size());
  varint(zigzag(v[0]));
  if (v.size() == 1) return out;
  int64_t min_delta = INT64_MAX;
  for (size_t i = 1; i < v.size(); ++i) min_delta = std::min(min_delta, v[i] - v[i - 1]);
  varint(zigzag(min_delta));
  out += std::string("\x08\x08\x08\x08", 4);
  std::string mini(32, '\0');
  for (size_t i = 1; i < v.size(); ++i) mini[i - 1] = static_cast<char>(v[i] - v[i - 1] - min_delta);
  return out + mini;  // the later miniblocks hold no value and are left out
}

TEST(ParquetEncodings, DeltaByteArray) {
  std::string data = DeltaPacked({0, 2, 0, 3}) + DeltaPacked({4, 2, 6, 5}) + "axislebabbleyhood";
  ValueBuffer out;
  out.storage = ValueStorage::kBytes;
  ASSERT_TRUE(DecodeDeltaByteArray(reinterpret_cast<const uint8_t*>(data.data()), data.size(), 4, &out).ok());
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out.bytes_at(0), "axis");
  EXPECT_EQ(out.bytes_at(1), "axle");
  EXPECT_EQ(out.bytes_at(2), "babble");
  EXPECT_EQ(out.bytes_at(3), "babyhood");
  // Every truncation is an error, not a read past the end.
  for (size_t n = 0; n < data.size(); ++n) {
    ValueBuffer cut;
    cut.storage = ValueStorage::kBytes;
    EXPECT_FALSE(DecodeDeltaByteArray(reinterpret_cast<const uint8_t*>(data.data()), n, 4, &cut).ok()) << n;
  }
}

TEST(ParquetEncodings, BitPackedLevelsAndRleRuns) {
  // Encodings.md's BIT_PACKED example: 0..7 at 3 bits, most significant bit first.
  const uint8_t packed[] = {0b00000101, 0b00111001, 0b01110111};
  std::vector<uint32_t> levels;
  ASSERT_TRUE(DecodeLevels(Encoding::kBitPacked, packed, 3, 7, 8, &levels).ok());
  EXPECT_EQ(levels, (std::vector<uint32_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  // The same in the hybrid's bit-packed run (LSB first): header 3 = one group of 8.
  const uint8_t hybrid[] = {0x03, 0b10001000, 0b11000110, 0b11111010};
  levels.clear();
  ASSERT_TRUE(DecodeLevels(Encoding::kRle, hybrid, 4, 7, 8, &levels).ok());
  EXPECT_EQ(levels, (std::vector<uint32_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  // A level above the column's maximum is damage.
  levels.clear();
  EXPECT_TRUE(DecodeLevels(Encoding::kRle, hybrid, 4, 5, 8, &levels).IsCorruption());
}

// A page with a CRC (DuckDB writes none): a hand-made PLAIN INT64 page of a required
// column, its header in Thrift's compact protocol.
std::string PageWithCrc(const std::string& payload, uint32_t crc) {
  std::string h;
  auto varint = [&](uint64_t x) {
    while (x >= 0x80) { h += static_cast<char>((x & 0x7f) | 0x80); x >>= 7; }
    h += static_cast<char>(x);
  };
  auto i32 = [&](int delta, int64_t v) {  // field header (delta, i32) and the zigzag value
    h += static_cast<char>((delta << 4) | 5);
    varint((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63));
  };
  i32(1, 0);                                         // type DATA_PAGE
  i32(1, static_cast<int64_t>(payload.size()));      // uncompressed_page_size
  i32(1, static_cast<int64_t>(payload.size()));      // compressed_page_size
  i32(1, static_cast<int32_t>(crc));                 // crc
  h += static_cast<char>((1 << 4) | 12);             // data_page_header
  i32(1, 2);                                         // num_values
  i32(1, 0);                                         // encoding PLAIN
  i32(1, 3);                                         // definition_level_encoding RLE
  i32(1, 3);                                         // repetition_level_encoding RLE
  h += '\0';                                         // end of data_page_header
  h += '\0';                                         // end of PageHeader
  return h + payload;
}

TEST(ParquetReader, PageChecksumsAreChecked) {
  ColumnDescriptor column;
  column.name = "n";
  column.physical = PhysicalType::kInt64;
  column.kind = CellKind::kInt;
  ColumnMetaData meta;
  meta.type = PhysicalType::kInt64;
  meta.num_values = 2;
  std::string payload(16, '\0');
  payload[0] = 7;
  payload[8] = 9;
  const uint32_t crc = static_cast<uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(payload.data()), static_cast<uInt>(payload.size())));
  Decompressor d;
  ChunkPosition position;
  std::string good = PageWithCrc(payload, crc);
  auto read = ReadColumnChunk(column, meta, 2, reinterpret_cast<const uint8_t*>(good.data()), good.size(), &d,
                              &position);
  ASSERT_TRUE(read.ok()) << read.status().ToString();
  EXPECT_EQ(read->values.ints, (std::vector<int64_t>{7, 9}));
  std::string bad = PageWithCrc(payload, crc ^ 1);
  read = ReadColumnChunk(column, meta, 2, reinterpret_cast<const uint8_t*>(bad.data()), bad.size(), &d, &position);
  EXPECT_TRUE(read.status().IsCorruption());
  EXPECT_EQ(read.status().message(), "page checksum (CRC32) mismatch");
  EXPECT_EQ(position.page, 0);
  // A flipped value bit under a good header's CRC: the checksum finds it.
  std::string flipped = good;
  flipped[flipped.size() - 3] ^= 0x10;
  read = ReadColumnChunk(column, meta, 2, reinterpret_cast<const uint8_t*>(flipped.data()), flipped.size(), &d,
                         &position);
  EXPECT_TRUE(read.status().IsCorruption());
}

TEST(ParquetCells, DecimalRuleAndInt96) {
  // The nearest double to the exact decimal, also past 64 bits of unscaled value.
  EXPECT_EQ(DecimalToDouble(int64_t{12345}, 2), 123.45);
  EXPECT_EQ(DecimalToDouble(int64_t{-1}, 0), -1.0);
  std::string big(16, '\0');  // 10^30 in 16 big-endian bytes
  // 10^30 = 0x0C9F2C9CD04674EDEA40000000
  const uint8_t v[] = {0x00, 0x00, 0x00, 0x0C, 0x9F, 0x2C, 0x9C, 0xD0, 0x46, 0x74, 0xED, 0xEA, 0x40, 0x00, 0x00, 0x00};
  big.assign(reinterpret_cast<const char*>(v), 16);
  EXPECT_EQ(DecimalToDouble(big, 10), 1e20);
  std::string minus_one(16, '\xff');
  EXPECT_EQ(DecimalToDouble(minus_one, 3), -0.001);
  // INT96: 2000-01-01T00:00:01.5 is Julian day 2451545 and 1.5e9 ns.
  std::string b(12, '\0');
  int64_t nanos = 1'500'000'000;
  uint32_t day = 2'451'545;
  std::memcpy(b.data(), &nanos, 8);
  std::memcpy(b.data() + 8, &day, 4);
  LocalDateTimeValue t;
  ASSERT_TRUE(Int96ToLocalDateTime(b, &t).ok());
  EXPECT_EQ(t.seconds, 946'684'801);
  EXPECT_EQ(t.nanos, 500'000'000);
}

}  // namespace
}  // namespace quiver::ingest::parquet
