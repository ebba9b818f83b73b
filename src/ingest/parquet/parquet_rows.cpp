#include "ingest/parquet/parquet_rows.h"

#include <algorithm>
#include <map>

#include "common/utf8.h"
#include "ingest/csv_values.h"
#include "ingest/parquet/cells.h"

namespace quiver::ingest::parquet {
namespace {

bool IsInteger(CellKind k) { return k == CellKind::kInt || k == CellKind::kUnsigned; }
bool IsNumber(CellKind k) { return IsInteger(k) || k == CellKind::kDouble || k == CellKind::kDecimal; }

// Whether a declared header type can take the Parquet column's values: the same kind, an
// integer widened to a float, or text parsed as CSV text is. "" when it can.
std::string Agrees(const ColumnSpec& spec, const ColumnDescriptor& d) {
  if (d.is_list && !spec.array) return "a Parquet list needs an array type (" + std::string(ValueTypeName(spec.type)) + "[])";
  if (d.kind == CellKind::kString) return "";  // parsed like CSV text (arrays split on the array delimiter)
  if (spec.array && !d.is_list) return "an array type needs a Parquet list or string column";
  bool ok = false;
  switch (spec.type) {
    case ValueType::kInt: ok = IsInteger(d.kind); break;
    case ValueType::kFloat: ok = IsNumber(d.kind); break;
    case ValueType::kBool: ok = d.kind == CellKind::kBool; break;
    case ValueType::kString: ok = false; break;
    default: ok = false; break;  // a temporal type: from text only
  }
  if (ok) return "";
  return "declared " + std::string(ValueTypeName(spec.type)) + (spec.array ? "[]" : "") + " but the Parquet column is " +
         d.type_text;
}

std::string ReadableAs(const ColumnSpec& spec, const ColumnDescriptor& d) {
  bool text = d.kind == CellKind::kString && !d.is_list;
  bool integer = IsInteger(d.kind) && !d.is_list;
  switch (spec.role) {
    case ColumnRole::kId:
    case ColumnRole::kStartId:
    case ColumnRole::kEndId:
      return text || integer ? "" : "an id column must be an integer or a string, not " + d.type_text;
    case ColumnRole::kType:
      return text ? "" : "a :TYPE column must be a string, not " + d.type_text;
    case ColumnRole::kLabel:
      return d.kind == CellKind::kString ? "" : "a :LABEL column must be a string or a list of strings, not " + d.type_text;
    case ColumnRole::kProperty:
      return "";
    case ColumnRole::kIgnore:
      return "";
  }
  return "";
}

// `column`: the header column's index (0-based), as the Parquet code counts them.
template <typename Chunk>
bool Reject(Chunk* c, const FileColumns& f, uint64_t row, size_t column, std::string reason) {
  return RejectRow(c, f, row, static_cast<uint32_t>(column + 1), std::move(reason));
}

// A string value's text, checked as UTF-8; error message or "".
std::string TextAt(const DecodedColumn& data, uint64_t row, std::string_view* out) {
  *out = data.values.bytes_at(data.ValueIndex(row));
  size_t bad = FindInvalidUtf8(*out);
  if (bad != std::string_view::npos) return "not valid UTF-8 (" + DescribeInvalidUtf8Byte(*out, bad) + ")";
  return "";
}

// The cell of property column `spec` at row; error message or "".
std::string PropertyCell(const ColumnSpec& spec, bool inferred, const ColumnDescriptor& d, const DecodedColumn& data,
                         uint64_t row, const CsvDialect& dialect, Cell* cell) {
  cell->kind = Cell::Kind::kAbsent;
  RowState state = data.StateOf(row);
  if (state == RowState::kNull) return "";
  if (!d.is_list) {
    uint64_t i = data.ValueIndex(row);
    switch (d.kind) {
      case CellKind::kInt:
        if (!inferred && spec.type == ValueType::kFloat) {
          cell->kind = Cell::Kind::kFloat;
          cell->f = static_cast<double>(data.values.ints[i]);
        } else {
          cell->kind = Cell::Kind::kInt;
          cell->i = data.values.ints[i];
        }
        return "";
      case CellKind::kDouble:
        cell->kind = Cell::Kind::kFloat;
        cell->f = data.values.doubles[i];
        return "";
      case CellKind::kBool:
        cell->kind = Cell::Kind::kBool;
        cell->b = data.values.ints[i] != 0;
        return "";
      case CellKind::kString: {
        std::string_view text;
        std::string error = TextAt(data, row, &text);
        if (!error.empty()) return error;
        if (inferred) {
          cell->kind = Cell::Kind::kString;
          cell->s = text;
          return "";
        }
        // A declared type on a string column: the text is parsed as CSV text is; a
        // Parquet string is a value even when empty (as a quoted CSV field).
        Field field;
        field.text = text;
        field.quoted = true;
        return ParseCell(spec, field, dialect, cell);
      }
      default:
        break;
    }
  }
  // Everything else is a value (lists, temporals, decimals, unsigned): through cells.h.
  storage::PropertyValue v;
  Status s = CellValue(d, data, row, &v);
  if (!s.ok()) return s.message();
  if (!inferred && spec.type == ValueType::kFloat) {  // integers declared float
    auto widen = [](storage::PropertyValue& x) {
      if (x.is_int()) x = static_cast<double>(x.as_int());
    };
    if (v.is_list()) {
      auto list = v.as_list();
      for (auto& e : list) widen(e);
      v = storage::PropertyValue(std::move(list));
    } else {
      widen(v);
    }
  }
  if (v.is_int()) {
    cell->kind = Cell::Kind::kInt;
    cell->i = v.as_int();
  } else if (v.is_double()) {
    cell->kind = Cell::Kind::kFloat;
    cell->f = v.as_double();
  } else {
    cell->kind = Cell::Kind::kList;  // any other value: appended as the value it is
    cell->list = std::move(v);
  }
  return "";
}

// Every property cell of the row; error message ("field 'x': ...") or "", *column the
// failing column.
std::string PropertyCells(const FileColumns& f, const SourceColumns& columns, const ParquetFile& file,
                          const std::vector<DecodedColumn>& data, uint64_t row, std::vector<Cell>* cells,
                          size_t* column) {
  const CsvHeader& h = *f.header;
  for (size_t i = 0; i < h.columns.size(); ++i) {
    if (f.keys[i] == kNoKey) continue;
    *column = i;
    std::string error = PropertyCell(h.columns[i], columns.inferred[i], file.columns()[i],
                                     data[static_cast<size_t>(columns.slot[i])], row, f.dialect, &(*cells)[i]);
    if (!error.empty()) return ColumnName(h.columns[i]) + ": " + error;
  }
  return "";
}

// The key of an id column at row, as `type`; error message or "" (*missing for null).
std::string KeyAt(const ColumnDescriptor& d, const DecodedColumn& data, uint64_t row, KeyType type, int64_t* int_key,
                  std::string_view* text_key, std::string* scratch) {
  if (data.StateOf(row) == RowState::kNull) return "missing";
  uint64_t i = data.ValueIndex(row);
  if (IsInteger(d.kind)) {
    int64_t v = data.values.ints[i];
    if (d.kind == CellKind::kUnsigned) {
      storage::PropertyValue p;
      Status s = ElementValue(d, data.values, i, &p);
      if (!s.ok()) return s.message();
      v = p.as_int();
    }
    if (type == KeyType::kInteger) {
      *int_key = v;
    } else {
      *scratch = std::to_string(v);
      *text_key = *scratch;
    }
    return "";
  }
  std::string error = TextAt(data, row, text_key);
  if (!error.empty()) return error;
  if (type == KeyType::kInteger && !ParseInt64(*text_key, int_key)) return Shown(*text_key) + " is not an integer id";
  return "";
}

}  // namespace

Result<CsvHeader> SourceHeader(const ParquetFile& file, FileKind kind, SourceColumns* columns,
                               const std::vector<std::string>* given) {
  std::vector<std::string> names;
  std::vector<uint64_t> positions;
  for (const auto& c : file.columns()) {
    names.push_back(c.name);
    positions.push_back(names.size());
  }
  if (names.empty()) return Status::InvalidArgument("header: the file has no columns");
  if (given != nullptr) {
    if (given->size() != names.size()) {
      return Status::InvalidArgument("header: the header file names " + std::to_string(given->size()) +
                                     " columns; the file has " + std::to_string(names.size()));
    }
    names = *given;
  }
  for (const auto& n : names) {
    if (size_t bad = FindInvalidUtf8(n); bad != std::string_view::npos) {
      return Status::InvalidArgument("header: a column name is not valid UTF-8 (" + DescribeInvalidUtf8Byte(n, bad) + ")");
    }
  }
  auto header = ParseHeader(names, positions, kind);
  if (!header.ok()) return Status::InvalidArgument("header: " + header.status().message());
  *columns = SourceColumns();
  for (size_t i = 0; i < header->columns.size(); ++i) {
    const ColumnSpec& spec = header->columns[i];
    const ColumnDescriptor& d = file.columns()[i];
    const bool property = spec.role == ColumnRole::kProperty;
    columns->inferred.push_back(property && names[i].find(':') == std::string::npos);
    if (spec.role == ColumnRole::kIgnore) {
      columns->slot.push_back(-1);
      continue;
    }
    std::string why = !d.unsupported.empty() ? d.unsupported : ReadableAs(spec, d);
    if (why.empty() && property && !columns->inferred.back()) why = Agrees(spec, d);
    if (!why.empty()) return Status::InvalidArgument("column '" + d.name + "': " + why);
    columns->slot.push_back(static_cast<int>(columns->read.size()));
    columns->read.push_back(static_cast<int>(i));
  }
  return header;
}

ColumnType SourceChunkType(const ParquetFile& file, const CsvHeader& header, const SourceColumns& columns, size_t i) {
  const ColumnSpec& spec = header.columns[i];
  if (!columns.inferred[i]) return ChunkTypeOf(spec);
  const ColumnDescriptor& d = file.columns()[i];
  if (d.is_list) return ColumnType::kMixed;
  switch (d.kind) {
    case CellKind::kInt:
    case CellKind::kUnsigned: return ColumnType::kInt64;
    case CellKind::kDouble:
    case CellKind::kDecimal: return ColumnType::kDouble;
    case CellKind::kBool: return ColumnType::kBool;
    case CellKind::kString: return ColumnType::kString;
    default: return ColumnType::kMixed;
  }
}

KeyType SourceIdType(const ParquetFile& file, const CsvHeader& header, const SourceColumns&, KeyType fallback) {
  const ColumnSpec& id = header.columns[static_cast<size_t>(header.id)];
  if (id.id_type) return *id.id_type;
  return IsInteger(file.columns()[static_cast<size_t>(header.id)].kind) ? KeyType::kInteger : fallback;
}

NodeChunk SourceNodeChunk(const NodeFileSpec& spec, const SourceColumns& columns, const ParquetFile& file,
                          uint64_t first_row, const std::vector<DecodedColumn>& data) {
  NodeChunk c;
  const FileColumns& f = spec.columns;
  const CsvHeader& h = *f.header;
  NodeBatch& b = c.batch;
  b = EmptyNodeBatch(spec);
  const int label_column = LabelColumn(h);
  ChunkLabels chunk_labels(spec, label_column >= 0, &c);
  const uint64_t rows = data.empty() ? 0 : data.front().rows;
  std::vector<Cell> cells(h.columns.size());
  std::vector<uint32_t> labels;
  std::vector<std::string_view> tokens;  // the row's label names, for the constraints
  std::string scratch;
  auto column_data = [&](size_t i) -> const DecodedColumn& { return data[static_cast<size_t>(columns.slot[i])]; };
  for (uint64_t r = 0; r < rows; ++r) {
    ++c.rows;
    std::string error;
    size_t column = 0;
    error = PropertyCells(f, columns, file, data, r, &cells, &column);
    int64_t int_key = 0;
    std::string_view text_key;
    if (error.empty() && h.id >= 0) {
      column = static_cast<size_t>(h.id);
      error = KeyAt(file.columns()[column], column_data(column), r, spec.id_type, &int_key, &text_key, &scratch);
      if (error == "missing") error = "missing id";
    }
    labels = chunk_labels.file_set();
    if (error.empty() && label_column >= 0) {
      const DecodedColumn& ld = column_data(static_cast<size_t>(label_column));
      const ColumnDescriptor& d = file.columns()[static_cast<size_t>(label_column)];
      if (ld.StateOf(r) == RowState::kNullElement) {
        column = static_cast<size_t>(label_column);
        error = "the :LABEL field: the list holds a null element";
      } else if (ld.StateOf(r) == RowState::kPresent) {
        for (uint64_t v = ld.ValueIndex(r); v < ld.ValueEnd(r) && error.empty(); ++v) {
          std::string_view text = ld.values.bytes_at(v);
          if (size_t bad = FindInvalidUtf8(text); bad != std::string_view::npos) {
            column = static_cast<size_t>(label_column);
            error = "the :LABEL field: not valid UTF-8 (" + DescribeInvalidUtf8Byte(text, bad) + ")";
            break;
          }
          // A string is split on the array delimiter, as in CSV; a list's elements are labels.
          if (d.is_list) {
            if (!text.empty()) labels.push_back(chunk_labels.Id(text));
          } else {
            chunk_labels.Split(text, f.dialect.array_delimiter, &labels);
          }
        }
      }
    }
    if (!error.empty()) {
      if (!Reject(&c, f, first_row + r, column, std::move(error))) return c;
      continue;
    }
    if (!spec.constraints.empty()) {
      // The --schema constraints, as on a CSV row (csv_chunks.cpp): the row's labels by
      // name, its id key, its cells.
      tokens.clear();
      for (uint32_t id : labels) tokens.push_back(c.label_names[id]);
      RowIdKey row_id;
      if (h.id >= 0) {
        row_id.present = true;
        row_id.integer = spec.id_type == KeyType::kInteger;
        row_id.int_value = int_key;
        row_id.text = text_key;
      }
      const uint32_t at_column = static_cast<uint32_t>(h.id >= 0 ? h.id + 1 : 1);
      if (auto v = spec.constraints.Check(tokens, row_id, cells, b.count, c.rows - 1, first_row + r, at_column,
                                          &c.keys)) {
        if (!RejectViolation(&c, f, c.rows - 1, std::move(*v), first_row + r, at_column)) return c;
        continue;
      }
    }
    if (label_column >= 0) chunk_labels.AddNode(&labels);
    if (h.id >= 0 && spec.id_space) {
      if (spec.id_type == KeyType::kInteger) {
        b.keys.AppendInt(int_key);
      } else {
        b.keys.AppendString(text_key);
      }
    }
    AppendCells(f, cells, &b.properties);
    c.locations.Add(first_row + r, static_cast<uint32_t>(h.id >= 0 ? h.id + 1 : 1));
    ++b.count;
  }
  return c;
}

EdgeChunk SourceEdgeChunk(const EdgeFileSpec& spec, const SourceColumns& columns, const ParquetFile& file,
                          uint64_t first_row, const std::vector<DecodedColumn>& data) {
  EdgeChunk c;
  const FileColumns& f = spec.columns;
  const CsvHeader& h = *f.header;
  const size_t start_col = static_cast<size_t>(h.start), end_col = static_cast<size_t>(h.end);
  auto column_data = [&](size_t i) -> const DecodedColumn& { return data[static_cast<size_t>(columns.slot[i])]; };
  ChunkTypes chunk_types(f, &c);
  const bool has_properties = std::any_of(f.keys.begin(), f.keys.end(), [](uint32_t k) { return k != kNoKey; });
  const uint64_t rows = data.empty() ? 0 : data.front().rows;
  std::vector<Cell> cells(h.columns.size());
  std::string scratch;
  // The general path for one row: every column's value checked and converted. False:
  // stop (strict mode).
  auto general_row = [&](uint64_t r) -> bool {
    ++c.rows;
    std::string error;
    size_t column = 0;
    if (has_properties) error = PropertyCells(f, columns, file, data, r, &cells, &column);
    uint32_t src = 0, dst = 0;
    std::string_view type = spec.file_type;
    auto endpoint = [&](size_t col, const IdMap* map, const char* which, uint32_t* node) {
      int64_t int_key = 0;
      std::string_view text_key;
      column = col;
      std::string e = KeyAt(file.columns()[col], column_data(col), r, map->type(), &int_key, &text_key, &scratch);
      if (e == "missing") return std::string("missing ") + which + " id";
      if (!e.empty()) return ColumnName(h.columns[col]) + ": " + e;
      *node = map->type() == KeyType::kInteger ? map->Find(int_key) : map->Find(text_key);
      if (*node != IdMap::kAbsent) return std::string();
      return std::string("unknown ") + which + " node " +
             (map->type() == KeyType::kInteger ? Shown(std::to_string(int_key)) : Shown(text_key));
      };
      if (error.empty()) error = endpoint(start_col, spec.start_map, "start", &src);
      if (error.empty()) error = endpoint(end_col, spec.end_map, "end", &dst);
      if (error.empty() && h.type >= 0 && column_data(static_cast<size_t>(h.type)).StateOf(r) == RowState::kPresent) {
        column = static_cast<size_t>(h.type);
        std::string_view text;
        error = TextAt(column_data(column), r, &text);
        if (!error.empty()) error = "the :TYPE field: " + error;
        if (!text.empty()) type = text;
      }
      if (error.empty() && type.empty()) {
        column = h.type >= 0 ? static_cast<size_t>(h.type) : 0;
        error = "missing relationship type (no :TYPE value and no --relationships=TYPE)";
      }
      if (!error.empty()) {
        return Reject(&c, f, first_row + r, column, std::move(error));
      }
      if (!spec.constraints.empty()) {
        const std::string_view type_name[] = {type};
        std::vector<RowKey> no_keys;  // relationships have no UNIQUE / KEY constraints
        if (auto v = spec.constraints.Check(type_name, RowIdKey{}, cells, c.edges, c.rows - 1, first_row + r, 1,
                                            &no_keys)) {
          return RejectViolation(&c, f, c.rows - 1, std::move(*v), first_row + r, 1);
        }
      }
      EdgeBatch& batch = c.batches[chunk_types.Id(type)];
      if (batch.src.size() == 0 && c.batches.size() == 1) {
        batch.src.reserve(rows);
        batch.dst.reserve(rows);
      }
      batch.src.push_back(src);
      batch.dst.push_back(dst);
      if (has_properties) AppendCells(f, cells, &batch.properties);
      ++c.edges;
      return true;
  };

  // The fast path: integer ids without nulls into integer ID spaces, no properties, the
  // type (if any) a string column. A row whose endpoint is unknown, or whose type is null
  // or not the previous row's, goes through general_row, so the results and errors are
  // the general path's.
  const DecodedColumn& starts = column_data(start_col);
  const DecodedColumn& ends = column_data(end_col);
  const DecodedColumn* types = h.type >= 0 ? &column_data(static_cast<size_t>(h.type)) : nullptr;
  const bool fast = !has_properties && spec.constraints.empty() && file.columns()[start_col].kind == CellKind::kInt &&
                    file.columns()[end_col].kind == CellKind::kInt && starts.state.empty() && ends.state.empty() &&
                    spec.start_map->type() == KeyType::kInteger && spec.end_map->type() == KeyType::kInteger;
  if (!fast) {
    for (uint64_t r = 0; r < rows; ++r) {
      if (!general_row(r)) return c;
    }
    return c;
  }
  uint32_t batch_index = UINT32_MAX;  // the batch of the last row's type, once general_row has seen it
  std::string_view batch_type;
  for (uint64_t r = 0; r < rows; ++r) {
    const uint32_t src = spec.start_map->Find(starts.values.ints[r]);
    const uint32_t dst = spec.end_map->Find(ends.values.ints[r]);
    bool same_type = batch_index != UINT32_MAX;
    if (same_type && types != nullptr) {
      same_type = types->StateOf(r) == RowState::kPresent &&
                  types->values.bytes_at(types->ValueIndex(r)) == batch_type;
    }
    if (src == IdMap::kAbsent || dst == IdMap::kAbsent || !same_type) {
      const size_t before = c.edges;
      if (!general_row(r)) return c;
      if (c.edges > before) {  // the row's type, checked by general_row, is the next rows' guess
        batch_index = chunk_types.last();
        batch_type = types != nullptr && types->StateOf(r) == RowState::kPresent
                         ? types->values.bytes_at(types->ValueIndex(r))
                         : std::string_view(spec.file_type);
        if (batch_type.empty()) batch_type = spec.file_type;
      }
      continue;
    }
    ++c.rows;
    EdgeBatch& batch = c.batches[batch_index];
    batch.src.push_back(src);
    batch.dst.push_back(dst);
    ++c.edges;
  }
  return c;
}

}  // namespace quiver::ingest::parquet
