#include "input_share.h"

#include <algorithm>

#include "export/value_text.h"
#include "ingest/parquet/cells.h"
#include "ingest/parquet/parquet_file.h"
#include "ingest/parquet/parquet_rows.h"
#include "storage/txn/value_convert.h"

namespace quiver::mpi {
namespace {

constexpr uint64_t kProbeBytes = 64 << 10;
constexpr uint64_t kMaxHeaderBytes = 1 << 20;

bool EndsWith(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// What quiver-mpi import needs of the header's id columns (named errors otherwise), and
// the node file's ID column text.
Status CheckIds(const std::string& path, ingest::FileKind kind, const std::vector<std::string>& names,
                InputShare::Header* h) {
  const auto check_space = [&](int index) -> Status {
    const ingest::ColumnSpec& c = h->parsed.columns[index];
    if (!c.id_space.empty())
      return Status::NotSupported(path + ": ID spaces (" + c.id_space + ") are not supported by quiver-mpi import");
    if (c.id_type == ingest::KeyType::kString)
      return Status::NotSupported(path + ": string ids are not supported by quiver-mpi import");
    return Status::OK();
  };
  if (kind == ingest::FileKind::kNodes) {
    if (h->parsed.id < 0) return Status::InvalidArgument(path + ": quiver-mpi import needs an :ID column in node files");
    QUIVER_RETURN_IF_ERROR(check_space(h->parsed.id));
    h->id_field = names[h->parsed.id];
    return Status::OK();
  }
  QUIVER_RETURN_IF_ERROR(check_space(h->parsed.start));
  return check_space(h->parsed.end);
}

// A CSV file's byte range.
class CsvShare : public InputShare {
 public:
  Status Open(const std::string& path, ingest::FileKind kind, const ingest::CsvDialect& dialect, uint32_t rank,
              uint32_t ranks) {
    if (EndsWith(path, ".gz")) {
      return Status::NotSupported(path + ": quiver-mpi import cannot split gzip files by byte ranges; decompress it");
    }
    QUIVER_ASSIGN_OR_RETURN(file_, Env::Default()->NewRandomAccessFile(path));
    QUIVER_RETURN_IF_ERROR(ReadHeader(kind, dialect));
    const uint64_t size = file_->Size();
    QUIVER_ASSIGN_OR_RETURN(pos_, AlignToRow(size * rank / ranks));
    QUIVER_ASSIGN_OR_RETURN(end_, AlignToRow(size * (rank + 1) / ranks));
    return Status::OK();
  }

  bool done() const override { return pos_ >= end_; }

  Status Next(uint64_t bytes, std::string* block) override {
    block->resize(static_cast<size_t>(std::min(bytes, end_ - pos_)));
    QUIVER_ASSIGN_OR_RETURN(size_t got, file_->ReadAt(pos_, block->size(), block->data()));
    block->resize(got);
    if (pos_ + block->size() < end_) {
      const size_t cut = block->rfind('\n');
      if (cut == std::string::npos) {
        return Status::InvalidArgument(file_->path() + ": a row longer than a quarter of --shuffle-budget");
      }
      block->resize(cut + 1);
    }
    if (block->empty()) return Status::IOError(file_->path() + ": shorter than when its share was cut");
    pos_ += block->size();
    return Status::OK();
  }

 private:
  Status ReadHeader(ingest::FileKind kind, const ingest::CsvDialect& dialect) {
    const std::string& path = file_->path();
    std::string buf(static_cast<size_t>(std::min<uint64_t>(file_->Size(), kMaxHeaderBytes)), '\0');
    QUIVER_ASSIGN_OR_RETURN(size_t got, file_->ReadAt(0, buf.size(), buf.data()));
    buf.resize(got);
    const size_t nl = buf.find('\n');
    if (nl == std::string::npos && got == kMaxHeaderBytes) return Status::InvalidArgument(path + ": header row too long");
    header_bytes_ = nl == std::string::npos ? got : nl + 1;
    header_.text = buf.substr(0, header_bytes_);
    if (header_.text.empty() || header_.text.back() != '\n') header_.text.push_back('\n');
    std::string_view row(buf.data(), nl == std::string::npos ? got : nl);
    if (row.substr(0, 3) == "\xEF\xBB\xBF") row.remove_prefix(3);  // a UTF-8 byte order mark
    if (!row.empty() && row.back() == '\r') row.remove_suffix(1);
    std::vector<ingest::Field> fields;
    std::string scratch;
    uint32_t column = 1;
    const std::string error = ingest::TokenizeRow(row, dialect, &fields, &scratch, &column);
    if (!error.empty()) return Status::InvalidArgument(path + ":1:" + std::to_string(column) + ": header: " + error);
    std::vector<std::string> names;
    std::vector<uint64_t> columns;
    for (const ingest::Field& f : fields) {
      names.emplace_back(f.text);
      columns.push_back(f.column);
    }
    QUIVER_ASSIGN_OR_RETURN(header_.parsed, ingest::ParseHeader(names, columns, kind));
    return CheckIds(path, kind, names, &header_);
  }

  // The first row start at or after pos (pos itself when a row starts there).
  Result<uint64_t> AlignToRow(uint64_t pos) const {
    if (pos <= header_bytes_) return header_bytes_;
    std::string buf(kProbeBytes, '\0');
    // A row starts at pos when the byte before it ends a line.
    for (uint64_t at = pos - 1; at < file_->Size(); at += buf.size()) {
      QUIVER_ASSIGN_OR_RETURN(size_t got, file_->ReadAt(at, buf.size(), buf.data()));
      const size_t nl = std::string_view(buf.data(), got).find('\n');
      if (nl != std::string_view::npos) return at + nl + 1;
    }
    return file_->Size();
  }

  std::unique_ptr<RandomAccessFile> file_;
  uint64_t header_bytes_ = 0;
  uint64_t pos_ = 0, end_ = 0;
};

// The CSV type of a column whose type the Parquet schema gives.
std::string CsvTypeOf(const ingest::parquet::ColumnDescriptor& d) {
  using ingest::parquet::CellKind;
  std::string t;
  switch (d.kind) {
    case CellKind::kBool: t = "boolean"; break;
    case CellKind::kInt:
    case CellKind::kUnsigned: t = "long"; break;
    case CellKind::kDouble:
    case CellKind::kDecimal: t = "double"; break;
    case CellKind::kString:
    case CellKind::kUuid: t = "string"; break;
    case CellKind::kDate: t = "date"; break;
    case CellKind::kTime: t = d.utc ? "time" : "localtime"; break;
    case CellKind::kTimestamp: t = d.utc ? "datetime" : "localdatetime"; break;
    case CellKind::kInt96: t = "localdatetime"; break;
  }
  return d.is_list ? t + "[]" : t;
}

// A Parquet file's row groups, a contiguous run of about 1/P of its rows.
class ParquetShare : public InputShare {
 public:
  Status Open(const std::string& path, ingest::FileKind kind, const ingest::CsvDialect& dialect, uint32_t rank,
              uint32_t ranks) {
    dialect_ = dialect;
    QUIVER_ASSIGN_OR_RETURN(file_, ingest::parquet::ParquetFile::Open(Env::Default(), path));
    auto parsed = ingest::parquet::SourceHeader(*file_, kind, &columns_);
    if (!parsed.ok()) return parsed.status().WithContext(path);
    header_.parsed = std::move(parsed).value();
    // The header row: the columns' names, a type the schema gives written out.
    std::vector<std::string> names;
    for (size_t i = 0; i < file_->columns().size(); ++i) {
      std::string name = file_->columns()[i].name;
      if (i < columns_.inferred.size() && columns_.inferred[i]) name.append(":").append(CsvTypeOf(file_->columns()[i]));
      if (i > 0) header_.text.push_back(dialect.delimiter);
      exporter::AppendCsvText(header_.text, name);
      names.push_back(std::move(name));
    }
    header_.text.push_back('\n');
    QUIVER_RETURN_IF_ERROR(CheckIds(path, kind, names, &header_));
    // The rows [r·R/P, (r+1)·R/P): the row groups they fall in, and the slice of each.
    // A group crossing a boundary is decoded by both ranks, each keeping its own rows,
    // so a file of fewer row groups than ranks still gives every rank a share.
    const uint64_t total = file_->rows();
    const uint64_t lo = total * rank / ranks, hi = total * (rank + 1) / ranks;
    uint64_t first_row = 0;
    for (size_t g = 0; g < file_->row_group_count(); ++g) {
      const uint64_t end_row = first_row + file_->row_group_rows(g);
      if (first_row < hi && end_row > lo) {
        groups_.push_back({g, std::max(lo, first_row) - first_row, std::min(hi, end_row) - first_row});
      }
      first_row = end_row;
    }
    return Status::OK();
  }

  bool done() const override { return next_group_ >= groups_.size() && row_ >= rows_; }

  Status Next(uint64_t bytes, std::string* block) override {
    block->clear();
    while (block->size() < bytes && !done()) {
      if (row_ >= rows_) {
        const GroupSlice& slice = groups_[next_group_++];
        QUIVER_ASSIGN_OR_RETURN(data_, file_->ReadRowGroup(slice.group, columns_.read, &decompressor_));
        group_ = slice.group;
        row_ = slice.begin;
        rows_ = slice.end;
        continue;
      }
      QUIVER_RETURN_IF_ERROR(AppendRow(block));
      ++row_;
    }
    return Status::OK();
  }

 private:
  // Row row_ of the group as a CSV row.
  Status AppendRow(std::string* out) {
    const size_t columns = file_->columns().size();
    for (size_t i = 0; i < columns; ++i) {
      if (i > 0) out->push_back(dialect_.delimiter);
      const int slot = i < columns_.slot.size() ? columns_.slot[i] : -1;
      if (slot < 0) continue;
      const ingest::parquet::ColumnDescriptor& d = file_->columns()[columns_.read[slot]];
      storage::PropertyValue pv;
      Status s = ingest::parquet::CellValue(d, data_[slot], row_, &pv);
      if (s.ok()) s = Check(pv);
      if (!s.ok()) {
        return s.WithContext(file_->path() + ": row group " + std::to_string(group_) + ", row " +
                             std::to_string(row_) + ", column '" + d.name + "'");
      }
      if (!pv.is_null()) exporter::AppendCsvField(*out, storage::ToValue(pv), dialect_.array_delimiter);
    }
    out->push_back('\n');
    return Status::OK();
  }

  // What a CSV row cannot carry: a line break (rows are cut at newlines), and a list
  // element holding the array delimiter.
  Status Check(const storage::PropertyValue& v) const {
    auto text_ok = [&](std::string_view s, bool element) {
      return s.find_first_of("\r\n") == std::string_view::npos &&
             (!element || s.find(dialect_.array_delimiter) == std::string_view::npos);
    };
    if (v.is_string() && !text_ok(v.as_string(), false)) {
      return Status::NotSupported("a value with a line break (quiver-mpi import cuts rows at newlines)");
    }
    if (v.is_list()) {
      for (const storage::PropertyValue& e : v.as_list()) {
        if (e.is_string() && !text_ok(e.as_string(), true)) {
          return Status::NotSupported(std::string("a list element holding the array delimiter '") +
                                      dialect_.array_delimiter + "' or a line break");
        }
      }
    }
    return Status::OK();
  }

  ingest::CsvDialect dialect_;
  std::unique_ptr<ingest::parquet::ParquetFile> file_;
  ingest::parquet::SourceColumns columns_;
  ingest::parquet::Decompressor decompressor_;
  struct GroupSlice {
    size_t group;
    uint64_t begin, end;  // this rank's rows of the group
  };
  std::vector<GroupSlice> groups_;  // in file order
  size_t next_group_ = 0;
  size_t group_ = 0;
  std::vector<ingest::parquet::DecodedColumn> data_;  // the current group's columns
  uint64_t row_ = 0, rows_ = 0;                       // the next row and the slice's end
};

}  // namespace

Result<std::unique_ptr<InputShare>> InputShare::Open(const std::string& path, ingest::FileKind kind,
                                                     const ingest::CsvDialect& dialect, uint32_t rank,
                                                     uint32_t ranks) {
  if (EndsWith(path, ".parquet")) {
    auto share = std::make_unique<ParquetShare>();
    QUIVER_RETURN_IF_ERROR(share->Open(path, kind, dialect, rank, ranks));
    return std::unique_ptr<InputShare>(std::move(share));
  }
  auto share = std::make_unique<CsvShare>();
  QUIVER_RETURN_IF_ERROR(share->Open(path, kind, dialect, rank, ranks));
  return std::unique_ptr<InputShare>(std::move(share));
}

}  // namespace quiver::mpi
