#pragma once
// Constraint checks (docs/cypher.md, "Constraints"): what a constraint requires of one
// node or relationship, and of the whole data when the constraint is created, with
// Neo4j 5's messages. Two callers: the schema command (CREATE CONSTRAINT verifies the
// existing data: exec/operator/schema_constraint.cpp) and the writer that validates a
// transaction's own writes before it commits (main/constraint_writer.h). Both read
// through GraphReader, so the in-memory and the transactional store check alike, and a
// transaction sees its own writes.
//
// Equality is openCypher's (1 = 1.0; a null never equals anything, so an entity lacking
// a key collides with nothing); a property type is tested by the `IS :: TYPE`
// predicate's own implementation (MatchesType), so the semantics are one.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cypher/ast/expression.h"
#include "storage/graph.h"
#include "storage/schema_catalog.h"

namespace quiver::exec {

// The live nodes with `label` whose values of `keys` equal `values` (each Equals true):
// a seek of an online index whose first key is keys[0] (the constraint's backing index,
// once built), else a scan of the label.
void FindEqualNodes(const GraphReader& graph, LabelId label, std::span<const PropertyKeyId> keys,
                    std::span<const Value> values, std::vector<NodeId>& out);

// The first entity of the whole graph that violates `constraint`, as the second line of
// Neo4j's ConstraintCreationFailed message ("Both Node(0) and Node(1) have the label
// `Book` and property `isbn` = '1'"); nullopt when the data satisfies it.
std::optional<std::string> FindViolation(const GraphReader& graph, const storage::ConstraintDefinition& constraint);

// Checks every constraint of graph.Schema() against the written entities (ids may
// repeat, name deleted entities, or entities a constraint does not cover) and throws
// SchemaError("ConstraintValidationFailed", Neo4j's message) at the first violation.
void ValidateWrites(const GraphReader& graph, std::span<const NodeId> nodes, std::span<const RelId> rels);

// A constraint's label or relationship type and its keys by name: what the messages
// below print.
struct ConstraintNames {
  std::string_view token;
  std::span<const std::string> keys;
};

// The type an IS :: TYPE constraint requires (parsed from the catalog's text).
cypher::CypherType RequiredType(const storage::ConstraintDefinition& constraint);

// The NOT NULL, NODE KEY presence and property type parts of `constraint` for one entity
// that has its label or type, given its values of the constraint's keys (null: absent):
// Neo4j's message ("Node(3) with label `Person` must have the property `email`"), or
// nullopt when they hold. UNIQUE alone never fails here. Also what `quiver import`
// checks a row with (main/import_schema.h), so the two write the same text.
// `type`, when given, is RequiredType(constraint), parsed once by a caller checking many.
std::optional<std::string> OwnViolation(const storage::ConstraintDefinition& constraint, const ConstraintNames& names,
                                        uint64_t id, std::span<const Value> values,
                                        const cypher::CypherType* type = nullptr);
// A uniqueness violation: "Node(1) already exists with label `Book` and property `isbn` = '1'",
// `other` being the entity that holds the values already.
std::string AlreadyExistsMessage(const storage::ConstraintDefinition& constraint, const ConstraintNames& names,
                                 uint64_t other, std::span<const Value> values);

// `Constraint( name='c', type='UNIQUENESS', schema=(:Book {isbn}) )`, as Neo4j names a
// constraint in its errors.
std::string ConstraintText(const GraphReader& graph, const storage::ConstraintDefinition& constraint);

}  // namespace quiver::exec
