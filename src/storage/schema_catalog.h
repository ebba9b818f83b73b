#pragma once
// The schema catalog: a database's index and constraint definitions (docs/design.md,
// "Indexes and constraints"), as a value, with the rules CREATE INDEX / CREATE CONSTRAINT
// and their DROPs follow (generated names, Neo4j 5's conflicts) and its bytes: the
// Schema file's section, and the schema log ops' fields.
//
// Held by DeltaState (txn/delta_state.h), MemoryGraph and a generation's Schema file
// (generation.h); logged as the CreateIndex / DropIndex / CreateConstraint /
// DropConstraint ops (txn/write_ops.h); changed by the SchemaCommand operator
// (exec/operator/schema_command.cpp) through GraphWriter.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "quiver/status.h"
#include "storage/graph.h"

namespace quiver::storage {

// The generation file that holds a catalog other than Initial() (docs/format/generation.md).
inline constexpr std::string_view kSchemaFileName = "schema.qv";

// The word the index was created with. RANGE, TEXT and POINT are one ordered index in
// Quiver; the word is kept because SHOW INDEXES lists it and Neo4j tells indexes of
// different types on the same schema apart (both may exist). Explicit numbers: they are
// stored.
enum class IndexKind : uint8_t { kRange = 1, kText = 2, kPoint = 3, kLookup = 4 };
enum class IndexEntity : uint8_t { kNode = 1, kRelationship = 2 };

struct IndexDefinition {
  std::string name;
  IndexKind kind = IndexKind::kRange;
  IndexEntity entity = IndexEntity::kNode;
  uint32_t token = 0;               // the label or relationship type id; 0 for LOOKUP
  std::vector<PropertyKeyId> keys;  // in the written order; empty for LOOKUP
  std::string provider;             // OPTIONS {indexProvider: …}; "" when not given

  // Same kind, entity, token and keys: what Neo4j calls the same schema and type.
  bool SameSchema(const IndexDefinition& other) const {
    return kind == other.kind && entity == other.entity && token == other.token && keys == other.keys;
  }
  // A property index (RANGE, TEXT or POINT on a label's or a relationship type's keys):
  // what a PropertyIndex file, the delta's overlays and the planner's seeks serve.
  // LOOKUP indexes are not.
  bool IsPropertyIndex() const { return kind != IndexKind::kLookup && !keys.empty(); }
  bool IsNodePropertyIndex() const { return entity == IndexEntity::kNode && IsPropertyIndex(); }
  bool IsRelationshipPropertyIndex() const { return entity == IndexEntity::kRelationship && IsPropertyIndex(); }
  bool operator==(const IndexDefinition&) const = default;
};

// A constraint (Neo4j 5's four kinds). UNIQUE and NODE KEY own a RANGE index of the same
// name, which the catalog holds among its indexes (created and dropped with the
// constraint). Explicit numbers, from 16: they are stored in the same entry list as the
// index kinds (1–4), so a build that knows no constraints refuses the bytes as a newer
// index kind (NotSupported) rather than misreading them.
enum class ConstraintKind : uint8_t { kUnique = 16, kNodeKey = 17, kNotNull = 18, kPropertyType = 19 };

struct ConstraintDefinition {
  std::string name;
  ConstraintKind kind = ConstraintKind::kUnique;
  IndexEntity entity = IndexEntity::kNode;
  uint32_t token = 0;               // the label or relationship type id
  std::vector<PropertyKeyId> keys;  // in the written order; one for NOT NULL and type
  std::string property_type;        // PROPERTY_TYPE: the type as CypherTypeToString prints it; else ""

  // What Neo4j calls an equivalent constraint: same kind, entity, token, keys (and type).
  bool SameSchema(const ConstraintDefinition& other) const {
    return kind == other.kind && entity == other.entity && token == other.token && keys == other.keys &&
           property_type == other.property_type;
  }
  bool OwnsIndex() const { return kind == ConstraintKind::kUnique || kind == ConstraintKind::kNodeKey; }
  bool operator==(const ConstraintDefinition&) const = default;
};
std::string_view ConstraintKindName(ConstraintKind kind);  // UNIQUENESS, NODE_KEY, … as SHOW CONSTRAINTS

// Why a definition cannot be added, named after Neo4j's status codes
// (Neo.ClientError.Schema.*): the command layer maps them to errors, or to nothing under
// IF NOT EXISTS.
enum class SchemaConflict : uint8_t {
  kNone,
  kEquivalentExists,  // same name and schema: EquivalentSchemaRuleAlreadyExists
  kNameTaken,         // the name is another index's: IndexWithNameAlreadyExists
  kAlreadyIndexed,    // the schema has an index of another name: IndexAlreadyExists
  // Constraints only:
  kConstraintExists,  // the schema has a constraint of this kind (another name): ConstraintAlreadyExists
  kConflictingKind,   // UNIQUE vs NODE KEY on the same schema, or a type vs another type
  kIndexExists,       // UNIQUE / NODE KEY where a RANGE index on the schema exists: IndexAlreadyExists
};

class SchemaCatalog {
 public:
  // The catalog of a new database: the two LOOKUP indexes, which Quiver always has (the
  // label sets and per-type adjacency), with the names a new Neo4j 5 database gives them.
  static SchemaCatalog Initial();

  const std::vector<IndexDefinition>& indexes() const { return indexes_; }
  const IndexDefinition* Find(std::string_view name) const;
  SchemaConflict CheckAdd(const IndexDefinition& definition) const;
  // Requires CheckAdd(definition) == kNone and a non-empty name.
  void Add(IndexDefinition definition);
  // False when there is no index of that name.
  bool Drop(std::string_view name);

  const std::vector<ConstraintDefinition>& constraints() const { return constraints_; }
  const ConstraintDefinition* FindConstraint(std::string_view name) const;
  // The constraint that owns the index `name`, or null.
  const ConstraintDefinition* OwnerOf(std::string_view index_name) const;
  // Conflicts with Neo4j 5's rules: the name is any index's or constraint's; the same
  // kind on the same schema; UNIQUE and NODE KEY exclude each other on one schema, two
  // property types exclude each other; an owning kind needs the RANGE index's slot free.
  SchemaConflict CheckAddConstraint(const ConstraintDefinition& definition) const;
  // Requires CheckAddConstraint(definition) == kNone. Adds the backing index too when
  // the kind owns one.
  void AddConstraint(ConstraintDefinition definition);
  // Drops the constraint and its backing index; false when there is no such constraint.
  bool DropConstraint(std::string_view name);

  // Version 1 bytes: u32 count, then per index u32 name length, name, u8 kind, u8 entity,
  // u32 token, u32 key count, the keys (u32 each), u32 provider length, provider.
  // Version 2 adds constraints as entries of the same layout after the indexes (counted
  // in the same u32): kind 16–19, and the property type where an index has its provider.
  // A catalog without constraints is version 1's bytes exactly.
  std::string Encode() const;
  // Corruption for bytes that do not decode (`where` names them); NotSupported for a
  // kind or entity this build does not know (written by a newer one).
  static Result<SchemaCatalog> Decode(std::string_view bytes, std::string_view where);
  // One index of those bytes: what Encode writes per index, and the CreateIndex log op's
  // fields (docs/format/log.md), so the two cannot drift apart. DecodeEntry reads the
  // entry at bytes[*at] and advances *at past it; errors as Decode's, offsets from the
  // start of `bytes`.
  static void EncodeEntry(const IndexDefinition& definition, std::string* out);
  static Result<IndexDefinition> DecodeEntry(std::string_view bytes, size_t* at, std::string_view where);
  // A constraint's entry: the CreateConstraint log op's fields (the backing index is
  // implied, not logged).
  static void EncodeConstraintEntry(const ConstraintDefinition& definition, std::string* out);
  static Result<ConstraintDefinition> DecodeConstraintEntry(std::string_view bytes, size_t* at,
                                                            std::string_view where);

  bool operator==(const SchemaCatalog&) const = default;

 private:
  std::vector<IndexDefinition> indexes_;  // in creation order
  std::vector<ConstraintDefinition> constraints_;  // in creation order
};

// The name CREATE INDEX gives an index written without one: Neo4j's form, "index_" and
// eight hex digits of a hash of the schema (kind, entity, token and key names), so the
// same definition gets the same name in every database. The hash is Quiver's (FNV-1a),
// not Neo4j's: names match in form, not in value.
// The word SHOW INDEXES and EXPLAIN write for the kind: RANGE, TEXT, POINT, LOOKUP.
std::string_view IndexKindName(IndexKind kind);
// The kind a written word names (RANGE when it is none of the others).
IndexKind IndexKindOf(std::string_view word);

std::string GenerateIndexName(const IndexDefinition& definition, std::string_view token_name,
                              std::span<const std::string> key_names);
// The same for a constraint: "constraint_" and eight hex digits.
std::string GenerateConstraintName(const ConstraintDefinition& definition, std::string_view token_name,
                                   std::span<const std::string> key_names);

}  // namespace quiver::storage
