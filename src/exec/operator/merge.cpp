// MERGE: per input row (in order, so a row sees what earlier rows created), run the
// pattern's match subplan with the row as argument; its rows get ON MATCH, or when
// there are none the pattern is created and gets ON CREATE.

#include "exec/expression/evaluator.h"
#include "exec/operator/operators.h"
#include "exec/operator/write_support.h"

namespace quiver::exec {

namespace {

class MergeOp final : public EagerOperator {
 public:
  using EagerOperator::EagerOperator;

 protected:
  void Process(ExecContext& ctx, RowBuffer& rows) override {
    const auto& op = logical().As<planner::LogicalMerge>();
    PhysicalOperator& match = *children[1];
    RowBuffer out(rows.width(), &ctx.memory());
    RowBatch batch(ctx.width(), ctx.batch_capacity());
    for (size_t i = 0; i < rows.size(); ++i) {
      Value* row = rows.Row(i);
      match.Open(ctx, row);
      size_t before = out.size();
      while (match.Next(ctx, batch)) {
        out.AppendBatch(batch);
        batch.Clear();
      }
      if (out.size() > before) {
        for (size_t m = before; m < out.size(); ++m) ApplySetItems(op.on_match, out.Row(m), ctx);
        continue;
      }
      Value* created = out.AppendCopy(row);
      CreatePattern(op.nodes, op.rels, created, ctx, /*merge=*/true);
      for (size_t p = 0; p < op.path_exprs.size(); ++p)
        created[op.path_slots[p]] = Evaluate(*op.path_exprs[p], created, ctx);
      ApplySetItems(op.on_create, created, ctx);
    }
    rows = std::move(out);
  }
};

}  // namespace

PhysicalOperatorPtr MakeMerge(const LogicalOperator& op) {
  return std::make_unique<MergeOp>(op);
}

}  // namespace quiver::exec
