#include "ingest/csv_chunks.h"

#include <array>
#include <map>

#include "common/utf8.h"
#include "ingest/csv_values.h"

namespace quiver::ingest {
namespace {

template <typename Chunk>
bool Reject(Chunk* c, const FileColumns& f, uint64_t line, uint32_t column, std::string reason) {
  return RejectRow(c, f, line, column, std::move(reason));
}

// Tokenizes and checks the field count and the text; error message or "". *line_offset
// gets the lines after the row's first one where the error is (a quoted newline).
std::string Fields(std::string_view row, const FileColumns& f, std::vector<Field>* fields,
                   std::string* scratch, uint32_t* column, uint32_t* line_offset) {
  *line_offset = 0;
  std::string error = TokenizeRow(row, f.dialect, fields, scratch, column);
  if (!error.empty()) return error;
  if (fields->size() != f.header->columns.size()) {
    *column = fields->size() < f.header->columns.size()
                  ? static_cast<uint32_t>(fields->back().column + fields->back().text.size())
                  : fields->at(f.header->columns.size()).column;
    return "expected " + std::to_string(f.header->columns.size()) + " fields, found " +
           std::to_string(fields->size());
  }
  // Text is UTF-8, as every string in the database is: rejected at the door rather than
  // stored and met later (by a JSON writer, say). Ignored columns store nothing, and
  // are not checked (nor are they on the relationship fast path). The column is the bad
  // byte's in an unquoted field, which is its text as written; the field's in a quoted
  // one.
  for (size_t i = 0; i < fields->size(); ++i) {
    if (f.header->columns[i].role == ColumnRole::kIgnore) continue;
    const Field& field = (*fields)[i];
    const size_t bad = FindInvalidUtf8(field.text);
    if (bad == std::string_view::npos) continue;
    *column = field.column + (field.quoted ? 0 : static_cast<uint32_t>(bad));
    *line_offset = field.line_offset;
    return ColumnName(f.header->columns[i]) + ": not valid UTF-8 (" + DescribeInvalidUtf8Byte(field.text, bad) + ")";
  }
  return {};
}

// Parses every property column of the row into cells; error message or "".
std::string PropertyCells(const std::vector<Field>& fields, const FileColumns& f, std::vector<Cell>* cells,
                          uint32_t* column) {
  cells->resize(fields.size());
  for (size_t i = 0; i < fields.size(); ++i) {
    if (f.keys[i] == kNoKey) continue;
    std::string error = ParseCell(f.header->columns[i], fields[i], f.dialect, &(*cells)[i]);
    if (!error.empty()) {
      *column = fields[i].column;
      return "field '" + f.header->columns[i].name + "': " + error;
    }
  }
  return {};
}

// Calls fn(name) for each non-empty label of a :LABEL field.
template <typename Fn>
void ForEachLabel(std::string_view text, char delimiter, Fn fn) {
  size_t at = 0;
  while (at < text.size()) {
    size_t next = text.find(delimiter, at);
    if (next == std::string_view::npos) next = text.size();
    if (next > at) fn(text.substr(at, next - at));
    at = next + 1;
  }
}

uint64_t LineOf(uint64_t row_line, const Field& field) {
  return row_line + field.line_offset;
}

bool IsAscii(std::string_view text) {
  for (char ch : text) {
    if (static_cast<unsigned char>(ch) >= 0x80) return false;
  }
  return true;
}

// A non-negative integer of at most 18 plain digits (no sign, spaces or leading '+'):
// the common id, parsed without from_chars. Anything else is left to ParseInt64.
bool DigitsOnly(std::pair<const char*, const char*> field, int64_t* out) {
  const char* b = field.first;
  const char* e = field.second;
  if (b == e || e - b > 18) return false;
  uint64_t v = 0;
  for (; b < e; ++b) {
    const unsigned d = static_cast<unsigned char>(*b) - '0';
    if (d > 9) return false;
    v = v * 10 + d;
  }
  *out = static_cast<int64_t>(v);
  return true;
}

}  // namespace

std::string ColumnName(const ColumnSpec& c) {
  if (!c.name.empty()) return "field '" + c.name + "'";
  switch (c.role) {
    case ColumnRole::kId:
      return "the :ID field";
    case ColumnRole::kLabel:
      return "the :LABEL field";
    case ColumnRole::kStartId:
      return "the :START_ID field";
    case ColumnRole::kEndId:
      return "the :END_ID field";
    case ColumnRole::kType:
      return "the :TYPE field";
    default:
      return "an ignored field";
  }
}

void NodeLocations::Add(uint64_t line, uint32_t column) {
  if (count_ == 0) {
    first_line_ = line;
    column_ = column;
  }
  if (lines_.empty() && line != first_line_ + count_) {
    for (uint64_t i = 0; i < count_; ++i) lines_.push_back(first_line_ + i);
  }
  if (!lines_.empty()) lines_.push_back(line);
  if (columns_.empty() && column != column_) columns_.assign(count_, column_);
  if (!columns_.empty()) columns_.push_back(column);
  ++count_;
}

std::vector<ColumnChunk> EmptyPropertyColumns(const FileColumns& f) {
  std::vector<ColumnChunk> out;
  for (size_t i = 0; i < f.keys.size(); ++i) {
    if (f.keys[i] == kNoKey) continue;
    ColumnChunk chunk;
    chunk.key = f.keys[i];
    chunk.type = f.types[i];
    out.push_back(std::move(chunk));
  }
  return out;
}

NodeBatch EmptyNodeBatch(const NodeFileSpec& spec) {
  NodeBatch b;
  b.properties = EmptyPropertyColumns(spec.columns);
  if (spec.id_space) {
    b.id_space = spec.id_space;
    b.keys.type = spec.id_type;
    b.key_property = spec.key_property;
  }
  return b;
}

int LabelColumn(const CsvHeader& h) {
  int label_column = -1;
  for (size_t i = 0; i < h.columns.size(); ++i) {
    if (h.columns[i].role == ColumnRole::kLabel) label_column = static_cast<int>(i);
  }
  return label_column;
}

void AppendCells(const FileColumns& f, const std::vector<Cell>& cells, std::vector<ColumnChunk>* properties) {
  size_t p = 0;
  for (size_t i = 0; i < f.keys.size(); ++i) {
    if (f.keys[i] != kNoKey) AppendCell(cells[i], &(*properties)[p++]);
  }
}

ChunkLabels::ChunkLabels(const NodeFileSpec& spec, bool has_label_column, NodeChunk* chunk) : chunk_(chunk) {
  for (const auto& l : spec.file_labels) {
    auto [it, inserted] = ids_.emplace(l, static_cast<uint32_t>(chunk_->label_names.size()));
    if (inserted) chunk_->label_names.push_back(l);
    file_set_.push_back(it->second);
  }
  // Without a :LABEL column every node has the file's labels: one set, no node_set.
  if (!has_label_column && !file_set_.empty()) chunk_->batch.label_sets.push_back(file_set_);
}

uint32_t ChunkLabels::Id(std::string_view name) {
  auto it = ids_.find(name);
  if (it == ids_.end()) {
    it = ids_.emplace(std::string(name), static_cast<uint32_t>(chunk_->label_names.size())).first;
    chunk_->label_names.emplace_back(name);
  }
  return it->second;
}

void ChunkLabels::Split(std::string_view text, char delimiter, std::vector<uint32_t>* labels) {
  size_t at = 0;
  while (at < text.size()) {
    size_t next = text.find(delimiter, at);
    if (next == std::string_view::npos) next = text.size();
    if (next > at) labels->push_back(Id(text.substr(at, next - at)));
    at = next + 1;
  }
}

void ChunkLabels::AddNode(std::vector<uint32_t>* labels) {
  std::sort(labels->begin(), labels->end());
  labels->erase(std::unique(labels->begin(), labels->end()), labels->end());
  NodeBatch& b = chunk_->batch;
  auto [it, inserted] = sets_.emplace(*labels, static_cast<uint32_t>(b.label_sets.size()));
  if (inserted) b.label_sets.push_back(*labels);
  b.node_set.push_back(it->second);
}

uint32_t ChunkTypes::Id(std::string_view name) {
  if (last_id_ != UINT32_MAX && name == last_) return last_id_;
  auto it = ids_.find(name);
  if (it == ids_.end()) {
    it = ids_.emplace(std::string(name), static_cast<uint32_t>(chunk_->type_names.size())).first;
    chunk_->type_names.emplace_back(name);
    EdgeBatch batch;
    batch.type = it->second;
    batch.properties = EmptyPropertyColumns(f_);
    chunk_->batches.push_back(std::move(batch));
  }
  last_.assign(name);
  last_id_ = it->second;
  return it->second;
}

NodeChunk ParseNodeChunk(const NodeFileSpec& spec, std::string_view segment, const RowRange& range) {
  NodeChunk c;
  const FileColumns& f = spec.columns;
  const CsvHeader& h = *f.header;
  NodeBatch& b = c.batch;
  b = EmptyNodeBatch(spec);
  // Labels: file labels are local ids 0..k-1; :LABEL values are added as they appear.
  const int label_column = LabelColumn(h);
  ChunkLabels chunk_labels(spec, label_column >= 0, &c);

  std::vector<Field> fields;
  std::vector<Cell> cells;
  std::string scratch;
  std::vector<uint32_t> labels;
  std::vector<std::string_view> tokens;
  RowCursor rows(segment, range, f.dialect.quote);
  std::string_view row;
  uint64_t line = 0;
  while (rows.Next(&row, &line)) {
    ++c.rows;
    uint32_t column = 1;
    uint32_t line_offset = 0;
    std::string error = Fields(row, f, &fields, &scratch, &column, &line_offset);
    if (error.empty()) error = PropertyCells(fields, f, &cells, &column);
    int64_t int_key = 0;
    if (error.empty() && h.id >= 0) {
      const Field& id = fields[static_cast<size_t>(h.id)];
      column = id.column;
      if (id.text.empty()) {
        error = "missing id";
      } else if (spec.id_type == KeyType::kInteger && !ParseInt64(id.text, &int_key)) {
        error = Shown(id.text) + " is not an integer id";
      }
    }
    if (!error.empty()) {
      if (!Reject(&c, f, line + line_offset, column, std::move(error))) return c;
      continue;
    }
    if (!spec.constraints.empty()) {
      // Before any label of the row is interned: a rejected row's labels are not.
      tokens.assign(spec.file_labels.begin(), spec.file_labels.end());
      if (label_column >= 0) {
        ForEachLabel(fields[static_cast<size_t>(label_column)].text, f.dialect.array_delimiter,
                     [&](std::string_view name) { tokens.push_back(name); });
      }
      const uint64_t at_line = h.id >= 0 ? LineOf(line, fields[static_cast<size_t>(h.id)]) : line;
      const uint32_t at_column = h.id >= 0 ? fields[static_cast<size_t>(h.id)].column : 1;
      RowIdKey row_id;
      if (h.id >= 0) {
        row_id.present = true;
        row_id.integer = spec.id_type == KeyType::kInteger;
        row_id.int_value = int_key;
        row_id.text = fields[static_cast<size_t>(h.id)].text;
      }
      if (auto v = spec.constraints.Check(tokens, row_id, cells, b.count, c.rows - 1, at_line, at_column, &c.keys)) {
        if (!RejectViolation(&c, f, c.rows - 1, std::move(*v), at_line, at_column)) return c;
        continue;
      }
    }
    // The row is good: append it.
    if (label_column >= 0) {
      labels = chunk_labels.file_set();
      chunk_labels.Split(fields[static_cast<size_t>(label_column)].text, f.dialect.array_delimiter, &labels);
      chunk_labels.AddNode(&labels);
    }
    uint32_t id_column = 0;
    if (h.id >= 0) {
      const Field& id = fields[static_cast<size_t>(h.id)];
      id_column = id.column;
      if (spec.id_space) {
        if (spec.id_type == KeyType::kInteger) {
          b.keys.AppendInt(int_key);
        } else {
          b.keys.AppendString(id.text);
        }
      }
    }
    AppendCells(f, cells, &b.properties);
    c.locations.Add(h.id >= 0 ? LineOf(line, fields[static_cast<size_t>(h.id)]) : line, id_column);
    ++b.count;
  }
  return c;
}

EdgeChunk ParseEdgeChunk(const EdgeFileSpec& spec, std::string_view segment, const RowRange& range) {
  EdgeChunk c;
  const FileColumns& f = spec.columns;
  const CsvHeader& h = *f.header;
  const size_t start_col = static_cast<size_t>(h.start), end_col = static_cast<size_t>(h.end);
  ChunkTypes types(f, &c);
  auto lookup = [](const IdMap* map, std::string_view text, uint32_t* node) -> bool {
    if (map->type() == KeyType::kInteger) {
      int64_t key;
      if (!ParseInt64(text, &key)) return false;
      *node = map->Find(key);
    } else {
      *node = map->Find(text);
    }
    return *node != IdMap::kAbsent;
  };
  const bool has_properties =
      std::any_of(f.keys.begin(), f.keys.end(), [](uint32_t k) { return k != kNoKey; });

  std::vector<Field> fields;
  std::vector<Cell> cells;
  std::string scratch;
  // The general path for one row (also every row the fast path below cannot take, so
  // both give the same result and the same errors). False: stop (strict mode).
  auto general_row = [&](std::string_view row, uint64_t line) -> bool {
    ++c.rows;
    uint32_t column = 1;
    uint32_t line_offset = 0;
    std::string error = Fields(row, f, &fields, &scratch, &column, &line_offset);
    if (error.empty() && has_properties) error = PropertyCells(fields, f, &cells, &column);
    uint32_t src = 0, dst = 0;
    std::string_view type = spec.file_type;
    if (error.empty()) {
      const Field& s = fields[start_col];
      const Field& e = fields[end_col];
      if (!lookup(spec.start_map, s.text, &src)) {
        column = s.column;
        error = s.text.empty() ? "missing start id" : "unknown start node " + Shown(s.text);
      } else if (!lookup(spec.end_map, e.text, &dst)) {
        column = e.column;
        error = e.text.empty() ? "missing end id" : "unknown end node " + Shown(e.text);
      } else if (h.type >= 0 && !fields[static_cast<size_t>(h.type)].text.empty()) {
        type = fields[static_cast<size_t>(h.type)].text;
      } else if (type.empty()) {
        column = h.type >= 0 ? fields[static_cast<size_t>(h.type)].column : 1;
        error = "missing relationship type (no :TYPE value and no --relationships=TYPE)";
      }
    }
    if (!error.empty()) return Reject(&c, f, line + line_offset, column, std::move(error));
    if (!spec.constraints.empty()) {
      const std::string_view tokens[] = {type};
      std::vector<RowKey> no_keys;  // relationships have no UNIQUE / KEY constraints
      if (auto v = spec.constraints.Check(tokens, RowIdKey{}, cells, c.edges, c.rows - 1, line, 1, &no_keys)) {
        return RejectViolation(&c, f, c.rows - 1, std::move(*v), line, 1);
      }
    }
    EdgeBatch& batch = c.batches[types.Id(type)];
    batch.src.push_back(src);
    batch.dst.push_back(dst);
    if (has_properties) AppendCells(f, cells, &batch.properties);
    ++c.edges;
    return true;
  };

  // The fast path: no quote in the range, no properties, integer ids. One pass over the
  // bytes splits rows and fields; ids are plain digits. Anything unusual in a row sends
  // that row to general_row.
  const size_t ncols = h.columns.size();
  const bool fast = !range.has_quotes && !has_properties && ncols <= 8 && spec.constraints.empty() &&
                    spec.start_map->type() == KeyType::kInteger && spec.end_map->type() == KeyType::kInteger;
  if (!fast) {
    RowCursor rows(segment, range, f.dialect.quote);
    std::string_view row;
    uint64_t line = 0;
    while (rows.Next(&row, &line)) {
      if (!general_row(row, line)) return c;
    }
    return c;
  }
  const char delim = f.dialect.delimiter;
  const char* p = segment.data() + range.begin;
  const char* const end = segment.data() + range.end;
  uint64_t line = range.line;
  std::array<std::pair<const char*, const char*>, 8> fv;
  bool reserved = false;
  while (p < end) {
    const char* row_begin = p;
    size_t n = 0;
    for (;;) {
      const char* fb = p;
      while (p < end && *p != delim && *p != '\n') ++p;
      if (n < ncols) fv[n] = {fb, p};
      ++n;
      if (p < end && *p == delim) {
        ++p;
        continue;
      }
      break;
    }
    const char* row_end = p;
    if (p < end) ++p;  // the newline
    if (row_end > row_begin && row_end[-1] == '\r') {
      --row_end;
      if (n <= ncols) fv[n - 1].second = row_end;
    }
    const uint64_t row_line = line++;
    if (row_end == row_begin) continue;  // a blank line
    const std::string_view row(row_begin, static_cast<size_t>(row_end - row_begin));
    int64_t ks = 0, ke = 0;
    uint32_t src = IdMap::kAbsent, dst = IdMap::kAbsent;
    std::string_view type = spec.file_type;
    if (n == ncols && h.type >= 0 && fv[h.type].first != fv[h.type].second) {
      type = std::string_view(fv[h.type].first, static_cast<size_t>(fv[h.type].second - fv[h.type].first));
    }
    // (A type that is not ASCII takes the general path too, which checks its UTF-8.)
    if (n != ncols || type.empty() || !IsAscii(type) || !DigitsOnly(fv[start_col], &ks) ||
        !DigitsOnly(fv[end_col], &ke) ||
        (src = spec.start_map->Find(ks)) == IdMap::kAbsent ||
        (dst = spec.end_map->Find(ke)) == IdMap::kAbsent) {
      if (!general_row(row, row_line)) return c;
      continue;
    }
    ++c.rows;
    EdgeBatch& batch = c.batches[types.Id(type)];
    if (!reserved && c.rows == 64 && c.batches.size() == 1) {
      // Size the batch from the first rows' average length: no regrowth copies.
      const double per_row = static_cast<double>(p - (segment.data() + range.begin)) / 64.0;
      batch.src.reserve(static_cast<size_t>(static_cast<double>(range.end - range.begin) / per_row * 1.05) +
                        64);
      batch.dst.reserve(batch.src.capacity());
      reserved = true;
    }
    batch.src.push_back(src);
    batch.dst.push_back(dst);
    ++c.edges;
  }
  return c;
}

}  // namespace quiver::ingest
