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

namespace quiver::exec {

namespace {

class SortOp final : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;

  void Open(ExecContext& ctx, const Value* argument) override {
    PhysicalOperator::Open(ctx, argument);
    rows_ = std::make_unique<RowBuffer>(ctx.width());
    keys_.clear();
    seq_.clear();
    next_seq_ = 0;
    sorted_ = false;
    emit_pos_ = 0;
    top_k_ = SIZE_MAX;
    if (logical().sort_limit) {
      std::vector<Value> scratch(ctx.width());
      Value k = Evaluate(*logical().sort_limit, scratch.data(), ctx);
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
    while (!out.full() && emit_pos_ < rows_->size()) out.AppendCopy(rows_->Row(emit_pos_++));
    rows_produced += out.size() - before;
    return out.size() > before;
  }

 private:
  void Consume(ExecContext& ctx) {
    const auto& op = logical();
    size_t k = op.exprs.size();
    RowBatch batch(ctx.width(), ctx.batch_capacity());
    while (input().Next(ctx, batch)) {
      for (size_t i = 0; i < batch.size(); ++i) {
        Value* row = batch.Row(i);
        for (size_t e = 0; e < k; ++e) keys_.push_back(Evaluate(*op.exprs[e], row, ctx));
        seq_.push_back(next_seq_++);
        rows_->AppendCopy(row);
      }
      batch.Clear();
      // Top-k: once twice k rows (and a batch) are held, keep the best k.
      if (top_k_ != SIZE_MAX && rows_->size() >= 2 * top_k_ + kBatchRows) Keep(top_k_, ctx);
    }
    Keep(std::min(top_k_, rows_->size()), ctx);
  }

  bool Less(size_t a, size_t b) const {
    const auto& op = logical();
    size_t k = op.exprs.size();
    for (size_t e = 0; e < k; ++e) {
      int c = OrderCompare(keys_[a * k + e], keys_[b * k + e]);
      if (c != 0) return op.descending[e] ? c > 0 : c < 0;
    }
    return seq_[a] < seq_[b];  // ties keep their input order
  }

  // Sorts, keeping the first `keep` rows.
  void Keep(size_t keep, ExecContext& ctx) {
    size_t n = rows_->size();
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    // The sort checks for cancellation too: a comparator may throw, and std::sort then
    // leaves `order` a permutation, which is dropped with the statement.
    auto less = [this, &ctx](size_t a, size_t b) {
      ctx.Tick();
      return Less(a, b);
    };
    if (keep < n) {
      std::partial_sort(order.begin(), order.begin() + static_cast<ptrdiff_t>(keep), order.end(), less);
      order.resize(keep);
    } else {
      std::sort(order.begin(), order.end(), less);
    }
    size_t k = logical().exprs.size();
    auto rows = std::make_unique<RowBuffer>(rows_->width());
    std::vector<Value> keys;
    std::vector<uint64_t> seq;
    keys.reserve(order.size() * k);
    seq.reserve(order.size());
    for (size_t i : order) {
      ctx.Tick();
      rows->AppendCopy(rows_->Row(i));
      for (size_t e = 0; e < k; ++e) keys.push_back(std::move(keys_[i * k + e]));
      seq.push_back(seq_[i]);
    }
    rows_ = std::move(rows);
    keys_ = std::move(keys);
    seq_ = std::move(seq);
  }

  std::unique_ptr<RowBuffer> rows_;
  std::vector<Value> keys_;  // exprs.size() per row
  std::vector<uint64_t> seq_;
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
