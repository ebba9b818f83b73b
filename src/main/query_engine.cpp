#include "main/query_engine.h"

#include "main/source_database.h"

namespace quiver::main {

QueryResult ExecuteQuery(GraphSource& source, const exec::ProcedureTable& procedures, std::string_view text,
                         const ValueMap& parameters, uint64_t memory_limit, std::chrono::milliseconds timeout) {
  SourceDatabase db(source, /*one_statement_at_a_time=*/false, memory_limit);
  for (const auto& [name, procedure] : procedures) db.RegisterProcedure(procedure.signature, procedure.body);
  auto conn = db.Connect();
  conn->SetQueryTimeout(timeout);
  QueryResult streaming = conn->Query(text, parameters);
  std::vector<std::vector<Value>> rows = streaming.rows();
  const QuerySummary summary = streaming.summary();
  return QueryResult(streaming.columns(), std::move(rows), streaming.column_types(), summary);
}

}  // namespace quiver::main
