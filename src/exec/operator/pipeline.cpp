// Pipeline: a maximal chain of row-at-a-time operators (StreamOperator) run as one
// physical operator over the rows of the chain's input.
//
// Depth-first over one row: an input row is handed to the first stage; each row a stage
// produces (written into that same row, in place) is handed to the next stage, and a
// row the last stage produces is copied out. When a stage has no more rows, the stage
// below it resumes. The chain's state is one row plus each stage's own generator state,
// and running it is a loop, so a query of thousands of UNWINDs, hops or WITHs needs
// neither a batch nor a stack frame per clause. Rows come out in the order a chain of
// batch-at-a-time operators gives (each stage's outputs in its inputs' order).
//
// A pipeline of filters and projections only (at most one row out per row in) runs
// instead in place over its input's batch, one stage over the whole batch at a time,
// as the separate Filter and Project operators did.

#include "exec/counting_graph.h"
#include "exec/exec_context.h"
#include "exec/operator/operators.h"

namespace quiver::exec {

namespace {

class PipelineOp final : public PhysicalOperator {
 public:
  explicit PipelineOp(std::vector<StreamOperatorPtr> stages)
      : PhysicalOperator(stages.back()->logical()), stages_(std::move(stages)) {
    in_place_ = true;
    for (const auto& stage : stages_) in_place_ = in_place_ && stage->AtMostOneRow();
  }

  void Open(ExecContext& ctx, const Value* argument) override {
    PhysicalOperator::Open(ctx, argument);
    input_rows_.Reset();
    depth_ = 0;
  }

  void Profile(std::vector<ProfiledOperator>& out) const override {
    // Reads between the stages' calls (none today) count on the top one.
    for (size_t i = stages_.size(); i-- > 0;) {
      out.push_back({&stages_[i]->logical(), stages_[i]->rows_produced, {},
                     stages_[i]->db_hits + (i + 1 == stages_.size() ? db_hits : 0)});
    }
  }

 protected:
  bool Produce(ExecContext& ctx, RowBatch& out) override {
    bool any = in_place_ ? ProduceInPlace(ctx, out) : ProduceDepthFirst(ctx, out);
    rows_produced += out.size();
    return any;
  }

 private:
  bool ProduceInPlace(ExecContext& ctx, RowBatch& out) {
    while (input().Next(ctx, out)) {
      for (auto& stage : stages_) {
        keep_.assign(out.size(), false);
        size_t kept = 0;
        DbHitScope hits(ctx.counting(), &stage->db_hits);
        for (size_t i = 0; i < out.size(); ++i) {
          Value* row = out.Row(i);
          stage->BeginRow(ctx, row);
          keep_[i] = stage->NextRow(ctx, row);
          kept += keep_[i] ? 1 : 0;
        }
        if (kept < out.size()) out.Compact(keep_);
        stage->rows_produced += out.size();
        if (out.empty()) break;
      }
      if (!out.empty()) return true;
    }
    return false;
  }

  bool ProduceDepthFirst(ExecContext& ctx, RowBatch& out) {
    while (!out.full()) {
      if (depth_ == 0) {
        row_ = input_rows_.Next(ctx, input());
        if (row_ == nullptr) break;
        DbHitScope hits(ctx.counting(), &stages_[0]->db_hits);
        stages_[0]->BeginRow(ctx, row_);
        depth_ = 1;
      }
      ctx.Tick();  // a stage may reject row after row without filling the batch
      StreamOperator& stage = *stages_[depth_ - 1];
      bool produced = false;
      {
        DbHitScope hits(ctx.counting(), &stage.db_hits);
        produced = stage.NextRow(ctx, row_);
      }
      if (!produced) {
        --depth_;
        continue;
      }
      ++stage.rows_produced;
      if (depth_ == stages_.size()) {
        out.AppendCopy(row_);
      } else {
        DbHitScope hits(ctx.counting(), &stages_[depth_]->db_hits);
        stages_[depth_]->BeginRow(ctx, row_);
        ++depth_;
      }
    }
    return !out.empty();
  }

  std::vector<StreamOperatorPtr> stages_;  // bottom-up: stages_[0] reads the input
  bool in_place_ = false;
  std::vector<bool> keep_;
  // Depth-first state: the input, the row of it the stages work on, and how many
  // stages hold a row (stages_[depth_ - 1] is the one to resume).
  InputRows input_rows_;
  Value* row_ = nullptr;
  size_t depth_ = 0;
};

}  // namespace

PhysicalOperatorPtr MakePipeline(std::vector<StreamOperatorPtr> stages) {
  return std::make_unique<PipelineOp>(std::move(stages));
}

}  // namespace quiver::exec
