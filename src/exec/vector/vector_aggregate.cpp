#include "exec/vector/vector_aggregate.h"

#include <algorithm>
#include <unordered_map>

#include "exec/entity_ref.h"
#include "exec/function/function.h"
#include "exec/operator/key_tuple.h"
#include "exec/value_bytes.h"
#include "exec/vector/fragment.h"
#include "ingest/worker_pool.h"

namespace quiver::exec::vector {

namespace {

using planner::AggregateSpec;
using planner::LogicalOperator;

// count(*) and count(x): a native counter, no Aggregator.
bool IsCount(const AggregateSpec& spec) {
  return spec.function == nullptr || (spec.name == "count" && !spec.distinct && spec.args.size() == 1);
}

// Aggregates whose result is the same in whatever order the rows arrive (and the
// partial states merge).
bool OrderIndependent(const AggregateSpec& spec) {
  if (IsCount(spec)) return true;
  if (spec.name == "min" || spec.name == "max") return true;
  if (spec.name == "count") return true;  // count(DISTINCT x)
  if ((spec.name == "sum" || spec.name == "avg") && !spec.args.empty() &&
      spec.args[0]->type == planner::StaticType::kInt) {
    return true;
  }
  return false;
}

// Dense arrays beyond this (per worker) use the hash table instead.
constexpr uint64_t kMaxDenseBytes = uint64_t{1} << 30;

struct Group {
  KeyTuple keys;
  std::vector<int64_t> counts;                          // per count aggregate
  std::vector<std::unique_ptr<Aggregator>> aggregators;  // per other aggregate
};

class VectorAggregateOp;

// One worker's groups.
class GroupTable {
 public:
  GroupTable(const VectorAggregateOp& op, QueryMemory* memory) : op_(op), charge_(memory) {}
  void Consume(DataChunk& chunk, WorkerState& worker);
  void Merge(GroupTable& other);
  // Dense: the arrays summed into this one's (the workers' tables, one at a time).
  void MergeDense(const GroupTable& other);
  // Dense: the per-node counts into groups (keys evaluated per node).
  void FinishDense(WorkerState& worker);
  std::vector<Group>& groups() { return groups_; }

 private:
  Group& Find(KeyTuple key);
  Group NewGroup(KeyTuple keys) const;

  const VectorAggregateOp& op_;
  MemoryCharge charge_;
  std::vector<Group> groups_;
  std::unordered_map<KeyTuple, size_t, KeyTupleHash, KeyTupleEqual> index_;
  // Dense: per node id, rows seen, then each count aggregate: (1 + counts) per node.
  std::vector<int64_t> dense_;
};

class VectorAggregateOp final : public PhysicalOperator {
 public:
  VectorAggregateOp(const LogicalOperator& logical, std::unique_ptr<Fragment> fragment)
      : PhysicalOperator(logical), fragment_(std::move(fragment)) {
    const auto& columns = fragment_->columns();
    for (size_t k = 0; k < logical.key_count; ++k) keys_.push_back(CompileExpression(*logical.exprs[k], columns));
    for (const auto& spec : logical.aggregates) {
      Compiled c;
      c.count = IsCount(spec);
      c.star = spec.function == nullptr;
      c.index = c.count ? count_aggregates_++ : other_aggregates_++;
      for (const auto& a : spec.args) c.args.push_back(CompileExpression(*a, columns));
      aggregates_.push_back(std::move(c));
      order_independent_ = order_independent_ && OrderIndependent(spec);
    }
    DecideDense(logical);
  }

  void Open(ExecContext& ctx, const Value* argument) override {
    PhysicalOperator::Open(ctx, argument);
    groups_.clear();
    computed_ = false;
    emit_pos_ = 0;
  }

  void Profile(std::vector<ProfiledOperator>& out) const override {
    std::string note = "vectorized: " + std::to_string(workers_used_) + (workers_used_ == 1 ? " worker" : " workers") +
                       ", " + std::to_string(morsels_) + (morsels_ == 1 ? " morsel" : " morsels");
    if (dense()) note += ", grouped by node";
    out.push_back({&logical(), rows_produced, std::move(note)});
    fragment_->Profile(out);
  }

  struct Compiled {
    bool count = false;
    bool star = false;
    size_t index = 0;  // among the counts, or among the other aggregates
    std::vector<VectorExpressionPtr> args;
  };
  const std::vector<VectorExpressionPtr>& keys() const { return keys_; }
  const std::vector<Compiled>& aggregates() const { return aggregates_; }
  size_t count_aggregates() const { return count_aggregates_; }
  bool dense() const { return dense_column_ != FragmentColumns::kNoColumn; }
  uint32_t dense_column() const { return dense_column_; }
  uint64_t node_bound() const { return node_bound_; }
  size_t column_count() const { return fragment_->columns().size(); }

 protected:
  bool Produce(ExecContext& ctx, RowBatch& out) override {
    const auto& op = logical();
    if (!computed_) {
      Compute(ctx);
      computed_ = true;
    }
    while (!out.full() && emit_pos_ < groups_.size()) {
      Group& group = groups_[emit_pos_++];
      Value* row = out.AppendRow();
      for (size_t k = 0; k < op.key_count; ++k) row[op.slots[k]] = std::move(group.keys[k]);
      for (size_t a = 0; a < op.aggregates.size(); ++a) {
        const Compiled& c = aggregates_[a];
        row[op.aggregates[a].slot] =
            c.count ? Value::Int(group.counts[c.index]) : group.aggregators[c.index]->Finalize();
      }
    }
    if (emit_pos_ >= groups_.size()) {
      groups_.clear();
      tables_.clear();
    }
    rows_produced += out.size();
    return !out.empty();
  }

 private:
  // Dense by node when every key reads only one node column and every aggregate counts.
  void DecideDense(const LogicalOperator& op) {
    if (op.key_count == 0 || other_aggregates_ > 0) return;
    const auto& columns = fragment_->columns();
    uint32_t column = FragmentColumns::kNoColumn;
    for (size_t k = 0; k < op.key_count; ++k) {
      std::vector<planner::SlotId> slots;
      planner::CollectSlots(*op.exprs[k], slots);
      if (slots.empty() || op.exprs[k]->subplan) return;
      for (planner::SlotId s : slots) {
        const uint32_t c = columns.Find(s);
        if (c == FragmentColumns::kNoColumn || !columns.IsNode(c)) return;
        if (column != FragmentColumns::kNoColumn && column != c) return;
        column = c;
      }
      if (!Deterministic(*op.exprs[k])) return;
    }
    dense_candidate_ = column;
  }
  static bool Deterministic(const planner::BoundExpr& e) {
    if (e.op == planner::ExprOp::kScalarFunction && !e.deterministic) return false;
    if (e.subplan) return false;
    return std::all_of(e.args.begin(), e.args.end(), [](const planner::BoundExprPtr& a) { return Deterministic(*a); });
  }

  void Compute(ExecContext& ctx) {
    const GraphReader& graph = ctx.graph();
    const ExecutionOptions& options = ctx.execution();
    node_bound_ = fragment_->NodeBound(graph);
    const uint64_t morsel = std::max<uint32_t>(1, options.morsel_nodes);
    const uint64_t morsels = (node_bound_ + morsel - 1) / morsel;
    uint32_t workers = std::max<uint32_t>(1, options.workers);
    if (!order_independent_) workers = 1;
    workers = static_cast<uint32_t>(std::min<uint64_t>(workers, std::max<uint64_t>(1, morsels)));
    workers_used_ = workers;
    morsels_ = morsels;
    dense_column_ = FragmentColumns::kNoColumn;
    if (dense_candidate_ != FragmentColumns::kNoColumn) {
      const uint64_t bytes = node_bound_ * (1 + count_aggregates_) * sizeof(int64_t);
      const uint64_t limit = ctx.memory().limit();
      if (bytes <= kMaxDenseBytes && (limit == 0 || bytes * workers <= limit / 4)) dense_column_ = dense_candidate_;
    }
    std::vector<std::unique_ptr<WorkerState>> states;
    tables_.clear();
    for (uint32_t w = 0; w < workers; ++w) {
      states.push_back(std::make_unique<WorkerState>(ctx));
      tables_.push_back(std::make_unique<GroupTable>(*this, &ctx.memory()));
    }
    auto run = [&](size_t m, uint32_t w) {
      const NodeId begin = m * morsel;
      const NodeId end = std::min<uint64_t>(node_bound_, begin + morsel);
      fragment_->RunMorsel(begin, end, *states[w],
                           [&](DataChunk& chunk) { tables_[w]->Consume(chunk, *states[w]); });
    };
    if (workers == 1) {
      for (size_t m = 0; m < morsels; ++m) run(m, 0);
    } else {
      ingest::WorkerPool pool(workers);
      pool.ParallelFor(morsels, run);
    }
    GroupTable& first = *tables_[0];
    if (dense()) {
      for (uint32_t w = 1; w < workers; ++w) first.MergeDense(*tables_[w]);
      first.FinishDense(*states[0]);
    } else {
      for (uint32_t w = 1; w < workers; ++w) first.Merge(*tables_[w]);
    }
    groups_ = std::move(first.groups());
    if (logical().key_count == 0 && groups_.empty()) groups_.push_back(NewEmptyGroup());
  }

 public:
  Group NewEmptyGroup() const {
    Group g;
    g.counts.assign(count_aggregates_, 0);
    for (size_t a = 0; a < logical().aggregates.size(); ++a) {
      const auto& spec = logical().aggregates[a];
      if (aggregates_[a].count) continue;
      std::unique_ptr<Aggregator> agg = spec.function->make();
      if (spec.distinct) agg = MakeDistinct(std::move(agg));
      g.aggregators.push_back(std::move(agg));
    }
    return g;
  }

 private:
  std::unique_ptr<Fragment> fragment_;
  std::vector<VectorExpressionPtr> keys_;
  std::vector<Compiled> aggregates_;
  size_t count_aggregates_ = 0;
  size_t other_aggregates_ = 0;
  bool order_independent_ = true;
  uint32_t dense_candidate_ = FragmentColumns::kNoColumn;
  uint32_t dense_column_ = FragmentColumns::kNoColumn;
  uint64_t node_bound_ = 0;
  uint32_t workers_used_ = 0;  // PROFILE: of the last run
  uint64_t morsels_ = 0;
  std::vector<std::unique_ptr<GroupTable>> tables_;
  std::vector<Group> groups_;
  bool computed_ = false;
  size_t emit_pos_ = 0;
};

// An aggregator's state object and its pointer, beyond what it reports holding.
constexpr uint64_t kAggregatorBytes = 64;

Group GroupTable::NewGroup(KeyTuple keys) const {
  Group g = op_.NewEmptyGroup();
  g.keys = std::move(keys);
  return g;
}

Group& GroupTable::Find(KeyTuple key) {
  auto [it, inserted] = index_.try_emplace(key, groups_.size());
  if (inserted) {
    uint64_t bytes = kHashEntryBytes + 2 * sizeof(KeyTuple) + sizeof(Group);
    for (const Value& v : key) bytes += HeldBytes(v) + sizeof(Value);
    charge_.Add(bytes + op_.count_aggregates() * sizeof(int64_t) +
                (op_.aggregates().size() - op_.count_aggregates()) * kAggregatorBytes);
    groups_.push_back(NewGroup(std::move(key)));
  }
  return groups_[it->second];
}

void GroupTable::Consume(DataChunk& chunk, WorkerState& worker) {
  const auto& aggregates = op_.aggregates();
  const size_t n = chunk.size;
  // Each aggregate's first argument (count(x) reads only its validity).
  std::vector<std::vector<ValueVector>> args(aggregates.size());
  for (size_t a = 0; a < aggregates.size(); ++a) {
    args[a].resize(aggregates[a].args.size());
    for (size_t j = 0; j < aggregates[a].args.size(); ++j) aggregates[a].args[j]->Evaluate(chunk, worker.eval, args[a][j]);
  }
  if (op_.dense()) {
    const size_t stride = 1 + op_.count_aggregates();
    if (dense_.empty()) {
      charge_.Add(op_.node_bound() * stride * sizeof(int64_t));
      dense_.assign(op_.node_bound() * stride, 0);
    }
    const ValueVector& nodes = chunk.columns[op_.dense_column()];
    for (size_t i = 0; i < n; ++i) {
      int64_t* slot = &dense_[nodes.ids[i] * stride];
      ++slot[0];
      for (size_t a = 0; a < aggregates.size(); ++a) {
        slot[1 + aggregates[a].index] += aggregates[a].star ? 1 : args[a][0].valid[i];
      }
    }
    return;
  }
  std::vector<ValueVector> keys(op_.keys().size());
  for (size_t k = 0; k < keys.size(); ++k) op_.keys()[k]->Evaluate(chunk, worker.eval, keys[k]);
  std::vector<Value> row_args;
  Group* single = nullptr;
  if (keys.empty()) {
    if (groups_.empty()) groups_.push_back(NewGroup({}));
    single = &groups_[0];
  }
  for (size_t i = 0; i < n; ++i) {
    Group* group = single;
    if (group == nullptr) {
      KeyTuple key;
      key.reserve(keys.size());
      for (const ValueVector& k : keys) {
        key.push_back(k.kind == VectorKind::kRelationship && k.valid[i]
                          ? RelRef(worker.rows.graph().GetRelationship(k.ids[i]), worker.rows.graph())
                          : k.Get(i));
      }
      group = &Find(std::move(key));
    }
    for (size_t a = 0; a < aggregates.size(); ++a) {
      const auto& c = aggregates[a];
      if (c.count) {
        group->counts[c.index] += c.star ? 1 : args[a][0].valid[i];
        continue;
      }
      row_args.clear();
      for (const ValueVector& v : args[a]) {
        row_args.push_back(v.kind == VectorKind::kRelationship && v.valid[i]
                               ? RelRef(worker.rows.graph().GetRelationship(v.ids[i]), worker.rows.graph())
                               : v.Get(i));
      }
      Aggregator& aggregator = *group->aggregators[c.index];
      const uint64_t before = aggregator.held_bytes();
      aggregator.Update(row_args);
      charge_.Add(aggregator.held_bytes() - before);
    }
  }
}

void GroupTable::Merge(GroupTable& other) {
  for (Group& g : other.groups_) {
    Group* mine = nullptr;
    if (op_.keys().empty()) {
      if (groups_.empty()) groups_.push_back(NewGroup({}));
      mine = &groups_[0];
    } else {
      mine = &Find(std::move(g.keys));
    }
    for (size_t i = 0; i < g.counts.size(); ++i) mine->counts[i] += g.counts[i];
    for (size_t i = 0; i < g.aggregators.size(); ++i) mine->aggregators[i]->Merge(*g.aggregators[i]);
  }
  other.groups_.clear();
  other.index_.clear();
}

void GroupTable::MergeDense(const GroupTable& other) {
  if (other.dense_.empty()) return;
  if (dense_.empty()) {
    dense_ = other.dense_;
    return;
  }
  for (size_t i = 0; i < dense_.size(); ++i) dense_[i] += other.dense_[i];
}

void GroupTable::FinishDense(WorkerState& worker) {
  if (dense_.empty()) return;
  const size_t stride = 1 + op_.count_aggregates();
  const size_t vector_size = std::max<uint32_t>(1, worker.rows.execution().vector_size);
  DataChunk chunk;
  std::vector<size_t> rows_of;
  auto flush = [&] {
    if (chunk.size == 0) return;
    std::vector<ValueVector> keys(op_.keys().size());
    for (size_t k = 0; k < keys.size(); ++k) op_.keys()[k]->Evaluate(chunk, worker.eval, keys[k]);
    const ValueVector& nodes = chunk.columns[op_.dense_column()];
    for (size_t i = 0; i < chunk.size; ++i) {
      KeyTuple key;
      for (const ValueVector& k : keys) key.push_back(k.Get(i));
      Group& g = Find(std::move(key));
      const int64_t* slot = &dense_[nodes.ids[i] * stride];
      for (size_t c = 0; c < g.counts.size(); ++c) g.counts[c] += slot[1 + c];
    }
    chunk.size = 0;
    chunk.columns[op_.dense_column()].Reset(VectorKind::kNode, 0);
  };
  chunk.columns.resize(op_.column_count());
  chunk.columns[op_.dense_column()].Reset(VectorKind::kNode, 0);
  for (uint64_t node = 0; node < op_.node_bound(); ++node) {
    if (dense_[node * stride] == 0) continue;
    ValueVector& nodes = chunk.columns[op_.dense_column()];
    nodes.ids.push_back(node);
    nodes.valid.push_back(1);
    if (++chunk.size >= vector_size) {
      worker.rows.CheckInterrupt();
      flush();
    }
  }
  flush();
  std::vector<int64_t>().swap(dense_);
}

}  // namespace

PhysicalOperatorPtr MakeVectorAggregate(const LogicalOperator& aggregate) {
  auto fragment = Fragment::Match(aggregate);
  if (!fragment) return nullptr;
  for (const auto& e : aggregate.exprs) {
    if (!ReadsOnly(*e, fragment->columns())) return nullptr;
  }
  for (const auto& spec : aggregate.aggregates) {
    for (const auto& a : spec.args) {
      if (!ReadsOnly(*a, fragment->columns())) return nullptr;
    }
  }
  return std::make_unique<VectorAggregateOp>(aggregate, std::move(fragment));
}

}  // namespace quiver::exec::vector
