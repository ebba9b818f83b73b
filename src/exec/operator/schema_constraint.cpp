// CREATE CONSTRAINT verifies the existing data first (constraint_check.h), then adds the
// constraint — and for UNIQUE / NODE KEY its backing RANGE index of the same name — in
// the statement's transaction through GraphWriter::CreateConstraint, so it commits,
// rolls back and is logged as one change. Conflicts follow Neo4j 5 (SchemaCatalog::
// CheckAddConstraint), with its status codes; IF NOT EXISTS skips an existing constraint
// of the name or of the schema and kind, IF EXISTS a missing one.

#include "exec/operator/schema_constraint.h"

#include <string>
#include <vector>

#include "exec/constraint_check.h"
#include "exec/expression/evaluator.h"
#include "quiver/error.h"
#include "quiver/value_ops.h"
#include "storage/schema_catalog.h"

namespace quiver::exec {

namespace {

using planner::LogicalSchemaCommand;
using storage::ConstraintDefinition;
using storage::ConstraintKind;
using storage::SchemaConflict;

ConstraintKind KindOf(cypher::ConstraintType type) {
  switch (type) {
    case cypher::ConstraintType::kUnique: return ConstraintKind::kUnique;
    case cypher::ConstraintType::kNodeKey: return ConstraintKind::kNodeKey;
    case cypher::ConstraintType::kNotNull: return ConstraintKind::kNotNull;
    case cypher::ConstraintType::kPropertyType: return ConstraintKind::kPropertyType;
  }
  return ConstraintKind::kUnique;
}

// Neo4j takes OPTIONS {indexProvider: 'range-1.0', indexConfig: {}} for the constraints
// that own an index, and nothing for the others.
void CheckOptions(const Value& options, const ConstraintDefinition& c) {
  if (options.IsNull()) return;
  for (const auto& [key, value] : options.AsMap()) {
    if (c.OwnsIndex() && key == "indexProvider" && value.IsString() && value.AsString() == "range-1.0") continue;
    if (c.OwnsIndex() && key == "indexConfig" && value.IsMap() && value.AsMap().empty()) continue;
    throw SemanticError("InvalidArgument",
                        "Could not create constraint with option '" + key + "' = " + ToTckString(value) +
                            (c.OwnsIndex() ? ": the backing index takes indexProvider 'range-1.0' and an empty "
                                             "indexConfig"
                                           : ": this kind of constraint takes no options"));
  }
}

}  // namespace

void RunCreateConstraint(ExecContext& ctx, const LogicalSchemaCommand& command) {
  GraphWriter& writer = ctx.writer();
  ConstraintDefinition c;
  c.kind = KindOf(command.constraint_type);
  c.entity = command.relationship ? storage::IndexEntity::kRelationship : storage::IndexEntity::kNode;
  c.token = command.relationship ? writer.InternRelType(command.label_or_type) : writer.InternLabel(command.label_or_type);
  for (const auto& key : command.properties) c.keys.push_back(writer.InternPropertyKey(key));
  if (c.kind == ConstraintKind::kPropertyType) c.property_type = cypher::CypherTypeToString(command.property_type);
  c.name = command.name.empty() ? storage::GenerateConstraintName(c, command.label_or_type, command.properties)
                                : command.name;
  Value options;
  if (command.options) {
    std::vector<Value> no_row;
    options = Evaluate(*command.options, no_row.data(), ctx);
  }
  CheckOptions(options, c);

  const storage::SchemaCatalog& catalog = writer.Schema();
  const SchemaConflict conflict = catalog.CheckAddConstraint(c);
  // IF NOT EXISTS skips a constraint of the same name, or of the same schema and kind;
  // a conflicting one, or an index in the way, still fails (Neo4j 5's manual).
  const bool same = conflict == SchemaConflict::kEquivalentExists || conflict == SchemaConflict::kConstraintExists ||
                    (conflict == SchemaConflict::kNameTaken && catalog.FindConstraint(c.name) != nullptr);
  if (same && command.if_not_exists) return;
  auto existing_on_schema = [&]() -> std::string {
    for (const ConstraintDefinition& other : catalog.constraints()) {
      if (other.entity == c.entity && other.token == c.token && other.keys == c.keys &&
          (other.kind == c.kind || (other.OwnsIndex() && c.OwnsIndex()))) {
        return ConstraintText(writer, other);
      }
    }
    return "";
  };
  switch (conflict) {
    case SchemaConflict::kNone:
      break;
    case SchemaConflict::kEquivalentExists:
      throw SchemaError("EquivalentSchemaRuleAlreadyExists",
                        "An equivalent constraint already exists, '" + ConstraintText(writer, c) + "'.");
    case SchemaConflict::kNameTaken:
      if (catalog.FindConstraint(c.name) != nullptr) {
        throw SchemaError("ConstraintWithNameAlreadyExists", "There already exists a constraint called '" + c.name + "'.");
      }
      throw SchemaError("IndexWithNameAlreadyExists", "There already exists an index called '" + c.name + "'.");
    case SchemaConflict::kConstraintExists:
      throw SchemaError("ConstraintAlreadyExists", "Constraint already exists: " + existing_on_schema());
    case SchemaConflict::kConflictingKind:
      throw SchemaError("ConstraintAlreadyExists", "Conflicting constraint already exists: " + existing_on_schema());
    case SchemaConflict::kIndexExists: {
      std::string keys;
      for (const auto& k : command.properties) keys += (keys.empty() ? "" : ", ") + k;
      throw SchemaError("IndexAlreadyExists", "There already exists an index (:" + command.label_or_type + " {" + keys +
                                                  "}). A constraint cannot be created until the index has been "
                                                  "dropped.");
    }
    case SchemaConflict::kAlreadyIndexed:  // an index's conflict: CheckAddConstraint does not report it
      break;
  }
  if (auto violation = FindViolation(writer, c)) {
    throw SchemaError("ConstraintCreationFailed",
                      "Unable to create " + ConstraintText(writer, c) + ":\n" + *violation);
  }
  writer.CreateConstraint(c);
  ++ctx.counters().constraints_added;
}

void RunDropConstraint(ExecContext& ctx, const LogicalSchemaCommand& command) {
  GraphWriter& writer = ctx.writer();
  if (writer.Schema().FindConstraint(command.name) == nullptr) {
    if (command.if_exists) return;
    throw SchemaError("ConstraintDropFailed", "Unable to drop constraint `" + command.name +
                                                  "`: No such constraint " + command.name + ".");
  }
  writer.DropConstraint(command.name);
  ++ctx.counters().constraints_removed;
}

}  // namespace quiver::exec
