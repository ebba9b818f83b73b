#pragma once
// The parts of parquet-format's Thrift structures (parquet.thrift) that reading a file's
// flat and list columns needs: FileMetaData with its schema and row groups, and the
// page headers. Field numbers and enum values are the specification's; fields we do
// not use are skipped.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "quiver/status.h"

namespace quiver::ingest::parquet {

enum class PhysicalType : int32_t {
  kBoolean = 0,
  kInt32 = 1,
  kInt64 = 2,
  kInt96 = 3,
  kFloat = 4,
  kDouble = 5,
  kByteArray = 6,
  kFixedLenByteArray = 7,
};
std::string PhysicalTypeName(PhysicalType t);

enum class Repetition : int32_t { kRequired = 0, kOptional = 1, kRepeated = 2 };

// ConvertedType, the legacy annotation (still written beside LogicalType).
enum class ConvertedType : int32_t {
  kNone = -1,
  kUtf8 = 0,
  kMap = 1,
  kMapKeyValue = 2,
  kList = 3,
  kEnum = 4,
  kDecimal = 5,
  kDate = 6,
  kTimeMillis = 7,
  kTimeMicros = 8,
  kTimestampMillis = 9,
  kTimestampMicros = 10,
  kUint8 = 11,
  kUint16 = 12,
  kUint32 = 13,
  kUint64 = 14,
  kInt8 = 15,
  kInt16 = 16,
  kInt32 = 17,
  kInt64 = 18,
  kJson = 19,
  kBson = 20,
  kInterval = 21,
};

enum class TimeUnit : uint8_t { kMillis, kMicros, kNanos };

// LogicalType, the union's member that is set (field numbers in comments).
struct LogicalType {
  enum class Kind : uint8_t {
    kNone,
    kString,     // 1
    kMap,        // 2
    kList,       // 3
    kEnum,       // 4
    kDecimal,    // 5
    kDate,       // 6
    kTime,       // 7
    kTimestamp,  // 8
    kInteger,    // 10
    kNull,       // 11
    kJson,       // 12
    kBson,       // 13
    kUuid,       // 14
    kFloat16,    // 15
    kOther,      // any later one
  };
  Kind kind = Kind::kNone;
  int32_t scale = 0, precision = 0;  // kDecimal
  bool utc = false;                  // kTime, kTimestamp: isAdjustedToUTC
  TimeUnit unit = TimeUnit::kMillis;  // kTime, kTimestamp
  int32_t bit_width = 0;             // kInteger
  bool is_signed = true;             // kInteger
};

struct SchemaElement {
  std::optional<PhysicalType> type;  // absent for groups
  int32_t type_length = 0;           // FIXED_LEN_BYTE_ARRAY
  std::optional<Repetition> repetition;
  std::string name;
  int32_t num_children = 0;
  ConvertedType converted = ConvertedType::kNone;
  int32_t scale = 0, precision = 0;
  LogicalType logical;
};

enum class Codec : int32_t {
  kUncompressed = 0,
  kSnappy = 1,
  kGzip = 2,
  kLzo = 3,
  kBrotli = 4,
  kLz4 = 5,  // the deprecated Hadoop-framed LZ4
  kZstd = 6,
  kLz4Raw = 7,
};
std::string CodecName(Codec c);

struct ColumnMetaData {
  PhysicalType type = PhysicalType::kBoolean;
  std::vector<std::string> path;
  Codec codec = Codec::kUncompressed;
  int64_t num_values = 0;
  int64_t total_uncompressed_size = 0;
  int64_t total_compressed_size = 0;
  int64_t data_page_offset = 0;
  std::optional<int64_t> dictionary_page_offset;
};

struct ColumnChunkMeta {
  std::string file_path;  // set: the data lives in another file (not supported)
  std::optional<ColumnMetaData> meta;
  bool encrypted = false;
};

struct RowGroupMeta {
  std::vector<ColumnChunkMeta> columns;
  int64_t num_rows = 0;
};

struct FileMetaData {
  int32_t version = 0;
  std::vector<SchemaElement> schema;  // depth-first, the root first
  int64_t num_rows = 0;
  std::vector<RowGroupMeta> row_groups;
  std::string created_by;
};

enum class Encoding : int32_t {
  kPlain = 0,
  kPlainDictionary = 2,
  kRle = 3,
  kBitPacked = 4,
  kDeltaBinaryPacked = 5,
  kDeltaLengthByteArray = 6,
  kDeltaByteArray = 7,
  kRleDictionary = 8,
  kByteStreamSplit = 9,
};
std::string EncodingName(Encoding e);

enum class PageType : int32_t { kDataPage = 0, kIndexPage = 1, kDictionaryPage = 2, kDataPageV2 = 3 };

struct PageHeader {
  PageType type = PageType::kDataPage;
  int32_t uncompressed_size = 0;
  int32_t compressed_size = 0;
  std::optional<uint32_t> crc;
  // DATA_PAGE and DATA_PAGE_V2 (v2 only: num_nulls, num_rows, level lengths, is_compressed)
  // and DICTIONARY_PAGE (num_values, encoding).
  int32_t num_values = 0;
  Encoding encoding = Encoding::kPlain;
  Encoding definition_level_encoding = Encoding::kRle;
  Encoding repetition_level_encoding = Encoding::kRle;
  int32_t num_nulls = 0;
  int32_t num_rows = 0;
  int32_t definition_levels_byte_length = 0;
  int32_t repetition_levels_byte_length = 0;
  bool is_compressed = true;
  bool has_type_header = false;  // the header for `type` was present
};

Result<FileMetaData> ParseFileMetaData(const uint8_t* data, size_t size);
// Parses the page header at the start of [data, data+size); *header_size is its length.
Result<PageHeader> ParsePageHeader(const uint8_t* data, size_t size, size_t* header_size);

}  // namespace quiver::ingest::parquet
