#include "exec/vector/comparison_filter.h"

#include <algorithm>
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

bool IsLowerBound(CmpOp op) { return op == CmpOp::kGt || op == CmpOp::kGe; }
bool IsUpperBound(CmpOp op) { return op == CmpOp::kLt || op == CmpOp::kLe; }

// keep &= valid & lower(x, lo) & upper(x, hi), eight rows to a word as KeepWhereTyped
// does; returns the rows valid and kept that pass the lower test (`count_lower`) or the
// upper one, summed in byte lanes at most 255 words at a time.
template <typename T, typename Lower, typename Upper>
uint64_t KeepBetween(const T* __restrict x, const uint8_t* __restrict valid, T lo, T hi, bool count_lower,
                     uint8_t* __restrict keep, size_t n) {
  const Lower lower;
  const Upper upper;
  uint64_t passing = 0;
  size_t i = 0;
  while (i + 8 <= n) {
    const size_t stop = i + std::min<size_t>((n - i) / 8, 255) * 8;
    uint64_t lanes = 0;
    for (; i < stop; i += 8) {
      uint64_t low_hits = 0, high_hits = 0;
      for (size_t j = 0; j < 8; ++j) {
        low_hits |= uint64_t{lower(x[i + j], lo)} << (8 * j);
        high_hits |= uint64_t{upper(x[i + j], hi)} << (8 * j);
      }
      uint64_t v, k;
      std::memcpy(&v, valid + i, 8);
      std::memcpy(&k, keep + i, 8);
      k &= v;
      lanes += k & (count_lower ? low_hits : high_hits);
      k &= low_hits & high_hits;
      std::memcpy(keep + i, &k, 8);
    }
    passing += SumByteLanes(lanes);
  }
  for (; i < n; ++i) {
    const uint8_t reaching = keep[i] & valid[i];
    const auto low = static_cast<uint8_t>(lower(x[i], lo)), high = static_cast<uint8_t>(upper(x[i], hi));
    passing += reaching & (count_lower ? low : high);
    keep[i] = reaching & low & high;
  }
  return passing;
}

template <typename T>
uint64_t KeepBetween(const std::vector<T>& x, const std::vector<uint8_t>& valid, CmpOp lower_op, T lo,
                     CmpOp upper_op, T hi, bool count_lower, std::vector<uint8_t>& keep) {
  auto run = [&](auto lower, auto upper) {
    return KeepBetween<T, decltype(lower), decltype(upper)>(x.data(), valid.data(), lo, hi, count_lower,
                                                            keep.data(), keep.size());
  };
  if (lower_op == CmpOp::kGt) {
    return upper_op == CmpOp::kLt ? run(std::greater<>(), std::less<>()) : run(std::greater<>(), std::less_equal<>());
  }
  return upper_op == CmpOp::kLt ? run(std::greater_equal<>(), std::less<>())
                                : run(std::greater_equal<>(), std::less_equal<>());
}

// A constant as a float vector compares with it in place: a float, or an integer of a
// float column's magnitude, which converts to a double exactly (so comparing there is
// the row engine's exact comparison); nullopt for the others.
std::optional<double> AsFloatOperand(const Value& c) {
  constexpr int64_t kExactInDouble = int64_t{1} << 53;
  if (c.IsFloat()) return c.AsFloat();
  if (c.IsInt() && c.AsInt() <= kExactInDouble && c.AsInt() >= -kExactInDouble) {
    return static_cast<double>(c.AsInt());
  }
  return std::nullopt;
}

}  // namespace

bool KeepWhereRange(const ValueVector& values, const CmpOp (&ops)[2], const Value (&constants)[2],
                    std::vector<uint8_t>& keep, uint64_t& passing_first) {
  size_t lower, upper;
  if (IsLowerBound(ops[0]) && IsUpperBound(ops[1])) {
    lower = 0;
    upper = 1;
  } else if (IsUpperBound(ops[0]) && IsLowerBound(ops[1])) {
    lower = 1;
    upper = 0;
  } else {
    return false;
  }
  const bool count_lower = lower == 0;
  if (values.kind == VectorKind::kInt64 && constants[0].IsInt() && constants[1].IsInt()) {
    passing_first = KeepBetween(values.ints, values.valid, ops[lower], constants[lower].AsInt(), ops[upper],
                                constants[upper].AsInt(), count_lower, keep);
    return true;
  }
  if (values.kind == VectorKind::kDouble) {
    const auto lo = AsFloatOperand(constants[lower]), hi = AsFloatOperand(constants[upper]);
    if (!lo || !hi) return false;
    passing_first = KeepBetween(values.doubles, values.valid, ops[lower], *lo, ops[upper], *hi, count_lower, keep);
    return true;
  }
  return false;
}

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
  if (values.kind == VectorKind::kInt64 && constant.IsInt()) {
    return KeepWhereTyped(values.ints, values.valid, op, constant.AsInt(), keep);
  }
  if (values.kind == VectorKind::kInt64 && constant.IsFloat() && !std::isnan(constant.AsFloat())) {
    return KeepIntsAgainstFloat(values, op, constant.AsFloat(), keep);
  }
  if (values.kind == VectorKind::kDouble) {
    if (const auto c = AsFloatOperand(constant)) return KeepWhereTyped(values.doubles, values.valid, op, *c, keep);
  }
  if (values.kind == VectorKind::kString && constant.IsString()) {
    return KeepWhereTyped(values.strings, values.valid, op, std::string_view(constant.AsString()), keep);
  }
  for (size_t i = 0; i < keep.size(); ++i) {
    if (keep[i] && Compare(op, BoxRow(values, i, graph), constant) != Ternary::kTrue) keep[i] = 0;
  }
}

}  // namespace quiver::exec::vector
