#pragma once
// Planning a pattern whose names are bound (bind_match.cpp resolves them and raises the
// errors): which node each comma-separated part starts at, the order of its expands,
// hash joins of parts linked to what is bound only by an equality, and where each
// predicate goes.
//
// Each part is a chain of nodes and relationships. A part starts at a node that is
// already bound (connected to what came before), else at the unbound node the
// statistics estimate fewest rows for (graph_statistics.h), and expands along the chain
// in both directions from there. Predicates — labels, property maps, WHERE conjuncts —
// are placed right after the operator that binds the last slot they need, so they
// filter as early as possible.

#include <string>
#include <unordered_set>
#include <vector>

#include "cypher/source_position.h"
#include "planner/graph_statistics.h"
#include "planner/logical_plan.h"

namespace quiver::planner {

// A node of a pattern part.
struct BoundPatternNode {
  SlotId slot = kNoSlot;
  std::vector<std::string> labels;  // as written (their predicate is pending too)
};

// A relationship of a pattern part, between nodes i and i + 1.
struct BoundPatternRel {
  SlotId slot = kNoSlot;  // the relationship, or the list of a var-length one
  bool var_length = false;
  bool named = false;  // has a variable (a var-length list is then built)
  // types, hops, var-length property maps; the direction as written, from node i to
  // node i + 1 (kOutgoing for `-->`).
  RelPattern pattern;
};

// One comma-separated part: nodes[i] -rels[i]- nodes[i + 1].
struct BoundPatternPart {
  std::vector<BoundPatternNode> nodes;
  std::vector<BoundPatternRel> rels;
  SlotId path = kNoSlot;  // the path variable's slot, if any
  // A shortest search: one relationship (rels[0], var_length unless `single_rel`), both
  // ends scanned or bound before it runs.
  PathSearch search = PathSearch::kEvery;
  int64_t search_count = 1;  // k of SHORTEST k and SHORTEST k GROUPS
  bool search_as_function = false;  // shortestPath(...) / allShortestPaths(...)
  bool single_rel = false;  // `shortestPath((a)-[r]->(b))`: r is one relationship, not a list
  cypher::SourcePosition search_pos;
  std::string search_name;  // "shortestPath(...)", "ALL SHORTEST", ... for errors
  std::vector<PathElementPredicate> element_predicates;  // tested during the search
};

// A predicate waiting for the slots of the pattern it reads.
struct PendingPredicate {
  BoundExprPtr expr;
  std::vector<SlotId> needs;  // slots of this pattern the predicate reads
  std::vector<SlotId> reads;  // every slot it reads
  bool placed = false;
  // A label predicate a NodeScan of this node may absorb (`labels`).
  SlotId scan_label_node = kNoSlot;
  std::vector<std::string> labels;
};

struct BoundPattern {
  std::vector<BoundPatternPart> parts;
  std::vector<PendingPredicate> predicates;
  std::unordered_set<SlotId> new_slots;  // the slots this pattern binds
  // Relationships named by an earlier clause, in pattern order: the pattern matches each
  // afresh into a new slot (first) and a pending equality requires the outer one
  // (second).
  std::vector<std::pair<SlotId, SlotId>> outer_rels;
};

// The operators matching `pattern` over `input`, starting each part where `statistics`
// estimate fewest rows.
LogicalOperatorPtr PlanBoundPattern(BoundPattern pattern, LogicalOperatorPtr input,
                                    const GraphStatistics& statistics);

}  // namespace quiver::planner
