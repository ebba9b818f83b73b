#pragma once
// Graph patterns: MATCH/CREATE/MERGE patterns, pattern predicates and comprehensions.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cypher/ast/expression.h"

namespace quiver::cypher {

// `(n:Person:Admin {name: 'x'})`
struct NodePattern {
  SourcePosition pos;
  std::string variable;  // empty when anonymous
  std::vector<std::string> labels;
  ExprPtr properties;  // a MapExpr or a ParameterExpr; null when absent
};

enum class RelDirection : uint8_t {
  kRight,       // -[]->
  kLeft,        // <-[]-
  kUndirected,  // -[]-
  kBoth,        // <-[]->  (matches either way, like kUndirected; CREATE rejects both)
};

// `*` (both bounds open), `*2` (min = max = 2), `*1..3`, `*..3`, `*2..`
struct VarLength {
  std::optional<int64_t> min;
  std::optional<int64_t> max;
  friend bool operator==(const VarLength&, const VarLength&) = default;
};

// `-[r:KNOWS|LIKES*1..2 {since: 2020}]->`
struct RelationshipPattern {
  SourcePosition pos;
  RelDirection direction = RelDirection::kUndirected;
  std::string variable;            // empty when anonymous
  std::vector<std::string> types;  // alternatives; empty means any type
  std::optional<VarLength> var_length;
  ExprPtr properties;  // a MapExpr or a ParameterExpr; null when absent
};

// `(a)-[r]->(b)<-[s]-(c)`: nodes.size() == relationships.size() + 1, and
// relationships[i] joins nodes[i] and nodes[i + 1].
struct PatternElement {
  SourcePosition pos;
  std::vector<NodePattern> nodes;
  std::vector<RelationshipPattern> relationships;
};

// One comma-separated part of a pattern, optionally naming the path: `p = (a)-->(b)`.
// Which of a part's matches a MATCH keeps: every one (trail semantics), or the shortest
// — Cypher's shortestPath(...) / allShortestPaths(...) and GQL's selectors.
enum class PathSelector : uint8_t {
  kAll,              // no selector (GQL's ALL)
  kAnyShortest,      // shortestPath(...), ANY SHORTEST, SHORTEST 1
  kAllShortest,      // allShortestPaths(...), ALL SHORTEST, SHORTEST 1 GROUPS
  kShortestK,        // SHORTEST k (k > 1)
  kShortestKGroups,  // SHORTEST k GROUPS (k > 1)
  kAnyK,             // ANY [k]
};

struct PatternPart {
  SourcePosition pos;
  std::string path_variable;  // empty when not named
  PathSelector selector = PathSelector::kAll;
  int64_t selector_count = 1;  // k of SHORTEST k, SHORTEST k GROUPS, ANY k
  bool selector_as_function = false;  // shortestPath(...) / allShortestPaths(...) as written
  SourcePosition selector_pos;
  PatternElement element;
};

using Pattern = std::vector<PatternPart>;

}  // namespace quiver::cypher
