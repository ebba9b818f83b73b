#pragma once
// The ladder driver: one rung per scale from `from` to `to`, each rung two child
// processes of the same `quiver` binary (`quiver bench rung --stage ingest|query`), each
// under the rung's memory limit and what is left of its wall-time limit
// (child_process.h). The query stage runs only after the ingest stage succeeded, in a
// fresh process, so its reopen is cold.
//
// Everything goes under options.out_dir:
//   rung-S/ingest.json, query.json   each stage's evidence, written by the child
//   rung-S/sources.json              the seeded query sources (the peer reads them too)
//   rung-S/ingest.log, query.log     the children's stdout and stderr
//   rung-S/rung.json                 the rung's merged evidence
//   rung-S/db                        the database (removed after the rung unless keep_db)
//   ladder.json                      every rung, the machine, the build, the options
// A failed or killed rung is recorded with its reason and the ladder goes on to the
// next scale; the gate then fails on it.

#include <chrono>
#include <cstdint>
#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "bench/rung_spec.h"
#include "quiver/status.h"

namespace quiver::bench {

struct LadderOptions {
  uint32_t from = 16;
  uint32_t to = 22;
  uint32_t edge_factor = 16;
  uint64_t seed = 1;
  std::string threads = "auto";
  uint64_t memory_limit = uint64_t{4} << 30;  // bytes per rung process; 0: none
  std::chrono::seconds time_limit{600};       // per rung (both stages together)
  std::string out_dir = "build/bench/ladder";
  std::string quiver_binary;  // the `quiver` executable the children run
  QueryCounts queries;
  bool keep_db = false;
  bool try_cgroup = true;
};

// Progress lines for people ("rung 16: ingest ... ok 0.4 s"), one call per line.
using LadderLog = std::function<void(const std::string&)>;

// Runs every rung and writes ladder.json; returns its content. An error only when the
// ladder itself cannot run (no output folder); a failed rung is data, not an error.
Result<nlohmann::json> RunLadder(const LadderOptions& options, const LadderLog& log);

// One rung: both stages, merged evidence (also written to rung-S/rung.json).
nlohmann::json RunRung(const LadderOptions& options, uint32_t scale, const LadderLog& log);

// Reads and parses a JSON file (ladder.json, a stage's evidence).
Result<nlohmann::json> ReadJsonFile(const std::string& path);
Status WriteJsonFile(const std::string& path, const nlohmann::json& j);

}  // namespace quiver::bench
