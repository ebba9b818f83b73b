#include "exec/operator/index_seek_operands.h"

#include "exec/expression/evaluator.h"

namespace quiver::exec {

SeekOperands EvaluateSeekOperands(const planner::IndexSeekSpec& spec, Value* row, ExecContext& ctx,
                                  PropertySeek& seek) {
  using Mode = planner::IndexSeekSpec::Mode;
  bool null = false;
  auto operand = [&](const planner::BoundExprPtr& e) {
    Value v = Evaluate(*e, row, ctx);
    if (v.IsNull()) null = true;
    return v;
  };
  for (const auto& e : spec.leading) seek.leading.push_back(operand(e));
  switch (spec.mode) {
    case Mode::kEquals:
      seek.values.push_back(operand(spec.values[0]));
      break;
    case Mode::kIn: {
      Value list = operand(spec.values[0]);
      if (null) return SeekOperands::kNone;
      if (!list.IsList()) return SeekOperands::kScan;
      for (const Value& v : list.AsList()) {
        if (!v.IsNull()) seek.values.push_back(v);
      }
      break;
    }
    case Mode::kPrefix:
      seek.kind = PropertySeek::Kind::kPrefix;
      seek.values.push_back(operand(spec.values[0]));
      break;
    case Mode::kRange:
      seek.kind = PropertySeek::Kind::kRange;
      if (spec.lower) seek.lower = PropertyBound{operand(spec.lower), spec.lower_inclusive};
      if (spec.upper) seek.upper = PropertyBound{operand(spec.upper), spec.upper_inclusive};
      break;
  }
  return null ? SeekOperands::kNone : SeekOperands::kReady;
}

}  // namespace quiver::exec
