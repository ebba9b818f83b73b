#pragma once
// The optimizer's property-index rule (optimizer.h, "Index seek"): a NodeScan(n:L …)
// whose node is tested by an equality, IN list, range or STARTS WITH on a property that
// an ONLINE index of L has as its first key becomes a NodeIndexSeek
// (logical_match.h). The predicate itself stays where it was (absorbed into the scan,
// or in the Filter above), so the rows never depend on the index.

#include <optional>
#include <string>
#include <vector>

#include "planner/logical_match.h"
#include "storage/graph.h"

namespace quiver::planner {

// What an index can seek for `key` of the entity in `slot` from one predicate (a
// Filter's): the operands are the predicate's, not cloned.
struct Sargable {
  IndexSeekSpec::Mode mode = IndexSeekSpec::Mode::kEquals;
  const BoundExpr* value = nullptr;  // kEquals, kIn, kPrefix
  const BoundExpr* lower = nullptr;
  const BoundExpr* upper = nullptr;
  bool lower_inclusive = false, upper_inclusive = false;
};
std::optional<Sargable> FromPredicate(const BoundExpr& predicate, SlotId slot, const std::string& key);
// The seek's test of its property: `s`'s operands, cloned.
void SetTest(IndexSeekSpec& seek, const Sargable& s);
// Equality first, then IN, then a prefix or a range: the fewer rows, the earlier.
int Rank(IndexSeekSpec::Mode mode);

// `scan` is a kNodeScan; `predicate` is the Filter's above it, or null. Replaces `scan`
// by a NodeIndexSeek and appends the index's name to `index_names` when an index
// answers; else leaves it.
void SeekByIndex(LogicalOperatorPtr& scan, const BoundExpr* predicate, const GraphReader& graph,
                 std::vector<std::string>& index_names);

// `filter` is a Filter over a chain of Filters over a NodeIndexSeek by range: when its
// predicate bounds the seek's property on the side the seek leaves open (`n.p >= a` seeks,
// then `n.p < b` above it), the seek takes that bound too, reading [a, b) instead of
// everything from a.
void TightenIndexRange(LogicalOperator& filter);

// `filter` is a Filter over a chain of Filters over a NodeIndexSeek by equality on key k
// of a composite index: when its predicate tests key k + 1 (`n.w = $x` seeks, then
// `n.v > 1` above it), the equality becomes a leading value and the seek tests key
// k + 1, reading only the entries that start with it.
void ExtendCompositeSeek(LogicalOperator& filter, const GraphReader& graph);

}  // namespace quiver::planner
