// db.indexes(), what SHOW INDEXES runs (cypher/parser_show.cpp rewrites it into a CALL),
// with Neo4j 5's SHOW INDEXES columns: the graph's catalog (GraphReader::Schema()) — the
// two LOOKUP indexes every database has (the label sets and per-type adjacency that
// label and type scans read) and the property indexes created since, ONLINE once their
// data is built and queries seek them, POPULATING until then; an index a UNIQUE or NODE
// KEY constraint owns names it in owningConstraint. db.constraints(), what SHOW
// CONSTRAINTS runs, lists the catalog's constraints with Neo4j 5's columns.
// db.awaitIndexes() and db.awaitIndex(name), which Neo4j scripts call after CREATE INDEX.

#include "exec/procedure_context.h"
#include "main/introspection_procedures.h"
#include "main/schema_statements.h"
#include "storage/schema_catalog.h"

namespace quiver::main {

namespace {

using exec::ExecProcedureContext;

constexpr const char* kLookupProvider = "token-lookup-1.0";

void EmitLookupIndex(ExecProcedureContext& context, int64_t id, const std::string& name, bool relationship) {
  ValueMap options{{"indexProvider", Value::String(kLookupProvider)}, {"indexConfig", Value::Map({})}};
  const std::string create = "CREATE LOOKUP INDEX " + QuotedName(name) + " FOR " +
                             (relationship ? "()-[r]-() ON EACH type(r)" : "(n) ON EACH labels(n)");
  context.Emit({Value::Int(id), Value::String(name), Value::String("ONLINE"), Value::Float(100.0),
                Value::String("LOOKUP"), Value::String(relationship ? "RELATIONSHIP" : "NODE"), Value::Null(),
                Value::Null(), Value::String(kLookupProvider), Value::Null(), Value::Null(), Value::Null(),
                Value::Null(), Value::Map(std::move(options)), Value::String(""), Value::String(create)});
}

const char* DefaultProvider(storage::IndexKind kind) {
  switch (kind) {
    case storage::IndexKind::kText: return "text-2.0";
    case storage::IndexKind::kPoint: return "point-1.0";
    default: return "range-1.0";
  }
}

void EmitPropertyIndex(ExecProcedureContext& context, int64_t id, const storage::IndexDefinition& index) {
  const GraphReader& graph = context.graph();
  const bool node = index.entity == storage::IndexEntity::kNode;
  const std::string token(node ? graph.LabelName(index.token) : graph.RelTypeName(index.token));
  std::vector<Value> keys;
  for (PropertyKeyId key : index.keys) keys.push_back(Value::String(std::string(graph.PropertyKeyName(key))));
  const std::string provider = index.provider.empty() ? DefaultProvider(index.kind) : index.provider;
  const bool online = graph.IndexOnline(index);
  ValueMap options{{"indexProvider", Value::String(provider)}, {"indexConfig", Value::Map({})}};
  const std::string create = IndexCreateStatement(graph, index);
  const storage::ConstraintDefinition* owner = graph.Schema().OwnerOf(index.name);
  context.Emit({Value::Int(id), Value::String(index.name), Value::String(online ? "ONLINE" : "POPULATING"),
                Value::Float(online ? 100.0 : 0.0), Value::String(std::string(storage::IndexKindName(index.kind))),
                Value::String(node ? "NODE" : "RELATIONSHIP"), Value::List({Value::String(token)}),
                Value::List(std::move(keys)), Value::String(provider),
                owner != nullptr ? Value::String(owner->name) : Value::Null(), Value::Null(), Value::Null(),
                Value::Null(), Value::Map(std::move(options)), Value::String(""), Value::String(create)});
}

// SHOW CONSTRAINTS' type column: Neo4j 5's names.
std::string ConstraintTypeName(const storage::ConstraintDefinition& c) {
  const bool node = c.entity == storage::IndexEntity::kNode;
  switch (c.kind) {
    case storage::ConstraintKind::kUnique: return node ? "UNIQUENESS" : "RELATIONSHIP_UNIQUENESS";
    case storage::ConstraintKind::kNodeKey: return node ? "NODE_KEY" : "RELATIONSHIP_KEY";
    case storage::ConstraintKind::kNotNull: return node ? "NODE_PROPERTY_EXISTENCE" : "RELATIONSHIP_PROPERTY_EXISTENCE";
    case storage::ConstraintKind::kPropertyType: return node ? "NODE_PROPERTY_TYPE" : "RELATIONSHIP_PROPERTY_TYPE";
  }
  return "";
}

void EmitConstraint(ExecProcedureContext& context, int64_t id, const storage::ConstraintDefinition& c) {
  const GraphReader& graph = context.graph();
  const bool node = c.entity == storage::IndexEntity::kNode;
  const std::string token(node ? graph.LabelName(c.token) : graph.RelTypeName(c.token));
  std::vector<Value> keys;
  for (PropertyKeyId key : c.keys) keys.push_back(Value::String(std::string(graph.PropertyKeyName(key))));
  const std::string create = ConstraintCreateStatement(graph, c);
  Value options = Value::Null();
  if (c.OwnsIndex()) {
    options = Value::Map(ValueMap{{"indexProvider", Value::String("range-1.0")}, {"indexConfig", Value::Map({})}});
  }
  context.Emit({Value::Int(id), Value::String(c.name), Value::String(ConstraintTypeName(c)),
                Value::String(node ? "NODE" : "RELATIONSHIP"), Value::List({Value::String(token)}),
                Value::List(std::move(keys)), c.OwnsIndex() ? Value::String(c.name) : Value::Null(),
                c.kind == storage::ConstraintKind::kPropertyType ? Value::String(c.property_type) : Value::Null(),
                std::move(options), Value::String(create)});
}

// What db.awaitIndex(es) does with an index that is not ONLINE. CREATE INDEX returns
// once its index is built, so nothing is ever waited for: an index the calling
// statement's snapshot sees POPULATING is one whose build failed (recorded in `quiver
// db-info`'s last index build error) and is retried only at the next open or compaction,
// so waiting out the timeout would not change it. Neo4j fails the call for an index in
// the FAILED state; so does this, at once, naming the index.
void RequireOnline(const GraphReader& graph, const storage::IndexDefinition& index, std::string_view procedure) {
  if (index.kind == storage::IndexKind::kLookup || graph.IndexOnline(index)) return;
  throw ProcedureError("ProcedureCallFailed",
                       std::string(procedure) + ": index `" + index.name +
                           "` is not ONLINE: its build failed (see `quiver db-info`); it is built again when the "
                           "database is next opened or compacted");
}

}  // namespace

std::vector<exec::RegisteredProcedure> AwaitIndexProcedures() {
  std::vector<exec::RegisteredProcedure> out;
  ProcedureSignature all;
  all.name = "db.awaitIndexes";
  all.inputs = {{"timeOutSeconds", "INTEGER"}};
  all.optional_inputs = 1;
  all.description = "Wait for all indexes to be online (they are once CREATE INDEX returns).";
  out.push_back(exec::RegisteredProcedure{std::move(all), [](ExecProcedureContext& context) {
                                            const GraphReader& graph = context.graph();
                                            for (const storage::IndexDefinition& index : graph.Schema().indexes()) {
                                              RequireOnline(graph, index, "db.awaitIndexes");
                                            }
                                          }});
  ProcedureSignature one;
  one.name = "db.awaitIndex";
  one.inputs = {{"indexName", "STRING"}, {"timeOutSeconds", "INTEGER"}};
  one.optional_inputs = 1;
  one.description = "Wait for an index to be online (it is once CREATE INDEX returns).";
  out.push_back(exec::RegisteredProcedure{
      std::move(one), [](ExecProcedureContext& context) {
        const Value& name = context.arguments()[0];
        if (!name.IsString()) {
          throw ProcedureError("ProcedureCallFailed", "db.awaitIndex: indexName must be a string");
        }
        const GraphReader& graph = context.graph();
        const storage::IndexDefinition* index = graph.Schema().Find(name.AsString());
        if (index == nullptr) {
          throw ProcedureError("ProcedureCallFailed", "db.awaitIndex: there is no index named `" +
                                                          std::string(name.AsString()) + "`");
        }
        RequireOnline(graph, *index, "db.awaitIndex");
      }});
  return out;
}

std::vector<exec::RegisteredProcedure> IndexProcedures() {
  ProcedureSignature signature;
  signature.name = "db.indexes";
  signature.outputs = {{"id", "INTEGER?"},
                       {"name", "STRING?"},
                       {"state", "STRING?"},
                       {"populationPercent", "FLOAT?"},
                       {"type", "STRING?"},
                       {"entityType", "STRING?"},
                       {"labelsOrTypes", "LIST? OF STRING?"},
                       {"properties", "LIST? OF STRING?"},
                       {"indexProvider", "STRING?"},
                       {"owningConstraint", "STRING?"},
                       {"lastRead", "DATETIME?"},
                       {"readCount", "INTEGER?"},
                       {"trackedSince", "DATETIME?"},
                       {"options", "MAP?"},
                       {"failureMessage", "STRING?"},
                       {"createStatement", "STRING?"}};
  signature.description = "List the indexes in the database (SHOW INDEXES).";
  std::vector<exec::RegisteredProcedure> out;
  out.push_back(exec::RegisteredProcedure{
      std::move(signature), [](ExecProcedureContext& context) {
        int64_t id = 0;
        for (const storage::IndexDefinition& index : context.graph().Schema().indexes()) {
          if (index.kind == storage::IndexKind::kLookup) {
            EmitLookupIndex(context, ++id, index.name, index.entity == storage::IndexEntity::kRelationship);
          } else {
            EmitPropertyIndex(context, ++id, index);
          }
        }
      }});
  ProcedureSignature constraints;
  constraints.name = "db.constraints";
  constraints.outputs = {{"id", "INTEGER?"},           {"name", "STRING?"},           {"type", "STRING?"},
                         {"entityType", "STRING?"},    {"labelsOrTypes", "LIST? OF STRING?"},
                         {"properties", "LIST? OF STRING?"}, {"ownedIndex", "STRING?"}, {"propertyType", "STRING?"},
                         {"options", "MAP?"},          {"createStatement", "STRING?"}};
  constraints.description = "List the constraints in the database (SHOW CONSTRAINTS).";
  out.push_back(exec::RegisteredProcedure{
      std::move(constraints), [](ExecProcedureContext& context) {
        // Ids continue after the indexes', as in Neo4j, where indexes and constraints
        // share one id space.
        const storage::SchemaCatalog& schema = context.graph().Schema();
        int64_t id = static_cast<int64_t>(schema.indexes().size());
        for (const storage::ConstraintDefinition& c : schema.constraints()) EmitConstraint(context, ++id, c);
      }});
  return out;
}

}  // namespace quiver::main
