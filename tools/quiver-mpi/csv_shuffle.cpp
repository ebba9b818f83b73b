#include "csv_shuffle.h"

#include <algorithm>
#include <charconv>

#include "ingest/csv_import.h"

namespace quiver::mpi {
namespace {

constexpr uint64_t kProbeBytes = 64 << 10;
constexpr uint64_t kMaxHeaderBytes = 1 << 20;

std::string Excerpt(std::string_view row) {
  return "'" + std::string(row.substr(0, 60)) + (row.size() > 60 ? "…'" : "'");
}

Result<int64_t> ParseId(std::string_view text, const std::string& path, std::string_view row) {
  int64_t v = 0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || r.ec != std::errc() || r.ptr != text.data() + text.size()) {
    return Status::InvalidArgument(
        path + ": row " + Excerpt(row) + ": id '" + std::string(text) +
        "' is not an integer (quiver-mpi import takes integer ids: the global vertex id)");
  }
  return v;
}

// Rows of block (whole rows), without their line ends; empty rows skipped.
template <typename F>
Status ForRows(std::string_view block, F&& f) {
  while (!block.empty()) {
    const size_t nl = block.find('\n');
    std::string_view row = block.substr(0, nl);
    block.remove_prefix(nl == std::string_view::npos ? block.size() : nl + 1);
    if (!row.empty() && row.back() == '\r') row.remove_suffix(1);
    if (!row.empty()) QUIVER_RETURN_IF_ERROR(f(row));
  }
  return Status::OK();
}

}  // namespace

CsvShuffle::CsvShuffle(const Comm& comm, std::string spool_dir, uint64_t budget)
    : comm_(comm), spool_dir_(std::move(spool_dir)), budget_(std::max<uint64_t>(budget, kProbeBytes)) {}

CsvShuffle::~CsvShuffle() {
  (void)Env::Default()->RemoveDirRecursive(spool_dir_);
}  // best effort

Result<CsvShuffle::Header> CsvShuffle::ReadHeader(const RandomAccessFile& file, ingest::FileKind kind) const {
  const std::string& path = file.path();
  std::string buf(static_cast<size_t>(std::min<uint64_t>(file.Size(), kMaxHeaderBytes)), '\0');
  QUIVER_ASSIGN_OR_RETURN(size_t got, file.ReadAt(0, buf.size(), buf.data()));
  buf.resize(got);
  const size_t nl = buf.find('\n');
  if (nl == std::string::npos && got == kMaxHeaderBytes)
    return Status::InvalidArgument(path + ": header row too long");
  Header h;
  h.bytes = nl == std::string::npos ? got : nl + 1;
  h.text = buf.substr(0, h.bytes);
  if (h.text.empty() || h.text.back() != '\n') h.text.push_back('\n');
  std::string_view row(buf.data(), nl == std::string::npos ? got : nl);
  if (row.substr(0, 3) == "\xEF\xBB\xBF") row.remove_prefix(3);  // a UTF-8 byte order mark
  if (!row.empty() && row.back() == '\r') row.remove_suffix(1);
  std::vector<ingest::Field> fields;
  std::string scratch;
  uint32_t column = 1;
  const std::string error = ingest::TokenizeRow(row, dialect_, &fields, &scratch, &column);
  if (!error.empty())
    return Status::InvalidArgument(path + ":1:" + std::to_string(column) + ": header: " + error);
  std::vector<std::string> names;
  std::vector<uint64_t> columns;
  for (const ingest::Field& f : fields) {
    names.emplace_back(f.text);
    columns.push_back(f.column);
  }
  QUIVER_ASSIGN_OR_RETURN(h.parsed, ingest::ParseHeader(names, columns, kind));
  const auto check_space = [&](int index) -> Status {
    const ingest::ColumnSpec& c = h.parsed.columns[index];
    if (!c.id_space.empty())
      return Status::NotSupported(path + ": ID spaces (" + c.id_space +
                                  ") are not supported by quiver-mpi import");
    if (c.id_type == ingest::KeyType::kString)
      return Status::NotSupported(path + ": string ids are not supported by quiver-mpi import");
    return Status::OK();
  };
  if (kind == ingest::FileKind::kNodes) {
    if (h.parsed.id < 0)
      return Status::InvalidArgument(path + ": quiver-mpi import needs an :ID column in node files");
    QUIVER_RETURN_IF_ERROR(check_space(h.parsed.id));
    h.id_field = names[h.parsed.id];
  } else {
    QUIVER_RETURN_IF_ERROR(check_space(h.parsed.start));
    QUIVER_RETURN_IF_ERROR(check_space(h.parsed.end));
  }
  return h;
}

Result<uint64_t> CsvShuffle::AlignToRow(const RandomAccessFile& file, uint64_t pos, const Header& h) const {
  if (pos <= h.bytes) return h.bytes;
  std::string buf(kProbeBytes, '\0');
  // A row starts at pos when the byte before it ends a line.
  for (uint64_t at = pos - 1; at < file.Size(); at += buf.size()) {
    QUIVER_ASSIGN_OR_RETURN(size_t got, file.ReadAt(at, buf.size(), buf.data()));
    const size_t nl = std::string_view(buf.data(), got).find('\n');
    if (nl != std::string_view::npos) return at + nl + 1;
  }
  return file.Size();
}

Status CsvShuffle::RowKeys(std::string_view row, const Header& h, const std::string& path, int64_t* a,
                           int64_t* b) const {
  std::vector<ingest::Field> fields;
  std::string scratch;
  uint32_t column = 1;
  // An odd number of quotes: a quoted field goes on past the newline, which the byte
  // ranges and rounds cut at.
  if (std::count(row.begin(), row.end(), dialect_.quote) % 2 != 0) {
    return Status::NotSupported(path + ": row " + Excerpt(row) +
                                ": a quoted field spans lines (quiver-mpi import cuts files at newlines)");
  }
  const std::string error = ingest::TokenizeRow(row, dialect_, &fields, &scratch, &column);
  if (!error.empty()) return Status::InvalidArgument(path + ": row " + Excerpt(row) + ": " + error);
  const bool nodes = h.parsed.id >= 0 && h.parsed.start < 0;
  const int first = nodes ? h.parsed.id : h.parsed.start, second = nodes ? h.parsed.id : h.parsed.end;
  if (static_cast<size_t>(std::max(first, second)) >= fields.size()) {
    return Status::InvalidArgument(path + ": row " + Excerpt(row) + ": fewer fields than the header");
  }
  QUIVER_ASSIGN_OR_RETURN(*a, ParseId(fields[first].text, path, row));
  QUIVER_ASSIGN_OR_RETURN(*b, ParseId(fields[second].text, path, row));
  return Status::OK();
}

Status CsvShuffle::ShuffleFile(const std::string& path, ingest::FileKind kind, const std::string& spool_path,
                               Status* local) {
  Env* env = Env::Default();
  const auto rank = static_cast<uint32_t>(comm_.rank()), ranks = static_cast<uint32_t>(comm_.size());
  std::unique_ptr<RandomAccessFile> file;
  std::unique_ptr<WritableFile> spool;
  Header h;
  uint64_t pos = 0, end = 0;
  const auto open = [&]() -> Status {
    if (path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0) {
      return Status::NotSupported(
          path + ": quiver-mpi import cannot split gzip files by byte ranges; decompress it");
    }
    QUIVER_ASSIGN_OR_RETURN(file, env->NewRandomAccessFile(path));
    QUIVER_ASSIGN_OR_RETURN(h, ReadHeader(*file, kind));
    const uint64_t size = file->Size();
    QUIVER_ASSIGN_OR_RETURN(pos, AlignToRow(*file, size * rank / ranks, h));
    QUIVER_ASSIGN_OR_RETURN(end, AlignToRow(*file, size * (rank + 1) / ranks, h));
    if (kind == ingest::FileKind::kNodes && ghost_id_field_.empty()) ghost_id_field_ = h.id_field;
    QUIVER_ASSIGN_OR_RETURN(spool, env->NewWritableFile(spool_path));
    return spool->Append(h.text);
  };
  if (local->ok()) *local = open();
  std::string block;
  while (comm_.MaxU64(local->ok() && pos < end ? 1 : 0) != 0) {
    ++rounds_;
    std::vector<std::string> send(ranks);
    if (local->ok() && pos < end) {
      block.resize(static_cast<size_t>(std::min(budget_ / 4, end - pos)));
      auto got = file->ReadAt(pos, block.size(), block.data());
      *local = got.status();
      if (got.ok() && pos + block.size() < end) {
        const size_t cut = block.rfind('\n');
        if (cut == std::string::npos) {
          *local = Status::InvalidArgument(path + ": a row longer than a quarter of --shuffle-budget");
        }
        block.resize(cut + 1);
      }
      if (local->ok()) {
        pos += block.size();
        input_bytes_ += block.size();
        *local = ForRows(block, [&](std::string_view row) {
          int64_t a = 0, b = 0;
          QUIVER_RETURN_IF_ERROR(RowKeys(row, h, path, &a, &b));
          const uint32_t oa = OwnerOf(static_cast<uint64_t>(a), ranks),
                         ob = OwnerOf(static_cast<uint64_t>(b), ranks);
          send[oa].append(row).push_back('\n');
          if (ob != oa) send[ob].append(row).push_back('\n');
          return Status::OK();
        });
      }
      if (!local->ok()) send.assign(ranks, std::string());
    }
    for (const std::string& s : send) bytes_sent_ += s.size();
    QUIVER_ASSIGN_OR_RETURN(std::string received, comm_.AllToAllBytes({send.begin(), send.end()}));
    if (!local->ok()) continue;
    *local = spool->Append(received);
    if (!local->ok()) continue;
    *local = ForRows(received, [&](std::string_view row) {
      int64_t a = 0, b = 0;
      QUIVER_RETURN_IF_ERROR(RowKeys(row, h, path, &a, &b));
      if (kind == ingest::FileKind::kNodes) {
        owned_.push_back(static_cast<uint64_t>(a));
        return Status::OK();
      }
      ++stored_edges_;
      for (int64_t end_id : {a, b}) {
        if (OwnerOf(static_cast<uint64_t>(end_id), ranks) != rank)
          ghosts_.push_back(static_cast<uint64_t>(end_id));
      }
      home_edges_ += OwnerOf(static_cast<uint64_t>(a), ranks) == rank;
      return Status::OK();
    });
    // Deduplicated as they grow, so the ghosts hold about what the distinct ones need.
    if (ghosts_.size() > 2 * ghosts_unique_ + (uint64_t{1} << 16)) {
      std::sort(ghosts_.begin(), ghosts_.end());
      ghosts_.erase(std::unique(ghosts_.begin(), ghosts_.end()), ghosts_.end());
      ghosts_unique_ = ghosts_.size();
    }
  }
  if (local->ok()) *local = spool->Close();
  return Status::OK();
}

Status CsvShuffle::CheckGhosts(Status* local) {
  const auto ranks = static_cast<uint32_t>(comm_.size());
  std::sort(owned_.begin(), owned_.end());
  std::sort(ghosts_.begin(), ghosts_.end());
  ghosts_.erase(std::unique(ghosts_.begin(), ghosts_.end()), ghosts_.end());
  std::vector<std::vector<uint64_t>> send(ranks);
  if (local->ok()) {
    for (uint64_t g : ghosts_) send[OwnerOf(g, ranks)].push_back(g);
  }
  QUIVER_ASSIGN_OR_RETURN(std::vector<uint64_t> asked, comm_.AllToAll(send));
  for (uint64_t id : asked) {
    if (local->ok() && !std::binary_search(owned_.begin(), owned_.end(), id)) {
      *local = Status::InvalidArgument("relationship endpoint " + std::to_string(static_cast<int64_t>(id)) +
                                       " is the id of no node (on its owner, rank " +
                                       std::to_string(comm_.rank()) + ")");
    }
  }
  if (!local->ok()) return Status::OK();
  // The ghosts' node file: the first node file's ID column, a row per ghost.
  std::string text = ghost_id_field_ + "\n";
  for (uint64_t g : ghosts_) text.append(std::to_string(static_cast<int64_t>(g))).push_back('\n');
  ghost_file_ = JoinPath(spool_dir_, "ghosts.csv");
  *local = WriteFileAtomically(Env::Default(), ghost_file_, text);
  return Status::OK();
}

Status CsvShuffle::Run(const std::vector<std::string>& node_files,
                       const std::vector<std::string>& relationship_files) {
  Status local = Env::Default()->CreateDirs(spool_dir_);
  if (local.ok() && node_files.empty()) local = Status::InvalidArgument("quiver-mpi import needs --nodes");
  for (size_t i = 0; i < node_files.size(); ++i) {
    node_spools_.push_back(JoinPath(spool_dir_, "nodes-" + std::to_string(i) + ".csv"));
    QUIVER_RETURN_IF_ERROR(ShuffleFile(node_files[i], ingest::FileKind::kNodes, node_spools_.back(), &local));
  }
  for (size_t i = 0; i < relationship_files.size(); ++i) {
    relationship_spools_.push_back(JoinPath(spool_dir_, "relationships-" + std::to_string(i) + ".csv"));
    QUIVER_RETURN_IF_ERROR(ShuffleFile(relationship_files[i], ingest::FileKind::kRelationships,
                                       relationship_spools_.back(), &local));
  }
  QUIVER_RETURN_IF_ERROR(CheckGhosts(&local));
  return comm_.Agree(local, "nothing was published");
}

Status CsvShuffle::Feed(ingest::ConstructionSession* session, PartitionEntry* entry) const {
  std::vector<ingest::InputGroup> groups;
  for (const std::string& f : node_spools_) groups.push_back({ingest::FileKind::kNodes, {}, {f}});
  groups.push_back({ingest::FileKind::kNodes, {std::string(kGhostLabel)}, {ghost_file_}});
  for (const std::string& f : relationship_spools_)
    groups.push_back({ingest::FileKind::kRelationships, {}, {f}});
  ingest::ImportOptions options;
  options.dialect = dialect_;
  options.default_id_type = ingest::KeyType::kInteger;
  QUIVER_RETURN_IF_ERROR(ingest::ImportCsv(groups, options, session).status());
  entry->owned_nodes = owned_.size();
  entry->ghost_nodes = ghosts_.size();
  entry->edges = home_edges_;
  entry->stored_edges = stored_edges_;
  return Status::OK();
}

}  // namespace quiver::mpi
