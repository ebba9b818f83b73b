#include "exec/vector/vector_aggregate.h"

#include <algorithm>

#include "exec/function/function.h"
#include "exec/vector/fragment.h"
#include "exec/vector/group_table.h"

namespace quiver::exec::vector {

namespace {

using planner::AggregateSpec;
using planner::LogicalOperator;

// count(*) and count(x): a native counter, no Aggregator.
bool IsCount(const AggregateSpec& spec) {
  return spec.function == nullptr || (spec.name == "count" && !spec.distinct && spec.args.size() == 1);
}

// Whether an aggregate's result is the same in whatever order the rows arrive (and the
// partial states merge): counts, min, max, and sum and avg (integers in 128 bits, floats
// by ExactSum, durations field by field — all exact), but not collect, stDev or the
// percentiles.
bool OrderIndependent(const AggregateSpec& spec) {
  return IsCount(spec) || spec.name == "min" || spec.name == "max" || spec.name == "count" ||
         spec.name == "sum" || spec.name == "avg";
}

// Dense arrays beyond this (per worker) use the hash table instead.
constexpr uint64_t kMaxDenseBytes = uint64_t{1} << 30;

class VectorAggregateOp final : public PhysicalOperator {
 public:
  VectorAggregateOp(const planner::LogicalAggregate& logical, std::unique_ptr<Fragment> fragment)
      : PhysicalOperator(logical), fragment_(std::move(fragment)) {
    const auto& columns = fragment_->columns();
    for (const auto& key : logical.keys) keys_.push_back(CompileExpression(*key, columns));
    std::vector<std::pair<std::string, std::pair<size_t, size_t>>> written;  // argument text → first
    for (const auto& spec : logical.aggregates) {
      Compiled c;
      c.count = IsCount(spec);
      c.star = spec.function == nullptr;
      c.index = c.count ? count_aggregates_++ : other_aggregates_++;
      for (const auto& a : spec.args) {
        const std::pair<size_t, size_t> here{aggregates_.size(), c.args.size()};
        c.args.push_back(CompileExpression(*a, columns));
        c.same_as.push_back(here);
        if (!planner::IsDeterministic(*a) || HasSubquery(*a)) continue;
        const std::string text = planner::ToString(*a);
        auto it = std::find_if(written.begin(), written.end(), [&](const auto& w) { return w.first == text; });
        if (it != written.end()) {
          c.same_as.back() = it->second;
        } else {
          written.emplace_back(text, here);
        }
      }
      c.typed = !c.count && spec.args.size() == 1;
      aggregates_.push_back(std::move(c));
      order_independent_ = order_independent_ && OrderIndependent(spec);
    }
    DecideDense(logical);
  }

  void Open(ExecContext& ctx, const Value* argument) override {
    PhysicalOperator::Open(ctx, argument);
    result_.reset();
    computed_ = false;
    emit_pos_ = 0;
  }

  void Profile(std::vector<ProfiledOperator>& out) const override {
    std::string note = run_.Note("vectorized");
    if (dense_) note += ", grouped by node";
    out.push_back({&logical(), rows_produced, std::move(note), db_hits + fragment_->consumer_db_hits()});
    fragment_->Profile(out);
  }

 protected:
  bool Produce(ExecContext& ctx, RowBatch& out) override {
    const auto& op = logical().As<planner::LogicalAggregate>();
    if (!computed_) {
      Compute(ctx);
      computed_ = true;
    }
    GroupTable& t = *result_;
    while (!out.full() && emit_pos_ < t.size()) {
      const size_t g = emit_pos_++;
      Value* row = out.AppendRow();
      for (size_t k = 0; k < op.keys.size(); ++k) row[op.key_slots[k]] = std::move(t.key(g)[k]);
      for (size_t a = 0; a < op.aggregates.size(); ++a) {
        const Compiled& c = aggregates_[a];
        row[op.aggregates[a].slot] = c.count ? Value::Int(t.counts(g)[c.index]) : t.aggregator(g, c.index).Finalize();
      }
    }
    if (emit_pos_ >= t.size()) t.Clear();
    rows_produced += out.size();
    return !out.empty();
  }

 private:
  struct Compiled {
    bool typed = false;  // one argument: Integer and Float vectors update without boxing
    bool count = false;
    bool star = false;
    size_t index = 0;  // among the counts, or among the other aggregates
    std::vector<VectorExpressionPtr> args;
    // Per argument, the (aggregate, argument) whose vector it reuses: itself, or the
    // first written the same way (deterministic, no subquery).
    std::vector<std::pair<size_t, size_t>> same_as;
  };

  // One worker's aggregation state: a group table, or per node id the rows seen and
  // each count ((1 + counts) per node) when grouping by node.
  struct Partial {
    std::unique_ptr<GroupTable> table;
    std::vector<int64_t> dense;
    MemoryCharge dense_charge;
    std::vector<uint32_t> groups;  // per row of the chunk being consumed: its group
    // The chunk's evaluated arguments and keys: kept between chunks, so their arrays are
    // allocated once per worker, not once per chunk.
    std::vector<std::vector<ValueVector>> evaluated;
    std::vector<std::vector<const ValueVector*>> args;
    std::vector<ValueVector> keys;
  };

  // Dense by node when every key reads only one node column and every aggregate counts.
  void DecideDense(const planner::LogicalAggregate& op) {
    if (op.keys.empty() || other_aggregates_ > 0) return;
    const auto& columns = fragment_->columns();
    uint32_t column = FragmentColumns::kNoColumn;
    for (const auto& key : op.keys) {
      if (!planner::IsDeterministic(*key) || HasSubquery(*key)) return;
      std::vector<planner::SlotId> slots;
      planner::CollectSlots(*key, slots);
      if (slots.empty()) return;
      for (planner::SlotId s : slots) {
        const uint32_t c = columns.Find(s);
        if (c == FragmentColumns::kNoColumn || !columns.IsNode(c)) return;
        if (column != FragmentColumns::kNoColumn && column != c) return;
        column = c;
      }
    }
    // Each scan node in one row at most: the hash table sees no more rows than the dense
    // arrays would hold nodes, without an array over every node id per worker.
    if (column == fragment_->scan_column() && fragment_->ScanNodesOnce()) return;
    dense_column_ = column;
  }

  std::unique_ptr<GroupTable> NewTable(ExecContext& ctx) const {
    return std::make_unique<GroupTable>(keys_.size(), count_aggregates_, other_aggregates_, &ctx.memory());
  }
  std::vector<std::unique_ptr<Aggregator>> NewAggregators() const {
    std::vector<std::unique_ptr<Aggregator>> out;
    const auto& specs = logical().As<planner::LogicalAggregate>().aggregates;
    for (size_t a = 0; a < specs.size(); ++a) {
      const auto& spec = specs[a];
      if (aggregates_[a].count) continue;
      std::unique_ptr<Aggregator> agg = spec.function->make();
      if (spec.distinct) agg = MakeDistinct(std::move(agg));
      out.push_back(std::move(agg));
    }
    return out;
  }

  // On every worker where the aggregates' results do not depend on the order of rows;
  // otherwise on one, in the row engine's order.
  void Compute(ExecContext& ctx) { RunOnce(ctx, order_independent_); }

  void RunOnce(ExecContext& ctx, bool parallel) {
    run_ = fragment_->PlanRun(ctx, parallel);
    // Partials per worker, merged at the end: a row may be counted on any worker.
    run_.share_chunks = parallel;
    node_bound_ = run_.bound;
    const uint32_t workers = run_.workers;
    dense_ = false;
    if (dense_column_ != FragmentColumns::kNoColumn) {
      const uint64_t bytes = node_bound_ * (1 + count_aggregates_) * sizeof(int64_t);
      const uint64_t limit = ctx.memory().limit();
      dense_ = bytes <= kMaxDenseBytes && (limit == 0 || bytes * workers <= limit / 4);
    }
    std::vector<std::unique_ptr<WorkerState>> states;
    std::vector<Partial> partials(workers);
    for (uint32_t w = 0; w < workers; ++w) {
      partials[w].table = NewTable(ctx);
      partials[w].dense_charge.Bind(&ctx.memory());
    }
    fragment_->Run(ctx, run_, states,
                   [&](DataChunk& chunk, size_t, uint32_t w) { Consume(chunk, *states[w], partials[w]); });
    Partial& first = partials[0];
    auto make = [this] { return NewAggregators(); };
    if (dense_) {
      for (uint32_t w = 1; w < workers; ++w) {
        if (first.dense.empty()) {
          first.dense.swap(partials[w].dense);
        } else if (!partials[w].dense.empty()) {
          for (size_t i = 0; i < first.dense.size(); ++i) first.dense[i] += partials[w].dense[i];
        }
        partials[w].dense = {};
      }
      FinishDense(first, *states[0]);
    } else {
      for (uint32_t w = 1; w < workers; ++w) first.table->Merge(*partials[w].table, make);
    }
    if (keys_.empty() && first.table->size() == 0) first.table->FindOrInsert(nullptr, make);
    result_ = std::move(first.table);
  }

  void Consume(DataChunk& chunk, WorkerState& worker, Partial& partial) const {
    const size_t n = chunk.size;
    // Each aggregate's arguments (count(x) reads only the first one's validity); an
    // argument written like an earlier one (min(p.age), max(p.age)) is evaluated once.
    auto& evaluated = partial.evaluated;
    auto& args = partial.args;
    evaluated.resize(aggregates_.size());
    args.resize(aggregates_.size());
    for (size_t a = 0; a < aggregates_.size(); ++a) {
      evaluated[a].resize(aggregates_[a].args.size());
      args[a].clear();
      for (size_t j = 0; j < aggregates_[a].args.size(); ++j) {
        const auto [sa, sj] = aggregates_[a].same_as[j];
        if (sa != a || sj != j) {
          args[a].push_back(args[sa][sj]);
          continue;
        }
        aggregates_[a].args[j]->Evaluate(chunk, worker.eval, evaluated[a][j]);
        args[a].push_back(&evaluated[a][j]);
      }
    }
    if (dense_) {
      const size_t stride = 1 + count_aggregates_;
      if (partial.dense.empty()) {
        partial.dense_charge.Add(node_bound_ * stride * sizeof(int64_t));
        partial.dense.assign(node_bound_ * stride, 0);
      }
      const ValueVector& nodes = chunk.columns[dense_column_];
      for (size_t i = 0; i < n; ++i) {
        int64_t* slot = &partial.dense[nodes.ids[i] * stride];
        const int64_t m = static_cast<int64_t>(chunk.Multiplicity(i));
        slot[0] += m;
        for (size_t a = 0; a < aggregates_.size(); ++a) {
          slot[1 + aggregates_[a].index] += aggregates_[a].star ? m : args[a][0]->valid[i] * m;
        }
      }
      return;
    }
    const GraphReader& graph = worker.rows.graph();
    GroupTable& table = *partial.table;
    auto make = [this] { return NewAggregators(); };
    std::vector<ValueVector>& keys = partial.keys;
    keys.resize(keys_.size());
    for (size_t k = 0; k < keys.size(); ++k) keys_[k]->Evaluate(chunk, worker.eval, keys[k]);
    std::vector<Value> row_args;
    // Without keys every row is the one group's: one lookup per chunk.
    std::vector<uint32_t>& groups = partial.groups;
    if (keys.empty()) {
      groups.assign(n, n > 0 ? static_cast<uint32_t>(table.FindOrInsert(nullptr, make)) : 0);
    } else {
      table.FindOrInsertRows(keys.data(), n, graph, make, groups);
    }
    // Counts a column at a time: no per-row dispatch on the aggregate's kind.
    for (size_t a = 0; a < aggregates_.size(); ++a) {
      const Compiled& c = aggregates_[a];
      if (!c.count) continue;
      const ValueVector* arg = c.star ? nullptr : args[a][0];
      for (size_t i = 0; i < n; ++i) {
        const int64_t m = static_cast<int64_t>(chunk.Multiplicity(i));
        table.counts(groups[i])[c.index] += arg == nullptr ? m : arg->valid[i] * m;
      }
    }
    if (other_aggregates_ == 0) return;
    if (keys.empty() && n > 0) {
      // One group: each typed argument's chunk in one call (Aggregator::UpdateInts).
      bool all_typed = true;
      for (size_t a = 0; a < aggregates_.size(); ++a) {
        const Compiled& c = aggregates_[a];
        if (c.count) continue;
        const ValueVector& v = *args[a][0];
        const bool typed = c.typed && (v.kind == VectorKind::kInt64 || v.kind == VectorKind::kDouble);
        all_typed = all_typed && typed;
        if (!typed) continue;
        Aggregator& aggregator = table.aggregator(groups[0], c.index);
        const uint64_t before = aggregator.held_bytes();
        if (v.kind == VectorKind::kInt64) {
          aggregator.UpdateInts(v.ints, v.valid);
        } else {
          aggregator.UpdateFloats(v.doubles, v.valid);
        }
        table.ChargeGrowth(aggregator.held_bytes() - before);
      }
      if (all_typed) return;
    }
    const bool batched = keys.empty();
    for (size_t i = 0; i < n; ++i) {
      const size_t g = groups[i];
      for (size_t a = 0; a < aggregates_.size(); ++a) {
        const Compiled& c = aggregates_[a];
        if (c.count) continue;
        const ValueVector& v = *args[a][0];
        if (batched && c.typed && (v.kind == VectorKind::kInt64 || v.kind == VectorKind::kDouble)) continue;
        Aggregator& aggregator = table.aggregator(g, c.index);
        const uint64_t before = aggregator.held_bytes();
        if (c.typed && v.kind == VectorKind::kInt64) {
          if (v.valid[i]) aggregator.UpdateInt(v.ints[i]);
        } else if (c.typed && v.kind == VectorKind::kDouble) {
          if (v.valid[i]) aggregator.UpdateFloat(v.doubles[i]);
        } else {
          row_args.clear();
          for (const ValueVector* arg : args[a]) row_args.push_back(BoxRow(*arg, i, graph));
          aggregator.Update(row_args);
        }
        table.ChargeGrowth(aggregator.held_bytes() - before);
      }
    }
  }

  // The per-node counts into groups: the keys evaluated once per node seen, a chunk of
  // nodes at a time.
  void FinishDense(Partial& partial, WorkerState& worker) const {
    if (partial.dense.empty()) return;
    const size_t stride = 1 + count_aggregates_;
    const size_t vector_size = std::max<uint32_t>(1, worker.rows.execution().vector_size);
    GroupTable& table = *partial.table;
    auto make = [this] { return NewAggregators(); };
    size_t seen = 0;
    for (uint64_t node = 0; node < node_bound_; ++node) seen += partial.dense[node * stride] != 0;
    // Groups are at most the nodes seen, often far fewer (a key computed from the node):
    // a bounded reservation, the table grows past it.
    table.Reserve(std::min<size_t>(seen, 1 << 16));
    DataChunk chunk;
    chunk.columns.resize(fragment_->columns().size());
    std::vector<ValueVector> keys(keys_.size());
    const GraphReader& graph = worker.rows.graph();
    auto flush = [&] {
      if (chunk.size == 0) return;
      worker.rows.CheckInterrupt();
      for (size_t k = 0; k < keys.size(); ++k) keys_[k]->Evaluate(chunk, worker.eval, keys[k]);
      const ValueVector& nodes = chunk.columns[dense_column_];
      table.FindOrInsertRows(keys.data(), chunk.size, graph, make, partial.groups);
      for (size_t i = 0; i < chunk.size; ++i) {
        const int64_t* slot = &partial.dense[nodes.ids[i] * stride];
        for (size_t c = 0; c < count_aggregates_; ++c) table.counts(partial.groups[i])[c] += slot[1 + c];
      }
      chunk.size = 0;
      chunk.columns[dense_column_].Reset(VectorKind::kNode, 0);
    };
    chunk.columns[dense_column_].Reset(VectorKind::kNode, 0);
    for (uint64_t node = 0; node < node_bound_; ++node) {
      if (partial.dense[node * stride] == 0) continue;
      ValueVector& nodes = chunk.columns[dense_column_];
      nodes.ids.push_back(node);
      nodes.valid.push_back(1);
      if (++chunk.size >= vector_size) flush();
    }
    flush();
    partial.dense = {};
    partial.dense_charge.Reset();
  }

  std::unique_ptr<Fragment> fragment_;
  std::vector<VectorExpressionPtr> keys_;
  std::vector<Compiled> aggregates_;
  size_t count_aggregates_ = 0;
  size_t other_aggregates_ = 0;
  bool order_independent_ = true;
  uint32_t dense_column_ = FragmentColumns::kNoColumn;  // the candidate; dense_ when chosen
  bool dense_ = false;
  uint64_t node_bound_ = 0;
  FragmentRun run_;  // the last run's (PROFILE)
  std::unique_ptr<GroupTable> result_;
  bool computed_ = false;
  size_t emit_pos_ = 0;
};

}  // namespace

PhysicalOperatorPtr MakeVectorAggregate(const LogicalOperator& logical) {
  const auto& aggregate = logical.As<planner::LogicalAggregate>();
  auto fragment = Fragment::Match(aggregate);
  if (!fragment) return nullptr;
  for (const auto& e : aggregate.keys) {
    if (!ReadsOnly(*e, fragment->columns())) return nullptr;
  }
  for (const auto& spec : aggregate.aggregates) {
    for (const auto& a : spec.args) {
      if (!ReadsOnly(*a, fragment->columns())) return nullptr;
    }
  }
  std::vector<const planner::BoundExpr*> reads;
  for (const auto& key : aggregate.keys) reads.push_back(key.get());
  for (const auto& spec : aggregate.aggregates) {
    for (const auto& a : spec.args) reads.push_back(a.get());
  }
  bool counts_only = true;
  for (const auto& spec : aggregate.aggregates) counts_only = counts_only && IsCount(spec);
  fragment->SetConsumerReads(reads, counts_only);
  return std::make_unique<VectorAggregateOp>(aggregate, std::move(fragment));
}

}  // namespace quiver::exec::vector
