#pragma once
// Helpers of the tests that check an optimizer rewrite against the same query written so
// that the rewrite cannot apply: EXPLAIN text, a single count, and a seeded random
// multigraph with cycles, self-loops and parallel relationships.

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "quiver/database.h"

namespace quiver {

inline std::string Plan(Connection& conn, const std::string& query) {
  auto r = conn.Query("EXPLAIN " + query, ValueMap{{"id", Value::Int(0)}});
  return FormatPlan(*r.summary().plan);
}

inline int64_t CountFor(Connection& conn, const std::string& query, int64_t id) {
  auto r = conn.Query(query, ValueMap{{"id", Value::Int(id)}});
  return r.rows().at(0).at(0).AsInt();
}

// A random multigraph of n nodes :N {id: i} and m relationships of types A and B.
inline void BuildRandomGraph(Connection& conn, int n, int m, uint32_t seed) {
  conn.Query("UNWIND range(0, $n - 1) AS i CREATE (:N {id: i})", ValueMap{{"n", Value::Int(n)}});
  std::mt19937 rng(seed);
  std::vector<Value> a_rels, b_rels;
  for (int i = 0; i < m; ++i) {
    const int64_t from = rng() % n, to = (rng() % 5 == 0) ? from : static_cast<int64_t>(rng() % n);
    const int64_t w = rng() % 3;
    (w == 0 ? b_rels : a_rels).push_back(Value::List({Value::Int(from), Value::Int(to), Value::Int(w)}));
  }
  for (auto* rels : {&a_rels, &b_rels}) {
    const std::string type = rels == &a_rels ? "A" : "B";
    conn.Query("UNWIND $rels AS r MATCH (a:N {id: r[0]}), (b:N {id: r[1]}) CREATE (a)-[:" + type +
                   " {w: r[2]}]->(b)",
               ValueMap{{"rels", Value::List(std::move(*rels))}});
  }
}

}  // namespace quiver
