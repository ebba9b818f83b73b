#include "exec/physical_operator.h"

#include <chrono>

#include "common/stack_guard.h"
#include "exec/counting_graph.h"
#include "exec/exec_context.h"

namespace quiver::exec {

PhysicalOperator::~PhysicalOperator() {
  std::vector<PhysicalOperatorPtr> pending = std::move(children);
  while (!pending.empty()) {
    PhysicalOperatorPtr op = std::move(pending.back());
    pending.pop_back();
    if (!op) continue;  // moved out by a rewrite
    for (auto& child : op->children) pending.push_back(std::move(child));
    op->children.clear();
  }
}

size_t CountOperators(const PhysicalOperator& root) {
  size_t count = 0;
  std::vector<const PhysicalOperator*> stack{&root};
  while (!stack.empty()) {
    const PhysicalOperator* op = stack.back();
    stack.pop_back();
    ++count;
    for (const auto& child : op->children) stack.push_back(child.get());
  }
  return count;
}

void PhysicalOperator::Open(ExecContext& ctx, const Value* argument) {
  CheckStack();
  for (auto& child : children) child->Open(ctx, argument);
}

bool PhysicalOperator::Next(ExecContext& ctx, RowBatch& out) {
  CheckStack();
  ctx.CheckInterrupt();
  const auto start = std::chrono::steady_clock::now();
  DbHitScope hits(ctx.counting(), &db_hits);
  const bool produced = Produce(ctx, out);
  time_ns += static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count());
  return produced;
}

void PhysicalOperator::Profile(std::vector<ProfiledOperator>& out) const {
  out.push_back({&logical_, rows_produced, {}, db_hits});
}

Value* InputRows::Next(ExecContext& ctx, PhysicalOperator& input) {
  if (!batch_) batch_ = ctx.NewBatch();
  if (pos_ >= batch_->size()) {
    if (done_) return nullptr;
    batch_->Clear();
    pos_ = 0;
    if (!input.Next(ctx, *batch_)) {
      done_ = true;
      return nullptr;
    }
  }
  return batch_->Row(pos_++);
}

void EagerOperator::Open(ExecContext& ctx, const Value* argument) {
  PhysicalOperator::Open(ctx, argument);
  if (!rows_) rows_ = ctx.NewRowBuffer();
  rows_->Clear();
  processed_ = false;
  emit_pos_ = 0;
}

bool EagerOperator::Produce(ExecContext& ctx, RowBatch& out) {
  if (!processed_) {
    RowBatch batch(ctx.width(), ctx.batch_capacity());
    while (input().Next(ctx, batch)) {
      rows_->AppendBatch(batch);
      batch.Clear();
    }
    Process(ctx, *rows_);
    processed_ = true;
  }
  size_t before = out.size();
  while (!out.full() && emit_pos_ < rows_->size()) out.AppendCopy(rows_->Row(emit_pos_++));
  if (emit_pos_ >= rows_->size()) {
    // Everything is out: release the rows now rather than at the next Open.
    rows_->Clear();
    emit_pos_ = 0;
  }
  rows_produced += out.size() - before;
  return out.size() > before;
}

}  // namespace quiver::exec
