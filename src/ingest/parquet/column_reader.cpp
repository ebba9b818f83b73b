#include "ingest/parquet/column_reader.h"

#include <zlib.h>

#include <cstring>
#include <string>

#include "ingest/parquet/delta.h"
#include "ingest/parquet/encodings.h"

namespace quiver::ingest::parquet {
namespace {

// Bounds on what one page may claim, so a damaged header cannot make the reader allocate
// gigabytes: writers cut pages at about 1 MiB (DuckDB, Arrow, parquet-mr), and even a page
// of nulls in a few RLE bytes holds one level per row of its row group.
constexpr int64_t kMaxPageBytes = int64_t{256} << 20;
constexpr int64_t kMaxPageValues = int64_t{1} << 26;

// The state of one chunk's reading: the dictionary, the levels of every page so far, a
// reusable page buffer.
class ChunkReader {
 public:
  ChunkReader(const ColumnDescriptor& column, const ColumnMetaData& meta, Decompressor* decompressor)
      : column_(column), meta_(meta), decompressor_(decompressor) {
    out_.values.storage = StorageOf(column.physical);
    dictionary_.storage = out_.values.storage;
  }

  Status ReadPage(const PageHeader& h, const uint8_t* payload, size_t size);
  Status Finish(uint64_t num_rows);
  uint64_t levels_read() const { return levels_read_; }
  DecodedColumn Take() { return std::move(out_); }

 private:
  Status Decompress(const uint8_t* src, size_t size, size_t raw_size, const uint8_t** data);
  Status ReadDictionary(const PageHeader& h, const uint8_t* payload, size_t size);
  Status ReadValues(Encoding encoding, const uint8_t* data, size_t size, size_t count);
  void AddLevels(size_t count);

  const ColumnDescriptor& column_;
  const ColumnMetaData& meta_;
  Decompressor* decompressor_;
  std::vector<uint8_t> buffer_;
  ValueBuffer dictionary_;
  bool has_dictionary_ = false;
  std::vector<uint32_t> def_, rep_;  // the current page's levels
  uint64_t levels_read_ = 0;
  DecodedColumn out_;
};

Status ChunkReader::Decompress(const uint8_t* src, size_t size, size_t raw_size, const uint8_t** data) {
  if (meta_.codec == Codec::kUncompressed) {
    if (size != raw_size) {
      return Status::Corruption("uncompressed page of " + std::to_string(size) + " bytes, the header says " +
                                std::to_string(raw_size));
    }
    *data = src;
    return Status::OK();
  }
  buffer_.resize(raw_size);
  QUIVER_RETURN_IF_ERROR(decompressor_->Decompress(meta_.codec, src, size, buffer_.data(), raw_size));
  *data = buffer_.data();
  return Status::OK();
}

Status ChunkReader::ReadDictionary(const PageHeader& h, const uint8_t* payload, size_t size) {
  if (has_dictionary_) return Status::Corruption("a second dictionary page");
  if (h.encoding != Encoding::kPlain && h.encoding != Encoding::kPlainDictionary) {
    return Status::NotSupported("dictionary page encoding " + EncodingName(h.encoding) + " is not supported");
  }
  if (h.num_values < 0 || h.num_values > kMaxPageValues) {
    return Status::Corruption("dictionary of " + std::to_string(h.num_values) + " values");
  }
  const uint8_t* data = nullptr;
  QUIVER_RETURN_IF_ERROR(Decompress(payload, size, h.uncompressed_size, &data));
  size_t used = 0;
  QUIVER_RETURN_IF_ERROR(DecodePlain(column_.physical, column_.type_length, data, h.uncompressed_size,
                                     h.num_values, &dictionary_, &used));
  has_dictionary_ = true;
  return Status::OK();
}

Status ChunkReader::ReadValues(Encoding encoding, const uint8_t* data, size_t size, size_t count) {
  ValueBuffer* out = &out_.values;
  size_t used = 0;
  PhysicalType p = column_.physical;
  switch (encoding) {
    case Encoding::kPlain:
      return DecodePlain(p, column_.type_length, data, size, count, out, &used);
    case Encoding::kPlainDictionary:
    case Encoding::kRleDictionary: {
      if (!has_dictionary_) return Status::Corruption("dictionary-encoded page without a dictionary page");
      if (count == 0) return Status::OK();
      if (size < 1) return Status::Corruption("dictionary indices past the end of the page");
      std::vector<uint32_t> indices;
      QUIVER_RETURN_IF_ERROR(RleDecoder(data + 1, size - 1, data[0]).Decode(count, &indices));
      size_t n = dictionary_.size();
      for (uint32_t i : indices) {
        if (i >= n) {
          return Status::Corruption("dictionary index " + std::to_string(i) + " past the dictionary's " +
                                    std::to_string(n) + " values");
        }
      }
      if (out->storage == ValueStorage::kInts) {
        for (uint32_t i : indices) out->ints.push_back(dictionary_.ints[i]);
      } else if (out->storage == ValueStorage::kDoubles) {
        for (uint32_t i : indices) out->doubles.push_back(dictionary_.doubles[i]);
      } else {
        for (uint32_t i : indices) out->AppendFrom(dictionary_, i);
      }
      return Status::OK();
    }
    case Encoding::kRle:
      if (p == PhysicalType::kBoolean) return DecodeRleBooleans(data, size, count, out);
      break;
    case Encoding::kDeltaBinaryPacked:
      if (p == PhysicalType::kInt32 || p == PhysicalType::kInt64) {
        size_t at = out->ints.size();
        QUIVER_RETURN_IF_ERROR(DecodeDeltaBinaryPacked(data, size, count, out));
        // INT32 deltas wrap at 32 bits: the low half is the value.
        if (p == PhysicalType::kInt32) {
          for (size_t i = at; i < out->ints.size(); ++i) out->ints[i] = static_cast<int32_t>(out->ints[i]);
        }
        return Status::OK();
      }
      break;
    case Encoding::kDeltaLengthByteArray:
      if (p == PhysicalType::kByteArray) return DecodeDeltaLengthByteArray(data, size, count, out, &used);
      break;
    case Encoding::kDeltaByteArray:
      if (p == PhysicalType::kByteArray || p == PhysicalType::kFixedLenByteArray) {
        size_t at = out->size();
        QUIVER_RETURN_IF_ERROR(DecodeDeltaByteArray(data, size, count, out));
        if (p == PhysicalType::kFixedLenByteArray) {
          for (size_t i = at; i < out->size(); ++i) {
            if (out->bytes_at(i).size() != static_cast<size_t>(column_.type_length)) {
              return Status::Corruption("DELTA_BYTE_ARRAY value of the wrong length");
            }
          }
        }
        return Status::OK();
      }
      break;
    case Encoding::kByteStreamSplit:
      return DecodeByteStreamSplit(p, column_.type_length, data, size, count, out);
    default:
      break;
  }
  return Status::NotSupported("encoding " + EncodingName(encoding) + " of " + PhysicalTypeName(p) +
                              " is not supported");
}

// Turns the page's levels into rows: a new row at every repetition level 0.
void ChunkReader::AddLevels(size_t count) {
  DecodedColumn& o = out_;
  const bool flat = !column_.is_list;
  if (flat && column_.max_def == 0) {
    // Required: value i is row i; state and begin stay empty.
    o.rows += count;
    return;
  }
  if (o.state.empty() && flat) {
    // Writers mark most columns optional even when no value is null (DuckDB does): while
    // every level is defined, the rows stay implicit.
    bool all = true;
    for (size_t i = 0; i < count && all; ++i) all = static_cast<int>(def_[i]) == column_.max_def;
    if (all) {
      o.rows += count;
      return;
    }
  }
  if (o.state.empty()) {
    // The first nulls or lists: materialize the rows so far (all present, one value each).
    o.state.assign(o.rows, RowState::kPresent);
    o.begin.resize(o.rows + 1);
    for (uint64_t r = 0; r <= o.rows; ++r) o.begin[r] = r;
  }
  uint64_t value = o.begin.back();
  for (size_t i = 0; i < count; ++i) {
    uint32_t d = def_[i];
    if (flat) {
      bool present = static_cast<int>(d) == column_.max_def;
      o.state.push_back(present ? RowState::kPresent : RowState::kNull);
      value += present;
      o.begin.push_back(value);
      ++o.rows;
      continue;
    }
    if (rep_[i] == 0) {  // a new row
      o.state.push_back(static_cast<int>(d) < column_.list_def ? RowState::kNull : RowState::kPresent);
      o.begin.push_back(value);
      ++o.rows;
    }
    if (static_cast<int>(d) == column_.max_def) {
      ++value;
    } else if (static_cast<int>(d) >= column_.element_def) {
      o.state.back() = RowState::kNullElement;
    }
    o.begin.back() = value;
  }
}

Status ChunkReader::ReadPage(const PageHeader& h, const uint8_t* payload, size_t size) {
  if (h.type == PageType::kIndexPage) return Status::OK();
  if (!h.has_type_header) return Status::Corruption("page header without its type's header");
  if (h.uncompressed_size < 0 || h.uncompressed_size > kMaxPageBytes) {
    return Status::Corruption("page of " + std::to_string(h.uncompressed_size) + " bytes uncompressed (at most " +
                              std::to_string(kMaxPageBytes) + ")");
  }
  if (h.type == PageType::kDictionaryPage) return ReadDictionary(h, payload, size);
  if (h.type != PageType::kDataPage && h.type != PageType::kDataPageV2) {
    return Status::Corruption("unknown page type " + std::to_string(static_cast<int>(h.type)));
  }
  if (h.num_values < 0 || h.num_values > kMaxPageValues ||
      levels_read_ + h.num_values > static_cast<uint64_t>(meta_.num_values)) {
    return Status::Corruption("page of " + std::to_string(h.num_values) + " values, more than its column chunk's " +
                              std::to_string(meta_.num_values) + " (or " + std::to_string(kMaxPageValues) + ")");
  }
  size_t n = static_cast<size_t>(h.num_values);
  def_.clear();
  rep_.clear();
  const uint8_t* data = nullptr;
  size_t data_size = 0;
  if (h.type == PageType::kDataPage) {
    QUIVER_RETURN_IF_ERROR(Decompress(payload, size, h.uncompressed_size, &data));
    data_size = h.uncompressed_size;
    // v1: each level run is prefixed by its 4-byte length (RLE; BIT_PACKED has none).
    auto levels = [&](Encoding enc, int max_level, std::vector<uint32_t>* out) -> Status {
      if (max_level == 0) return Status::OK();
      size_t len = 0;
      if (enc == Encoding::kRle) {
        if (data_size < 4) return Status::Corruption("levels past the end of the page");
        uint32_t l;
        std::memcpy(&l, data, 4);
        if (l > data_size - 4) return Status::Corruption("levels past the end of the page");
        data += 4;
        data_size -= 4;
        len = l;
      } else {
        len = std::min<size_t>(data_size, (n * BitWidth(max_level) + 7) / 8);
      }
      QUIVER_RETURN_IF_ERROR(DecodeLevels(enc, data, len, max_level, n, out));
      data += len;
      data_size -= len;
      return Status::OK();
    };
    QUIVER_RETURN_IF_ERROR(levels(h.repetition_level_encoding, column_.max_rep, &rep_));
    QUIVER_RETURN_IF_ERROR(levels(h.definition_level_encoding, column_.max_def, &def_));
  } else {
    // v2: the levels come first, never compressed, their lengths in the header.
    if (h.repetition_levels_byte_length < 0 || h.definition_levels_byte_length < 0 ||
        static_cast<uint64_t>(h.repetition_levels_byte_length) + h.definition_levels_byte_length > size) {
      return Status::Corruption("level lengths past the end of the page");
    }
    size_t rl = h.repetition_levels_byte_length, dl = h.definition_levels_byte_length;
    if (column_.max_rep > 0) QUIVER_RETURN_IF_ERROR(DecodeLevels(Encoding::kRle, payload, rl, column_.max_rep, n, &rep_));
    if (column_.max_def > 0) {
      QUIVER_RETURN_IF_ERROR(DecodeLevels(Encoding::kRle, payload + rl, dl, column_.max_def, n, &def_));
    }
    size_t levels = rl + dl;
    if (static_cast<uint64_t>(h.uncompressed_size) < levels) return Status::Corruption("page smaller than its levels");
    size_t raw = h.uncompressed_size - levels;
    if (h.is_compressed && meta_.codec != Codec::kUncompressed) {
      QUIVER_RETURN_IF_ERROR(Decompress(payload + levels, size - levels, raw, &data));
    } else {
      if (size - levels != raw) return Status::Corruption("page size differs from its header's");
      data = payload + levels;
    }
    data_size = raw;
  }
  if (column_.max_rep > 0 && n > 0 && rep_[0] != 0 && out_.rows == 0) {
    return Status::Corruption("the first value continues a row");
  }
  size_t defined = n;
  if (column_.max_def > 0) {
    defined = 0;
    for (uint32_t d : def_) defined += static_cast<int>(d) == column_.max_def;
  }
  QUIVER_RETURN_IF_ERROR(ReadValues(h.encoding, data, data_size, defined));
  AddLevels(n);
  levels_read_ += n;
  return Status::OK();
}

Status ChunkReader::Finish(uint64_t num_rows) {
  if (levels_read_ != static_cast<uint64_t>(meta_.num_values)) {
    return Status::Corruption("the pages hold " + std::to_string(levels_read_) + " values, the column chunk says " +
                              std::to_string(meta_.num_values));
  }
  if (out_.rows != num_rows) {
    return Status::Corruption("the column chunk holds " + std::to_string(out_.rows) + " rows, its row group " +
                              std::to_string(num_rows));
  }
  return Status::OK();
}

}  // namespace

Result<DecodedColumn> ReadColumnChunk(const ColumnDescriptor& column, const ColumnMetaData& meta, uint64_t num_rows,
                                      const uint8_t* chunk, size_t size, Decompressor* decompressor,
                                      ChunkPosition* position) {
  ChunkReader reader(column, meta, decompressor);
  size_t pos = 0;
  position->page = -1;
  while (pos < size && reader.levels_read() < static_cast<uint64_t>(meta.num_values)) {
    ++position->page;
    size_t header_size = 0;
    auto header = ParsePageHeader(chunk + pos, size - pos, &header_size);
    if (!header.ok()) return header.status().WithContext("page header");
    const PageHeader& h = *header;
    pos += header_size;
    if (h.compressed_size < 0 || static_cast<size_t>(h.compressed_size) > size - pos) {
      return Status::Corruption("page of " + std::to_string(h.compressed_size) + " bytes past the column chunk's end");
    }
    const uint8_t* payload = chunk + pos;
    if (h.crc && static_cast<uint32_t>(crc32(0, payload, h.compressed_size)) != *h.crc) {
      return Status::Corruption("page checksum (CRC32) mismatch");
    }
    QUIVER_RETURN_IF_ERROR(reader.ReadPage(h, payload, h.compressed_size));
    pos += h.compressed_size;
  }
  position->page = -1;
  QUIVER_RETURN_IF_ERROR(reader.Finish(num_rows));
  return reader.Take();
}

}  // namespace quiver::ingest::parquet
