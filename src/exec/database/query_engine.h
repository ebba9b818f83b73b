#pragma once
// Runs one statement end to end: parse, bind and plan, execute in one transaction,
// materialize the result. Knows the graph only through GraphSource (GraphReader and
// GraphWriter), so the in-memory graph and the transactional store serve queries the
// same way.
//
// `EXPLAIN <query>` returns the plan without running it; `PROFILE <query>` runs it and
// returns the plan with the rows each operator produced. Both as one column "plan".

#include <functional>
#include <memory>
#include <string_view>

#include "exec/exec_context.h"
#include "quiver/database.h"

namespace quiver::exec {

// Where a database's statements get their graph.
class GraphSource {
 public:
  virtual ~GraphSource() = default;
  // The write transaction of a statement (throws when the store cannot give one).
  virtual std::unique_ptr<GraphWriter> BeginWrite() = 0;
  // A consistent snapshot for a statement that does not write, or null when the store
  // has none (then it runs in a write transaction too).
  virtual std::unique_ptr<GraphReader> BeginRead() { return nullptr; }
};

// Throws the query's QuiverError after rolling its transaction back: a failed query
// leaves no trace.
QueryResult ExecuteQuery(GraphSource& source, const ProcedureTable& procedures, std::string_view text,
                         const ValueMap& parameters);

}  // namespace quiver::exec
