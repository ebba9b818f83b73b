#pragma once
// Filters that compare one operand with a constant — `p.score >= 0.25`, `n.id % 7 = 0`,
// `$limit > n.age` — tested straight into a chunk's keep flags: no boolean vector, no
// broadcast constant, and a run of them over the same operand (the planner splits
// `p.score >= 0.25 AND p.score < 0.5` into two Filters) evaluates the operand once and
// compacts the chunk once, instead of gathering the property again for the second.

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "quiver/value.h"
#include "common/value/value_vector.h"
#include "planner/bound_expression.h"
#include "storage/graph.h"

namespace quiver::exec::vector {

// `operand op constant`, with the constant a literal or a parameter (it reads no row and
// cannot fail) and the operator turned around when the constant came first.
struct ConstantComparison {
  const planner::BoundExpr* operand = nullptr;
  planner::CmpOp op = planner::CmpOp::kEq;
  const planner::BoundExpr* constant = nullptr;
};

// The predicate as such a comparison, or nullopt (a chain `a < b < c`, two non-constant
// operands, a constant on both sides).
std::optional<ConstantComparison> AsConstantComparison(const planner::BoundExpr& predicate);

// f(compare) with the function object of `op` (std::less<>, ...): a typed loop written
// once, instantiated once per operator rather than switching per row.
template <typename F>
void WithComparison(planner::CmpOp op, F&& f) {
  switch (op) {
    case planner::CmpOp::kEq:
      return f(std::equal_to<>());
    case planner::CmpOp::kNe:
      return f(std::not_equal_to<>());
    case planner::CmpOp::kLt:
      return f(std::less<>());
    case planner::CmpOp::kGt:
      return f(std::greater<>());
    case planner::CmpOp::kLe:
      return f(std::less_equal<>());
    case planner::CmpOp::kGe:
      return f(std::greater_equal<>());
  }
}

// Clears keep[i] where `values[i] op constant` is not true (false or null), with the row
// engine's comparison semantics: integers with integers, floats with floats and strings
// with strings compare in place, everything else row by row through the row engine's
// Compare (a relationship or node boxed from `graph`).
void KeepWhereComparison(const ValueVector& values, planner::CmpOp op, const Value& constant,
                         const GraphReader& graph, std::vector<uint8_t>& keep);

// Two comparisons of the operand with constants that bound a range — `x >= lo` and
// `x < hi`, in either order, each strict or not — over an integer or float vector, in
// one pass: keep[i] &= valid[i] && lo-test && hi-test, and `passing_first` the rows the
// first comparison (in the run's order) keeps, for PROFILE. False (nothing changed)
// where the shape or the types are not that; the caller then tests them one by one.
bool KeepWhereRange(const ValueVector& values, const planner::CmpOp (&ops)[2], const Value (&constants)[2],
                    std::vector<uint8_t>& keep, uint64_t& passing_first);

}  // namespace quiver::exec::vector
