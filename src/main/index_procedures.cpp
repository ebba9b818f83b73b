// db.indexes(), what SHOW INDEXES runs (cypher/parser_show.cpp rewrites it into a CALL),
// with Neo4j 5's SHOW INDEXES columns: the graph's catalog (GraphReader::Schema()) — the
// two LOOKUP indexes every database has (the label sets and per-type adjacency that
// label and type scans read) and the property indexes created since, ONLINE once their
// data is built and queries seek them, POPULATING until then.

#include "exec/procedure_context.h"
#include "main/introspection_procedures.h"
#include "storage/schema_catalog.h"

namespace quiver::main {

namespace {

using exec::ExecProcedureContext;

constexpr const char* kLookupProvider = "token-lookup-1.0";

void EmitLookupIndex(ExecProcedureContext& context, int64_t id, const std::string& name, bool relationship) {
  ValueMap options{{"indexProvider", Value::String(kLookupProvider)}, {"indexConfig", Value::Map({})}};
  const std::string create = "CREATE LOOKUP INDEX `" + name + "` FOR " +
                             (relationship ? "()-[r]-() ON EACH type(r)" : "(n) ON EACH labels(n)");
  context.Emit({Value::Int(id), Value::String(name), Value::String("ONLINE"), Value::Float(100.0),
                Value::String("LOOKUP"), Value::String(relationship ? "RELATIONSHIP" : "NODE"), Value::Null(),
                Value::Null(), Value::String(kLookupProvider), Value::Null(), Value::Null(), Value::Null(),
                Value::Null(), Value::Map(std::move(options)), Value::String(""), Value::String(create)});
}

const char* TypeName(storage::IndexKind kind) {
  switch (kind) {
    case storage::IndexKind::kText: return "TEXT";
    case storage::IndexKind::kPoint: return "POINT";
    default: return "RANGE";
  }
}

const char* DefaultProvider(storage::IndexKind kind) {
  switch (kind) {
    case storage::IndexKind::kText: return "text-2.0";
    case storage::IndexKind::kPoint: return "point-1.0";
    default: return "range-1.0";
  }
}

std::string Quoted(std::string_view name) { return "`" + std::string(name) + "`"; }

void EmitPropertyIndex(ExecProcedureContext& context, int64_t id, const storage::IndexDefinition& index) {
  const GraphReader& graph = context.graph();
  const bool node = index.entity == storage::IndexEntity::kNode;
  const std::string token(node ? graph.LabelName(index.token) : graph.RelTypeName(index.token));
  std::vector<Value> keys;
  std::string on;
  for (PropertyKeyId key : index.keys) {
    const std::string name(graph.PropertyKeyName(key));
    keys.push_back(Value::String(name));
    on += (on.empty() ? "" : ", ") + std::string(node ? "n." : "r.") + Quoted(name);
  }
  const std::string provider = index.provider.empty() ? DefaultProvider(index.kind) : index.provider;
  const bool online = graph.IndexOnline(index);
  ValueMap options{{"indexProvider", Value::String(provider)}, {"indexConfig", Value::Map({})}};
  const std::string create = std::string("CREATE ") + TypeName(index.kind) + " INDEX " + Quoted(index.name) +
                             " FOR " + (node ? "(n:" + Quoted(token) + ")" : "()-[r:" + Quoted(token) + "]-()") +
                             " ON (" + on + ")";
  context.Emit({Value::Int(id), Value::String(index.name), Value::String(online ? "ONLINE" : "POPULATING"),
                Value::Float(online ? 100.0 : 0.0), Value::String(TypeName(index.kind)),
                Value::String(node ? "NODE" : "RELATIONSHIP"), Value::List({Value::String(token)}),
                Value::List(std::move(keys)), Value::String(provider), Value::Null(), Value::Null(), Value::Null(),
                Value::Null(), Value::Map(std::move(options)), Value::String(""), Value::String(create)});
}

}  // namespace

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
  return out;
}

}  // namespace quiver::main
