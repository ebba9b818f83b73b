#include "exec/vector/comparison_filter.h"

#include <cmath>
#include <cstring>
#include <string_view>

#include "exec/expression/expression_internal.h"
#include "exec/vector/data_chunk.h"
#include "quiver/value_ops.h"

namespace quiver::exec::vector {

using planner::BoundExpr;
using planner::CmpOp;
using planner::ExprOp;

namespace {

bool IsConstantOperand(const BoundExpr& e) { return e.op == ExprOp::kConstant || e.op == ExprOp::kParameter; }

// `c op x` as `x op' c`.
CmpOp Mirrored(CmpOp op) {
  switch (op) {
    case CmpOp::kLt:
      return CmpOp::kGt;
    case CmpOp::kGt:
      return CmpOp::kLt;
    case CmpOp::kLe:
      return CmpOp::kGe;
    case CmpOp::kGe:
      return CmpOp::kLe;
    default:
      return op;  // = and <> are symmetric
  }
}

// keep[i] &= valid[i] && (x[i] op c): one branch-free loop per operator, over restrict
// pointers (a store through uint8_t may alias anything, which would reload every
// pointer per row and keep the loop scalar).
template <typename T, typename C>
void KeepWhereTyped(const std::vector<T>& values, const std::vector<uint8_t>& validity, CmpOp op, const C& c,
                    std::vector<uint8_t>& keep_flags) {
  const size_t n = keep_flags.size();
  const T* __restrict x = values.data();
  const uint8_t* __restrict valid = validity.data();
  uint8_t* __restrict keep = keep_flags.data();
  WithComparison(op, [&](auto compare) {
    // Eight rows to a 64-bit word of flags: the compares are independent of the byte
    // loads and stores, which become one each per eight rows.
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      uint64_t hits = 0;
      for (size_t j = 0; j < 8; ++j) hits |= uint64_t{compare(x[i + j], c)} << (8 * j);
      uint64_t v, k;
      std::memcpy(&v, valid + i, 8);
      std::memcpy(&k, keep + i, 8);
      k &= v & hits;
      std::memcpy(keep + i, &k, 8);
    }
    for (; i < n; ++i) keep[i] &= static_cast<uint8_t>(valid[i] & compare(x[i], c));
  });
}

// Integers against a float constant c, exactly (as the row engine compares them, not
// through a double, which rounds integers past 2^53): the comparison as one with an
// integer bound — x < 2.5 is x <= 2, x >= 2.5 is x >= 3, x = 2.5 is never true — or,
// for a c past the integers' range, the same answer for every valid row. NaN is the
// caller's (false or true by operator in the row engine's terms).
void KeepIntsAgainstFloat(const ValueVector& values, CmpOp op, double c, std::vector<uint8_t>& keep) {
  constexpr double kTwo63 = 9223372036854775808.0;  // 2^63, exactly
  auto every = [&](bool result) {
    for (size_t i = 0; i < keep.size(); ++i) keep[i] &= static_cast<uint8_t>(values.valid[i] & result);
  };
  const bool above = c >= kTwo63, below = c < -kTwo63;
  if (above || below) {
    // Every integer is below c (above: x < c) or above it.
    switch (op) {
      case CmpOp::kEq:
        return every(false);
      case CmpOp::kNe:
        return every(true);
      case CmpOp::kLt:
      case CmpOp::kLe:
        return every(above);
      case CmpOp::kGt:
      case CmpOp::kGe:
        return every(below);
    }
  }
  // In range: floor and ceil are integers a double holds exactly, within int64.
  const auto floor = static_cast<int64_t>(std::floor(c));
  const auto ceil = static_cast<int64_t>(std::ceil(c));
  const bool integral = floor == ceil;
  switch (op) {
    case CmpOp::kEq:
      return integral ? KeepWhereTyped(values.ints, values.valid, CmpOp::kEq, floor, keep) : every(false);
    case CmpOp::kNe:
      return integral ? KeepWhereTyped(values.ints, values.valid, CmpOp::kNe, floor, keep) : every(true);
    case CmpOp::kLt:
      return KeepWhereTyped(values.ints, values.valid, integral ? CmpOp::kLt : CmpOp::kLe, floor, keep);
    case CmpOp::kLe:
      return KeepWhereTyped(values.ints, values.valid, CmpOp::kLe, floor, keep);
    case CmpOp::kGt:
      return KeepWhereTyped(values.ints, values.valid, integral ? CmpOp::kGt : CmpOp::kGe, ceil, keep);
    case CmpOp::kGe:
      return KeepWhereTyped(values.ints, values.valid, CmpOp::kGe, ceil, keep);
  }
}

}  // namespace

std::optional<ConstantComparison> AsConstantComparison(const BoundExpr& predicate) {
  if (predicate.op != ExprOp::kComparison || predicate.cmp_ops.size() != 1 || predicate.args.size() != 2) {
    return std::nullopt;
  }
  const BoundExpr& lhs = *predicate.args[0];
  const BoundExpr& rhs = *predicate.args[1];
  if (IsConstantOperand(rhs) && !IsConstantOperand(lhs)) return ConstantComparison{&lhs, predicate.cmp_ops[0], &rhs};
  if (IsConstantOperand(lhs) && !IsConstantOperand(rhs)) {
    return ConstantComparison{&rhs, Mirrored(predicate.cmp_ops[0]), &lhs};
  }
  return std::nullopt;
}

void KeepWhereComparison(const ValueVector& values, CmpOp op, const Value& constant, const GraphReader& graph,
                         std::vector<uint8_t>& keep) {
  // Integers of a float column's magnitude convert to a double exactly, so comparing
  // there is the row engine's exact comparison.
  constexpr int64_t kExactInDouble = int64_t{1} << 53;
  if (values.kind == VectorKind::kInt64 && constant.IsInt()) {
    return KeepWhereTyped(values.ints, values.valid, op, constant.AsInt(), keep);
  }
  if (values.kind == VectorKind::kInt64 && constant.IsFloat() && !std::isnan(constant.AsFloat())) {
    return KeepIntsAgainstFloat(values, op, constant.AsFloat(), keep);
  }
  if (values.kind == VectorKind::kDouble && constant.IsFloat()) {
    return KeepWhereTyped(values.doubles, values.valid, op, constant.AsFloat(), keep);
  }
  if (values.kind == VectorKind::kDouble && constant.IsInt() && constant.AsInt() <= kExactInDouble &&
      constant.AsInt() >= -kExactInDouble) {
    return KeepWhereTyped(values.doubles, values.valid, op, static_cast<double>(constant.AsInt()), keep);
  }
  if (values.kind == VectorKind::kString && constant.IsString()) {
    return KeepWhereTyped(values.strings, values.valid, op, std::string_view(constant.AsString()), keep);
  }
  for (size_t i = 0; i < keep.size(); ++i) {
    if (keep[i] && Compare(op, BoxRow(values, i, graph), constant) != Ternary::kTrue) keep[i] = 0;
  }
}

}  // namespace quiver::exec::vector
