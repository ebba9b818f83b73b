#include "exec/vector/vector_top_k.h"

#include <algorithm>

#include "exec/expression/evaluator.h"
#include "exec/value_bytes.h"
#include "exec/vector/fragment.h"

namespace quiver::exec::vector {

namespace {

using planner::LogicalOperator;

struct Entry {
  std::vector<Value> keys;
  uint64_t morsel = 0;     // the row's position in a one-worker run: its morsel,
  uint64_t rank = 0;       // then its rank within the morsel
  std::vector<Value> row;  // one value per fragment column
  uint64_t bytes = 0;
};

class VectorTopKOp final : public PhysicalOperator {
 public:
  VectorTopKOp(const planner::LogicalSort& logical, std::unique_ptr<Fragment> fragment)
      : PhysicalOperator(logical), fragment_(std::move(fragment)), descending_(logical.descending) {
    for (const auto& e : logical.keys) keys_.push_back(CompileExpression(*e, fragment_->columns()));
    for (size_t e = 1; e < keys_.size(); ++e) rest_may_throw_ = rest_may_throw_ || keys_[e]->MayThrow();
  }

  void Open(ExecContext& ctx, const Value* argument) override {
    PhysicalOperator::Open(ctx, argument);
    result_.clear();
    computed_ = false;
    emit_pos_ = 0;
  }

  void Profile(std::vector<ProfiledOperator>& out) const override {
    out.push_back({&logical(), rows_produced, run_.Note("vectorized top-k"), db_hits + fragment_->consumer_db_hits()});
    fragment_->Profile(out);
  }

 protected:
  bool Produce(ExecContext& ctx, RowBatch& out) override {
    if (!computed_) {
      Compute(ctx);
      computed_ = true;
    }
    const auto& columns = fragment_->columns();
    const size_t before = out.size();
    while (!out.full() && emit_pos_ < result_.size()) {
      Entry& e = result_[emit_pos_++];
      Value* row = out.AppendRow();
      for (uint32_t c = 0; c < columns.size(); ++c) row[columns.SlotOf(c)] = std::move(e.row[c]);
    }
    if (emit_pos_ >= result_.size()) {
      result_.clear();
      charge_.Reset();
    }
    rows_produced += out.size() - before;
    return out.size() > before;
  }

 private:
  // Does a come before b in the output?
  bool Before(const Entry& a, const Entry& b) const {
    const auto& descending = descending_;
    for (size_t e = 0; e < a.keys.size(); ++e) {
      int c = OrderCompare(a.keys[e], b.keys[e]);
      if (descending[e]) c = -c;
      if (c != 0) return c < 0;
    }
    return a.morsel != b.morsel ? a.morsel < b.morsel : a.rank < b.rank;
  }

  // The first row from `i` on that, by the first sort key alone, may come before `kept`
  // (the worst entry kept): the rows skipped are not among the k best and need no boxing.
  // A tight loop over the typed column, for an integer or float key against a bound of
  // the same type, where the order is the numbers' (a NaN or a null is never skipped:
  // the strict comparisons are false for NaN, and invalid rows stop the skip).
  size_t SkipWorseOnFirstKey(const ValueVector& first, size_t i, size_t n, const Entry& kept) const {
    const Value& bound = kept.keys[0];
    const uint8_t* valid = first.valid.data();
    auto skip = [&](const auto* x, auto y) {
      if (descending_[0]) {
        while (i < n && valid[i] && x[i] < y) ++i;
      } else {
        while (i < n && valid[i] && x[i] > y) ++i;
      }
      return i;
    };
    if (first.kind == VectorKind::kInt64 && bound.IsInt()) return skip(first.ints.data(), bound.AsInt());
    if (first.kind == VectorKind::kDouble && bound.IsFloat()) return skip(first.doubles.data(), bound.AsFloat());
    return i;
  }

  struct Heap {
    std::vector<Entry> entries;  // a max-heap by Before: the front is the worst kept
    uint64_t held = 0, charged = 0;
    MemoryCharge charge;
  };

  // Keeps `candidate` (moved from) when it is among the k best so far.
  void Offer(Heap& heap, Entry& candidate, const DataChunk& chunk, size_t i, const GraphReader& graph) const {
    auto before = [this](const Entry& a, const Entry& b) { return Before(a, b); };
    if (heap.entries.size() >= k_ && !Before(candidate, heap.entries.front())) return;
    candidate.row.resize(chunk.columns.size());
    for (uint32_t c = 0; c < chunk.columns.size(); ++c) {
      if (chunk.columns[c].size() == chunk.size) candidate.row[c] = chunk.GetValue(c, i, graph);
    }
    candidate.bytes = sizeof(Entry) + (candidate.keys.size() + candidate.row.size()) * sizeof(Value);
    for (const Value& v : candidate.keys) candidate.bytes += HeldBytes(v);
    for (const Value& v : candidate.row) candidate.bytes += HeldBytes(v);
    if (heap.entries.size() >= k_) {
      std::pop_heap(heap.entries.begin(), heap.entries.end(), before);
      heap.held -= heap.entries.back().bytes;
      heap.entries.pop_back();
    }
    heap.held += candidate.bytes;
    heap.entries.push_back(std::move(candidate));
    std::push_heap(heap.entries.begin(), heap.entries.end(), before);
    // What the heap holds at most (entries come and go; the charge follows the peak).
    if (heap.held > heap.charged) {
      heap.charge.Add(heap.held - heap.charged);
      heap.charged = heap.held;
    }
  }

  void Compute(ExecContext& ctx) {
    k_ = SIZE_MAX;  // a full sort: every row is among the best
    if (logical().As<planner::LogicalSort>().limit) {
      std::vector<Value> scratch(ctx.width());
      Value k = Evaluate(*logical().As<planner::LogicalSort>().limit, scratch.data(), ctx);
      // An invalid count is the Limit's to report; then everything is kept.
      if (k.IsInt() && k.AsInt() >= 0) k_ = static_cast<size_t>(k.AsInt());
    }
    run_ = fragment_->PlanRun(ctx, /*parallel=*/true);
    std::vector<std::unique_ptr<WorkerState>> states;
    std::vector<Heap> heaps(run_.workers);
    for (Heap& heap : heaps) heap.charge.Bind(&ctx.memory());
    // Each row's rank in its morsel: chunks of a morsel arrive in order, on one worker.
    std::vector<uint64_t> ranks(run_.morsels, 0);
    if (k_ > 0) {
      // Per worker, the key vectors, reused chunk after chunk.
      std::vector<std::vector<ValueVector>> worker_keys(run_.workers, std::vector<ValueVector>(keys_.size()));
      fragment_->Run(ctx, run_, states, [&](DataChunk& chunk, size_t m, uint32_t w) {
        WorkerState& worker = *states[w];
        const GraphReader& graph = worker.rows.graph();
        std::vector<ValueVector>& keys = worker_keys[w];
        const uint64_t rank = ranks[m];
        ranks[m] += chunk.size;
        Heap& heap = heaps[w];
        // The first key first: once the heap is full, most chunks have no row that beats
        // its worst, and then the other keys are not evaluated — unless one may throw for
        // some row, which the row engine (evaluating every key of every row) would report.
        keys_[0]->Evaluate(chunk, worker.eval, keys[0]);
        bool rest = false;  // the other keys evaluated for this chunk
        if (rest_may_throw_) {
          for (size_t e = 1; e < keys_.size(); ++e) keys_[e]->Evaluate(chunk, worker.eval, keys[e]);
          rest = true;
        }
        Entry candidate;  // reused until one is kept
        for (size_t i = 0; i < chunk.size; ++i) {
          if (heap.entries.size() >= k_) {
            i = SkipWorseOnFirstKey(keys[0], i, chunk.size, heap.entries.front());
            if (i == chunk.size) break;
          }
          if (!rest) {
            for (size_t e = 1; e < keys_.size(); ++e) keys_[e]->Evaluate(chunk, worker.eval, keys[e]);
            rest = true;
          }
          candidate.morsel = m;
          candidate.rank = rank + i;
          candidate.keys.resize(keys.size());
          for (size_t e = 0; e < keys.size(); ++e) candidate.keys[e] = BoxRow(keys[e], i, graph);
          Offer(heap, candidate, chunk, i, graph);
        }
      });
    }
    charge_.Bind(&ctx.memory());
    for (Heap& heap : heaps) {
      charge_.Add(heap.held);
      for (Entry& e : heap.entries) result_.push_back(std::move(e));
      heap.entries.clear();
      heap.charge.Reset();
    }
    std::sort(result_.begin(), result_.end(), [this](const Entry& a, const Entry& b) { return Before(a, b); });
    if (result_.size() > k_) result_.resize(k_);
  }

  std::unique_ptr<Fragment> fragment_;
  // Per sort key, whether it sorts descending: read per row (Before, SkipWorseOnFirstKey),
  // so kept here rather than looked up through the logical operator each time.
  std::vector<bool> descending_;
  std::vector<VectorExpressionPtr> keys_;
  bool rest_may_throw_ = false;  // whether a key after the first may throw for some row
  size_t k_ = SIZE_MAX;
  std::vector<Entry> result_;
  MemoryCharge charge_;
  bool computed_ = false;
  size_t emit_pos_ = 0;
  FragmentRun run_;  // the last run's (PROFILE)
};

}  // namespace

PhysicalOperatorPtr MakeVectorTopK(const LogicalOperator& logical) {
  const auto& sort = logical.As<planner::LogicalSort>();
  auto fragment = Fragment::Match(sort);
  if (!fragment) return nullptr;
  for (const auto& e : sort.keys) {
    if (!ReadsOnly(*e, fragment->columns())) return nullptr;
  }
  return std::make_unique<VectorTopKOp>(sort, std::move(fragment));
}

}  // namespace quiver::exec::vector
