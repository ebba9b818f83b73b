#pragma once
// The query stage of a rung, run in a fresh process after the ingest stage's process
// has exited, so "reopen" is a cold open (nothing of the database is mapped; the page
// cache may still hold its files — the figure is the process-cold open, not a
// disk-cold one):
//
//   reopen       Database::Open(db, read-only) + Connect, through the public API
//   query-1hop   MATCH (a:V {id:$id})-[:E]->(b) RETURN count(b)
//   query-2hop   MATCH (a:V {id:$id})-[:E]->()-[:E]->(c) RETURN count(c)
//   query-khop   MATCH (a:V {id:$id})-[:E*1..3]->(c) RETURN count(DISTINCT c)
//   count        MATCH (n) RETURN count(n) and MATCH ()-[r]->() RETURN count(r), which must
//                equal 2^S and edge_factor * 2^S
//   check        storage::CheckDatabase: every checksum and structural invariant
//
// Each query shape runs over a prefix of the rung's seeded sources (sources.json), one
// query at a time, timing each; the first 1-hop query is also reported alone
// (reopen + first query is the cold-start figure). The sum of the returned counts is
// kept per shape, so a peer's answers can be compared with Quiver's.

#include <nlohmann/json_fwd.hpp>
#include <string_view>

#include "bench/rung_spec.h"
#include "quiver/status.h"

namespace quiver::bench {

inline constexpr std::string_view kQuery1Hop = "MATCH (a:V {id: $id})-[:E]->(b) RETURN count(b)";
inline constexpr std::string_view kQuery2Hop = "MATCH (a:V {id: $id})-[:E]->()-[:E]->(c) RETURN count(c)";
inline constexpr std::string_view kQueryKHop = "MATCH (a:V {id: $id})-[:E*1..3]->(c) RETURN count(DISTINCT c)";

// {"stage", "phases", "queries": {"1hop": {...}, ...}, "cold": {...}, "count": {...}, "check": {...}}.
// A failed phase (a query error, a wrong count, a broken check) is an error naming it.
Result<nlohmann::json> RunQueryStage(const RungSpec& spec);

}  // namespace quiver::bench
