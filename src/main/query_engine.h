#pragma once
// One statement end to end over a GraphSource, outside a Database: for the engine's own
// tests and fuzz targets, which build their store on a fault-injecting or in-memory Env.
// Everything else goes through the public Connection (quiver/database.h).

#include <chrono>
#include <string_view>

#include "exec/exec_context.h"
#include "main/graph_source.h"
#include "quiver/result.h"

namespace quiver::main {

// Runs `text` in its own transaction and returns every row (read into memory). Throws
// the statement's QuiverError after rolling its transaction back. `memory_limit`: what
// the statement's operators may hold (0: no limit); `timeout`: how long it may run
// (0: no limit).
QueryResult ExecuteQuery(GraphSource& source, const exec::ProcedureTable& procedures, std::string_view text,
                         const ValueMap& parameters, uint64_t memory_limit = 0,
                         std::chrono::milliseconds timeout = std::chrono::milliseconds(0));

}  // namespace quiver::main
