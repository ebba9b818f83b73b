#pragma once
// Where a generated Graph500 graph goes: straight into a construction session (no CSV
// on disk), or to nodes.csv / edges.csv in the import format. Both give vertex i the
// label `V`, the key i and the property `id` = i; edges have type `E`. Importing the
// CSV files produces the same generation as streaming into the session.

#include <cstdint>
#include <string>

#include "common/file/env.h"
#include "ingest/construction_session.h"
#include "ingest/g500_generator.h"

namespace quiver::ingest {

inline constexpr std::string_view kG500Label = "V";
inline constexpr std::string_view kG500Type = "E";
inline constexpr std::string_view kG500KeyProperty = "id";
inline constexpr std::string_view kG500NodesHeader = "id:ID{id-type:int},:LABEL";
inline constexpr std::string_view kG500EdgesHeader = ":START_ID,:END_ID,:TYPE";

// Edges per generation task at most (a batch handed to the session); fewer when the
// memory budget is small.
inline constexpr uint64_t kG500TaskEdges = 1 << 18;

// Adds the graph's nodes and edges to the session (FinishNodes included); Commit is the
// caller's. Progress: phase "generate" in edges.
Status GenerateIntoSession(const G500Generator& g, ConstructionSession* session);

struct CsvOutput {
  uint64_t nodes_bytes = 0;
  uint64_t edges_bytes = 0;
};
// Writes dir/nodes.csv and dir/edges.csv (dir is created). Formatting runs on the pool;
// files are written in order.
Result<CsvOutput> WriteG500Csv(const G500Generator& g, Env* env, const std::string& dir, WorkerPool* pool,
                               Progress* progress);

}  // namespace quiver::ingest
