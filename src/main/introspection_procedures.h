#pragma once
// The procedures that describe a database rather than compute over its graph, with
// Neo4j's names, signatures and column names, registered with every database
// (main/source_database.cpp); docs/cypher.md, "Introspection", lists them.
//   schema_procedures.cpp: db.labels(), db.relationshipTypes(), db.propertyKeys(),
//     db.schema.visualization(), db.schema.nodeTypeProperties(),
//     db.schema.relTypeProperties()
//   dbms_procedures.cpp: dbms.components(), db.info(), and those SHOW runs —
//     dbms.procedures(), dbms.functions(), dbms.databases(), dbms.listTransactions(),
//     dbms.killTransactions()
//   index_procedures.cpp: db.indexes() (SHOW INDEXES), db.constraints() (SHOW
//     CONSTRAINTS), db.awaitIndexes(), db.awaitIndex()

#include <memory>
#include <vector>

#include "exec/exec_context.h"
#include "main/source_database.h"
#include "main/transaction_registry.h"

namespace quiver::main {

std::vector<exec::RegisteredProcedure> SchemaProcedures();
std::vector<exec::RegisteredProcedure> IndexProcedures();
std::vector<exec::RegisteredProcedure> AwaitIndexProcedures();
std::vector<exec::RegisteredProcedure> DbmsProcedures(const DatabaseDescription& database,
                                                      std::shared_ptr<TransactionRegistry> transactions);

}  // namespace quiver::main
