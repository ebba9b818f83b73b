// CALL { } IN TRANSACTIONS ON ERROR CONTINUE | BREAK [REPORT STATUS AS s] (Neo4j 5.7).
//
// A batch is `batch_size` input rows, read before it runs. Its subquery runs for each
// of them and its rows are held back until the batch commits: a failure — an error in
// the subquery, or at the commit (a constraint) — must take back rows the client would
// otherwise have seen with writes that never happened. Then:
//   committed: the held rows come out;
//   failed:    the batch's writes are rolled back (ExecContext::RollbackBatch) and each
//              of its input rows comes out once, with the subquery's columns null;
//              CONTINUE goes on with the next batch, BREAK runs no later batch — their
//              input rows still come out, with null columns (Neo4j's rows).
// REPORT STATUS AS s puts on every row its batch's status, Neo4j's map: {started,
// committed, transactionId (a string; null where the statement writes nothing, so its
// batches are no transactions of their own), errorMessage}. ON ERROR FAIL (the default)
// is apply.cpp's streaming Apply.
//
// Errors the statement cannot go on after are not caught: cancellation and timeouts
// (Interrupted), the memory limit, storage and internal errors, a misuse of the API.

#include "exec/exec_context.h"
#include "exec/operator/in_transactions.h"
#include "exec/operator/operators.h"
#include "quiver/error.h"

namespace quiver::exec {

namespace {

using planner::LogicalApply;
using planner::OnError;

// Whether a batch failing with `e` is the batch's failure (rolled back, reported), not
// the statement's.
bool FailsTheBatchOnly(const QuiverError& e) {
  switch (e.error_class()) {
    case ErrorClass::kInterrupted:
    case ErrorClass::kResourceExhausted:
    case ErrorClass::kStorageError:
    case ErrorClass::kInternalError:
    case ErrorClass::kClientError:
      return false;
    default:
      return true;
  }
}

Value Status(bool started, bool committed, const std::string& id, const std::string* error) {
  ValueMap status;
  status.Set("started", Value::Bool(started));
  status.Set("committed", Value::Bool(committed));
  status.Set("transactionId", id.empty() ? Value() : Value::String(id));
  status.Set("errorMessage", error != nullptr ? Value::String(*error) : Value());
  return Value::Map(std::move(status));
}

class ApplyOnErrorOp final : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;

  void Open(ExecContext& ctx, const Value* argument) override {
    input().Open(ctx, argument);  // the subquery is opened per input row
    if (!outer_) {
      outer_ = ctx.NewRowBuffer();
      ready_ = ctx.NewRowBuffer();
      sub_ = ctx.NewBatch();
    }
    outer_->Clear();
    ready_->Clear();
    emit_ = 0;
    input_rows_.Reset();
    input_done_ = false;
    broken_ = false;
    batch_rows_ = InTransactionsBatchRows(apply(), ctx);
  }

 protected:
  bool Produce(ExecContext& ctx, RowBatch& out) override {
    while (!out.full()) {
      if (emit_ < ready_->size()) {
        out.AppendCopy(ready_->Row(emit_++));
        continue;
      }
      ready_->Clear();
      emit_ = 0;
      if (input_done_) break;
      RunBatch(ctx);
    }
    rows_produced += out.size();
    return !out.empty();
  }

 private:
  const LogicalApply& apply() const { return logical().As<LogicalApply>(); }

  // The next batch's input rows into outer_, its output rows into ready_.
  void RunBatch(ExecContext& ctx) {
    outer_->Clear();
    while (outer_->size() < batch_rows_) {
      const Value* row = input_rows_.Next(ctx, input());
      if (row == nullptr) {
        input_done_ = true;
        break;
      }
      outer_->AppendCopy(row);
    }
    if (outer_->empty()) return;
    if (broken_) {
      EmitUnmatched(Status(false, false, "", nullptr));
      return;
    }
    const std::string id = ctx.BatchTransactionId();
    const UpdateCounters before = ctx.counters();
    try {
      RunSubqueries(ctx);
      ctx.CommitBatch();
    } catch (const QuiverError& e) {
      if (!FailsTheBatchOnly(e)) throw;
      ready_->Clear();
      sub_->Clear();
      ctx.counters() = before;  // what the batch wrote is gone
      ctx.RollbackBatch();
      EmitUnmatched(Status(true, false, id, &e.message()));
      if (apply().on_error == OnError::kBreak) broken_ = true;
      return;
    }
    if (apply().status_slot == planner::kNoSlot) return;
    const Value status = Status(true, true, id, nullptr);
    for (size_t i = 0; i < ready_->size(); ++i) ready_->Row(i)[apply().status_slot] = status;
  }

  void RunSubqueries(ExecContext& ctx) {
    PhysicalOperator& subquery = *children[1];
    for (size_t r = 0; r < outer_->size(); ++r) {
      const Value* outer = outer_->Row(r);
      subquery.Open(ctx, outer);
      while (subquery.Next(ctx, *sub_)) {
        for (size_t i = 0; apply().returns && i < sub_->size(); ++i) {
          Value* row = ready_->AppendCopy(outer);
          for (auto slot : apply().result_slots) row[slot] = sub_->Row(i)[slot];
        }
        sub_->Clear();
      }
      if (!apply().returns) ready_->AppendCopy(outer);
    }
  }

  // Each input row of the batch once, the subquery's columns null.
  void EmitUnmatched(const Value& status) {
    for (size_t r = 0; r < outer_->size(); ++r) {
      Value* row = ready_->AppendCopy(outer_->Row(r));
      for (auto slot : apply().result_slots) row[slot] = Value();
      if (apply().status_slot != planner::kNoSlot) row[apply().status_slot] = status;
    }
  }

  InputRows input_rows_;
  std::unique_ptr<RowBuffer> outer_;  // the batch's input rows
  std::unique_ptr<RowBuffer> ready_;  // its output rows, held until it commits
  std::unique_ptr<RowBatch> sub_;
  size_t emit_ = 0;
  uint64_t batch_rows_ = 0;
  bool input_done_ = false;
  bool broken_ = false;  // BREAK: a batch failed, no later one runs
};

}  // namespace

PhysicalOperatorPtr MakeApplyOnError(const LogicalOperator& op) { return std::make_unique<ApplyOnErrorOp>(op); }

}  // namespace quiver::exec
