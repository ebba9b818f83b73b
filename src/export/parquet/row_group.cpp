#include "export/parquet/row_group.h"

#include <zlib.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>

#include "export/parquet/dictionary.h"
#include "ingest/parquet/encodings.h"

namespace quiver::exporter::parquet {

namespace {

// A page's share of its column chunk: levels [level_begin, level_end), defined values
// [value_begin, value_end).
struct PageRange {
  uint64_t level_begin, level_end, value_begin, value_end;
};

// Levels per page at most, whatever the values: a column of nulls or empty lists still
// gets pages of bounded size.
constexpr uint64_t kMaxPageLevels = uint64_t{1} << 20;

size_t FixedWidth(ColumnType type) {
  return type == ColumnType::kBoolean ? 1 : type == ColumnType::kDate ? 4 : 8;
}

std::vector<PageRange> CutPages(const ColumnBuffer& b, uint64_t page_bytes) {
  std::vector<PageRange> pages;
  const uint64_t levels = b.levels();
  const bool text = b.type() == ColumnType::kString;
  const size_t width = FixedWidth(b.type());
  const uint8_t* def = b.def().data();
  const uint8_t* rep = b.rep().data();
  const uint8_t max_def = static_cast<uint8_t>(b.max_def());
  if (b.max_def() == 0 && !text) {
    // Every level a value of fixed width: the cut is arithmetic.
    const uint64_t per_page = std::clamp<uint64_t>(page_bytes / width, 1, kMaxPageLevels);
    for (uint64_t at = 0; at < levels; at += per_page) {
      uint64_t end = std::min(levels, at + per_page);
      pages.push_back(PageRange{at, end, at, end});
    }
    return pages;
  }
  PageRange page{0, 0, 0, 0};
  uint64_t bytes = 0;
  uint64_t value = 0;
  for (uint64_t l = 0; l < levels; ++l) {
    bool row_start = b.max_rep() == 0 || rep[l] == 0;
    if (row_start && l > page.level_begin && (bytes >= page_bytes || l - page.level_begin >= kMaxPageLevels)) {
      page.level_end = l;
      page.value_end = value;
      pages.push_back(page);
      page = PageRange{l, l, value, value};
      bytes = 0;
    }
    if (b.max_def() == 0 || def[l] == max_def) {
      bytes += text ? 4 + (b.ends()[value] - (value == 0 ? 0 : b.ends()[value - 1])) : width;
      ++value;
    }
  }
  page.level_end = levels;
  page.value_end = value;
  if (levels > 0) pages.push_back(page);
  return pages;
}

// Uncompressed page: [repetition levels][definition levels] (each a 4-byte length and
// the hybrid encoding), then the PLAIN values.
// dict: the chunk's dictionary when it has one; the values are then its indices.
void EncodePage(const ColumnBuffer& b, const PageRange& p, const StringDictionary* dict, std::string* out) {
  out->clear();
  auto levels = [&](const std::vector<uint8_t>& v, int max_level) {
    size_t at = out->size();
    out->append(4, '\0');
    AppendRleHybrid(v.data() + p.level_begin, p.level_end - p.level_begin, ingest::parquet::BitWidth(max_level), out);
    uint32_t n = static_cast<uint32_t>(out->size() - at - 4);
    std::memcpy(out->data() + at, &n, 4);
  };
  if (b.max_rep() > 0) levels(b.rep(), b.max_rep());
  if (b.max_def() > 0) levels(b.def(), b.max_def());
  const uint64_t count = p.value_end - p.value_begin;
  if (dict != nullptr) {
    out->push_back(static_cast<char>(dict->bit_width));
    AppendRleHybrid(dict->indices.data() + p.value_begin, count, dict->bit_width, out);
  } else if (b.type() == ColumnType::kBoolean) {
    AppendPackedBooleans(b.fixed().data() + p.value_begin, count, out);
  } else if (b.type() == ColumnType::kString) {
    const auto& ends = b.ends();
    for (uint64_t i = p.value_begin; i < p.value_end; ++i) {
      uint64_t begin = i == 0 ? 0 : ends[i - 1];
      uint32_t len = static_cast<uint32_t>(ends[i] - begin);
      out->append(reinterpret_cast<const char*>(&len), 4);
      out->append(b.bytes(), begin, len);
    }
  } else {
    size_t width = FixedWidth(b.type());
    out->append(reinterpret_cast<const char*>(b.fixed().data() + p.value_begin * width), count * width);
  }
}

template <typename T>
T Load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

template <typename T>
std::string Plain(T v) {
  return std::string(reinterpret_cast<const char*>(&v), sizeof(T));
}

template <typename T>
void IntegerMinMax(const uint8_t* v, uint64_t n, ChunkStatistics* s) {
  T lo = std::numeric_limits<T>::max(), hi = std::numeric_limits<T>::min();
  for (uint64_t i = 0; i < n; ++i) {
    T x = Load<T>(v + i * sizeof(T));
    lo = std::min(lo, x);
    hi = std::max(hi, x);
  }
  s->min = Plain(lo);
  s->max = Plain(hi);
}

// min/max of integers (signed order) and doubles (NaN left out; a zero min is -0.0 and a
// zero max +0.0, as the specification asks, since readers may not order the two zeros).
// Text and booleans get the null count only; lists no statistics (whether an empty list
// counts as a null element differs between readers).
std::optional<ChunkStatistics> StatisticsOf(const ColumnBuffer& b) {
  if (b.max_rep() > 0) return std::nullopt;
  ChunkStatistics s;
  s.null_count = static_cast<int64_t>(b.levels() - b.values());
  const uint64_t n = b.values();
  const uint8_t* v = b.fixed().data();
  if (n == 0) return s;
  switch (b.type()) {
    case ColumnType::kInt64:
    case ColumnType::kLocalTimeNanos:
    case ColumnType::kLocalDateTimeNanos: IntegerMinMax<int64_t>(v, n, &s); break;
    case ColumnType::kDate: IntegerMinMax<int32_t>(v, n, &s); break;
    case ColumnType::kDouble: {
      double lo = std::numeric_limits<double>::infinity(), hi = -lo;
      bool any = false;
      for (uint64_t i = 0; i < n; ++i) {
        double x = Load<double>(v + i * 8);
        if (std::isnan(x)) continue;
        any = true;
        lo = std::min(lo, x);
        hi = std::max(hi, x);
      }
      if (!any) break;
      if (lo == 0) lo = -0.0;
      if (hi == 0) hi = 0.0;
      s.min = Plain(lo);
      s.max = Plain(hi);
      break;
    }
    case ColumnType::kBoolean:
    case ColumnType::kString:
      break;
  }
  return s;
}

Status CheckShapes(std::span<const ColumnSpec> columns, std::span<const ColumnBuffer> buffers) {
  if (columns.size() != buffers.size()) {
    return Status::InvalidArgument("parquet: " + std::to_string(buffers.size()) + " column buffers for " +
                                   std::to_string(columns.size()) + " columns");
  }
  for (size_t i = 0; i < columns.size(); ++i) {
    const ColumnSpec& c = columns[i];
    const ColumnBuffer& b = buffers[i];
    if (b.type() != c.type || b.max_def() != MaxDefinitionLevel(c) || b.max_rep() != MaxRepetitionLevel(c)) {
      return Status::InvalidArgument("parquet: the buffer of column '" + c.name + "' was made for another type or shape");
    }
    if (b.rows() != buffers[0].rows()) {
      return Status::InvalidArgument("parquet: column '" + c.name + "' has " + std::to_string(b.rows()) +
                                     " rows, column '" + columns[0].name + "' " + std::to_string(buffers[0].rows()));
    }
  }
  return Status::OK();
}

// Appends one page: compressed (unless UNCOMPRESSED), checksummed, its header first.
Status AppendPage(const ColumnSpec& column, const std::string& raw, bool dictionary_page, int32_t num_values,
                  bool dictionary_indices, const WriterOptions& options, Compressor* compressor, std::string* packed,
                  EncodedChunk* chunk) {
  const std::string* stored = &raw;
  if (options.codec != Codec::kUncompressed) {
    QUIVER_RETURN_IF_ERROR(compressor->Compress(raw, packed));
    stored = packed;
  }
  if (raw.size() > static_cast<size_t>(std::numeric_limits<int32_t>::max()) ||
      stored->size() > static_cast<size_t>(std::numeric_limits<int32_t>::max())) {
    return Status::InvalidArgument("parquet: column '" + column.name + "': a page over 2 GiB (one value that large?)");
  }
  uint32_t crc =
      static_cast<uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(stored->data()), static_cast<uInt>(stored->size())));
  size_t header_at = chunk->bytes.size();
  auto raw_size = static_cast<int32_t>(raw.size()), stored_size = static_cast<int32_t>(stored->size());
  if (dictionary_page) {
    AppendDictionaryPageHeader(raw_size, stored_size, crc, num_values, &chunk->bytes);
  } else {
    AppendDataPageHeader(raw_size, stored_size, crc, num_values, dictionary_indices, &chunk->bytes);
  }
  int64_t header = static_cast<int64_t>(chunk->bytes.size() - header_at);
  chunk->bytes.append(*stored);
  chunk->record.uncompressed_size += header + raw_size;
  return Status::OK();
}

Result<EncodedChunk> EncodeChunk(const ColumnSpec& column, const ColumnBuffer& b, const WriterOptions& options,
                                 Compressor* compressor) {
  EncodedChunk chunk;
  std::string raw, packed;
  const std::vector<PageRange> pages = CutPages(b, options.page_bytes);
  std::optional<StringDictionary> dict;
  if (b.type() == ColumnType::kString && options.dictionary_bytes > 0) dict = BuildDictionary(b, options.dictionary_bytes);
  // Uncompressed, the chunk is about the buffer's bytes: one allocation, not a doubling
  // series of copies. Compressed (or as dictionary indices) its size is unknown; a
  // quarter is a fair first guess.
  uint64_t estimate = b.fixed().size() + b.bytes().size() + 4 * b.ends().size() + pages.size() * 64 +
                      (b.levels() * (b.max_def() > 0) + b.levels() * (b.max_rep() > 0)) / 4;
  chunk.bytes.reserve(options.codec == Codec::kUncompressed && !dict ? estimate : estimate / 4);
  if (dict) {
    QUIVER_RETURN_IF_ERROR(AppendPage(column, dict->plain, true, static_cast<int32_t>(dict->entries), false, options,
                                      compressor, &packed, &chunk));
    chunk.record.dictionary_size = static_cast<int64_t>(chunk.bytes.size());
  }
  for (const PageRange& p : pages) {
    EncodePage(b, p, dict ? &*dict : nullptr, &raw);
    QUIVER_RETURN_IF_ERROR(AppendPage(column, raw, false, static_cast<int32_t>(p.level_end - p.level_begin),
                                      dict.has_value(), options, compressor, &packed, &chunk));
  }
  chunk.record.compressed_size = static_cast<int64_t>(chunk.bytes.size());
  chunk.record.num_values = static_cast<int64_t>(b.levels());
  chunk.record.stats = StatisticsOf(b);
  return chunk;
}

}  // namespace

uint64_t EncodedRowGroup::bytes() const {
  uint64_t n = 0;
  for (const EncodedChunk& c : chunks) n += c.bytes.size();
  return n;
}

Result<EncodedRowGroup> EncodeRowGroup(std::span<const ColumnSpec> columns, std::span<const ColumnBuffer> buffers,
                                       const WriterOptions& options) {
  QUIVER_RETURN_IF_ERROR(CheckShapes(columns, buffers));
  QUIVER_ASSIGN_OR_RETURN(auto compressor, Compressor::Create(options.codec, options.compression_level));
  EncodedRowGroup group;
  group.columns.assign(columns.begin(), columns.end());
  group.codec = options.codec;
  group.rows = buffers.empty() ? 0 : buffers[0].rows();
  group.chunks.reserve(columns.size());
  for (size_t i = 0; i < columns.size(); ++i) {
    QUIVER_ASSIGN_OR_RETURN(EncodedChunk chunk, EncodeChunk(columns[i], buffers[i], options, compressor.get()));
    group.chunks.push_back(std::move(chunk));
  }
  return group;
}

}  // namespace quiver::exporter::parquet
