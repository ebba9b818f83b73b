#include "exec/operator/distinct_ends.h"

#include <algorithm>
#include <string>

#include "exec/expression/evaluator.h"
#include "exec/expression/expression_internal.h"
#include "exec/operator/expand_common.h"

namespace quiver::exec {

void DistinctEnds::Find(ExecContext& ctx, Value* row, std::vector<NodeId>& ends, std::optional<NodeId> target) {
  FindAll(ctx, row, ends, target);
  if (!target) return;
  const bool reached = std::find(ends.begin(), ends.end(), *target) != ends.end();
  ends.clear();
  if (reached) ends.push_back(*target);
}

void DistinctEnds::FindAll(ExecContext& ctx, Value* row, std::vector<NodeId>& ends, std::optional<NodeId> target) {
  ends.clear();
  const planner::RelPattern& rel = op_.rel;
  const Value& from = row[op_.from_slot];
  if (from.IsNull()) return;
  if (!from.IsNode()) ThrowInvalidArgumentType("expected a node, got a " + std::string(from.TypeName()));
  // No relationship can match (a type or a property key nobody has, a `= null`): only
  // the zero-length path can.
  if (!ResolveRelTypes(ctx, rel, types_) && rel.min_hops > 0) return;
  bool no_hops = !rel.types.empty() && types_.empty();
  property_keys_.clear();
  property_values_.clear();
  for (size_t i = 0; i < rel.property_keys.size(); ++i) {
    auto key = ctx.PropertyKey(rel.property_keys[i]);
    Value value = Evaluate(*rel.property_values[i], row, ctx);
    if (!key || value.IsNull()) {
      if (rel.min_hops > 0) return;
      no_hops = true;
    }
    property_keys_.push_back(key.value_or(0));
    property_values_.push_back(std::move(value));
  }
  const NodeId start = from.AsNode().id;
  if (!ctx.graph().NodeExists(start)) return;
  if (no_hops) {
    if (rel.min_hops <= 0) ends.push_back(start);
    return;
  }
  if (!search_ || ctx_ != &ctx) {
    ctx_ = &ctx;
    ReachableSearch::Spec spec;
    spec.direction = rel.direction;
    spec.min_hops = rel.min_hops;
    spec.max_hops = rel.max_hops;
    // Reads the current row's values (property_values_) when the search runs.
    if (!rel.property_keys.empty()) spec.rel_ok = [this](RelId r) { return PropertiesMatch(r); };
    search_.emplace(ctx, std::move(spec));
  }
  search_->Find(start, types_, ends, target);
}

bool DistinctEnds::PropertiesMatch(RelId rel) const {
  for (size_t i = 0; i < property_keys_.size(); ++i) {
    Value actual = ctx_->graph().GetRelationshipProperty(rel, property_keys_[i]);
    if (Equals(actual, property_values_[i]) != Ternary::kTrue) return false;
  }
  return true;
}

}  // namespace quiver::exec
