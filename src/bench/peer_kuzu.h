#pragma once
// The Kùzu peer (bench/peers/kuzu/): the embedded graph database users would otherwise
// pick, run on the same generated graph, in the same ladder run, with the same queries.
//
// For one rung (after Quiver's rung at that scale has run):
//   1. install: `npm install` of bench/peers/kuzu/package.json (kuzu pinned to 0.11.x)
//      into the scratch folder, once;
//   2. csv: `quiver generate g500 --out` writes nodes.csv / edges.csv for the scale and seed;
//   3. quiver-import: `quiver import` of those files (Quiver's CSV path: the like-for-like
//      figure for Kùzu's COPY), under the rung's limits;
//   4. kuzu: `node run.mjs` COPYs the files into a fresh Kùzu database, reopens it in a new
//      process and runs the three query shapes over the rung's sources.json;
//   5. ratios Quiver / Kùzu per phase (below 1: Quiver is faster or smaller), and whether
//      the two systems' answers agree (the sum of counts per query shape).
// A benchmark, not a test: nothing here gates.

#include <chrono>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "bench/ladder.h"

namespace quiver::bench {

struct PeerOptions {
  std::string source_dir;   // bench/peers/kuzu in the source tree (package.json, run.mjs)
  std::string scratch_dir;  // where npm installs it (build/peers/kuzu)
  std::string node = "node";
  std::string npm = "npm";
};

// Installs the peer when it is not installed yet, and copies its scripts (run.mjs for the
// ladder, queries.mjs for `quiver bench queries`) next to it, so that they resolve the
// installed package; the error says what npm printed.
Status EnsureKuzuInstalled(const PeerOptions& peer, const LadderLog& log);

// Runs steps 2-5 for the rung (its evidence as RunRung returned it). Never throws; a
// failed step is recorded in the result's "status".
nlohmann::json RunKuzuPeer(const LadderOptions& ladder, const PeerOptions& peer, const nlohmann::json& rung,
                           const LadderLog& log);

// The ratio table of a ladder's peer rungs, for stdout.
std::string FormatPeerTable(const nlohmann::json& peer_rungs);

// An executable by name, searched in PATH ("node" -> "/usr/bin/node"); the name itself
// when it already contains a '/' or is not found.
std::string FindInPath(const std::string& name);

}  // namespace quiver::bench
