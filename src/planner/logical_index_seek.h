#pragma once
// What a property-index seek tests (IndexSeekSpec), shared by the node seek
// (LogicalNodeIndexSeek, logical_match.h) and the relationship seeks below.

#include <string>
#include <vector>

#include "planner/logical_operator.h"
#include "planner/logical_specs.h"

namespace quiver::planner {

// The index and the test of its key: equal to `values[0]`, in the list `values[0]`
// (IN), within `lower`/`upper`, or starting with `values[0]`, behind the composite
// index's leading equalities.
struct IndexSeekSpec {
  enum class Mode : uint8_t { kEquals, kIn, kRange, kPrefix };
  std::string index_name;
  std::string index_type;  // RANGE, TEXT, POINT: what EXPLAIN names
  std::string property;    // the key the seek tests (keys[leading.size()] of the index)
  // A composite index's leading keys and their values (absorbed equalities), in the
  // index's order: the seek reads only the entries that start with them.
  std::vector<std::string> leading_keys;
  std::vector<BoundExprPtr> leading;
  Mode mode = Mode::kEquals;
  std::vector<BoundExprPtr> values;  // kEquals, kIn, kPrefix: one expression
  BoundExprPtr lower, upper;         // kRange: either or both
  bool lower_inclusive = false, upper_inclusive = false;
};

// `(a)-[r:T]->(b)` (Directed…) or `(a)-[r:T]-(b)` (Undirected…) with neither end bound,
// its relationships given by a relationship property index of T: per input row, the
// relationships of `type` whose `property` meets the seek, each bound with its ends as
// the Expand it replaces would bind them — `direction` relative to from_slot, and an
// undirected one in both orientations (a self-loop once, as Expand reports it). The
// predicate stays in the Filter above, and endpoint labels stay where the plan tests
// them, so the rows never depend on the index: should it decline, the operator scans
// the nodes and expands them.
class LogicalRelationshipIndexSeek final : public LogicalOperator, public IndexSeekSpec {
 public:
  static bool Accepts(OpKind k) {
    return k == OpKind::kDirectedRelationshipIndexSeek || k == OpKind::kUndirectedRelationshipIndexSeek;
  }
  explicit LogicalRelationshipIndexSeek(bool undirected)
      : LogicalOperator(undirected ? OpKind::kUndirectedRelationshipIndexSeek
                                   : OpKind::kDirectedRelationshipIndexSeek) {}

  SlotId from_slot = kNoSlot;
  SlotId rel_slot = kNoSlot;
  SlotId to_slot = kNoSlot;
  Direction direction = Direction::kOutgoing;  // kBoth for the undirected seek
  std::string type;
};

}  // namespace quiver::planner
