#pragma once
// The schema a CSV import starts with (`quiver import --schema FILE`, docs/ingest.md,
// "Schema"), and the constraints it enforces on the rows it reads.
//
// The definitions come by name: the import numbers its own labels, types and keys, so
// token ids exist only once the data is read (ResolveSchema). What a constraint requires
// of a row — its NOT NULL, NODE KEY presence and property type parts, and the messages —
// is the commit-time check's (exec/constraint_check.h), handed down through
// ConstraintRowCheck by the layer that parsed the schema (main/import_schema.h): ingest
// knows no Cypher types.
//
// Rows are checked where they are parsed (on the workers, RowConstraints::Check); the
// keys of UNIQUE and NODE KEY constraints are encoded there too and compared in input
// order by UniqueKeys, on one thread, so the row reported as the duplicate is the later
// one in input order whatever the worker count — as duplicate ids are (id_map.h).

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ingest/csv_header.h"
#include "ingest/csv_scan.h"
#include "ingest/csv_values.h"
#include "quiver/value.h"
#include "storage/schema_catalog.h"

namespace quiver::ingest {

class ConstructionSession;

// A definition's label or relationship type and keys, by name (the definition's own
// token and keys are unused until ResolveSchema).
struct SchemaNames {
  std::string token;
  std::vector<std::string> keys;
};
struct ImportIndex {
  storage::IndexDefinition definition;
  SchemaNames names;
};
struct ImportConstraint {
  storage::ConstraintDefinition definition;
  SchemaNames names;
};

// A row's check against one constraint, with the commit-time semantics and messages.
class ConstraintRowCheck {
 public:
  virtual ~ConstraintRowCheck() = default;
  // The violation of the constraint's NOT NULL / NODE KEY presence / property type part by
  // entity `id`, whose values of the keys are `values` (null: absent); nullopt if none.
  virtual std::optional<std::string> Violation(const ImportConstraint& c, uint64_t id,
                                               std::span<const Value> values) const = 0;
  // An entity whose key values equal those of `other`, which came first.
  virtual std::string AlreadyExists(const ImportConstraint& c, uint64_t other,
                                    std::span<const Value> values) const = 0;
};

struct ImportSchema {
  std::vector<ImportIndex> indexes;  // property indexes no constraint owns, in creation order
  std::vector<ImportConstraint> constraints;
  std::shared_ptr<const ConstraintRowCheck> checks;  // required when there are constraints
  bool empty() const { return indexes.empty() && constraints.empty(); }
};

// The catalog over the session's token ids; names no data used are interned (after the
// data, so the data's ids are those of an import without a schema).
storage::SchemaCatalog ResolveSchema(const ImportSchema& schema, ConstructionSession* session);

// A row's first violation: the constraint (an index into ImportSchema::constraints) and
// the row's values of its keys, from which the message is written once the row's
// position among the accepted rows is known.
struct RowViolation {
  uint32_t constraint = 0;
  std::vector<Value> values;
};
// A UNIQUE / NODE KEY key of an accepted row: encoded so that equal keys (Cypher's `=`:
// 1 and 1.0 alike) have equal bytes. Rows with a null (or NaN) in the key have none.
struct RowKey {
  uint64_t row = 0;       // the row's index among its chunk's accepted rows (its node)
  uint64_t read_row = 0;  // among the chunk's rows read (what messages number)
  uint32_t constraint = 0;
  std::string bytes;
  std::vector<Value> values;
  uint64_t line = 0;
  uint32_t column = 0;
};

// The constraints one file's rows are checked against, with where each key's value is
// in a row.
//
// A row's key in the ID column, as the row source read it (CSV text, or a Parquet
// column's integer or string): read as a property when a constraint names the ID
// column's property.
struct RowIdKey {
  bool present = false;
  bool integer = false;
  int64_t int_value = 0;
  std::string_view text;
};

class RowConstraints {
 public:
  RowConstraints() = default;
  // `schema` may be null (no constraints). For a node file, a key named as the ID
  // column's property is read from the ID field.
  RowConstraints(const ImportSchema* schema, FileKind kind, const CsvHeader& header, KeyType id_type);
  bool empty() const { return applied_.empty(); }

  // Checks an otherwise good row whose labels (or type) are `tokens`: its first
  // violation, or else appends its UNIQUE / NODE KEY keys to *keys (`row` and
  // `read_row` as RowKey's).
  std::optional<RowViolation> Check(std::span<const std::string_view> tokens, const RowIdKey& id,
                                    const std::vector<Cell>& cells, uint64_t row, uint64_t read_row, uint64_t line,
                                    uint32_t column, std::vector<RowKey>* keys) const;

 private:
  struct Applied {
    uint32_t constraint;
    std::vector<int> columns;  // per key: the header column holding it, -1: none
  };
  Value ValueAt(int column, const RowIdKey& id, const std::vector<Cell>& cells) const;

  const ImportSchema* schema_ = nullptr;
  const CsvHeader* header_ = nullptr;
  KeyType id_type_ = KeyType::kString;
  std::vector<Applied> applied_;
};

// UNIQUE and NODE KEY across the rows, in input order: the first row with a key keeps
// it; a later one is a violation naming the first.
class UniqueKeys {
 public:
  struct First {
    uint64_t entity;  // its position among the rows read (what messages number)
    uint32_t file;
    uint64_t line;
    uint32_t column;
  };
  // The first holder of any of a row's keys (keys[0..n) all of one row), or nullopt,
  // in which case the keys are recorded as the row's, entity `entity` of file `file`.
  std::optional<std::pair<const RowKey*, First>> Claim(std::span<const RowKey> keys, uint64_t entity, uint32_t file);
  // First::file of a key held by a node of the database an incremental import adds to
  // (First::entity: its node id).
  static constexpr uint32_t kDatabase = UINT32_MAX;
  // Records the key `values` (in the constraint's key order; one null or NaN: none) of
  // the database's node `node`, before any row is claimed.
  void ClaimExisting(uint32_t constraint, std::span<const Value> values, uint64_t node);
  uint64_t MemoryBytes() const { return bytes_; }

 private:
  std::vector<std::unordered_map<std::string, First>> by_constraint_;
  uint64_t bytes_ = 0;
};

}  // namespace quiver::ingest
