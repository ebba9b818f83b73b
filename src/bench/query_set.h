#pragma once
// The query set of `quiver bench queries` (docs/benchmarks.md, "Analytical queries side
// by side with Kùzu"): what analytical graph users run — scans with filters, grouped
// aggregations, top-k, multi-hop patterns with filters on inner nodes, anti-joins,
// aggregate-then-filter, var-length with DISTINCT ends — and the ladder's point queries,
// on two graphs:
//   g500   the Graph500 graph: (:V {id})-[:E]->(:V), as `quiver generate g500` makes it
//   props  the same edges as (:Person {id, age, score, name, city})-[:KNOWS {since}]->
//          (:Person), self-loops left out (props_graph.h)
//
// Every text is Cypher that Quiver and Kùzu 0.11 both accept: labels on the nodes of a
// pattern (Kùzu binds a pattern to its tables by them), and answers that do not depend on
// the engine — ORDER BY with tie-breakers wherever LIMIT cuts, and no pattern where
// Kùzu's walk semantics and openCypher's trail semantics differ (a fixed-length path
// that can use one relationship twice: a self-loop a->a->a in a 2-hop; the 2-hop queries
// exclude c = a, which removes those paths with every other one back to its start).
// Results are compared as digests (result_digest.h).

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace quiver::bench {

enum class QueryKind : uint8_t {
  kAnalytic,  // one statement over the whole graph; timed per run
  kPoint,     // a prepared statement with $id, executed once per seeded source; timed per execution
};

struct QueryDef {
  std::string_view name;
  std::string_view graph;   // "g500" or "props"
  std::string_view covers;  // what it exercises, for the table in the docs
  QueryKind kind = QueryKind::kAnalytic;
  bool ordered = false;  // the rows' order is part of the answer (ORDER BY with tie-breakers)
  std::string_view text;
  uint32_t max_sources = 0;  // kPoint: at most this many of the sources (0: all)
  // kPoint: the query also takes $to, a second vertex per source (the next source: pairs
  // that are mostly connected, as the sources have outgoing edges).
  bool pairs = false;
  // The peer's text where its dialect differs (Kùzu's shortest paths); empty: `text`.
  std::string_view peer_text = {};
};

// Every query, in the order they run and print.
const std::vector<QueryDef>& AllQueries();

inline constexpr std::string_view kGraphG500 = "g500";
inline constexpr std::string_view kGraphProps = "props";

// The file both engines' runners read (one per graph): {"graph", "repeat",
// "timeout_ms", "queries": [{"name", "kind": "analytic"|"point", "ordered", "text",
// "peer_text" (where it differs), "sources": [...] (point only), "targets": [...] (pairs
// only, one per source)}]}.
nlohmann::json QuerySetJson(std::string_view graph, const std::vector<const QueryDef*>& queries,
                            const std::vector<uint64_t>& sources, uint32_t repeat, uint64_t timeout_ms);

std::string_view QueryKindName(QueryKind kind);

}  // namespace quiver::bench
