#pragma once
// RungSpec: everything one rung of the ladder needs to run its stages — the graph
// (scale, edge factor, seed), the resources (threads, memory limit), where the database
// and the evidence go, and how many seeded queries of each shape to run.
//
// The ladder driver passes a RungSpec to its child processes as command-line flags of
// the hidden `quiver bench rung` command (ToArgs); the child parses them back with the
// same flag names (tools/quiver/cmd_bench_rung.cpp).

#include <cstdint>
#include <string>
#include <vector>

namespace quiver::bench {

// The two processes of a rung: the ingest stage builds and publishes the database, the
// query stage reopens it cold in a fresh process and queries and checks it.
enum class RungStage : uint8_t { kIngest, kQuery };

struct QueryCounts {
  uint32_t one_hop = 1000;  // MATCH (a:V {id:$id})-[:E]->(b) RETURN count(b)
  uint32_t two_hop = 300;   // ...-[:E]->()-[:E]->(c) RETURN count(c)
  uint32_t k_hop = 100;     // ...-[:E*1..3]->(c) RETURN count(DISTINCT c)
};

struct RungSpec {
  uint32_t scale = 16;
  uint32_t edge_factor = 16;
  uint64_t seed = 1;            // the graph's seed; sources derive from it too
  std::string threads = "auto"; // "auto" or N, as `quiver generate --threads`
  uint64_t memory_limit = 0;    // bytes the rung may use; 0: the machine's (resource policy)
  std::string db_path;          // the database the rung builds (replaced if present)
  std::string dir;              // the rung's evidence folder: ingest.json, query.json, sources.json
  QueryCounts queries;

  uint64_t vertex_count() const { return uint64_t{1} << scale; }
  uint64_t edge_count() const { return uint64_t{edge_factor} << scale; }
  std::string IngestJsonPath() const { return dir + "/ingest.json"; }
  std::string QueryJsonPath() const { return dir + "/query.json"; }
  std::string SourcesPath() const { return dir + "/sources.json"; }

  // `bench rung --stage ingest|query --scale S ...` (without the program name).
  std::vector<std::string> ToArgs(RungStage stage) const;
};

}  // namespace quiver::bench
