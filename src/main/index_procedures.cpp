// db.indexes(), what SHOW INDEXES runs (cypher/parser_show.cpp rewrites it into a CALL),
// with Neo4j 5's SHOW INDEXES columns.
//
// It lists what exists and is used by queries, nothing more (docs/design.md, "Indexes
// and constraints", status): the two LOOKUP indexes, which Quiver always has — the label
// sets and per-type adjacency that label and type scans read — under the names a new
// Neo4j 5 database gives them (storage::SchemaCatalog::Initial()). Property indexes are
// parsed but not yet stored, so none is listed; once the catalog is stored this reads the
// graph's.

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
        const storage::SchemaCatalog catalog = storage::SchemaCatalog::Initial();
        int64_t id = 0;
        for (const storage::IndexDefinition& index : catalog.indexes()) {
          EmitLookupIndex(context, ++id, index.name, index.entity == storage::IndexEntity::kRelationship);
        }
      }});
  return out;
}

}  // namespace quiver::main
