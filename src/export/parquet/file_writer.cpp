#include "export/parquet/file_writer.h"

#include <cstring>
#include <set>

#include "quiver/quiver.h"

namespace quiver::exporter::parquet {

namespace {

constexpr std::string_view kMagic = "PAR1";

Status InvalidArgument(const std::string& path, const std::string& what) {
  return Status::InvalidArgument("parquet: " + path + ": " + what);
}

}  // namespace

// "parquet: PATH: reason", the code kept: the encoder's own messages start "parquet: ",
// the Env's name the operation and the path already.
Status FileWriter::Located(const Status& s) const {
  if (s.ok()) return s;
  std::string_view reason = s.message();
  if (reason.starts_with("parquet: ")) reason.remove_prefix(9);
  std::string msg = "parquet: " + path_ + ": " + std::string(reason);
  switch (s.code()) {
    case StatusCode::kInvalidArgument: return Status::InvalidArgument(std::move(msg));
    case StatusCode::kNotFound: return Status::NotFound(std::move(msg));
    case StatusCode::kResourceExhausted: return Status::ResourceExhausted(std::move(msg));
    case StatusCode::kNotSupported: return Status::NotSupported(std::move(msg));
    default: return Status::IOError(std::move(msg));
  }
}

FileWriter::~FileWriter() = default;

Result<std::unique_ptr<FileWriter>> FileWriter::Create(Env* env, const std::string& path,
                                                       std::vector<ColumnSpec> columns, WriterOptions options) {
  if (columns.empty()) return InvalidArgument(path, "a Parquet file needs at least one column");
  std::set<std::string_view> names;
  for (const ColumnSpec& c : columns) {
    if (c.name.empty()) return InvalidArgument(path, "a column has an empty name");
    if (!names.insert(c.name).second) return InvalidArgument(path, "column name '" + c.name + "' appears twice");
  }
  std::unique_ptr<FileWriter> w(new FileWriter());
  w->path_ = path;
  w->columns_ = std::move(columns);
  w->options_ = options;
  // The level is checked before the file exists, so a bad option leaves nothing behind.
  QUIVER_RETURN_IF_ERROR(w->Located(Compressor::Create(options.codec, options.compression_level).status()));
  auto file = env->NewWritableFile(path);
  if (!file.ok()) return w->Located(file.status());
  w->file_ = std::move(file).value();
  QUIVER_RETURN_IF_ERROR(w->Located(w->file_->Append(kMagic)));
  return w;
}

Status FileWriter::Append(EncodedRowGroup group) {
  if (finished_) return InvalidArgument(path_, "row group appended after Finish");
  if (group.columns.size() != columns_.size()) {
    return InvalidArgument(path_, "row group of " + std::to_string(group.columns.size()) + " columns in a file of " +
                                      std::to_string(columns_.size()));
  }
  for (size_t i = 0; i < columns_.size(); ++i) {
    const ColumnSpec &want = columns_[i], &got = group.columns[i];
    if (want.name != got.name || want.type != got.type || want.list != got.list || want.required != got.required) {
      return InvalidArgument(path_, "row group column " + std::to_string(i) + " ('" + got.name +
                                        "') differs from the file's ('" + want.name + "')");
    }
  }
  if (group.rows == 0) return Status::OK();
  RowGroupRecord record;
  record.rows = static_cast<int64_t>(group.rows);
  record.codec = group.codec;
  for (EncodedChunk& chunk : group.chunks) {
    chunk.record.offset = static_cast<int64_t>(file_->Size());
    QUIVER_RETURN_IF_ERROR(Located(file_->Append(chunk.bytes)));
    record.chunks.push_back(std::move(chunk.record));
    std::string().swap(chunk.bytes);  // the row group's memory goes as it is written
  }
  row_groups_.push_back(std::move(record));
  rows_ += group.rows;
  return Status::OK();
}

Status FileWriter::Append(std::span<const ColumnBuffer> buffers) {
  if (finished_) return InvalidArgument(path_, "row group appended after Finish");
  auto group = EncodeRowGroup(columns_, buffers, options_);
  if (!group.ok()) return Located(group.status());
  return Append(std::move(group).value());
}

Status FileWriter::Finish() {
  if (finished_) return InvalidArgument(path_, "Finish called twice");
  finished_ = true;
  std::string footer = SerializeFileMetaData(columns_, row_groups_, std::string("quiver ") + QUIVER_VERSION);
  uint32_t length = static_cast<uint32_t>(footer.size());
  footer.append(reinterpret_cast<const char*>(&length), 4);  // little-endian
  footer.append(kMagic);
  QUIVER_RETURN_IF_ERROR(Located(file_->Append(footer)));
  QUIVER_RETURN_IF_ERROR(Located(file_->Sync()));
  return Located(file_->Close());
}

uint64_t FileWriter::bytes_written() const { return file_ ? file_->Size() : 0; }

}  // namespace quiver::exporter::parquet
