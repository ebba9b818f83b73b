#include "ingest/csv_import.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <set>

#include "common/utf8.h"
#include "ingest/csv_chunks.h"
#include "ingest/csv_header_row.h"
#include "ingest/csv_values.h"
#include "ingest/parquet/parquet_rows.h"

namespace quiver::ingest {
namespace {

std::string At(const std::string& file, uint64_t line, uint32_t column) {
  std::string s = file;
  s += ':';
  s += std::to_string(line);
  s += ':';
  s += std::to_string(column);
  return s;
}

bool IsParquet(const std::string& path) {
  return path.size() >= 8 && path.compare(path.size() - 8, 8, ".parquet") == 0;
}

struct GroupState;
std::string HeaderAt(const GroupState& g, uint64_t byte_column);

struct GroupState {
  const InputGroup* group = nullptr;
  CsvHeader header;
  // A group of .parquet files: each opened, their columns as the first one's.
  std::vector<std::unique_ptr<parquet::ParquetFile>> parquet;
  parquet::SourceColumns source;
  uint64_t header_bytes = 0;  // of the first file, BOM included
  uint64_t header_lines = 0;  // newlines in the header row
  NodeFileSpec node;
  EdgeFileSpec edge;
  std::string start_space, end_space;
};

// Where a header field is: file:1:column, or a Parquet file's column by name.
std::string HeaderAt(const GroupState& g, uint64_t byte_column) {
  const std::string& path = g.group->files.front();
  if (g.parquet.empty()) return At(path, 1, static_cast<uint32_t>(byte_column));
  return path + ": column '" + g.parquet.front()->columns()[byte_column - 1].name + "'";
}

class Importer {
 public:
  Importer(const std::vector<InputGroup>& groups, const ImportOptions& options, ConstructionSession* session)
      : groups_(groups),
        options_(options),
        session_(session),
        env_(options.env != nullptr ? options.env : Env::Default()) {}
  Result<ImportStats> Run();

 private:
  Status ReadHeader(GroupState* g);
  Status ReadParquetHeader(GroupState* g);
  Status SetUpGroup(GroupState* g);
  using SegmentFn = std::function<Status(const std::string& file, uint32_t file_index, std::string_view data,
                                         const SplitResult& split)>;
  Status ForEachSegment(const GroupState& g, const SegmentFn& fn);
  Status NodeSegment(GroupState* g, uint32_t file_index, std::string_view data, const SplitResult& split);
  Status EdgeSegment(GroupState* g, uint32_t file_index, std::string_view data, const SplitResult& split);
  Status AddNodeChunks(uint32_t file_index, std::vector<NodeChunk> chunks);
  Status AddEdgeChunks(uint32_t file_index, std::vector<EdgeChunk> chunks);
  // A Parquet group: row groups read and turned into chunks in parallel, a window of
  // them at a time, handed to the session in file order.
  Status ReadRowGroups(GroupState* g);
  // "file:line:column", or for a Parquet file "file: row group G, row R, column 'C'".
  std::string Where(uint32_t file_index, uint64_t line, uint32_t column) const;
  Status FinishNodes();
  // An incremental import's existing graph: its tokens, key space and nodes, and the
  // keys its nodes hold under UNIQUE / NODE KEY.
  Status AddExistingNodes(const std::vector<GroupState>& node_groups, const std::vector<GroupState>& edge_groups);
  // Where the node holding a key first was: file:line:column, or the database's node.
  std::string FirstAt(const UniqueKeys::First& first) const;
  Status WriteReport() const;
  Status Bad(uint32_t file_index, const BadRow& row) const {
    return Status::InvalidArgument(Where(file_index, row.line, row.column) + ": " + row.reason);
  }
  // file:line:column of a node (by its id before duplicates were dropped).
  std::string NodeAt(uint64_t node) const;
  // Writes the reasons of a chunk's rows that constraints rejected; `first_read` is the
  // number of rows of the kind (nodes, relationships) read before the chunk: messages
  // number entities by the rows read, which no skipped row renumbers.
  template <typename Chunk>
  void WriteViolations(Chunk* c, uint64_t first_read) const;
  // UNIQUE / NODE KEY over a chunk's accepted rows, in order: a row whose key an
  // earlier row holds is a bad row (to drop, or the error).
  // `first` counts the nodes accepted before the chunk (the ids DropNodes takes).
  Status ClaimKeys(const NodeChunk& c, uint32_t file_index, uint64_t first, uint64_t first_read);

  const std::vector<InputGroup>& groups_;
  ImportOptions options_;
  ConstructionSession* session_;
  Env* env_;
  std::vector<std::string> files_;  // every file read, by index
  // Per file index: for a Parquet file, its row groups' first rows and the header's
  // column names; empty for CSV.
  struct ParquetRows {
    std::vector<uint64_t> group_starts;
    std::vector<std::string> names;
  };
  std::vector<ParquetRows> parquet_rows_;
  struct Origin {
    uint32_t file;
    NodeLocations locations;
  };
  std::vector<Origin> origins_;  // per node batch handed to the session, after existing_batches_
  uint64_t existing_batches_ = 0;  // the existing graph's node batches (incremental import)
  struct ReportLine {
    uint32_t file;
    BadRow row;
  };
  std::vector<ReportLine> report_;
  ImportStats stats_;
  UniqueKeys unique_;
  uint64_t node_rows_read_ = 0, edge_rows_read_ = 0;
  std::vector<uint64_t> rejected_nodes_;  // accepted, then refused by UNIQUE / NODE KEY: dropped
};

Status Importer::ReadParquetHeader(GroupState* g) {
  const std::vector<std::string>& files = g->group->files;
  // A CSV file before the Parquet ones is their header: its fields name their columns.
  std::optional<CsvHeaderRow> header_file;
  if (!IsParquet(files.front())) {
    QUIVER_ASSIGN_OR_RETURN(header_file, ReadCsvHeaderRow(env_, files.front(), options_.dialect, g->group->kind));
  }
  for (size_t i = header_file ? 1 : 0; i < files.size(); ++i) {
    const std::string& path = files[i];
    if (!IsParquet(path)) {
      return Status::InvalidArgument(path + ": a group of files is all Parquet or all CSV (or a CSV header file "
                                            "and Parquet files)");
    }
    QUIVER_ASSIGN_OR_RETURN(auto file, parquet::ParquetFile::Open(env_, path));
    if (!g->parquet.empty()) {
      const auto& a = g->parquet.front()->columns();
      const auto& b = file->columns();
      bool same = a.size() == b.size();
      for (size_t c = 0; same && c < a.size(); ++c) same = a[c].name == b[c].name && a[c].type_text == b[c].type_text;
      if (!same) {
        return Status::InvalidArgument(path + ": header: the columns differ from those of " +
                                       g->parquet.front()->path());
      }
    }
    g->parquet.push_back(std::move(file));
  }
  auto header = parquet::SourceHeader(*g->parquet.front(), g->group->kind, &g->source,
                                      header_file ? &header_file->fields : nullptr);
  if (!header.ok()) {
    return Status::InvalidArgument((header_file ? files.front() + " for " : std::string()) +
                                   g->parquet.front()->path() + ": " + header.status().message());
  }
  g->header = std::move(header).value();
  return Status::OK();
}

Status Importer::ReadHeader(GroupState* g) {
  const std::string& path = g->group->files.front();
  const std::vector<std::string>& files = g->group->files;
  if (IsParquet(path) || (files.size() > 1 && IsParquet(files[1]))) return ReadParquetHeader(g);
  QUIVER_ASSIGN_OR_RETURN(CsvHeaderRow row, ReadCsvHeaderRow(env_, path, options_.dialect, g->group->kind));
  g->header = std::move(row.header);
  g->header_bytes = row.bytes;
  g->header_lines = row.lines;
  return Status::OK();
}

Status Importer::SetUpGroup(GroupState* g) {
  const CsvHeader& h = g->header;
  FileColumns cols;
  cols.header = &g->header;
  cols.dialect = options_.dialect;
  cols.skip_bad_rows = options_.skip_bad_rows;
  for (size_t i = 0; i < h.columns.size(); ++i) {
    const ColumnSpec& c = h.columns[i];
    const bool property = c.role == ColumnRole::kProperty;
    cols.keys.push_back(property ? session_->PropertyKey(c.name) : kNoKey);
    cols.types.push_back(g->parquet.empty() ? ChunkTypeOf(c)
                                            : parquet::SourceChunkType(*g->parquet.front(), h, g->source, i));
  }
  if (g->group->kind == FileKind::kNodes) {
    g->node.columns = cols;
    for (const auto& l : g->group->names) g->node.file_labels.push_back(l), session_->Label(l);
    if (h.id >= 0) {
      const ColumnSpec& id = h.columns[static_cast<size_t>(h.id)];
      g->node.id_type = g->parquet.empty() ? id.id_type.value_or(options_.default_id_type)
                                           : parquet::SourceIdType(*g->parquet.front(), h, g->source,
                                                                   options_.default_id_type);
      g->node.constraints = RowConstraints(options_.schema, FileKind::kNodes, h, g->node.id_type);
      auto space = session_->IdSpace(id.id_space, g->node.id_type);
      if (!space.ok()) {
        const bool database_ints = options_.existing != nullptr && options_.existing->key_type() == KeyType::kInteger;
        return Status::InvalidArgument(HeaderAt(*g, id.byte_column) + ": " + space.status().message() +
                                       (options_.existing == nullptr ? ""
                                        : database_ints ? " (the database's node keys are integers: --id-type integer)"
                                                        : " (the database's node keys are strings)"));
      }
      g->node.id_space = *space;
      if (!id.name.empty()) g->node.key_property = session_->PropertyKey(id.name);
    } else {
      g->node.constraints = RowConstraints(options_.schema, FileKind::kNodes, h, KeyType::kString);
    }
    return Status::OK();
  }
  g->edge.columns = cols;
  g->edge.constraints = RowConstraints(options_.schema, FileKind::kRelationships, h, KeyType::kString);
  if (g->group->names.size() > 1) return Status::InvalidArgument("--relationships takes at most one type");
  if (!g->group->names.empty()) {
    g->edge.file_type = g->group->names.front();
    session_->RelType(g->edge.file_type);
  }
  for (int which : {h.start, h.end}) {
    const ColumnSpec& c = h.columns[static_cast<size_t>(which)];
    const auto& spaces = session_->id_space_names();
    if (std::find(spaces.begin(), spaces.end(), c.id_space) == spaces.end()) {
      return Status::InvalidArgument(HeaderAt(*g, c.byte_column) + ": ID space " +
                                     (c.id_space.empty() ? std::string("(global)") : "'" + c.id_space + "'") +
                                     " is not defined by any node file");
    }
  }
  g->start_space = h.columns[static_cast<size_t>(h.start)].id_space;
  g->end_space = h.columns[static_cast<size_t>(h.end)].id_space;
  if (std::any_of(cols.keys.begin(), cols.keys.end(), [](uint32_t k) { return k != kNoKey; })) {
    session_->EnableEdgeProperties();
  }
  return Status::OK();
}

Status Importer::ForEachSegment(const GroupState& g, const SegmentFn& fn) {
  const uint64_t segment = options_.segment_bytes;
  for (size_t fi = 0; fi < g.group->files.size(); ++fi) {
    const std::string& path = g.group->files[fi];
    const uint32_t file_index = static_cast<uint32_t>(files_.size());
    files_.push_back(path);
    QUIVER_ASSIGN_OR_RETURN(auto in, CsvInput::Open(env_, path));
    std::string buf;
    uint64_t skip = fi == 0 ? g.header_bytes : 0;
    uint64_t line = fi == 0 ? 1 + g.header_lines : 1;
    bool first_read = true, eof = false;
    while (!eof) {
      QUIVER_ASSIGN_OR_RETURN(size_t n, in->Read(segment, &buf, session_->pool()));
      eof = n < segment;
      if (first_read && skip == 0 && StartsWithBom(buf)) buf.erase(0, 3);
      first_read = false;
      if (skip > 0) {
        const uint64_t d = std::min<uint64_t>(skip, buf.size());
        buf.erase(0, d);
        skip -= d;
        if (skip > 0 && !eof) continue;
      }
      // Unless set, about four parse tasks a worker for what this segment holds (64 KiB at
      // least): a file smaller than a segment (a node file) gets every worker too.
      const uint64_t chunk =
          options_.chunk_bytes != 0
              ? options_.chunk_bytes
              : std::max<uint64_t>(buf.size() / (uint64_t{session_->workers()} * 4), 1 << 16);
      const SplitResult split = SplitRows(buf, eof, line, options_.dialect, chunk, session_->pool());
      if (split.consumed == 0 && !eof) continue;  // a row longer than a segment: read on
      QUIVER_RETURN_IF_ERROR(fn(path, file_index, buf, split));
      line += split.newlines;
      buf.erase(0, split.consumed);
    }
    stats_.input_bytes += in->file_bytes_read();
  }
  return Status::OK();
}

Status Importer::NodeSegment(GroupState* g, uint32_t file_index, std::string_view data,
                             const SplitResult& split) {
  std::vector<NodeChunk> chunks(split.chunks.size());
  Progress* progress = session_->progress();
  session_->pool()->ParallelFor(chunks.size(), [&](size_t c, uint32_t) {
    chunks[c] = ParseNodeChunk(g->node, data, split.chunks[c]);
    if (progress) progress->Advance(split.chunks[c].end - split.chunks[c].begin, chunks[c].rows);
  });
  return AddNodeChunks(file_index, std::move(chunks));
}

Status Importer::AddNodeChunks(uint32_t file_index, std::vector<NodeChunk> chunks) {
  std::vector<NodeBatch> batches;
  uint64_t first = session_->node_count();
  for (NodeChunk& c : chunks) {
    WriteViolations(&c, node_rows_read_);
    // The keys first: every row that has one precedes the chunk's error, if any.
    QUIVER_RETURN_IF_ERROR(ClaimKeys(c, file_index, first, node_rows_read_));
    if (c.error) return Bad(file_index, *c.error);
    first += c.batch.count;
    node_rows_read_ += c.rows;
    for (BadRow& b : c.bad) report_.push_back({file_index, std::move(b)});
    stats_.bad_rows += c.bad.size();
    std::vector<uint32_t> global(c.label_names.size());
    for (size_t i = 0; i < global.size(); ++i) global[i] = session_->Label(c.label_names[i]);
    for (auto& set : c.batch.label_sets) {
      for (uint32_t& l : set) l = global[l];
    }
    origins_.push_back({file_index, std::move(c.locations)});
    batches.push_back(std::move(c.batch));
  }
  return session_->AddNodes(std::move(batches));
}

Status Importer::EdgeSegment(GroupState* g, uint32_t file_index, std::string_view data,
                             const SplitResult& split) {
  std::vector<EdgeChunk> chunks(split.chunks.size());
  Progress* progress = session_->progress();
  session_->pool()->ParallelFor(chunks.size(), [&](size_t c, uint32_t) {
    chunks[c] = ParseEdgeChunk(g->edge, data, split.chunks[c]);
    if (progress) progress->Advance(split.chunks[c].end - split.chunks[c].begin, chunks[c].rows);
  });
  return AddEdgeChunks(file_index, std::move(chunks));
}

Status Importer::AddEdgeChunks(uint32_t file_index, std::vector<EdgeChunk> chunks) {
  std::vector<EdgeBatch> batches;
  for (EdgeChunk& c : chunks) {
    WriteViolations(&c, edge_rows_read_);
    edge_rows_read_ += c.rows;
    if (c.error) return Bad(file_index, *c.error);
    for (BadRow& b : c.bad) report_.push_back({file_index, std::move(b)});
    stats_.bad_rows += c.bad.size();
    for (EdgeBatch& b : c.batches) {
      b.type = session_->RelType(c.type_names[b.type]);
      if (b.size() > 0) batches.push_back(std::move(b));
    }
  }
  return session_->AddEdges(std::move(batches));
}

Status Importer::ReadRowGroups(GroupState* g) {
  const bool nodes = g->group->kind == FileKind::kNodes;
  Progress* progress = session_->progress();
  WorkerPool* pool = session_->pool();
  // One decompressor per worker: it keeps its zstd context from row group to row group.
  std::vector<parquet::Decompressor> decompressors(pool->size());
  for (size_t fi = 0; fi < g->parquet.size(); ++fi) {
    const parquet::ParquetFile& file = *g->parquet[fi];
    const uint32_t file_index = static_cast<uint32_t>(files_.size());
    files_.push_back(file.path());
    ParquetRows rows;
    uint64_t start = 0;
    for (size_t r = 0; r < file.row_group_count(); ++r) {
      rows.group_starts.push_back(start);
      start += file.row_group_rows(r);
    }
    for (const auto& c : file.columns()) rows.names.push_back(c.name);
    parquet_rows_.resize(files_.size());
    parquet_rows_[file_index] = std::move(rows);
    const auto& starts = parquet_rows_[file_index].group_starts;
    // A window of row groups at a time: every worker busy, and their bytes within a
    // segment's share of the memory budget (at least one row group).
    for (size_t first = 0; first < file.row_group_count();) {
      size_t n = 0;
      uint64_t bytes = 0;
      while (first + n < file.row_group_count() && n < 2 * size_t{pool->size()} &&
             (n == 0 || bytes + file.row_group_raw_bytes(first + n) <= options_.segment_bytes)) {
        bytes += file.row_group_raw_bytes(first + n);
        ++n;
      }
      std::vector<NodeChunk> node_chunks(nodes ? n : 0);
      std::vector<EdgeChunk> edge_chunks(nodes ? 0 : n);
      QUIVER_RETURN_IF_ERROR(pool->ParallelForStatus(n, [&](size_t k, uint32_t worker) -> Status {
        const size_t group = first + k;
        QUIVER_ASSIGN_OR_RETURN(auto data, file.ReadRowGroup(group, g->source.read, &decompressors[worker]));
        uint64_t count = 0;
        if (nodes) {
          node_chunks[k] = parquet::SourceNodeChunk(g->node, g->source, file, starts[group], data);
          count = node_chunks[k].rows;
        } else {
          edge_chunks[k] = parquet::SourceEdgeChunk(g->edge, g->source, file, starts[group], data);
          count = edge_chunks[k].rows;
        }
        if (progress) progress->Advance(file.row_group_bytes(group), count);
        return Status::OK();
      }));
      QUIVER_RETURN_IF_ERROR(nodes ? AddNodeChunks(file_index, std::move(node_chunks))
                                   : AddEdgeChunks(file_index, std::move(edge_chunks)));
      first += n;
    }
    auto size = env_->FileSize(file.path());
    if (size.ok()) stats_.input_bytes += *size;
  }
  return Status::OK();
}

std::string Importer::Where(uint32_t file_index, uint64_t line, uint32_t column) const {
  if (file_index >= parquet_rows_.size() || parquet_rows_[file_index].names.empty()) {
    return At(files_[file_index], line, column);
  }
  const ParquetRows& p = parquet_rows_[file_index];
  const auto group = std::upper_bound(p.group_starts.begin(), p.group_starts.end(), line) - p.group_starts.begin() - 1;
  std::string s = files_[file_index] + ": row group " + std::to_string(group) + ", row " + std::to_string(line);
  if (column >= 1 && column <= p.names.size()) s += ", column '" + p.names[column - 1] + "'";
  return s;
}

std::string Importer::NodeAt(uint64_t node) const {
  const auto [batch, row] = session_->NodeOrigin(node);
  if (batch < existing_batches_) return "node " + std::to_string(node) + " of the database";
  if (batch - existing_batches_ >= origins_.size()) return "node " + std::to_string(node);
  const Origin& o = origins_[batch - existing_batches_];
  return Where(o.file, o.locations.Line(row), o.locations.Column(row));
}

template <typename Chunk>
void Importer::WriteViolations(Chunk* c, uint64_t first_read) const {
  for (const PendingViolation& p : c->violations) {
    const ImportConstraint& constraint = options_.schema->constraints[p.violation.constraint];
    const std::string reason =
        options_.schema->checks->Violation(constraint, first_read + p.row, p.violation.values).value_or("") +
        " (constraint `" + constraint.definition.name + "`)";
    (p.bad_index == PendingViolation::kInError ? c->error->reason : c->bad[p.bad_index].reason) = reason;
  }
}

Status Importer::ClaimKeys(const NodeChunk& c, uint32_t file_index, uint64_t first, uint64_t first_read) {
  const std::span<const RowKey> keys(c.keys);
  for (size_t at = 0; at < keys.size();) {
    size_t end = at + 1;
    while (end < keys.size() && keys[end].row == keys[at].row) ++end;
    const uint64_t node = first + keys[at].row;
    if (auto held = unique_.Claim(keys.subspan(at, end - at), first_read + keys[at].read_row, file_index)) {
      const auto& [key, by] = *held;
      const ImportConstraint& constraint = options_.schema->constraints[key->constraint];
      BadRow b{key->line, key->column,
               options_.schema->checks->AlreadyExists(constraint, by.entity, key->values) + " (constraint `" +
                   constraint.definition.name + "`; that node is " + FirstAt(by) + ")"};
      if (!options_.skip_bad_rows) return Bad(file_index, b);
      report_.push_back({file_index, std::move(b)});
      ++stats_.bad_rows;
      rejected_nodes_.push_back(node);
    }
    at = end;
  }
  return Status::OK();
}

Status Importer::FinishNodes() {
  // Rows refused by UNIQUE / NODE KEY go before ids are matched: a duplicate id is
  // then one of a node that stays.
  if (!rejected_nodes_.empty()) QUIVER_RETURN_IF_ERROR(session_->DropNodes(std::move(rejected_nodes_)));
  unique_ = UniqueKeys();
  std::vector<DuplicateKey> dups;
  Status s = session_->FinishNodes(options_.skip_bad_rows, &dups);
  if (!s.ok() && dups.empty()) return s;
  for (const DuplicateKey& d : dups) {
    const auto [batch, row] = session_->NodeOrigin(d.node);
    // The later node of two is a file's: the database's nodes come first, keys unique.
    if (batch < existing_batches_) return Status::Corruption("the database holds duplicate key " + d.key);
    const Origin& o = origins_[batch - existing_batches_];
    BadRow b{o.locations.Line(row), o.locations.Column(row),
             "duplicate id " + d.key + " (first defined at " + NodeAt(d.first_node) + ")"};
    if (!s.ok()) return Bad(o.file, b);
    report_.push_back({o.file, std::move(b)});
  }
  stats_.bad_rows += dups.size();
  return Status::OK();
}

Status Importer::AddExistingNodes(const std::vector<GroupState>& node_groups,
                                  const std::vector<GroupState>& edge_groups) {
  std::set<std::string> spaces;
  for (const GroupState& g : node_groups) {
    if (g.header.id >= 0) spaces.insert(g.header.columns[static_cast<size_t>(g.header.id)].id_space);
  }
  for (const GroupState& g : edge_groups) {
    for (int which : {g.header.start, g.header.end}) spaces.insert(g.header.columns[static_cast<size_t>(which)].id_space);
  }
  GraphFeed* feed = options_.existing;
  QUIVER_ASSIGN_OR_RETURN(const std::string space, feed->KeySpaceFor(spaces));
  QUIVER_RETURN_IF_ERROR(feed->AddTokens(space));
  feed->MirrorAsKeyProperty();
  QUIVER_RETURN_IF_ERROR(feed->AddNodes());
  existing_batches_ = feed->node_batches();
  node_rows_read_ = session_->node_count();  // Node(n) of a file's row: the id it gets
  if (options_.schema != nullptr) QUIVER_RETURN_IF_ERROR(feed->ClaimUniqueKeys(*options_.schema, &unique_));
  return Status::OK();
}

std::string Importer::FirstAt(const UniqueKeys::First& first) const {
  if (first.file == UniqueKeys::kDatabase) return "in the database";
  return "at " + At(files_[first.file], first.line, first.column);
}

Status Importer::WriteReport() const {
  if (!options_.skip_bad_rows || options_.report_path.empty()) return Status::OK();
  std::vector<const ReportLine*> lines;
  for (const ReportLine& r : report_) lines.push_back(&r);
  std::stable_sort(lines.begin(), lines.end(), [](const ReportLine* a, const ReportLine* b) {
    return a->file != b->file ? a->file < b->file : a->row.line < b->row.line;
  });
  std::string text =
      "# quiver import: " + std::to_string(lines.size()) + " rows skipped (file:line:column: reason)\n";
  for (const ReportLine* r : lines) {
    text += Where(r->file, r->row.line, r->row.column);
    text += ": ";
    text += r->row.reason;
    text += '\n';
  }
  return WriteFileAtomically(env_, options_.report_path, text);
}

Result<ImportStats> Importer::Run() {
  // Every header first: a bad header in the last file fails before any data is read,
  // and keys, labels and types get their ids in command-line order.
  std::vector<GroupState> node_groups, edge_groups;
  for (char c : {options_.dialect.delimiter, options_.dialect.quote, options_.dialect.array_delimiter}) {
    // A byte of a multi-byte UTF-8 character would cut characters in two.
    if (static_cast<unsigned char>(c) >= 0x80) {
      return Status::InvalidArgument("the delimiters and the quote must be ASCII characters");
    }
  }
  for (const InputGroup& g : groups_) {
    if (g.files.empty()) return Status::InvalidArgument("a --nodes or --relationships option without files");
    for (const auto& name : g.names) {
      if (size_t bad = FindInvalidUtf8(name); bad != std::string_view::npos) {
        return Status::InvalidArgument("a label or type of a --nodes or --relationships option is not valid UTF-8 (" +
                                       DescribeInvalidUtf8Byte(name, bad) + " at byte " + std::to_string(bad) + ")");
      }
    }
    GroupState s;
    s.group = &g;
    QUIVER_RETURN_IF_ERROR(ReadHeader(&s));
    (g.kind == FileKind::kNodes ? node_groups : edge_groups).push_back(std::move(s));
  }
  Progress* progress = session_->progress();
  if (options_.existing != nullptr) {
    if (progress) progress->BeginPhase("existing nodes", 0, "nodes");
    QUIVER_RETURN_IF_ERROR(AddExistingNodes(node_groups, edge_groups));
    if (progress) {
      progress->Advance(session_->node_count());
      progress->EndPhase();
    }
  }
  for (GroupState& g : node_groups) QUIVER_RETURN_IF_ERROR(SetUpGroup(&g));
  for (GroupState& g : edge_groups) QUIVER_RETURN_IF_ERROR(SetUpGroup(&g));

  if (progress) progress->BeginPhase("nodes", InputBytes(groups_, FileKind::kNodes), "bytes");
  for (GroupState& g : node_groups) {
    if (!g.parquet.empty()) {
      QUIVER_RETURN_IF_ERROR(ReadRowGroups(&g));
      continue;
    }
    QUIVER_RETURN_IF_ERROR(
        ForEachSegment(g, [&](const std::string&, uint32_t fi, std::string_view d, const SplitResult& s) {
          return NodeSegment(&g, fi, d, s);
        }));
  }
  if (progress) progress->EndPhase();
  QUIVER_RETURN_IF_ERROR(FinishNodes());
  origins_.clear();
  if (options_.existing != nullptr && !options_.existing->relationships_in_place()) {
    if (progress) progress->BeginPhase("existing relationships", 0, "relationships");
    const uint64_t before = session_->edge_count();
    QUIVER_RETURN_IF_ERROR(options_.existing->AddRelationships());
    if (progress) {
      progress->Advance(session_->edge_count() - before);
      progress->EndPhase();
    }
  }

  if (progress) progress->BeginPhase("relationships", InputBytes(groups_, FileKind::kRelationships), "bytes");
  for (GroupState& g : edge_groups) {
    const auto& spaces = session_->id_space_names();
    auto space = [&](const std::string& name) {
      return static_cast<uint32_t>(std::find(spaces.begin(), spaces.end(), name) - spaces.begin());
    };
    g.edge.start_map = session_->id_map(space(g.start_space));
    g.edge.end_map = session_->id_map(space(g.end_space));
    if (!g.parquet.empty()) {
      QUIVER_RETURN_IF_ERROR(ReadRowGroups(&g));
      continue;
    }
    QUIVER_RETURN_IF_ERROR(
        ForEachSegment(g, [&](const std::string&, uint32_t fi, std::string_view d, const SplitResult& s) {
          return EdgeSegment(&g, fi, d, s);
        }));
  }
  if (progress) progress->EndPhase();
  QUIVER_RETURN_IF_ERROR(WriteReport());
  stats_.nodes = session_->node_count();
  stats_.edges = session_->edge_count();
  return stats_;
}

}  // namespace

uint64_t InputBytes(const std::vector<InputGroup>& groups, FileKind kind) {
  uint64_t total = 0;
  for (const InputGroup& g : groups) {
    if (g.kind != kind) continue;
    for (const auto& f : g.files) {
      auto size = Env::Default()->FileSize(f);
      if (size.ok()) total += *size;
    }
  }
  return total;
}

Result<ImportStats> ImportCsv(const std::vector<InputGroup>& groups, const ImportOptions& options,
                              ConstructionSession* session) {
  ImportOptions o = options;
  if (o.segment_bytes == 0)
    o.segment_bytes = std::clamp<uint64_t>(session->memory_budget() / 16, 4 << 20, 128 << 20);
  // A segment, its carried tail and the batches parsed from it (about 0.6 bytes a byte).
  session->ReserveProducerMemory(o.segment_bytes * 3);
  Importer importer(groups, o, session);
  return importer.Run();
}

}  // namespace quiver::ingest
