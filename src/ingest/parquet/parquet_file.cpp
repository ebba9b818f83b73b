#include "ingest/parquet/parquet_file.h"

#include <cstring>

namespace quiver::ingest::parquet {
namespace {

constexpr char kMagic[4] = {'P', 'A', 'R', '1'};
// A footer larger than this is damage, not metadata (the largest real footers, of tens
// of thousands of columns and row groups, are tens of MiB).
constexpr uint32_t kMaxFooter = 256u << 20;

Status Restate(const Status& s, std::string message) {
  switch (s.code()) {
    case StatusCode::kNotSupported: return Status::NotSupported(std::move(message));
    case StatusCode::kIOError: return Status::IOError(std::move(message));
    case StatusCode::kInvalidArgument: return Status::InvalidArgument(std::move(message));
    default: return Status::Corruption(std::move(message));
  }
}

Status ReadExactly(const RandomAccessFile& f, uint64_t offset, size_t n, char* out) {
  if (n == 0) return Status::OK();  // an empty vector's data() may be null
  QUIVER_ASSIGN_OR_RETURN(size_t got, f.ReadAt(offset, n, out));
  if (got != n) return Status::Corruption("short read at byte " + std::to_string(offset));
  return Status::OK();
}

}  // namespace

Result<std::unique_ptr<ParquetFile>> ParquetFile::Open(Env* env, const std::string& path) {
  std::unique_ptr<ParquetFile> pf(new ParquetFile());
  pf->path_ = path;
  auto footer_error = [&](const std::string& why) {
    return Status::Corruption("parquet: " + path + ": footer: " + why);
  };
  QUIVER_ASSIGN_OR_RETURN(pf->file_, env->NewRandomAccessFile(path));
  uint64_t size = pf->file_->Size();
  if (size < 12) return footer_error("file of " + std::to_string(size) + " bytes is too short for Parquet");
  char head[4], tail[8];
  QUIVER_RETURN_IF_ERROR(ReadExactly(*pf->file_, 0, 4, head));
  QUIVER_RETURN_IF_ERROR(ReadExactly(*pf->file_, size - 8, 8, tail));
  if (std::memcmp(head, kMagic, 4) != 0) return footer_error("not a Parquet file (no PAR1 magic at the start)");
  if (std::memcmp(tail + 4, "PARE", 4) == 0) {
    return Status::NotSupported("parquet: " + path + ": footer: encrypted files are not supported");
  }
  if (std::memcmp(tail + 4, kMagic, 4) != 0) {
    return footer_error("no PAR1 magic at the end (a truncated or damaged file)");
  }
  uint32_t footer_size;
  std::memcpy(&footer_size, tail, 4);
  if (footer_size > size - 12 || footer_size > kMaxFooter) {
    return footer_error("footer length " + std::to_string(footer_size) + " does not fit the file's " +
                        std::to_string(size) + " bytes");
  }
  std::vector<uint8_t> footer(footer_size);
  QUIVER_RETURN_IF_ERROR(
      ReadExactly(*pf->file_, size - 8 - footer_size, footer_size, reinterpret_cast<char*>(footer.data())));
  auto meta = ParseFileMetaData(footer.data(), footer.size());
  if (!meta.ok()) return Restate(meta.status(), "parquet: " + path + ": footer: " + meta.status().message());
  pf->meta_ = std::move(meta).value();
  auto columns = DescribeColumns(pf->meta_);
  if (!columns.ok()) return Restate(columns.status(), "parquet: " + path + ": schema: " + columns.status().message());
  pf->columns_ = std::move(columns).value();
  for (size_t g = 0; g < pf->meta_.row_groups.size(); ++g) {
    if (pf->meta_.row_groups[g].num_rows < 0) return footer_error("row group " + std::to_string(g) + " has negative rows");
  }
  return pf;
}

uint64_t ParquetFile::rows() const {
  uint64_t n = 0;
  for (const auto& g : meta_.row_groups) n += static_cast<uint64_t>(g.num_rows);
  return n;
}

uint64_t ParquetFile::row_group_bytes(size_t g) const {
  uint64_t n = 0;
  for (const auto& c : meta_.row_groups[g].columns) {
    if (c.meta && c.meta->total_compressed_size > 0) n += static_cast<uint64_t>(c.meta->total_compressed_size);
  }
  return n;
}

uint64_t ParquetFile::row_group_raw_bytes(size_t g) const {
  uint64_t n = 0;
  for (const auto& c : meta_.row_groups[g].columns) {
    if (c.meta && c.meta->total_uncompressed_size > 0) n += static_cast<uint64_t>(c.meta->total_uncompressed_size);
  }
  return n;
}

Status ParquetFile::Located(const Status& s, size_t g, int column, int page) const {
  std::string where = "parquet: " + path_ + ": row group " + std::to_string(g);
  if (column >= 0) where += ", column '" + columns_[column].name + "'";
  if (page >= 0) where += ", page " + std::to_string(page);
  return Restate(s, where + ": " + s.message());
}

Result<std::vector<DecodedColumn>> ParquetFile::ReadRowGroup(size_t g, const std::vector<int>& which,
                                                             Decompressor* decompressor) const {
  const RowGroupMeta& group = meta_.row_groups[g];
  std::vector<DecodedColumn> out;
  out.reserve(which.size());
  std::vector<uint8_t> bytes;
  for (int c : which) {
    const ColumnDescriptor& column = columns_[c];
    if (!column.unsupported.empty()) return Located(Status::NotSupported(column.unsupported), g, c);
    const ColumnChunkMeta& chunk = group.columns[column.leaf];
    if (chunk.encrypted) return Located(Status::NotSupported("encrypted columns are not supported"), g, c);
    if (!chunk.file_path.empty()) {
      return Located(Status::NotSupported("column data in another file (" + chunk.file_path + ") is not supported"), g, c);
    }
    if (!chunk.meta) return Located(Status::Corruption("column chunk without metadata"), g, c);
    const ColumnMetaData& m = *chunk.meta;
    if (m.type != column.physical) {
      return Located(Status::Corruption("chunk of type " + PhysicalTypeName(m.type) + " in a column of " +
                                        PhysicalTypeName(column.physical)), g, c);
    }
    int64_t start = m.data_page_offset;
    // Some writers leave dictionary_page_offset 0 for "none": only an offset before the
    // first data page is a dictionary's.
    if (m.dictionary_page_offset && *m.dictionary_page_offset >= 4 && *m.dictionary_page_offset < start) {
      start = *m.dictionary_page_offset;
    }
    uint64_t file_size = file_->Size();
    if (start < 4 || m.total_compressed_size < 0 || static_cast<uint64_t>(start) > file_size - 8 ||
        static_cast<uint64_t>(m.total_compressed_size) > file_size - 8 - start) {
      return Located(Status::Corruption("column chunk at byte " + std::to_string(start) + " of " +
                                        std::to_string(m.total_compressed_size) + " bytes lies outside the file"), g, c);
    }
    if (m.num_values < 0) return Located(Status::Corruption("negative value count"), g, c);
    bytes.resize(m.total_compressed_size);
    Status read = ReadExactly(*file_, start, bytes.size(), reinterpret_cast<char*>(bytes.data()));
    if (!read.ok()) return Located(read, g, c);
    ChunkPosition position;
    auto decoded = ReadColumnChunk(column, m, group.num_rows, bytes.data(), bytes.size(), decompressor, &position);
    if (!decoded.ok()) return Located(decoded.status(), g, c, position.page);
    out.push_back(std::move(decoded).value());
  }
  return out;
}

}  // namespace quiver::ingest::parquet
