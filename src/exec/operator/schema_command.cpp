// SchemaCommand: CREATE INDEX / DROP INDEX (planner/logical_schema.h; the constraint
// commands are schema_constraint.cpp's) carried out on the
// statement's write transaction through GraphWriter::CreateIndex / DropIndex, so a
// schema change commits, rolls back and is logged as every other write is. It checks
// the change against the transaction's catalog with Neo4j 5's rules and errors
// (storage/schema_catalog.h, SchemaConflict); IF NOT EXISTS / IF EXISTS make those
// conflicts no-ops. It produces no rows; the summary counts the index added or removed.
//
// Building the index's data is the store's, after the commit (docs/design.md, "Indexes
// and constraints"): until then the index is POPULATING and no plan seeks it.

#include <string>
#include <vector>

#include "exec/exec_context.h"
#include "exec/expression/evaluator.h"
#include "exec/operator/operators.h"
#include "exec/operator/schema_constraint.h"
#include "quiver/error.h"
#include "quiver/value_ops.h"
#include "storage/schema_catalog.h"

namespace quiver::exec {

namespace {

using planner::LogicalSchemaCommand;
using storage::IndexDefinition;
using storage::IndexKind;

// The providers Neo4j 5 names for each index type.
bool ProviderFits(IndexKind kind, std::string_view provider) {
  switch (kind) {
    case IndexKind::kRange: return provider == "range-1.0";
    case IndexKind::kText: return provider == "text-1.0" || provider == "text-2.0";
    case IndexKind::kPoint: return provider == "point-1.0";
    case IndexKind::kLookup: return provider == "token-lookup-1.0";
  }
  return false;
}

// OPTIONS {indexProvider: '…', indexConfig: {…}}: the provider is kept (SHOW INDEXES
// lists it); indexConfig must be empty except POINT's spatial settings, accepted and
// ignored since Quiver has no point values.
std::string ProviderFromOptions(const Value& options, IndexKind kind, const std::string& type) {
  if (options.IsNull()) return "";
  std::string provider;
  for (const auto& [key, value] : options.AsMap()) {
    if (key == "indexProvider") {
      if (!value.IsString() || !ProviderFits(kind, value.AsString())) {
        throw SemanticError("InvalidArgument", "Could not create index with specified index provider '" +
                                                   (value.IsString() ? std::string(value.AsString()) : ToTckString(value)) +
                                                   "': not a provider of " + type + " indexes");
      }
      provider = std::string(value.AsString());
    } else if (key == "indexConfig") {
      if (!value.IsMap()) throw SemanticError("InvalidArgument", "OPTIONS indexConfig must be a map");
      for (const auto& [setting, unused] : value.AsMap()) {
        if (kind != IndexKind::kPoint || setting.rfind("spatial.", 0) != 0) {
          throw SemanticError("InvalidArgument", "Invalid index config key '" + setting + "' for " + type +
                                                     " indexes: Quiver takes no index settings");
        }
      }
    } else {
      throw SemanticError("InvalidArgument", "Invalid option '" + key +
                                                 "' for CREATE INDEX: expected indexProvider or indexConfig");
    }
  }
  return provider;
}

// `(:Person {name, age})`, as Neo4j writes a schema in its messages.
std::string SchemaText(const LogicalSchemaCommand& command) {
  if (command.label_or_type.empty()) return command.relationship ? "()-[]-()" : "()";
  std::string keys;
  for (const auto& k : command.properties) keys += (keys.empty() ? "" : ", ") + k;
  return command.relationship ? "()-[:" + command.label_or_type + " {" + keys + "}]-()"
                              : "(:" + command.label_or_type + " {" + keys + "})";
}

class SchemaCommandOp final : public OneShotOperator {
 public:
  using OneShotOperator::OneShotOperator;

 protected:
  bool ProduceOnce(ExecContext& ctx, RowBatch& out) override {
    const auto& command = logical().As<LogicalSchemaCommand>();
    switch (command.action) {
      case LogicalSchemaCommand::Action::kDropIndex: Drop(ctx, command); break;
      case LogicalSchemaCommand::Action::kCreateIndex: Create(ctx, command); break;
      case LogicalSchemaCommand::Action::kCreateConstraint: RunCreateConstraint(ctx, command); break;
      case LogicalSchemaCommand::Action::kDropConstraint: RunDropConstraint(ctx, command); break;
    }
    return false;
  }

 private:
  void Create(ExecContext& ctx, const LogicalSchemaCommand& command) {
    GraphWriter& writer = ctx.writer();
    IndexDefinition definition;
    definition.kind = storage::IndexKindOf(command.index_type);
    definition.entity = command.relationship ? storage::IndexEntity::kRelationship : storage::IndexEntity::kNode;
    Value options;
    if (command.options) {
      std::vector<Value> no_row;
      options = Evaluate(*command.options, no_row.data(), ctx);
    }
    definition.provider = ProviderFromOptions(options, definition.kind, command.index_type);
    if (definition.kind != IndexKind::kLookup) {
      definition.token = command.relationship ? writer.InternRelType(command.label_or_type)
                                              : writer.InternLabel(command.label_or_type);
      for (const auto& key : command.properties) definition.keys.push_back(writer.InternPropertyKey(key));
    }
    definition.name = command.name.empty()
                          ? storage::GenerateIndexName(definition, command.label_or_type, command.properties)
                          : command.name;
    const storage::SchemaCatalog& catalog = writer.Schema();
    switch (catalog.CheckAdd(definition)) {
      case storage::SchemaConflict::kNone:
      case storage::SchemaConflict::kConstraintExists:  // constraints' conflicts: CheckAdd does not report them
      case storage::SchemaConflict::kConflictingKind:
      case storage::SchemaConflict::kIndexExists:
        break;
      case storage::SchemaConflict::kEquivalentExists:
        if (command.if_not_exists) return;
        throw SchemaError("EquivalentSchemaRuleAlreadyExists",
                          "An equivalent index already exists: '" + definition.name + "' " + SchemaText(command));
      case storage::SchemaConflict::kNameTaken:
        if (command.if_not_exists) return;
        if (catalog.FindConstraint(definition.name) != nullptr) {
          throw SchemaError("ConstraintWithNameAlreadyExists",
                            "There already exists a constraint called '" + definition.name + "'.");
        }
        throw SchemaError("IndexWithNameAlreadyExists",
                          "There already exists an index called '" + definition.name + "'.");
      case storage::SchemaConflict::kAlreadyIndexed:
        if (command.if_not_exists) return;
        for (const storage::ConstraintDefinition& c : catalog.constraints()) {
          const IndexDefinition* owned = c.OwnsIndex() ? catalog.Find(c.name) : nullptr;
          if (owned != nullptr && owned->SameSchema(definition)) {
            throw SchemaError("IndexAlreadyExists", "There is a uniqueness constraint on " + SchemaText(command) +
                                                        ", so an index is already created that matches this.");
          }
        }
        throw SchemaError("IndexAlreadyExists",
                          "There already exists an index " + SchemaText(command) + " of type " + command.index_type + ".");
    }
    writer.CreateIndex(definition);
    ++ctx.counters().indexes_added;
  }

  void Drop(ExecContext& ctx, const LogicalSchemaCommand& command) {
    GraphWriter& writer = ctx.writer();
    const IndexDefinition* index = writer.Schema().Find(command.name);
    if (index == nullptr) {
      if (command.if_exists) return;
      throw SchemaError("IndexDropFailed",
                        "Unable to drop index called `" + command.name + "`. There is no such index.");
    }
    if (writer.Schema().OwnerOf(command.name) != nullptr) {
      throw SchemaError("IndexDropFailed",
                        "Unable to drop index: Index belongs to constraint: `" + command.name + "`");
    }
    if (index->kind == IndexKind::kLookup) {
      throw SchemaError("IndexDropFailed", "Unable to drop index called `" + command.name +
                                               "`: Quiver's LOOKUP indexes are its label sets and relationship-type "
                                               "adjacency, which every database has");
    }
    writer.DropIndex(command.name);
    ++ctx.counters().indexes_removed;
  }
};

}  // namespace

PhysicalOperatorPtr MakeSchemaCommand(const planner::LogicalOperator& op) {
  return std::make_unique<SchemaCommandOp>(op);
}

}  // namespace quiver::exec
