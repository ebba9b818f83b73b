#include "ingest/import_constraints.h"

#include <algorithm>
#include <cmath>

#include "ingest/construction_session.h"
#include "storage/index_key.h"
#include "storage/txn/value_convert.h"

namespace quiver::ingest {
namespace {

constexpr char kListBegin = 0x40;  // after the index key's classes (0x10..0x30)
constexpr char kListEnd = 0x01;    // below every class byte

// Appends v's equality key: the index key encoding (1 and 1.0 alike), lists element by
// element. False when v equals nothing, not even itself (null, NaN, or a list holding
// one), so the row's key conflicts with no other.
bool AppendEqualityKey(const Value& v, std::string& out) {
  if (v.IsList()) {
    out.push_back(kListBegin);
    for (const Value& item : v.AsList()) {
      if (!AppendEqualityKey(item, out)) return false;
    }
    out.push_back(kListEnd);
    return true;
  }
  if (v.IsFloat() && std::isnan(v.AsFloat())) return false;
  if (!storage::IsIndexable(v)) return false;
  storage::AppendIndexKey(v, out);
  return true;
}

}  // namespace

storage::SchemaCatalog ResolveSchema(const ImportSchema& schema, ConstructionSession* session) {
  auto resolve = [&](auto definition, const SchemaNames& names) {
    const bool node = definition.entity == storage::IndexEntity::kNode;
    definition.token = node ? session->Label(names.token) : session->RelType(names.token);
    definition.keys.clear();
    for (const std::string& key : names.keys) definition.keys.push_back(session->PropertyKey(key));
    return definition;
  };
  // Indexes and constraints in the order they were created, as the schema file (and a
  // replaced database's catalog) had them; the main layer checked them for conflicts.
  storage::SchemaCatalog catalog = storage::SchemaCatalog::Initial();
  for (const ImportIndex& index : schema.indexes) catalog.Add(resolve(index.definition, index.names));
  for (const ImportConstraint& c : schema.constraints) catalog.AddConstraint(resolve(c.definition, c.names));
  return catalog;
}

RowConstraints::RowConstraints(const ImportSchema* schema, FileKind kind, const CsvHeader& header, KeyType id_type)
    : schema_(schema), header_(&header), id_type_(id_type) {
  if (schema == nullptr) return;
  const storage::IndexEntity entity =
      kind == FileKind::kNodes ? storage::IndexEntity::kNode : storage::IndexEntity::kRelationship;
  for (uint32_t i = 0; i < schema->constraints.size(); ++i) {
    const ImportConstraint& c = schema->constraints[i];
    if (c.definition.entity != entity) continue;
    Applied a{i, {}};
    for (const std::string& key : c.names.keys) {
      int column = -1;
      for (size_t col = 0; col < header.columns.size() && column < 0; ++col) {
        const ColumnSpec& spec = header.columns[col];
        const bool holds = spec.name == key && (spec.role == ColumnRole::kProperty || spec.role == ColumnRole::kId);
        if (holds) column = static_cast<int>(col);
      }
      a.columns.push_back(column);
    }
    applied_.push_back(std::move(a));
  }
}

Value RowConstraints::ValueAt(int column, const RowIdKey& id, const std::vector<Cell>& cells) const {
  if (column < 0) return Value::Null();
  const size_t i = static_cast<size_t>(column);
  if (header_->columns[i].role == ColumnRole::kId) {
    // The key stored as a property: the integer it is, or its text (the row is good).
    if (!id.present) return Value::Null();
    if (id.integer) return Value::Int(id.int_value);
    int64_t key = 0;
    if (id_type_ == KeyType::kInteger && ParseInt64(id.text, &key)) return Value::Int(key);
    return Value::String(std::string(id.text));
  }
  const Cell& cell = cells[i];
  switch (cell.kind) {
    case Cell::Kind::kAbsent: return Value::Null();
    case Cell::Kind::kInt: return Value::Int(cell.i);
    case Cell::Kind::kFloat: return Value::Float(cell.f);
    case Cell::Kind::kBool: return Value::Bool(cell.b);
    case Cell::Kind::kString: return Value::String(std::string(cell.s));
    case Cell::Kind::kList: return storage::ToValue(cell.list);
  }
  return Value::Null();
}

std::optional<RowViolation> RowConstraints::Check(std::span<const std::string_view> tokens, const RowIdKey& id,
                                                  const std::vector<Cell>& cells,
                                                  uint64_t row, uint64_t read_row, uint64_t line,
                                                  uint32_t column, std::vector<RowKey>* keys) const {
  const size_t keys_before = keys->size();
  for (const Applied& a : applied_) {
    const ImportConstraint& c = schema_->constraints[a.constraint];
    if (std::find(tokens.begin(), tokens.end(), c.names.token) == tokens.end()) continue;
    std::vector<Value> values;
    for (int col : a.columns) values.push_back(ValueAt(col, id, cells));
    if (schema_->checks->Violation(c, 0, values)) {
      keys->resize(keys_before);  // a rejected row claims no key
      return RowViolation{a.constraint, std::move(values)};
    }
    if (!c.definition.OwnsIndex()) continue;
    RowKey key{row, read_row, a.constraint, {}, {}, line, column};
    bool comparable = true;
    for (const Value& v : values) comparable = comparable && AppendEqualityKey(v, key.bytes);
    if (!comparable) continue;  // a null never conflicts (UNIQUE; NODE KEY failed above)
    key.values = std::move(values);
    keys->push_back(std::move(key));
  }
  return std::nullopt;
}

std::optional<std::pair<const RowKey*, UniqueKeys::First>> UniqueKeys::Claim(std::span<const RowKey> keys,
                                                                            uint64_t entity, uint32_t file) {
  for (const RowKey& key : keys) {
    if (by_constraint_.size() <= key.constraint) continue;
    const auto& held = by_constraint_[key.constraint];
    if (auto it = held.find(key.bytes); it != held.end()) return std::make_pair(&key, it->second);
  }
  for (const RowKey& key : keys) {
    if (by_constraint_.size() <= key.constraint) by_constraint_.resize(key.constraint + 1);
    by_constraint_[key.constraint].emplace(key.bytes, First{entity, file, key.line, key.column});
    bytes_ += key.bytes.size() + sizeof(First) + 32;  // the node's share of the table
  }
  return std::nullopt;
}

void UniqueKeys::ClaimExisting(uint32_t constraint, std::span<const Value> values, uint64_t node) {
  std::string bytes;
  for (const Value& v : values) {
    if (!AppendEqualityKey(v, bytes)) return;  // a null never conflicts
  }
  if (by_constraint_.size() <= constraint) by_constraint_.resize(constraint + 1);
  if (by_constraint_[constraint].emplace(bytes, First{node, kDatabase, 0, 0}).second) {
    bytes_ += bytes.size() + sizeof(First) + 32;
  }
}

}  // namespace quiver::ingest
