#include "ingest/parquet/metadata.h"

#include "ingest/parquet/thrift_compact.h"

namespace quiver::ingest::parquet {
namespace {

// Reads an enum-valued i32 field; the range is checked by whoever interprets it.
template <typename E>
Status ReadEnum(CompactReader& r, ThriftType t, E* out) {
  int32_t v = 0;
  QUIVER_RETURN_IF_ERROR(r.ReadI32(t, &v));
  *out = static_cast<E>(v);
  return Status::OK();
}

// Reads a list of structs, calling read_one for each element.
template <typename ReadOne>
Status ReadStructList(CompactReader& r, ThriftType t, ReadOne&& read_one) {
  ThriftType element = ThriftType::kStop;
  uint32_t count = 0;
  QUIVER_RETURN_IF_ERROR(r.ReadListHeader(t, &element, &count));
  if (element != ThriftType::kStruct) return r.Error("expected a list of structs");
  for (uint32_t i = 0; i < count; ++i) QUIVER_RETURN_IF_ERROR(read_one());
  return Status::OK();
}

Status ReadTimeUnit(CompactReader& r, ThriftType t, TimeUnit* unit) {
  if (t != ThriftType::kStruct) return r.Skip(t);
  return r.ReadStruct([&](int16_t id, ThriftType ft) {
    if (id == 1) *unit = TimeUnit::kMillis;
    if (id == 2) *unit = TimeUnit::kMicros;
    if (id == 3) *unit = TimeUnit::kNanos;
    return r.Skip(ft);
  });
}

Status ReadLogicalType(CompactReader& r, ThriftType t, LogicalType* lt) {
  if (t != ThriftType::kStruct) return r.Skip(t);
  return r.ReadStruct([&](int16_t id, ThriftType ft) -> Status {
    using K = LogicalType::Kind;
    switch (id) {
      case 1: lt->kind = K::kString; break;
      case 2: lt->kind = K::kMap; break;
      case 3: lt->kind = K::kList; break;
      case 4: lt->kind = K::kEnum; break;
      case 5:
        lt->kind = K::kDecimal;
        if (ft != ThriftType::kStruct) return r.Skip(ft);
        return r.ReadStruct([&](int16_t fid, ThriftType t2) {
          if (fid == 1) return r.ReadI32(t2, &lt->scale);
          if (fid == 2) return r.ReadI32(t2, &lt->precision);
          return r.Skip(t2);
        });
      case 6: lt->kind = K::kDate; break;
      case 7:
      case 8:
        lt->kind = id == 7 ? K::kTime : K::kTimestamp;
        if (ft != ThriftType::kStruct) return r.Skip(ft);
        return r.ReadStruct([&](int16_t fid, ThriftType t2) {
          if (fid == 1) return r.ReadBool(t2, &lt->utc);
          if (fid == 2) return ReadTimeUnit(r, t2, &lt->unit);
          return r.Skip(t2);
        });
      case 10:
        lt->kind = K::kInteger;
        if (ft != ThriftType::kStruct) return r.Skip(ft);
        return r.ReadStruct([&](int16_t fid, ThriftType t2) {
          if (fid == 1) return r.ReadI32(t2, &lt->bit_width);
          if (fid == 2) return r.ReadBool(t2, &lt->is_signed);
          return r.Skip(t2);
        });
      case 11: lt->kind = K::kNull; break;
      case 12: lt->kind = K::kJson; break;
      case 13: lt->kind = K::kBson; break;
      case 14: lt->kind = K::kUuid; break;
      case 15: lt->kind = K::kFloat16; break;
      default: lt->kind = K::kOther; break;
    }
    return r.Skip(ft);
  });
}

Status ReadSchemaElement(CompactReader& r, SchemaElement* e) {
  return r.ReadStruct([&](int16_t id, ThriftType t) -> Status {
    switch (id) {
      case 1: {
        PhysicalType p{};
        QUIVER_RETURN_IF_ERROR(ReadEnum(r, t, &p));
        e->type = p;
        return Status::OK();
      }
      case 2: return r.ReadI32(t, &e->type_length);
      case 3: {
        Repetition rep{};
        QUIVER_RETURN_IF_ERROR(ReadEnum(r, t, &rep));
        e->repetition = rep;
        return Status::OK();
      }
      case 4: return r.ReadBinary(t, &e->name);
      case 5: return r.ReadI32(t, &e->num_children);
      case 6: return ReadEnum(r, t, &e->converted);
      case 7: return r.ReadI32(t, &e->scale);
      case 8: return r.ReadI32(t, &e->precision);
      case 10: return ReadLogicalType(r, t, &e->logical);
      default: return r.Skip(t);
    }
  });
}

Status ReadColumnMetaData(CompactReader& r, ColumnMetaData* m) {
  return r.ReadStruct([&](int16_t id, ThriftType t) -> Status {
    switch (id) {
      case 1: return ReadEnum(r, t, &m->type);
      case 3: {
        ThriftType element = ThriftType::kStop;
        uint32_t count = 0;
        QUIVER_RETURN_IF_ERROR(r.ReadListHeader(t, &element, &count));
        for (uint32_t i = 0; i < count; ++i) {
          QUIVER_RETURN_IF_ERROR(r.ReadBinary(element, &m->path.emplace_back()));
        }
        return Status::OK();
      }
      case 4: return ReadEnum(r, t, &m->codec);
      case 5: return r.ReadI64(t, &m->num_values);
      case 6: return r.ReadI64(t, &m->total_uncompressed_size);
      case 7: return r.ReadI64(t, &m->total_compressed_size);
      case 9: return r.ReadI64(t, &m->data_page_offset);
      case 11: {
        int64_t v = 0;
        QUIVER_RETURN_IF_ERROR(r.ReadI64(t, &v));
        m->dictionary_page_offset = v;
        return Status::OK();
      }
      default: return r.Skip(t);
    }
  });
}

Status ReadColumnChunk(CompactReader& r, ColumnChunkMeta* c) {
  return r.ReadStruct([&](int16_t id, ThriftType t) -> Status {
    switch (id) {
      case 1: return r.ReadBinary(t, &c->file_path);
      case 3: return ReadColumnMetaData(r, &c->meta.emplace());
      case 8:
      case 9: c->encrypted = true; return r.Skip(t);
      default: return r.Skip(t);
    }
  });
}

Status ReadRowGroup(CompactReader& r, RowGroupMeta* g) {
  return r.ReadStruct([&](int16_t id, ThriftType t) -> Status {
    switch (id) {
      case 1:
        return ReadStructList(r, t, [&] { return ReadColumnChunk(r, &g->columns.emplace_back()); });
      case 3: return r.ReadI64(t, &g->num_rows);
      default: return r.Skip(t);
    }
  });
}

}  // namespace

Result<FileMetaData> ParseFileMetaData(const uint8_t* data, size_t size) {
  CompactReader r(data, size);
  FileMetaData fm;
  QUIVER_RETURN_IF_ERROR(r.ReadStruct([&](int16_t id, ThriftType t) -> Status {
    switch (id) {
      case 1: return r.ReadI32(t, &fm.version);
      case 2:
        return ReadStructList(r, t, [&] { return ReadSchemaElement(r, &fm.schema.emplace_back()); });
      case 3: return r.ReadI64(t, &fm.num_rows);
      case 4:
        return ReadStructList(r, t, [&] { return ReadRowGroup(r, &fm.row_groups.emplace_back()); });
      case 6: return r.ReadBinary(t, &fm.created_by);
      default: return r.Skip(t);
    }
  }));
  return fm;
}

Result<PageHeader> ParsePageHeader(const uint8_t* data, size_t size, size_t* header_size) {
  CompactReader r(data, size);
  PageHeader h;
  auto data_page_v1 = [&](int16_t id, ThriftType t) -> Status {
    switch (id) {
      case 1: return r.ReadI32(t, &h.num_values);
      case 2: return ReadEnum(r, t, &h.encoding);
      case 3: return ReadEnum(r, t, &h.definition_level_encoding);
      case 4: return ReadEnum(r, t, &h.repetition_level_encoding);
      default: return r.Skip(t);
    }
  };
  auto dictionary_page = [&](int16_t id, ThriftType t) -> Status {
    if (id == 1) return r.ReadI32(t, &h.num_values);
    if (id == 2) return ReadEnum(r, t, &h.encoding);
    return r.Skip(t);
  };
  auto data_page_v2 = [&](int16_t id, ThriftType t) -> Status {
    switch (id) {
      case 1: return r.ReadI32(t, &h.num_values);
      case 2: return r.ReadI32(t, &h.num_nulls);
      case 3: return r.ReadI32(t, &h.num_rows);
      case 4: return ReadEnum(r, t, &h.encoding);
      case 5: return r.ReadI32(t, &h.definition_levels_byte_length);
      case 6: return r.ReadI32(t, &h.repetition_levels_byte_length);
      case 7: return r.ReadBool(t, &h.is_compressed);
      default: return r.Skip(t);
    }
  };
  QUIVER_RETURN_IF_ERROR(r.ReadStruct([&](int16_t id, ThriftType t) -> Status {
    switch (id) {
      case 1: return ReadEnum(r, t, &h.type);
      case 2: return r.ReadI32(t, &h.uncompressed_size);
      case 3: return r.ReadI32(t, &h.compressed_size);
      case 4: {
        int32_t crc = 0;
        QUIVER_RETURN_IF_ERROR(r.ReadI32(t, &crc));
        h.crc = static_cast<uint32_t>(crc);
        return Status::OK();
      }
      case 5:
      case 7:
      case 8: {
        if (t != ThriftType::kStruct) return r.Skip(t);
        h.has_type_header = true;
        if (id == 5) return r.ReadStruct(data_page_v1);
        if (id == 7) return r.ReadStruct(dictionary_page);
        return r.ReadStruct(data_page_v2);
      }
      default: return r.Skip(t);
    }
  }));
  *header_size = r.position();
  return h;
}

std::string PhysicalTypeName(PhysicalType t) {
  switch (t) {
    case PhysicalType::kBoolean: return "BOOLEAN";
    case PhysicalType::kInt32: return "INT32";
    case PhysicalType::kInt64: return "INT64";
    case PhysicalType::kInt96: return "INT96";
    case PhysicalType::kFloat: return "FLOAT";
    case PhysicalType::kDouble: return "DOUBLE";
    case PhysicalType::kByteArray: return "BYTE_ARRAY";
    case PhysicalType::kFixedLenByteArray: return "FIXED_LEN_BYTE_ARRAY";
  }
  return "physical type " + std::to_string(static_cast<int32_t>(t));
}

std::string CodecName(Codec c) {
  switch (c) {
    case Codec::kUncompressed: return "UNCOMPRESSED";
    case Codec::kSnappy: return "SNAPPY";
    case Codec::kGzip: return "GZIP";
    case Codec::kLzo: return "LZO";
    case Codec::kBrotli: return "BROTLI";
    case Codec::kLz4: return "LZ4";
    case Codec::kZstd: return "ZSTD";
    case Codec::kLz4Raw: return "LZ4_RAW";
  }
  return "codec " + std::to_string(static_cast<int32_t>(c));
}

std::string EncodingName(Encoding e) {
  switch (e) {
    case Encoding::kPlain: return "PLAIN";
    case Encoding::kPlainDictionary: return "PLAIN_DICTIONARY";
    case Encoding::kRle: return "RLE";
    case Encoding::kBitPacked: return "BIT_PACKED";
    case Encoding::kDeltaBinaryPacked: return "DELTA_BINARY_PACKED";
    case Encoding::kDeltaLengthByteArray: return "DELTA_LENGTH_BYTE_ARRAY";
    case Encoding::kDeltaByteArray: return "DELTA_BYTE_ARRAY";
    case Encoding::kRleDictionary: return "RLE_DICTIONARY";
    case Encoding::kByteStreamSplit: return "BYTE_STREAM_SPLIT";
  }
  return "encoding " + std::to_string(static_cast<int32_t>(e));
}

}  // namespace quiver::ingest::parquet
