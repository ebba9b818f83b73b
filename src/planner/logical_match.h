#pragma once
// The operators that read the graph and combine rows: leaves, scans, expands, OPTIONAL
// MATCH, hash joins, and the store's counts.

#include <string>
#include <vector>

#include "planner/logical_index_seek.h"
#include "planner/logical_operator.h"
#include "planner/logical_specs.h"

namespace quiver::planner {

// One empty row: the leaf of a statement (and of a hash join's build side).
class LogicalStart final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kStart;
  LogicalStart() : LogicalOperator(kKind) {}
};

// The outer row of a subplan (OPTIONAL MATCH, MERGE, pattern predicates and
// comprehensions, EXISTS).
class LogicalArgument final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kArgument;
  LogicalArgument() : LogicalOperator(kKind) {}
};

// Per input row, every node with all of `labels` into `slot`, meeting the property
// equalities the optimizer moved in (checked while scanning, before making rows).
// Stands for NodeSeek too (LogicalNodeSeek), which has the same fields.
class LogicalNodeScan : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kNodeScan;
  static bool Accepts(OpKind k) {
    return k == OpKind::kNodeScan || k == OpKind::kNodeSeek || k == OpKind::kNodeIndexSeek;
  }
  LogicalNodeScan() : LogicalOperator(kKind) {}

  SlotId slot = kNoSlot;
  std::vector<std::string> labels;
  // `(n:A|B)`: the nodes carrying any of these (each label's nodes, merged), where
  // `labels` is empty; the label test stays in the Filter above (optimizer.h, "Label
  // union"). Empty: no union.
  std::vector<std::string> any_labels;
  std::vector<std::string> property_keys;
  std::vector<BoundExprPtr> property_values;

 protected:
  explicit LogicalNodeScan(OpKind k) : LogicalOperator(k) {}
};

// A NodeScan whose first property equality a storage key index answers: per input row,
// the index's matches for property_keys[0], checked against the rest.
class LogicalNodeSeek final : public LogicalNodeScan {
 public:
  static constexpr OpKind kKind = OpKind::kNodeSeek;
  static bool Accepts(OpKind k) { return k == kKind; }
  LogicalNodeSeek() : LogicalNodeScan(kKind) {}
};

// A NodeScan whose candidates a property index answers (GraphReader::SeekNodes): per
// input row, the nodes of the index's label whose `property` meets the seek — equal to
// `values[0]`, in the list `values[0]` (IN), within `lower`/`upper`, or starting with
// `values[0]` — then checked, as a scan's are, against every label and absorbed
// equality. The predicate the seek came from stays in a Filter above it (or among the
// absorbed equalities), so the rows never depend on the index: should it decline (not
// online any more, a value it holds no entries for), the operator scans instead.
class LogicalNodeIndexSeek final : public LogicalNodeScan, public IndexSeekSpec {
 public:
  static constexpr OpKind kKind = OpKind::kNodeIndexSeek;
  static bool Accepts(OpKind k) { return k == kKind; }
  LogicalNodeIndexSeek() : LogicalNodeScan(kKind) {}
};

// What both hops share: from the node in `from_slot` along `rel` to the node they bind
// into `to_slot` — or, when `into`, to the node already there.
class LogicalHop : public LogicalOperator {
 public:
  static bool Accepts(OpKind k) {
    return k == OpKind::kExpand || k == OpKind::kVarExpand || k == OpKind::kShortestPath;
  }

  SlotId from_slot = kNoSlot;
  SlotId to_slot = kNoSlot;
  bool into = false;
  RelPattern rel;

 protected:
  explicit LogicalHop(OpKind k) : LogicalOperator(k) {}
};

// One relationship: into `rel_slot`.
class LogicalExpand final : public LogicalHop {
 public:
  static constexpr OpKind kKind = OpKind::kExpand;
  static bool Accepts(OpKind k) { return k == kKind; }
  LogicalExpand() : LogicalHop(kKind) {}

  SlotId rel_slot = kNoSlot;
};

// A variable-length path: its relationships into `list_slot` (when rel.bind_list); a
// quantified path pattern's group variables too (rel.quantified).
class LogicalVarExpand final : public LogicalHop {
 public:
  static constexpr OpKind kKind = OpKind::kVarExpand;
  static bool Accepts(OpKind k) { return k == kKind; }
  LogicalVarExpand() : LogicalHop(kKind) {}

  SlotId list_slot = kNoSlot;

  void ForEachExpression(const std::function<void(BoundExprPtr&)>& visit) override {
    if (rel.quantified && rel.quantified->predicate) visit(rel.quantified->predicate);
  }
};

// A condition every relationship (or every node) of a shortest path must meet: WHERE's
// all(x IN relationships(p) WHERE f) or none(...), tested while searching, so that the
// search finds the shortest path meeting it instead of dropping the shortest path.
struct PathElementPredicate {
  bool on_nodes = false;
  bool negated = false;  // none(...): f must be false
  SlotId variable = kNoSlot;  // x, set to each element before f is evaluated
  BoundExprPtr predicate;
};

// Which matches of a pattern part are kept: every one (trail semantics), or the
// shortest — shortestPath(...) and ANY SHORTEST: one; allShortestPaths(...) and ALL
// SHORTEST: every one of least length; SHORTEST k: the k shortest trails (ANY k takes
// these too); SHORTEST k GROUPS: every trail of the k least lengths that have one.
enum class PathSearch : uint8_t { kEvery, kAnyShortest, kAllShortest, kShortestK, kShortestKGroups };

// A shortest-path search: per input row, the paths `search` keeps (with `count`, its k)
// from the node in from_slot to the node in to_slot, both bound (`into`), along `rel`
// (its direction relative to from_slot, types, min and max length, and property map) and
// meeting `element_predicates`. Binds rel_slot: the relationships in pattern order, a
// list, or the one relationship when `single_rel`.
class LogicalShortestPath final : public LogicalHop {
 public:
  static constexpr OpKind kKind = OpKind::kShortestPath;
  static bool Accepts(OpKind k) { return k == kKind; }
  LogicalShortestPath() : LogicalHop(kKind) { into = true; }

  SlotId rel_slot = kNoSlot;
  PathSearch search = PathSearch::kAnyShortest;
  int64_t count = 1;
  // shortestPath(...) / allShortestPaths(...) as functions find no path from a node to
  // itself but the empty one (Neo4j's rule); GQL's selectors find the shortest cycles.
  bool as_function = false;
  bool single_rel = false;
  std::vector<PathElementPredicate> element_predicates;

  void ForEachExpression(const std::function<void(BoundExprPtr&)>& visit) override {
    for (auto& p : element_predicates) visit(p.predicate);
  }
};

// OPTIONAL MATCH: runs children[1] per input row (its Argument yields the row); a row
// the subplan does not extend comes out once with `null_slots` set to null.
class LogicalOptional final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kOptional;
  LogicalOptional() : LogicalOperator(kKind) {}

  std::vector<SlotId> null_slots;
};

// The rows of children[0] (probe) joined with those of children[1] (build, planned from
// a Start of its own) where probe_key = build_key; `build_slots` are the slots the
// build side binds, copied into each joined row.
class LogicalHashJoin final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kHashJoin;
  LogicalHashJoin() : LogicalOperator(kKind) {}

  BoundExprPtr probe_key;
  BoundExprPtr build_key;
  std::vector<SlotId> build_slots;

  void ForEachExpression(const std::function<void(BoundExprPtr&)>& visit) override {
    visit(probe_key);
    visit(build_key);
  }
};

// One row: the number of nodes with `labels` (at most one), or, when
// count_relationships, of relationships of `rel_types` (at most one), in every one of
// `slots` (optimizer.cpp, CountFromStore).
class LogicalCountStore final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kCountStore;
  LogicalCountStore() : LogicalOperator(kKind) {}

  bool count_relationships = false;
  std::vector<std::string> labels;
  std::vector<std::string> rel_types;
  std::vector<SlotId> slots;
};

}  // namespace quiver::planner
