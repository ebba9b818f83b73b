#include "exec/vector/vector_expression.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include <libdivide.h>

#include "exec/entity_ref.h"
#include "exec/expression/evaluator.h"
#include "exec/expression/expression_internal.h"
#include "exec/vector/comparison_filter.h"
#include "exec/vector/vector_expression_internal.h"

namespace quiver::exec::vector {

using planner::BoundExpr;
using planner::CmpOp;
using planner::ExprOp;

namespace {

// Broadcasts one Value over the chunk.
void Broadcast(const Value& v, size_t n, ValueVector& out) {
  if (v.IsInt()) {
    out.Reset(VectorKind::kInt64, n);
    std::fill(out.ints.begin(), out.ints.end(), v.AsInt());
  } else if (v.IsFloat()) {
    out.Reset(VectorKind::kDouble, n);
    std::fill(out.doubles.begin(), out.doubles.end(), v.AsFloat());
  } else if (v.IsBool()) {
    out.Reset(VectorKind::kBool, n);
    std::fill(out.ints.begin(), out.ints.end(), v.AsBool() ? 1 : 0);
  } else if (v.IsString()) {
    out.BroadcastString(v.AsString(), n);
  } else {
    out.Reset(VectorKind::kBoxed, n);
    std::fill(out.boxed.begin(), out.boxed.end(), v);
  }
  if (!v.IsNull()) std::fill(out.valid.begin(), out.valid.end(), 1);
}

// Any expression, a row at a time through the row engine's evaluator: the slots it
// reads are boxed into a scratch row (every column, for a subquery, which may read any).
class RowExpression final : public VectorExpression {
 public:
  RowExpression(const BoundExpr& expr, const FragmentColumns& columns) : expr_(expr) {
    std::vector<planner::SlotId> slots;
    if (HasSubquery(expr)) {
      for (uint32_t c = 0; c < columns.size(); ++c) slots.push_back(columns.SlotOf(c));
    } else {
      planner::CollectSlots(expr, slots);
    }
    std::sort(slots.begin(), slots.end());
    slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
    for (planner::SlotId s : slots) {
      uint32_t c = columns.Find(s);
      if (c != FragmentColumns::kNoColumn) reads_.emplace_back(s, c);
    }
  }

  void Evaluate(const DataChunk& chunk, EvalContext& ctx, ValueVector& out) const override {
    out.Reset(VectorKind::kBoxed, 0);
    for (size_t i = 0; i < chunk.size; ++i) {
      for (const auto& [slot, column] : reads_) {
        // A column the chunk does not have yet (bound later) stays null, as in a row.
        ctx.scratch[slot] =
            chunk.columns[column].size() == chunk.size ? chunk.GetValue(column, i, ctx.graph) : Value();
      }
      out.Append(exec::Evaluate(expr_, ctx.scratch.data(), ctx.rows));
    }
  }
  bool MayThrow() const override { return true; }

 private:
  const BoundExpr& expr_;
  std::vector<std::pair<planner::SlotId, uint32_t>> reads_;
};

// Constants and parameters (anything that reads no row): once per chunk.
class RowIndependentExpression final : public VectorExpression {
 public:
  explicit RowIndependentExpression(const BoundExpr& expr) : expr_(expr) {}
  void Evaluate(const DataChunk& chunk, EvalContext& ctx, ValueVector& out) const override {
    if (chunk.size == 0) {
      out.Reset(VectorKind::kBoxed, 0);
      return;
    }
    Broadcast(exec::Evaluate(expr_, ctx.scratch.data(), ctx.rows), chunk.size, out);
  }
  bool MayThrow() const override { return expr_.op != ExprOp::kConstant; }

 private:
  const BoundExpr& expr_;
};

class ColumnExpression final : public VectorExpression {
 public:
  explicit ColumnExpression(uint32_t column) : column_(column) {}
  void Evaluate(const DataChunk& chunk, EvalContext&, ValueVector& out) const override {
    out = chunk.columns[column_];
  }

 private:
  uint32_t column_;
};

class IsNullExpression final : public VectorExpression {
 public:
  IsNullExpression(VectorExpressionPtr arg, bool negated) : arg_(std::move(arg)), negated_(negated) {}
  void Evaluate(const DataChunk& chunk, EvalContext& ctx, ValueVector& out) const override {
    ValueVector v;
    arg_->Evaluate(chunk, ctx, v);
    out.Reset(VectorKind::kBool, chunk.size);
    for (size_t i = 0; i < chunk.size; ++i) {
      out.valid[i] = 1;
      out.ints[i] = (v.valid[i] == 0) != negated_;
    }
  }
  bool MayThrow() const override { return arg_->MayThrow(); }

 private:
  VectorExpressionPtr arg_;
  bool negated_;
};

// The boolean reading of row i (the row engine's ToTernary: a TypeError for others).
Ternary TernaryAt(const ValueVector& v, size_t i) {
  if (!v.valid[i]) return Ternary::kNull;
  if (v.kind == VectorKind::kBool) return TernaryOf(v.ints[i] != 0);
  return ToTernary(v.Get(i));
}

void SetTernary(ValueVector& out, size_t i, Ternary t) {
  out.valid[i] = t != Ternary::kNull;
  out.ints[i] = t == Ternary::kTrue;
}

// AND, OR (n-ary), XOR, NOT over boolean vectors. Compiled only when no operand after
// the first may throw (MayThrow): evaluating every operand is then the short-circuit
// answer.
class LogicExpression final : public VectorExpression {
 public:
  LogicExpression(ExprOp op, std::vector<VectorExpressionPtr> args) : op_(op), args_(std::move(args)) {}
  void Evaluate(const DataChunk& chunk, EvalContext& ctx, ValueVector& out) const override {
    ValueVector v;
    out.Reset(VectorKind::kBool, chunk.size);
    args_[0]->Evaluate(chunk, ctx, v);
    for (size_t i = 0; i < chunk.size; ++i) {
      Ternary t = TernaryAt(v, i);
      SetTernary(out, i, op_ == ExprOp::kNot ? Not(t) : t);
    }
    for (size_t a = 1; a < args_.size(); ++a) {
      args_[a]->Evaluate(chunk, ctx, v);
      if (v.kind == VectorKind::kBool && (op_ == ExprOp::kAnd || op_ == ExprOp::kOr)) {
        CombineBooleans(v, out);
        continue;
      }
      for (size_t i = 0; i < chunk.size; ++i) {
        Ternary acc = TernaryAt(out, i);
        Ternary t = TernaryAt(v, i);
        SetTernary(out, i, op_ == ExprOp::kAnd ? And(acc, t) : op_ == ExprOp::kOr ? Or(acc, t) : Xor(acc, t));
      }
    }
  }
  bool MayThrow() const override { return args_[0]->MayThrow(); }

 private:
  // out = out AND v (OR v) over boolean vectors, three-valued, without a branch per row:
  // AND is false where either side is false, true where both are true, else null.
  void CombineBooleans(const ValueVector& v, ValueVector& out) const {
    const bool is_and = op_ == ExprOp::kAnd;
    for (size_t i = 0; i < out.size(); ++i) {
      const uint8_t x_valid = out.valid[i], y_valid = v.valid[i];
      const uint8_t x = out.ints[i] != 0, y = v.ints[i] != 0;
      // The value that decides alone (false for AND, true for OR), on either side.
      const uint8_t decides = is_and ? ((x_valid & !x) | (y_valid & !y)) : ((x_valid & x) | (y_valid & y));
      const uint8_t both = x_valid & y_valid;
      out.valid[i] = decides | both;
      out.ints[i] = is_and ? (both & x & y) : decides;
    }
  }

  ExprOp op_;
  std::vector<VectorExpressionPtr> args_;
};

// An operator of two operands, both evaluated over the whole chunk first.
class BinaryExpression : public VectorExpression {
 public:
  BinaryExpression(ExprOp op, VectorExpressionPtr lhs, VectorExpressionPtr rhs)
      : op_(op), lhs_(std::move(lhs)), rhs_(std::move(rhs)) {}
  bool MayThrow() const override { return lhs_->MayThrow() || rhs_->MayThrow(); }

 protected:
  void EvaluateOperands(const DataChunk& chunk, EvalContext& ctx, ValueVector& a, ValueVector& b) const {
    lhs_->Evaluate(chunk, ctx, a);
    rhs_->Evaluate(chunk, ctx, b);
  }
  void EvaluateLeft(const DataChunk& chunk, EvalContext& ctx, ValueVector& a) const { lhs_->Evaluate(chunk, ctx, a); }
  void EvaluateRight(const DataChunk& chunk, EvalContext& ctx, ValueVector& b) const { rhs_->Evaluate(chunk, ctx, b); }
  ExprOp op_;

 private:
  VectorExpressionPtr lhs_, rhs_;
};

bool Numeric(const ValueVector& v) { return v.kind == VectorKind::kInt64 || v.kind == VectorKind::kDouble; }
double NumberAt(const ValueVector& v, size_t i) {
  return v.kind == VectorKind::kInt64 ? static_cast<double>(v.ints[i]) : v.doubles[i];
}

// One comparison (a chain `a < b < c` is a RowExpression). Integers with integers,
// floats with floats, strings with strings (bytewise, as the row engine orders them),
// nodes with nodes (= and <>) compare in place; an integer with a float compares as the
// row engine does (exactly, not through a double), boxed values through the row
// engine's functions.
class ComparisonExpression final : public BinaryExpression {
 public:
  ComparisonExpression(CmpOp op, VectorExpressionPtr lhs, VectorExpressionPtr rhs)
      : BinaryExpression(ExprOp::kComparison, std::move(lhs), std::move(rhs)), cmp_(op) {}
  void Evaluate(const DataChunk& chunk, EvalContext& ctx, ValueVector& out) const override {
    ValueVector a, b;
    EvaluateOperands(chunk, ctx, a, b);
    out.Reset(VectorKind::kBool, chunk.size);
    const bool ids = (a.kind == VectorKind::kNode && b.kind == VectorKind::kNode) ||
                     (a.kind == VectorKind::kRelationship && b.kind == VectorKind::kRelationship);
    if (a.kind == VectorKind::kInt64 && b.kind == VectorKind::kInt64) {
      CompareArrays(a.ints, b.ints, a, b, out);
    } else if (a.kind == VectorKind::kDouble && b.kind == VectorKind::kDouble) {
      CompareArrays(a.doubles, b.doubles, a, b, out);
    } else if (a.kind == VectorKind::kString && b.kind == VectorKind::kString) {
      CompareArrays(a.strings, b.strings, a, b, out);
    } else if (ids && (cmp_ == CmpOp::kEq || cmp_ == CmpOp::kNe)) {
      CompareArrays(a.ids, b.ids, a, b, out);
    } else {
      for (size_t i = 0; i < chunk.size; ++i) {
        SetTernary(out, i, Compare(cmp_, BoxRow(a, i, ctx.graph), BoxRow(b, i, ctx.graph)));
      }
    }
  }

 private:
  // One loop per operator (the operator fixed at compile time, not a switch per row).
  template <typename T>
  void CompareArrays(const std::vector<T>& x, const std::vector<T>& y, const ValueVector& a, const ValueVector& b,
                     ValueVector& out) const {
    WithComparison(cmp_, [&](auto compare) {
      for (size_t i = 0; i < out.size(); ++i) {
        out.valid[i] = a.valid[i] & b.valid[i];
        out.ints[i] = compare(x[i], y[i]);
      }
    });
  }

  CmpOp cmp_;
};

// +, -, *, /, % over integers (overflow and division by zero are the row engine's
// errors: such a row goes through its function) and floats; anything else row by row
// through the row engine's functions.
class ArithmeticExpression final : public BinaryExpression {
 public:
  // `divisor`: the right operand when it is an integer literal other than 0 and -1 (which
  // fail or overflow for some rows): x / d and x % d over integers then multiply by
  // libdivide's precomputed inverse instead of dividing, which costs tens of cycles a row.
  ArithmeticExpression(ExprOp op, VectorExpressionPtr lhs, VectorExpressionPtr rhs, std::optional<int64_t> divisor)
      : BinaryExpression(op, std::move(lhs), std::move(rhs)) {
    if (divisor && (op == ExprOp::kDivide || op == ExprOp::kModulo)) {
      divisor_ = *divisor;
      inverse_.emplace(*divisor);
    }
  }
  void Evaluate(const DataChunk& chunk, EvalContext& ctx, ValueVector& out) const override {
    ValueVector a, b;
    const size_t n = chunk.size;
    if (inverse_) {
      EvaluateLeft(chunk, ctx, a);
      if (a.kind == VectorKind::kInt64) return DivideByConstant(a, out);
      EvaluateRight(chunk, ctx, b);
    } else {
      EvaluateOperands(chunk, ctx, a, b);
    }
    if (a.kind == VectorKind::kInt64 && b.kind == VectorKind::kInt64) {
      out.Reset(VectorKind::kInt64, n);
      switch (op_) {
        case ExprOp::kAdd:
          IntLoop<ExprOp::kAdd>(a, b, out);
          break;
        case ExprOp::kSubtract:
          IntLoop<ExprOp::kSubtract>(a, b, out);
          break;
        case ExprOp::kMultiply:
          IntLoop<ExprOp::kMultiply>(a, b, out);
          break;
        case ExprOp::kDivide:
          IntLoop<ExprOp::kDivide>(a, b, out);
          break;
        default:
          IntLoop<ExprOp::kModulo>(a, b, out);
          break;
      }
      return;
    }
    if (Numeric(a) && Numeric(b) && (a.kind == VectorKind::kDouble || b.kind == VectorKind::kDouble) &&
        op_ != ExprOp::kModulo) {
      out.Reset(VectorKind::kDouble, n);
      for (size_t i = 0; i < n; ++i) {
        out.valid[i] = a.valid[i] & b.valid[i];
        const double x = NumberAt(a, i), y = NumberAt(b, i);
        switch (op_) {
          case ExprOp::kAdd:
            out.doubles[i] = x + y;
            break;
          case ExprOp::kSubtract:
            out.doubles[i] = x - y;
            break;
          case ExprOp::kMultiply:
            out.doubles[i] = x * y;
            break;
          default:
            out.doubles[i] = x / y;
            break;
        }
      }
      return;
    }
    out.Reset(VectorKind::kBoxed, 0);
    for (size_t i = 0; i < n; ++i) out.Append(Apply(a.Get(i), b.Get(i)));
  }
  bool MayThrow() const override { return true; }

 private:
  void DivideByConstant(const ValueVector& a, ValueVector& out) const {
    out.Reset(VectorKind::kInt64, a.size());
    if (op_ == ExprOp::kDivide) {
      DivideLoop</*kModulo=*/false>(a, out);
    } else {
      DivideLoop</*kModulo=*/true>(a, out);
    }
  }
  // Truncating, as C++'s / and % (and the row engine's) are; x - q * d cannot overflow.
  template <bool kModulo>
  void DivideLoop(const ValueVector& a, ValueVector& out) const {
    const size_t n = a.size();
    const auto& inverse = *inverse_;
    const int64_t d = divisor_;
    const int64_t* __restrict x = a.ints.data();
    const uint8_t* __restrict valid = a.valid.data();
    int64_t* __restrict r = out.ints.data();
    uint8_t* __restrict out_valid = out.valid.data();
    for (size_t i = 0; i < n; ++i) {
      out_valid[i] = valid[i];
      const int64_t q = x[i] / inverse;
      r[i] = kModulo ? x[i] - q * d : q;
    }
  }

  // The operator fixed at compile time: one tight loop per operator, not a switch per row.
  // False where the row engine's function fails (overflow, division by zero); r is then
  // some value the caller replaces.
  template <ExprOp kOp>
  static bool IntOp(int64_t x, int64_t y, int64_t& r) {
    if constexpr (kOp == ExprOp::kAdd) {
      return !__builtin_add_overflow(x, y, &r);
    } else if constexpr (kOp == ExprOp::kSubtract) {
      return !__builtin_sub_overflow(x, y, &r);
    } else if constexpr (kOp == ExprOp::kMultiply) {
      return !__builtin_mul_overflow(x, y, &r);
    } else {
      const bool fails = y == 0 || (x == INT64_MIN && y == -1);
      const int64_t divisor = fails ? 1 : y;  // no trap: the row is redone below
      r = kOp == ExprOp::kDivide ? x / divisor : x % divisor;
      return !fails;
    }
  }
  // Every row computed without a branch (a null row's number is whatever its slot holds,
  // and is not read); then, only where a valid row failed, the row engine's function,
  // which throws its error.
  template <ExprOp kOp>
  void IntLoop(const ValueVector& a, const ValueVector& b, ValueVector& out) const {
    const size_t n = out.size();
    const int64_t* __restrict x = a.ints.data();
    const int64_t* __restrict y = b.ints.data();
    const uint8_t* __restrict x_valid = a.valid.data();
    const uint8_t* __restrict y_valid = b.valid.data();
    int64_t* __restrict r = out.ints.data();
    uint8_t* __restrict out_valid = out.valid.data();
    uint8_t failed = 0;
    for (size_t i = 0; i < n; ++i) {
      const uint8_t valid = x_valid[i] & y_valid[i];
      out_valid[i] = valid;
      failed |= valid & static_cast<uint8_t>(!IntOp<kOp>(x[i], y[i], r[i]));
    }
    if (failed == 0) return;
    for (size_t i = 0; i < n; ++i) {
      if (out_valid[i] && !IntOp<kOp>(x[i], y[i], r[i])) {
        r[i] = Apply(Value::Int(x[i]), Value::Int(y[i])).AsInt();  // throws
      }
    }
  }
  Value Apply(const Value& x, const Value& y) const {
    switch (op_) {
      case ExprOp::kAdd:
        return Add(x, y);
      case ExprOp::kSubtract:
        return Subtract(x, y);
      case ExprOp::kMultiply:
        return Multiply(x, y);
      case ExprOp::kDivide:
        return Divide(x, y);
      default:
        return Modulo(x, y);
    }
  }

  int64_t divisor_ = 0;
  std::optional<libdivide::divider<int64_t>> inverse_;
};

// STARTS WITH, ENDS WITH, CONTAINS, =~ and IN: both operands vectorized; string
// vectors test STARTS WITH, ENDS WITH and CONTAINS in place, everything else goes
// through the row engine's function per row.
class StringPredicateExpression final : public BinaryExpression {
 public:
  using BinaryExpression::BinaryExpression;
  void Evaluate(const DataChunk& chunk, EvalContext& ctx, ValueVector& out) const override {
    ValueVector a, b;
    EvaluateOperands(chunk, ctx, a, b);
    out.Reset(VectorKind::kBool, chunk.size);
    if (a.kind == VectorKind::kString && b.kind == VectorKind::kString && op_ != ExprOp::kRegexMatch &&
        op_ != ExprOp::kIn) {
      for (size_t i = 0; i < chunk.size; ++i) {
        out.valid[i] = a.valid[i] & b.valid[i];
        const std::string_view s = a.strings[i], t = b.strings[i];
        out.ints[i] = op_ == ExprOp::kStartsWith ? s.starts_with(t)
                      : op_ == ExprOp::kEndsWith ? s.ends_with(t)
                                                 : s.find(t) != std::string_view::npos;
      }
      return;
    }
    for (size_t i = 0; i < chunk.size; ++i) {
      const Value x = BoxRow(a, i, ctx.graph), y = BoxRow(b, i, ctx.graph);
      switch (op_) {
        case ExprOp::kRegexMatch:
          out.Set(i, RegexMatch(x, y, ctx.rows.functions().regex()));
          break;
        case ExprOp::kIn:
          out.Set(i, InList(x, y));
          break;
        default:
          out.Set(i, StringPredicate(op_, x, y));
          break;
      }
    }
  }
  bool MayThrow() const override { return true; }
};

// Is every value of `e` true, false or null (so reading it as a predicate cannot fail)?
bool YieldsTernary(const BoundExpr& e) {
  switch (e.op) {
    case ExprOp::kComparison:
    case ExprOp::kHasLabels:
    case ExprOp::kIsNull:
    case ExprOp::kIsNotNull:
      return true;
    case ExprOp::kAnd:
    case ExprOp::kOr:
    case ExprOp::kXor:
    case ExprOp::kNot:
      return std::all_of(e.args.begin(), e.args.end(), [](const planner::BoundExprPtr& a) { return YieldsTernary(*a); });
    case ExprOp::kConstant:
      return e.value.IsNull() || e.value.IsBool();
    default:
      return false;
  }
}

bool IsNodeColumn(const BoundExpr& e, const FragmentColumns& columns) {
  if (e.op != ExprOp::kSlot) return false;
  const uint32_t c = columns.Find(e.slot);
  return c != FragmentColumns::kNoColumn && columns.IsNode(c);
}

}  // namespace

bool HasSubquery(const BoundExpr& e) {
  if (e.subplan) return true;
  return std::any_of(e.args.begin(), e.args.end(), [](const planner::BoundExprPtr& a) { return HasSubquery(*a); });
}

bool ReadsOnly(const BoundExpr& expr, const FragmentColumns& columns) {
  std::vector<planner::SlotId> slots;
  planner::CollectSlots(expr, slots);
  for (planner::SlotId s : slots) {
    if (columns.Find(s) == FragmentColumns::kNoColumn) return false;
  }
  return true;
}

VectorExpressionPtr CompileExpression(const BoundExpr& e, const FragmentColumns& columns) {
  if (HasSubquery(e)) return std::make_unique<RowExpression>(e, columns);
  switch (e.op) {
    case ExprOp::kConstant:
    case ExprOp::kParameter:
      return std::make_unique<RowIndependentExpression>(e);
    case ExprOp::kSlot: {
      uint32_t c = columns.Find(e.slot);
      if (c != FragmentColumns::kNoColumn) return std::make_unique<ColumnExpression>(c);
      break;
    }
    case ExprOp::kProperty:
      if (IsNodeColumn(*e.args[0], columns)) return MakeNodeProperty(columns.Find(e.args[0]->slot), e.name);
      if (e.args[0]->op == ExprOp::kSlot && columns.Find(e.args[0]->slot) != FragmentColumns::kNoColumn &&
          columns.IsRelationship(columns.Find(e.args[0]->slot))) {
        return MakeRelationshipProperty(columns.Find(e.args[0]->slot), e.name);
      }
      break;
    case ExprOp::kHasLabels:
      if (IsNodeColumn(*e.args[0], columns)) return MakeHasLabels(columns.Find(e.args[0]->slot), e.names);
      break;
    case ExprOp::kHasRelationship:
      if (e.args.size() == 1 && IsNodeColumn(*e.args[0], columns)) {
        return MakeHasRelationship(columns.Find(e.args[0]->slot), FragmentColumns::kNoColumn, e);
      }
      if (e.args.size() == 2 && IsNodeColumn(*e.args[0], columns) && IsNodeColumn(*e.args[1], columns)) {
        return MakeHasRelationship(columns.Find(e.args[0]->slot), columns.Find(e.args[1]->slot), e);
      }
      break;
    case ExprOp::kIsNull:
    case ExprOp::kIsNotNull:
      return std::make_unique<IsNullExpression>(CompileExpression(*e.args[0], columns), e.op == ExprOp::kIsNotNull);
    case ExprOp::kAnd:
    case ExprOp::kOr:
    case ExprOp::kXor:
    case ExprOp::kNot: {
      std::vector<VectorExpressionPtr> args;
      for (const auto& a : e.args) args.push_back(CompileExpression(*a, columns));
      // The row engine may never evaluate an operand after the first (it short-circuits),
      // so evaluating it for every row must not be able to fail: it may not throw, and
      // it must be a boolean (or null) — a string there is a TypeError only when reached.
      bool safe = true;
      for (size_t i = 1; i < args.size(); ++i) safe = safe && !args[i]->MayThrow() && YieldsTernary(*e.args[i]);
      if (safe) return std::make_unique<LogicExpression>(e.op, std::move(args));
      break;
    }
    case ExprOp::kComparison:
      if (e.cmp_ops.size() == 1) {
        return std::make_unique<ComparisonExpression>(e.cmp_ops[0], CompileExpression(*e.args[0], columns),
                                                      CompileExpression(*e.args[1], columns));
      }
      break;
    case ExprOp::kStartsWith:
    case ExprOp::kEndsWith:
    case ExprOp::kContains:
    case ExprOp::kRegexMatch:
    case ExprOp::kIn:
      return std::make_unique<StringPredicateExpression>(e.op, CompileExpression(*e.args[0], columns),
                                                         CompileExpression(*e.args[1], columns));
    case ExprOp::kAdd:
    case ExprOp::kSubtract:
    case ExprOp::kMultiply:
    case ExprOp::kDivide:
    case ExprOp::kModulo:
    {
      std::optional<int64_t> divisor;
      const BoundExpr& rhs = *e.args[1];
      if (rhs.op == ExprOp::kConstant && rhs.value.IsInt() && rhs.value.AsInt() != 0 && rhs.value.AsInt() != -1) {
        divisor = rhs.value.AsInt();
      }
      return std::make_unique<ArithmeticExpression>(e.op, CompileExpression(*e.args[0], columns),
                                                    CompileExpression(rhs, columns), divisor);
    }
    default:
      break;
  }
  if (planner::IsRowIndependent(e) && e.op != ExprOp::kScalarFunction) {
    return std::make_unique<RowIndependentExpression>(e);
  }
  return std::make_unique<RowExpression>(e, columns);
}

void PredicateToKeep(const ValueVector& predicate, std::vector<uint8_t>& keep) {
  const size_t n = predicate.size();
  keep.resize(n);
  if (predicate.kind == VectorKind::kBool) {
    for (size_t i = 0; i < n; ++i) keep[i] = predicate.valid[i] && predicate.ints[i] != 0;
    return;
  }
  for (size_t i = 0; i < n; ++i) keep[i] = TernaryAt(predicate, i) == Ternary::kTrue;
}

}  // namespace quiver::exec::vector
