#include "planner/index_seek_rule.h"

#include <algorithm>

#include "planner/logical_projection.h"
#include "storage/schema_catalog.h"

namespace quiver::planner {

namespace {

using Mode = IndexSeekSpec::Mode;

bool Reads(const BoundExpr& expr, SlotId slot) {
  std::vector<SlotId> slots;
  CollectSlots(expr, slots);
  return std::find(slots.begin(), slots.end(), slot) != slots.end();
}

bool IsProperty(const BoundExpr& e, SlotId slot, const std::string& key) {
  return e.op == ExprOp::kProperty && e.args[0]->op == ExprOp::kSlot && e.args[0]->slot == slot && e.name == key;
}

// `a < n.p <= b` (or `a > n.p >= b`): both bounds at once.
std::optional<Sargable> FromChain(const BoundExpr& e, SlotId slot, const std::string& key) {
  if (!IsProperty(*e.args[1], slot, key) || Reads(*e.args[0], slot) || Reads(*e.args[2], slot)) return std::nullopt;
  auto ascending = [](CmpOp c) { return c == CmpOp::kLt || c == CmpOp::kLe; };
  auto descending = [](CmpOp c) { return c == CmpOp::kGt || c == CmpOp::kGe; };
  const CmpOp first = e.cmp_ops[0], second = e.cmp_ops[1];
  Sargable s;
  s.mode = Mode::kRange;
  if (ascending(first) && ascending(second)) {
    s.lower = e.args[0].get();
    s.lower_inclusive = first == CmpOp::kLe;
    s.upper = e.args[2].get();
    s.upper_inclusive = second == CmpOp::kLe;
    return s;
  }
  if (descending(first) && descending(second)) {
    s.upper = e.args[0].get();
    s.upper_inclusive = first == CmpOp::kGe;
    s.lower = e.args[2].get();
    s.lower_inclusive = second == CmpOp::kGe;
    return s;
  }
  return std::nullopt;
}

}  // namespace

std::optional<Sargable> FromPredicate(const BoundExpr& e, SlotId slot, const std::string& key) {
  Sargable s;
  if ((e.op == ExprOp::kIn || e.op == ExprOp::kStartsWith) && IsProperty(*e.args[0], slot, key) &&
      !Reads(*e.args[1], slot)) {
    s.mode = e.op == ExprOp::kIn ? Mode::kIn : Mode::kPrefix;
    s.value = e.args[1].get();
    return s;
  }
  if (e.op != ExprOp::kComparison) return std::nullopt;
  if (e.cmp_ops.size() == 2) return FromChain(e, slot, key);
  if (e.cmp_ops.size() != 1) return std::nullopt;
  const CmpOp cmp = e.cmp_ops[0];
  for (int side = 0; side < 2; ++side) {
    if (!IsProperty(*e.args[side], slot, key) || Reads(*e.args[1 - side], slot)) continue;
    const BoundExpr* other = e.args[1 - side].get();
    if (cmp == CmpOp::kEq) {
      s.value = other;
      return s;
    }
    if (cmp == CmpOp::kNe) return std::nullopt;
    // Written `n.p > v` (side 0) the value bounds from below; `v > n.p` from above.
    const bool greater = cmp == CmpOp::kGt || cmp == CmpOp::kGe;
    const bool inclusive = cmp == CmpOp::kGe || cmp == CmpOp::kLe;
    s.mode = Mode::kRange;
    if (greater == (side == 0)) {
      s.lower = other;
      s.lower_inclusive = inclusive;
    } else {
      s.upper = other;
      s.upper_inclusive = inclusive;
    }
    return s;
  }
  return std::nullopt;
}

namespace {

// The scan's equality on `key` it absorbed, or the predicate's test of it.
std::optional<Sargable> Find(const LogicalNodeScan& scan, const BoundExpr* predicate, const std::string& key) {
  for (size_t i = 0; i < scan.property_keys.size(); ++i) {
    if (scan.property_keys[i] == key) return Sargable{Mode::kEquals, scan.property_values[i].get()};
  }
  if (predicate == nullptr) return std::nullopt;
  return FromPredicate(*predicate, scan.slot, key);
}

}  // namespace

void SetTest(IndexSeekSpec& seek, const Sargable& s) {
  seek.mode = s.mode;
  if (s.value != nullptr) seek.values.push_back(Clone(*s.value));
  if (s.lower != nullptr) seek.lower = Clone(*s.lower);
  if (s.upper != nullptr) seek.upper = Clone(*s.upper);
  seek.lower_inclusive = s.lower_inclusive;
  seek.upper_inclusive = s.upper_inclusive;
}

int Rank(Mode mode) { return mode == Mode::kEquals ? 0 : mode == Mode::kIn ? 1 : 2; }

void SeekByIndex(LogicalOperatorPtr& op, const BoundExpr* predicate, const GraphReader& graph,
                 std::vector<std::string>& index_names) {
  auto& scan = op->As<LogicalNodeScan>();
  const storage::IndexDefinition* best = nullptr;
  std::optional<Sargable> best_seek;
  size_t best_label = 0, best_leading = 0;
  // A value per index key while the scan has equalities on them: the composite index's
  // leading keys, then the seek on the next key. More leading keys first, then the rank.
  auto better = [&](size_t leading, Mode mode) {
    return !best_seek || leading > best_leading || (leading == best_leading && Rank(mode) < Rank(best_seek->mode));
  };
  for (size_t l = 0; l < scan.labels.size(); ++l) {
    const auto label = graph.FindLabel(scan.labels[l]);
    if (!label) continue;
    for (const storage::IndexDefinition& index : graph.Schema().indexes()) {
      if (!index.IsNodePropertyIndex() || index.token != *label) continue;
      for (size_t leading = 0; leading < index.keys.size(); ++leading) {
        auto seek = Find(scan, predicate, std::string(graph.PropertyKeyName(index.keys[leading])));
        if (seek && better(leading, seek->mode) && graph.IndexOnline(index)) {
          best = &index;
          best_seek = seek;
          best_label = l;
          best_leading = leading;
        }
        // The next key can be sought only behind an equality on this one, from the scan.
        if (!seek || seek->mode != Mode::kEquals) break;
        const std::string name(graph.PropertyKeyName(index.keys[leading]));
        if (std::find(scan.property_keys.begin(), scan.property_keys.end(), name) == scan.property_keys.end()) break;
      }
    }
  }
  if (best == nullptr) return;
  auto seek = std::make_unique<LogicalNodeIndexSeek>();
  seek->children = std::move(scan.children);
  seek->slot = scan.slot;
  seek->labels = std::move(scan.labels);
  std::swap(seek->labels[0], seek->labels[best_label]);  // the operator seeks its first label
  seek->index_name = best->name;
  seek->index_type = std::string(storage::IndexKindName(best->kind));
  for (size_t i = 0; i < best_leading; ++i) {
    const std::string name(graph.PropertyKeyName(best->keys[i]));
    seek->leading_keys.push_back(name);
    seek->leading.push_back(Clone(*Find(scan, nullptr, name)->value));
  }
  seek->property = std::string(graph.PropertyKeyName(best->keys[best_leading]));
  SetTest(*seek, *best_seek);
  // Moved last: an absorbed equality's value was cloned above from these.
  seek->property_keys = std::move(scan.property_keys);
  seek->property_values = std::move(scan.property_values);
  index_names.push_back(best->name);
  op = std::move(seek);
}

void ExtendCompositeSeek(LogicalOperator& filter, const GraphReader& graph) {
  LogicalOperator* below = filter.children[0].get();
  while (below->Is<LogicalFilter>()) below = below->children[0].get();
  if (!below->Is<LogicalNodeIndexSeek>()) return;
  auto& seek = below->As<LogicalNodeIndexSeek>();
  if (seek.mode != Mode::kEquals || seek.values.size() != 1) return;
  const storage::IndexDefinition* index = graph.Schema().Find(seek.index_name);
  const size_t next_key = seek.leading.size() + 1;
  if (index == nullptr || next_key >= index->keys.size()) return;
  const std::string next_name(graph.PropertyKeyName(index->keys[next_key]));
  auto next = FromPredicate(*filter.As<LogicalFilter>().predicate, seek.slot, next_name);
  if (!next) return;
  seek.leading_keys.push_back(seek.property);
  seek.leading.push_back(std::move(seek.values[0]));
  seek.values.clear();
  seek.property = next_name;
  SetTest(seek, *next);
}

void TightenIndexRange(LogicalOperator& filter) {
  LogicalOperator* below = filter.children[0].get();
  while (below->Is<LogicalFilter>()) below = below->children[0].get();
  if (!below->Is<LogicalNodeIndexSeek>()) return;
  auto& seek = below->As<LogicalNodeIndexSeek>();
  if (seek.mode != Mode::kRange) return;
  auto bound = FromPredicate(*filter.As<LogicalFilter>().predicate, seek.slot, seek.property);
  if (!bound || bound->mode != Mode::kRange) return;
  if (bound->lower != nullptr && seek.lower == nullptr) {
    seek.lower = Clone(*bound->lower);
    seek.lower_inclusive = bound->lower_inclusive;
  } else if (bound->upper != nullptr && seek.upper == nullptr) {
    seek.upper = Clone(*bound->upper);
    seek.upper_inclusive = bound->upper_inclusive;
  }
}

}  // namespace quiver::planner
