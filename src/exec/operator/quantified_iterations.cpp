#include "exec/operator/quantified_iterations.h"

#include "exec/entity_ref.h"
#include "exec/expression/evaluator.h"

namespace quiver::exec {

QuantifiedIterations::QuantifiedIterations(const planner::QuantifiedSpec& spec, bool reversed)
    : spec_(spec), reversed_(reversed), types_(spec.hops.size()) {}

bool QuantifiedIterations::ResolveTypes(ExecContext& ctx) {
  bool every_hop_can_match = true;
  for (size_t i = 0; i < spec_.hops.size(); ++i) {
    types_[i].clear();
    for (const auto& name : spec_.hops[i].types) {
      if (auto type = ctx.RelType(name)) types_[i].push_back(*type);
    }
    if (!spec_.hops[i].types.empty() && types_[i].empty()) every_hop_can_match = false;
  }
  return every_hop_can_match;
}

size_t QuantifiedIterations::WrittenHop(size_t depth) const {
  const size_t step = depth % hops();
  return reversed_ ? hops() - 1 - step : step;
}

Direction QuantifiedIterations::DirectionAt(size_t depth) const {
  const Direction written = spec_.hops[WrittenHop(depth)].direction;
  return reversed_ ? Reverse(written) : written;
}

const std::vector<RelTypeId>& QuantifiedIterations::TypesAt(size_t depth) const { return types_[WrittenHop(depth)]; }

bool QuantifiedIterations::Holds(ExecContext& ctx, Value* row, std::span<const NodeId> nodes,
                                 std::span<const Adjacent> rels) {
  if (!spec_.predicate) return true;
  const size_t k = hops();
  for (size_t j = 0; j <= k; ++j) row[spec_.node_slots[j]] = NodeRef(nodes[reversed_ ? k - j : j]);
  for (size_t j = 0; j < k; ++j) row[spec_.rel_slots[j]] = RelRef(rels[reversed_ ? k - 1 - j : j].rel, ctx.graph());
  return EvaluatePredicate(*spec_.predicate, row, ctx) == Ternary::kTrue;
}

void QuantifiedIterations::BindGroups(ExecContext& ctx, Value* row, std::span<const NodeId> nodes,
                                      std::span<const Adjacent> rels) const {
  const size_t k = hops();
  const size_t iterations = rels.size() / k;
  for (const auto& group : spec_.groups) {
    std::vector<Value> values;
    values.reserve(iterations);
    for (size_t i = 0; i < iterations; ++i) {
      // Written iteration i is the search's iteration e; its position p, counted from
      // the search's side.
      const size_t e = reversed_ ? iterations - 1 - i : i;
      if (group.node) {
        values.push_back(NodeRef(nodes[e * k + (reversed_ ? k - group.position : group.position)]));
      } else {
        values.push_back(RelRef(rels[e * k + (reversed_ ? k - 1 - group.position : group.position)].rel, ctx.graph()));
      }
    }
    row[group.list] = Value::List(std::move(values));
  }
}

}  // namespace quiver::exec
