#include "export/parquet/metadata_writer.h"

#include "export/parquet/thrift_writer.h"
#include "ingest/parquet/metadata.h"

namespace quiver::exporter::parquet {

namespace pq = ingest::parquet;

namespace {

int32_t Enum(auto e) { return static_cast<int32_t>(e); }

pq::PhysicalType PhysicalOf(ColumnType type) {
  switch (type) {
    case ColumnType::kInt64:
    case ColumnType::kLocalTimeNanos:
    case ColumnType::kLocalDateTimeNanos: return pq::PhysicalType::kInt64;
    case ColumnType::kDouble: return pq::PhysicalType::kDouble;
    case ColumnType::kBoolean: return pq::PhysicalType::kBoolean;
    case ColumnType::kString: return pq::PhysicalType::kByteArray;
    case ColumnType::kDate: return pq::PhysicalType::kInt32;
  }
  return pq::PhysicalType::kInt64;
}

pq::Codec CodecOf(Codec codec) {
  switch (codec) {
    case Codec::kUncompressed: return pq::Codec::kUncompressed;
    case Codec::kSnappy: return pq::Codec::kSnappy;
    case Codec::kZstd: return pq::Codec::kZstd;
    case Codec::kGzip: return pq::Codec::kGzip;
  }
  return pq::Codec::kUncompressed;
}

// TIME / TIMESTAMP (NANOS, isAdjustedToUTC=false): a local time, no zone.
void LocalNanosBody(CompactWriter* w) {
  w->FieldBool(1, false);  // isAdjustedToUTC
  w->FieldStruct(2);       // unit: TimeUnit
  w->FieldEmptyStruct(3);  // NANOS
  w->EndStruct();
  w->EndStruct();
}

// A leaf's physical type (field 1; repetition and name, fields 3 and 4, follow).
void LeafType(CompactWriter* w, ColumnType type) { w->FieldI32(1, Enum(PhysicalOf(type))); }

// Its converted type (the legacy annotation older readers know) and logical type.
void LeafAnnotations(CompactWriter* w, ColumnType type) {
  switch (type) {
    case ColumnType::kInt64:
      w->FieldI32(6, Enum(pq::ConvertedType::kInt64));
      w->FieldStruct(10);  // logicalType
      w->FieldStruct(10);  // INTEGER: IntType
      w->FieldI8(1, 64);   // bitWidth
      w->FieldBool(2, true);
      w->EndStruct();
      w->EndStruct();
      return;
    case ColumnType::kString:
      w->FieldI32(6, Enum(pq::ConvertedType::kUtf8));
      w->FieldStruct(10);
      w->FieldEmptyStruct(1);  // STRING
      w->EndStruct();
      return;
    case ColumnType::kDate:
      w->FieldI32(6, Enum(pq::ConvertedType::kDate));
      w->FieldStruct(10);
      w->FieldEmptyStruct(6);  // DATE
      w->EndStruct();
      return;
    case ColumnType::kLocalTimeNanos:
    case ColumnType::kLocalDateTimeNanos:
      // No converted type: TIME_MILLIS/MICROS and TIMESTAMP_* mean adjusted to UTC, and
      // have no nanoseconds.
      w->FieldStruct(10);
      w->FieldStruct(type == ColumnType::kLocalTimeNanos ? 7 : 8);  // TIME, TIMESTAMP
      LocalNanosBody(w);
      w->EndStruct();
      return;
    case ColumnType::kDouble:
    case ColumnType::kBoolean:
      return;
  }
}

void Repetition(CompactWriter* w, pq::Repetition r) { w->FieldI32(3, Enum(r)); }

// A column's schema elements: one for a flat column, three for a list.
void SchemaOf(CompactWriter* w, const ColumnSpec& c) {
  pq::Repetition outer = c.required ? pq::Repetition::kRequired : pq::Repetition::kOptional;
  if (!c.list) {
    w->BeginStruct();
    LeafType(w, c.type);
    Repetition(w, outer);
    w->FieldBinary(4, c.name);
    LeafAnnotations(w, c.type);
    w->EndStruct();
    return;
  }
  w->BeginStruct();  // optional group NAME (LIST)
  Repetition(w, outer);
  w->FieldBinary(4, c.name);
  w->FieldI32(5, 1);
  w->FieldI32(6, Enum(pq::ConvertedType::kList));
  w->FieldStruct(10);
  w->FieldEmptyStruct(3);  // LIST
  w->EndStruct();
  w->EndStruct();
  w->BeginStruct();  // repeated group list
  Repetition(w, pq::Repetition::kRepeated);
  w->FieldBinary(4, "list");
  w->FieldI32(5, 1);
  w->EndStruct();
  w->BeginStruct();  // required TYPE element
  LeafType(w, c.type);
  Repetition(w, pq::Repetition::kRequired);
  w->FieldBinary(4, "element");
  LeafAnnotations(w, c.type);
  w->EndStruct();
}

void ColumnChunkOf(CompactWriter* w, const ColumnSpec& c, const ChunkRecord& r, Codec codec) {
  w->BeginStruct();
  w->FieldI64(2, r.offset);  // file_offset (deprecated): where the chunk starts
  w->FieldStruct(3);         // meta_data: ColumnMetaData
  w->FieldI32(1, Enum(PhysicalOf(c.type)));
  bool levels = c.list || !c.required;
  bool dictionary = r.dictionary_size > 0;
  w->FieldList(2, ThriftType::kI32, 1 + levels + dictionary);
  w->ElementI32(Enum(pq::Encoding::kPlain));  // the values, or the dictionary page's
  if (levels) w->ElementI32(Enum(pq::Encoding::kRle));
  if (dictionary) w->ElementI32(Enum(pq::Encoding::kRleDictionary));
  w->FieldList(3, ThriftType::kBinary, c.list ? 3 : 1);
  w->ElementBinary(c.name);
  if (c.list) {
    w->ElementBinary("list");
    w->ElementBinary("element");
  }
  w->FieldI32(4, Enum(CodecOf(codec)));
  w->FieldI64(5, r.num_values);
  w->FieldI64(6, r.uncompressed_size);
  w->FieldI64(7, r.compressed_size);
  w->FieldI64(9, r.offset + r.dictionary_size);  // data_page_offset
  if (dictionary) w->FieldI64(11, r.offset);     // dictionary_page_offset
  if (r.stats) {
    w->FieldStruct(12);
    w->FieldI64(3, r.stats->null_count);
    if (r.stats->min && r.stats->max) {
      w->FieldBinary(5, *r.stats->max);  // max_value
      w->FieldBinary(6, *r.stats->min);  // min_value
    }
    w->EndStruct();
  }
  w->EndStruct();
  w->EndStruct();
}

}  // namespace

namespace {

void PageHeaderStart(CompactWriter* w, pq::PageType type, int32_t uncompressed_size, int32_t compressed_size,
                     uint32_t crc) {
  w->BeginStruct();
  w->FieldI32(1, Enum(type));
  w->FieldI32(2, uncompressed_size);
  w->FieldI32(3, compressed_size);
  w->FieldI32(4, static_cast<int32_t>(crc));
}

}  // namespace

void AppendDataPageHeader(int32_t uncompressed_size, int32_t compressed_size, uint32_t crc, int32_t num_values,
                          bool dictionary_indices, std::string* out) {
  CompactWriter w(out);
  PageHeaderStart(&w, pq::PageType::kDataPage, uncompressed_size, compressed_size, crc);
  w.FieldStruct(5);  // data_page_header
  w.FieldI32(1, num_values);
  w.FieldI32(2, Enum(dictionary_indices ? pq::Encoding::kRleDictionary : pq::Encoding::kPlain));
  w.FieldI32(3, Enum(pq::Encoding::kRle));
  w.FieldI32(4, Enum(pq::Encoding::kRle));
  w.EndStruct();
  w.EndStruct();
}

void AppendDictionaryPageHeader(int32_t uncompressed_size, int32_t compressed_size, uint32_t crc, int32_t num_values,
                                std::string* out) {
  CompactWriter w(out);
  PageHeaderStart(&w, pq::PageType::kDictionaryPage, uncompressed_size, compressed_size, crc);
  w.FieldStruct(7);  // dictionary_page_header
  w.FieldI32(1, num_values);
  w.FieldI32(2, Enum(pq::Encoding::kPlain));
  w.EndStruct();
  w.EndStruct();
}

std::string SerializeFileMetaData(std::span<const ColumnSpec> columns, std::span<const RowGroupRecord> row_groups,
                                  const std::string& created_by) {
  std::string out;
  CompactWriter w(&out);
  int64_t rows = 0;
  for (const RowGroupRecord& g : row_groups) rows += g.rows;
  size_t elements = 1;
  for (const ColumnSpec& c : columns) elements += c.list ? 3 : 1;

  w.BeginStruct();
  w.FieldI32(1, 1);  // version
  w.FieldList(2, ThriftType::kStruct, static_cast<uint32_t>(elements));
  w.BeginStruct();  // the root
  w.FieldBinary(4, "schema");
  w.FieldI32(5, static_cast<int32_t>(columns.size()));
  w.EndStruct();
  for (const ColumnSpec& c : columns) SchemaOf(&w, c);
  w.FieldI64(3, rows);
  w.FieldList(4, ThriftType::kStruct, static_cast<uint32_t>(row_groups.size()));
  for (const RowGroupRecord& g : row_groups) {
    w.BeginStruct();
    w.FieldList(1, ThriftType::kStruct, static_cast<uint32_t>(columns.size()));
    int64_t raw = 0, stored = 0;
    for (size_t i = 0; i < columns.size(); ++i) {
      ColumnChunkOf(&w, columns[i], g.chunks[i], g.codec);
      raw += g.chunks[i].uncompressed_size;
      stored += g.chunks[i].compressed_size;
    }
    w.FieldI64(2, raw);  // total_byte_size
    w.FieldI64(3, g.rows);
    if (!g.chunks.empty()) w.FieldI64(5, g.chunks.front().offset);  // file_offset
    w.FieldI64(6, stored);  // total_compressed_size
    w.EndStruct();
  }
  w.FieldBinary(6, created_by);
  // column_orders: TYPE_ORDER for every leaf, which makes min_value/max_value meaningful.
  w.FieldList(7, ThriftType::kStruct, static_cast<uint32_t>(columns.size()));
  for (size_t i = 0; i < columns.size(); ++i) {
    w.BeginStruct();
    w.FieldEmptyStruct(1);
    w.EndStruct();
  }
  w.EndStruct();
  return out;
}

}  // namespace quiver::exporter::parquet
