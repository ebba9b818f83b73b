#pragma once
// Runs one statement end to end: parse, bind and plan, execute in one transaction,
// materialize the result. Knows the graph only through GraphWriter, so the in-memory
// graph and the transactional store serve queries the same way.
//
// `EXPLAIN <query>` returns the plan without running it; `PROFILE <query>` runs it and
// returns the plan with the rows each operator produced. Both as one column "plan".

#include <functional>
#include <memory>
#include <string_view>

#include "exec/exec_context.h"
#include "quiver/database.h"

namespace quiver::exec {

using TransactionFactory = std::function<std::unique_ptr<GraphWriter>()>;

// Throws the query's QuiverError after rolling its transaction back: a failed query
// leaves no trace.
QueryResult ExecuteQuery(const TransactionFactory& begin, const ProcedureTable& procedures,
                         std::string_view text, const ValueMap& parameters);

}  // namespace quiver::exec
