// Sort (ORDER BY): evaluates the sort keys of each input row once and sorts by
// openCypher's total order (OrderCompare; DESC reverses it, so nulls come first), ties
// in input order. With a known top k (LIMIT, plus SKIP, above it) it keeps only the k
// best rows while consuming its input: memory O(k) rather than O(input), time
// O(n log k).

#include <algorithm>
#include <numeric>

#include "exec/exec_context.h"
#include "exec/expression/evaluator.h"
#include "exec/operator/operators.h"
#include "exec/value_bytes.h"

namespace quiver::exec {

namespace {

class SortOp final : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;

  void Open(ExecContext& ctx, const Value* argument) override {
    PhysicalOperator::Open(ctx, argument);
    rows_ = ctx.NewRowBuffer();
    keys_.clear();
    seq_.clear();
    order_.clear();
    keys_charge_.Bind(&ctx.memory());
    next_seq_ = 0;
    sorted_ = false;
    emit_pos_ = 0;
    top_k_ = SIZE_MAX;
    if (logical().As<planner::LogicalSort>().limit) {
      std::vector<Value> scratch(ctx.width());
      Value k = Evaluate(*logical().As<planner::LogicalSort>().limit, scratch.data(), ctx);
      // An invalid count is the Limit's to report; the sort then keeps everything.
      if (k.IsInt() && k.AsInt() >= 0) top_k_ = static_cast<size_t>(k.AsInt());
    }
  }

  bool Produce(ExecContext& ctx, RowBatch& out) override {
    if (!sorted_) {
      Consume(ctx);
      sorted_ = true;
    }
    size_t before = out.size();
    while (!out.full() && emit_pos_ < order_.size()) out.AppendCopy(rows_->Row(order_[emit_pos_++]));
    if (emit_pos_ >= order_.size()) {
      // Everything is out: release the rows now rather than at the next Open.
      rows_->Clear();
      keys_.clear();
      seq_.clear();
      order_.clear();
      keys_charge_.Reset();
      emit_pos_ = 0;
    }
    rows_produced += out.size() - before;
    return out.size() > before;
  }

 private:
  void Consume(ExecContext& ctx) {
    const auto& op = logical().As<planner::LogicalSort>();
    size_t k = op.keys.size();
    RowBatch batch(ctx.width(), ctx.batch_capacity());
    while (input().Next(ctx, batch)) {
      for (size_t i = 0; i < batch.size(); ++i) {
        // The row first: it is charged for the payloads the batch alone holds, which
        // the keys then share.
        Value* row = rows_->AppendCopy(batch.Row(i));
        for (size_t e = 0; e < k; ++e) {
          keys_.push_back(Evaluate(*op.keys[e], row, ctx));
          keys_charge_.Add(HeldBytes(keys_.back()));
        }
        seq_.push_back(next_seq_++);
        keys_charge_.Add(sizeof(uint64_t) + sizeof(size_t));  // its seq_ and order_ entries
      }
      batch.Clear();
      // Top-k: once twice k rows (and a batch) are held, keep the best k.
      if (top_k_ != SIZE_MAX && rows_->size() >= 2 * top_k_ + kBatchRows) Keep(top_k_, ctx);
    }
    Keep(std::min(top_k_, rows_->size()), ctx);
  }

  bool Less(size_t a, size_t b) const {
    const auto& op = logical().As<planner::LogicalSort>();
    size_t k = op.keys.size();
    for (size_t e = 0; e < k; ++e) {
      int c = OrderCompare(keys_[a * k + e], keys_[b * k + e]);
      if (c != 0) return op.descending[e] ? c > 0 : c < 0;
    }
    return seq_[a] < seq_[b];  // ties keep their input order
  }

  // Sorts into order_, keeping its first `keep` rows. When rows are dropped (top k), the
  // kept ones move into a new buffer, so that what is held stays O(k); a full sort
  // emits through order_ and moves nothing.
  void Keep(size_t keep, ExecContext& ctx) {
    size_t n = rows_->size();
    order_.resize(n);
    std::iota(order_.begin(), order_.end(), 0);
    // The sort checks for cancellation too: a comparator may throw, and std::sort then
    // leaves `order_` a permutation, which is dropped with the statement.
    auto less = [this, &ctx](size_t a, size_t b) {
      ctx.Tick();
      return Less(a, b);
    };
    if (keep >= n) {
      std::sort(order_.begin(), order_.end(), less);
      return;
    }
    std::partial_sort(order_.begin(), order_.begin() + static_cast<ptrdiff_t>(keep), order_.end(), less);
    order_.resize(keep);
    size_t k = logical().As<planner::LogicalSort>().keys.size();
    auto rows = ctx.NewRowBuffer();
    std::vector<Value> keys;
    std::vector<uint64_t> seq;
    keys.reserve(order_.size() * k);
    seq.reserve(order_.size());
    MemoryCharge charge(&ctx.memory());
    for (size_t i : order_) {
      ctx.Tick();
      rows->AppendCopy(rows_->Row(i));
      for (size_t e = 0; e < k; ++e) {
        keys.push_back(std::move(keys_[i * k + e]));
        charge.Add(HeldBytes(keys.back()));
      }
      seq.push_back(seq_[i]);
      charge.Add(sizeof(uint64_t) + sizeof(size_t));
    }
    rows_ = std::move(rows);
    keys_ = std::move(keys);
    seq_ = std::move(seq);
    keys_charge_ = std::move(charge);
    std::iota(order_.begin(), order_.end(), 0);
  }

  std::unique_ptr<RowBuffer> rows_;
  std::vector<Value> keys_;  // keys.size() per row
  std::vector<uint64_t> seq_;
  std::vector<size_t> order_;  // after sorting: the rows in output order
  MemoryCharge keys_charge_;   // keys_, seq_ and order_
  uint64_t next_seq_ = 0;
  size_t top_k_ = SIZE_MAX;
  bool sorted_ = false;
  size_t emit_pos_ = 0;
};

}  // namespace

PhysicalOperatorPtr MakeSort(const LogicalOperator& op) {
  return std::make_unique<SortOp>(op);
}

}  // namespace quiver::exec
