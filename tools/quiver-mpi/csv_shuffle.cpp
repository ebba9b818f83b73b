#include "csv_shuffle.h"

#include <algorithm>
#include <charconv>

#include "ingest/csv_import.h"

namespace quiver::mpi {
namespace {

constexpr uint64_t kMinBudget = 64 << 10;

std::string Excerpt(std::string_view row) {
  std::string text = "'";
  text.append(row.substr(0, 60)).append(row.size() > 60 ? "…'" : "'");
  return text;
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
    : comm_(comm), spool_dir_(std::move(spool_dir)), budget_(std::max<uint64_t>(budget, kMinBudget)) {}

CsvShuffle::~CsvShuffle() {
  (void)Env::Default()->RemoveDirRecursive(spool_dir_);
}  // best effort

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
  std::unique_ptr<InputShare> share;
  std::unique_ptr<WritableFile> spool;
  const auto open = [&]() -> Status {
    QUIVER_ASSIGN_OR_RETURN(share, InputShare::Open(path, kind, dialect_, rank, ranks));
    if (kind == ingest::FileKind::kNodes && ghost_id_field_.empty()) ghost_id_field_ = share->header().id_field;
    QUIVER_ASSIGN_OR_RETURN(spool, env->NewWritableFile(spool_path));
    return spool->Append(share->header().text);
  };
  if (local->ok()) *local = open();
  std::string block;
  while (comm_.MaxU64(local->ok() && !share->done() ? 1 : 0) != 0) {
    ++rounds_;
    std::vector<std::string> send(ranks);
    if (local->ok() && !share->done()) {
      *local = share->Next(budget_ / 4, &block);
      if (local->ok()) {
        input_bytes_ += block.size();
        *local = ForRows(block, [&](std::string_view row) {
          int64_t a = 0, b = 0;
          QUIVER_RETURN_IF_ERROR(RowKeys(row, share->header(), path, &a, &b));
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
      QUIVER_RETURN_IF_ERROR(RowKeys(row, share->header(), path, &a, &b));
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
