#include "bench/query_set.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace quiver::bench {

const std::vector<QueryDef>& AllQueries() {
  using K = QueryKind;
  // Thresholds and moduli are chosen so that every query does real work and returns a
  // non-trivial answer from scale 16 up (and still runs at the test's scale 8). sum() over
  // no rows is 0 in openCypher and null in Kùzu: coalesce() where a sum can see none.
  static const std::vector<QueryDef> kQueries = {
      // --- Graph500: V(id) -[E]-> V
      {"node_count", "g500", "count of a label (the issue's)", K::kAnalytic, false,
       "MATCH (n:V) RETURN count(n)"},
      {"edges_id_lt", "g500", "edge scan, filter on both ends (the issue's)", K::kAnalytic, false,
       "MATCH (a:V)-[:E]->(b:V) WHERE a.id < b.id RETURN count(*)"},
      {"group_src_mod", "g500", "edges grouped by a property of the source, ordered (the issue's)",
       K::kAnalytic, true, "MATCH (a:V)-[:E]->(b:V) RETURN a.id % 100 AS g, count(*) AS c ORDER BY g"},
      {"top_in_degree", "g500", "top 10 by in-degree, tie-broken (the issue's)", K::kAnalytic, true,
       "MATCH (a:V)-[:E]->(b:V) RETURN b.id AS id, count(a) AS d ORDER BY d DESC, id LIMIT 10"},
      {"scan_filter_count", "g500", "node scan, arithmetic filter", K::kAnalytic, false,
       "MATCH (n:V) WHERE n.id % 7 = 0 RETURN count(n)"},
      {"scan_filter_rows", "g500", "node scan, filter, rows out, ordered", K::kAnalytic, true,
       "MATCH (n:V) WHERE n.id % 1000 = 7 RETURN n.id AS id ORDER BY id"},
      {"topk_scan", "g500", "top-k over a computed key without aggregation", K::kAnalytic, true,
       "MATCH (n:V) RETURN n.id AS id, (n.id * 7919) % 1000003 AS k ORDER BY k DESC, id LIMIT 10"},
      {"min_max_avg", "g500", "min / max / avg over an edge scan", K::kAnalytic, false,
       "MATCH (a:V)-[:E]->(b:V) RETURN min(a.id + b.id) AS lo, max(a.id + b.id) AS hi, avg(b.id) AS mean"},
      {"distinct_targets", "g500", "count(DISTINCT) over an edge scan", K::kAnalytic, false,
       "MATCH (a:V)-[:E]->(b:V) RETURN count(DISTINCT b.id)"},
      {"agg_then_filter", "g500", "aggregate, then filter on the aggregate (WITH ... WHERE)", K::kAnalytic,
       false, "MATCH (a:V)-[:E]->(b:V) WITH b, count(*) AS d WHERE d > 100 RETURN count(*)"},
      {"two_hop_inner_filter", "g500", "2-hop pattern, filter on the inner node", K::kAnalytic, false,
       "MATCH (a:V)-[:E]->(b:V)-[:E]->(c:V) WHERE b.id % 1000 = 7 AND c.id <> a.id RETURN count(*)"},
      {"anti_join_sinks", "g500", "anti-join: nodes without an outgoing edge", K::kAnalytic, false,
       "MATCH (n:V) WHERE NOT (n)-[:E]->(:V) RETURN count(n)"},
      {"anti_join_unreciprocated", "g500", "anti-join on both ends: edges without the reverse edge",
       K::kAnalytic, false, "MATCH (a:V)-[:E]->(b:V) WHERE NOT (b)-[:E]->(a) RETURN count(*)"},
      {"point_1hop", "g500", "the ladder's 1-hop from a key", K::kPoint, false,
       "MATCH (a:V {id: $id})-[:E]->(b) RETURN count(b)"},
      {"point_2hop", "g500", "the ladder's 2-hop from a key (c <> a: see above)", K::kPoint, false,
       "MATCH (a:V {id: $id})-[:E]->(:V)-[:E]->(c:V) WHERE c.id <> a.id RETURN count(c)"},
      {"point_varlen_distinct", "g500", "var-length *1..2 with DISTINCT ends from a key", K::kPoint, false,
       "MATCH (a:V {id: $id})-[:E*1..2]->(b:V) RETURN count(DISTINCT b)", 20},
      {"point_shortest_path", "g500", "shortest path between two keys (length), directed; 20 pairs", K::kPoint,
       false,
       "MATCH (a:V {id: $id}), (b:V {id: $to}) MATCH p = shortestPath((a)-[:E*..30]->(b)) RETURN length(p)", 20,
       true,
       "MATCH p = (a:V)-[e:E* SHORTEST 1..30]->(b:V) WHERE a.id = $id AND b.id = $to RETURN length(e)"},
      {"point_shortest_path_both", "g500", "shortest path between two keys (length), either direction; 20 pairs",
       K::kPoint, false,
       "MATCH (a:V {id: $id}), (b:V {id: $to}) MATCH p = shortestPath((a)-[:E*..30]-(b)) RETURN length(p)", 20,
       true, "MATCH p = (a:V)-[e:E* SHORTEST 1..30]-(b:V) WHERE a.id = $id AND b.id = $to RETURN length(e)"},
      // --- props: Person(id, age, score, name, city) -[KNOWS {since}]-> Person
      {"p_group_city", "props", "group by a string property, avg", K::kAnalytic, true,
       "MATCH (p:Person) RETURN p.city AS city, count(*) AS n, avg(p.age) AS age ORDER BY city"},
      {"p_float_range", "props", "float range filter, aggregates", K::kAnalytic, false,
       "MATCH (p:Person) WHERE p.score >= 0.25 AND p.score < 0.5 "
       "RETURN count(*) AS n, min(p.age) AS lo, max(p.age) AS hi, avg(p.score) AS s"},
      {"p_name_prefix", "props", "string prefix filter", K::kAnalytic, false,
       "MATCH (p:Person) WHERE p.name STARTS WITH 'Al' AND p.age >= 30 AND p.age < 40 RETURN count(*)"},
      {"p_topk_score", "props", "string equality filter, top-k by a float, tie-broken", K::kAnalytic, true,
       "MATCH (p:Person) WHERE p.city = 'Oslo' RETURN p.name AS name, p.score AS score, p.id AS id "
       "ORDER BY score DESC, id LIMIT 10"},
      {"p_edge_prop_group", "props", "group by an edge property", K::kAnalytic, true,
       "MATCH (a:Person)-[k:KNOWS]->(b:Person) RETURN k.since AS year, count(*) AS n ORDER BY year"},
      {"p_same_city", "props", "join filter on string properties of both ends, grouped", K::kAnalytic, true,
       "MATCH (a:Person)-[:KNOWS]->(b:Person) WHERE a.city = b.city "
       "RETURN a.city AS city, count(*) AS n ORDER BY n DESC, city"},
      {"p_edge_filter_agg", "props", "filters on an edge and its end, grouped avg of a float", K::kAnalytic,
       true,
       "MATCH (a:Person)-[k:KNOWS]->(b:Person) WHERE k.since >= 2015 AND b.age < 30 "
       "RETURN a.city AS city, avg(b.score) AS s, count(*) AS n ORDER BY city"},
      {"p_agg_then_filter", "props", "group by two strings, filter on the count", K::kAnalytic, false,
       "MATCH (a:Person)-[:KNOWS]->(b:Person) WITH a.city AS city, b.city AS other, count(*) AS n "
       "WHERE n >= 1000 RETURN count(*) AS pairs, coalesce(sum(n), 0) AS edges"},
      {"p_point_friends", "props", "1-hop from a key, edge filter, grouped by a string", K::kPoint, true,
       "MATCH (a:Person {id: $id})-[k:KNOWS]->(b:Person) WHERE k.since >= 2010 "
       "RETURN b.city AS city, count(*) AS n ORDER BY n DESC, city"},
      {"p_point_2hop", "props", "2-hop from a key, filter on the end, grouped", K::kPoint, true,
       "MATCH (a:Person {id: $id})-[:KNOWS]->(:Person)-[:KNOWS]->(c:Person) WHERE c.age < 30 AND c.id <> "
       "a.id "
       "RETURN c.city AS city, count(*) AS n ORDER BY n DESC, city",
       20},
  };
  return kQueries;
}

std::string_view QueryKindName(QueryKind kind) {
  return kind == QueryKind::kPoint ? "point" : "analytic";
}

nlohmann::json QuerySetJson(std::string_view graph, const std::vector<const QueryDef*>& queries,
                            const std::vector<uint64_t>& sources, uint32_t repeat, uint64_t timeout_ms) {
  nlohmann::json list = nlohmann::json::array();
  for (const QueryDef* q : queries) {
    nlohmann::json j = {{"name", q->name},
                        {"kind", QueryKindName(q->kind)},
                        {"ordered", q->ordered},
                        {"text", q->text},
                        {"covers", q->covers}};
    if (!q->peer_text.empty()) j["peer_text"] = q->peer_text;
    if (q->kind == QueryKind::kPoint) {
      const size_t n =
          q->max_sources == 0 ? sources.size() : std::min<size_t>(q->max_sources, sources.size());
      j["sources"] = std::vector<uint64_t>(sources.begin(), sources.begin() + static_cast<std::ptrdiff_t>(n));
      if (q->pairs) {
        std::vector<uint64_t> targets;
        for (size_t i = 0; i < n; ++i) targets.push_back(sources[(i + 1) % sources.size()]);
        j["targets"] = targets;
      }
    }
    list.push_back(std::move(j));
  }
  return {{"graph", graph}, {"repeat", repeat}, {"timeout_ms", timeout_ms}, {"queries", list}};
}

}  // namespace quiver::bench
