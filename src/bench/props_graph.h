#pragma once
// The property-rich graph of `quiver bench queries` ("props"), derived deterministically
// from a Graph500 edge list so that its shape (skewed degrees, hubs) is the benchmark's
// usual one while its nodes and edges carry the properties analytical queries filter,
// group and aggregate on:
//   person.csv  id:ID{id-type:int},age:int,score:float,name,city      (label Person)
//   knows.csv   :START_ID,:END_ID,since:int                            (type KNOWS)
// One Person per Graph500 vertex (the same ids), one KNOWS per Graph500 edge except
// self-loops. Each property is a pure function of (seed, id) or (seed, edge number):
// age 18..90, score [0, 1) with 4 decimals (written as text both engines parse to the
// same double), name one of 16 first names, city one of 12 cities, since 1990..2024.
//
// The header is the neo4j-admin format `quiver import` reads; Kùzu's COPY ignores
// header names and maps columns by position onto
//   Person(id INT64, age INT64, score DOUBLE, name STRING, city STRING, PRIMARY KEY(id))
//   KNOWS(FROM Person TO Person, since INT64)
// (bench/peers/kuzu/queries.mjs), so both engines load the very same files.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "quiver/status.h"

namespace quiver::bench {

// Calls fn(src, dst) for every row of a Graph500 edges.csv (`:START_ID,:END_ID,:TYPE`).
Status ForEachCsvEdge(const std::string& edges_csv, const std::function<void(uint64_t, uint64_t)>& fn);

// has_out[v] != 0 when vertex v (< vertices) has an outgoing edge in edges.csv; the input
// of PickSources (query_sources.h).
Result<std::vector<uint8_t>> OutEdgeFlags(const std::string& edges_csv, uint64_t vertices);

struct PropsGraphFiles {
  std::string person_csv;
  std::string knows_csv;
  uint64_t persons = 0;
  uint64_t knows = 0;
  std::vector<uint8_t> has_out;  // per Person: has an outgoing KNOWS
};

// Writes person.csv and knows.csv into out_dir from a Graph500 edges.csv of `vertices`
// vertices.
Result<PropsGraphFiles> WritePropsGraph(const std::string& g500_edges_csv, uint64_t vertices, uint64_t seed,
                                        const std::string& out_dir);

}  // namespace quiver::bench
