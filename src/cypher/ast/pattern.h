#pragma once
// Graph patterns: MATCH/CREATE/MERGE patterns, pattern predicates and comprehensions.

#include <cstdint>
#include <memory>
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
  // `(n:A|B)`, `(n:!A)`, `(n:%)`: a label expression with |, ! or %, `labels` then
  // empty. A plain conjunction (`:A:B`, `:A&B`) is `labels` only.
  std::optional<LabelExpression> label_expression;
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

struct QuantifiedPath;

// `-[r:KNOWS|LIKES*1..2 {since: 2020}]->`, a quantified relationship `-[r:KNOWS]->{1,2}`
// (the same match: var_length holds the quantifier's bounds), or in its place a
// quantified path pattern `((a)-[r]->(b) WHERE a.x < b.x){1,3}` (`group`; the other
// fields are then unused).
struct RelationshipPattern {
  SourcePosition pos;
  RelDirection direction = RelDirection::kUndirected;
  std::string variable;            // empty when anonymous
  std::vector<std::string> types;  // alternatives; empty means any type
  // `[:!A]`, `[:%]`, `[:A&B]`, `[:(A|B)&!C]`: a type expression other than a plain
  // disjunction of names (which is `types`), `types` then empty.
  std::optional<LabelExpression> type_expression;
  std::optional<VarLength> var_length;
  bool quantified = false;  // written with a quantifier ({m,n}, +, *), not with `*` inside
  ExprPtr properties;  // a MapExpr or a ParameterExpr; null when absent
  std::unique_ptr<QuantifiedPath> group;
};

// `(a)-[r]->(b)<-[s]-(c)`: nodes.size() == relationships.size() + 1, and
// relationships[i] joins nodes[i] and nodes[i + 1]. A quantified path pattern written
// next to a node, `(x)((a)-->(b)){2}(y)`, joins x and y; where no node is written beside
// it, an anonymous one stands there.
struct PatternElement {
  SourcePosition pos;
  std::vector<NodePattern> nodes;
  std::vector<RelationshipPattern> relationships;
};

// `((a)-[r:R]->(b) WHERE r.w > 1){1,3}`: the element repeated min..max times, each
// iteration's last node the next one's first. `{n}`, `{m,n}`, `{m,}`, `{,n}` (min 0),
// `+` ({1,}) and `*` ({0,}); both bounds are set but an unbounded max.
struct QuantifiedPath {
  SourcePosition pos;
  PatternElement element;
  ExprPtr where;  // null when absent
  VarLength quantifier;
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
