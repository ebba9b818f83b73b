#include "exec/vector/fragment.h"

#include <algorithm>
#include <string>

#include "common/stack_guard.h"
#include "exec/counting_graph.h"
#include "exec/expression/evaluator.h"
#include "exec/operator/expand_common.h"
#include "exec/operator/node_morsel.h"
#include "exec/vector/comparison_filter.h"
#include "exec/worker_pools.h"

namespace quiver::exec::vector {

using planner::LogicalOperator;
using planner::OpKind;

namespace {
// Chunks flow up the stages by recursion (Push), a frame or two per stage. Longer chains
// — thousands of hops or clauses — stay in the row engine, whose pipeline streams them
// without recursion.
constexpr size_t kMaxStages = 64;
}  // namespace

struct Fragment::Stage {
  const LogicalOperator* op = nullptr;
  // kFilter: a predicate evaluated into a boolean vector, or (predicate null) a run of
  // Filters comparing one operand with constants (comparison_filter.h), each tested
  // straight into the keep flags: the operand evaluated once, the chunk compacted once.
  VectorExpressionPtr predicate;
  struct Comparison {
    const LogicalOperator* op = nullptr;
    planner::CmpOp cmp = planner::CmpOp::kEq;
    const planner::BoundExpr* constant = nullptr;
    mutable std::atomic<uint64_t> rows{0};  // PROFILE: the rows passing it and those below
  };
  VectorExpressionPtr operand;
  std::string operand_text;  // planner::ToString of the operand: the runs it joins
  std::vector<std::unique_ptr<Comparison>> comparisons;
  // kProject
  std::vector<std::pair<uint32_t, VectorExpressionPtr>> projections;
  // kExpand
  uint32_t from = 0, to = 0, rel = 0;
  std::vector<uint32_t> distinct_from;  // earlier relationship columns of the pattern
  // `Filter (b:L...)` on the expand's new node, right above it, checked on the
  // neighbours before they become rows (the filter's stage is gone).
  const LogicalOperator* folded_filter = nullptr;
  std::vector<std::string> to_labels;
  // Nothing above reads the new node or relationship and the consumer counts: emit each
  // input row once with its multiplicity times its number of matches (factorized).
  bool factorized = false;
  mutable std::atomic<uint64_t> rows{0};
};

namespace {
std::unique_ptr<CountingGraph> WorkerCounting(const ExecContext& statement) {
  if (statement.counting() == nullptr) return nullptr;
  return std::make_unique<CountingGraph>(statement.counting()->uncounted());
}
}  // namespace

WorkerState::WorkerState(ExecContext& statement)
    : counting(WorkerCounting(statement)),
      rows(counting ? static_cast<const GraphReader&>(*counting) : statement.graph(), nullptr,
           statement.parameters(), statement.procedures(), statement.width()),
      eval(rows.graph(), rows) {
  rows.set_counting(counting.get());
  rows.set_interrupt(statement.interrupt());
  rows.set_memory_limit(statement.memory().limit());
  rows.set_execution(statement.execution());
  rows.set_clock(statement.clock());
}

WorkerState::~WorkerState() {
  if (hit_totals == nullptr) return;
  for (size_t i = 0; i < hit_slots.size(); ++i) hit_totals[i].fetch_add(hit_slots[i], std::memory_order_relaxed);
}

namespace {
// PROFILE: the worker's reads count on hit slot `slot` while the scope lives.
DbHitScope CountOn(WorkerState& worker, size_t slot) {
  return DbHitScope(worker.counting.get(), worker.counting ? &worker.hit_slots[slot] : nullptr);
}
}  // namespace

Fragment::Fragment() = default;
Fragment::~Fragment() = default;

std::unique_ptr<Fragment> Fragment::Match(const LogicalOperator& consumer) {
  if (consumer.children.size() != 1) return nullptr;
  std::vector<const LogicalOperator*> chain;  // top first
  const LogicalOperator* op = consumer.children[0].get();
  while (op->kind == OpKind::kExpand || op->kind == OpKind::kFilter || op->kind == OpKind::kProject) {
    if (chain.size() >= kMaxStages) return nullptr;
    chain.push_back(op);
    op = op->children[0].get();
  }
  if ((op->kind != OpKind::kNodeScan && op->kind != OpKind::kNodeSeek) || op->children[0]->kind != OpKind::kStart) {
    return nullptr;
  }
  std::unique_ptr<Fragment> f(new Fragment());
  const auto& scan = op->As<planner::LogicalNodeScan>();
  f->scan_ = &scan;
  f->seek_ = op->kind == OpKind::kNodeSeek;
  f->scan_column_ = f->columns_.Add(scan.slot, FragmentColumns::Holds::kNodes);
  for (const auto& value : scan.property_values) {
    if (!planner::IsRowIndependent(*value)) return nullptr;
  }
  // Columns first (an expression may read any slot bound below it), then the stages.
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    if ((*it)->kind == OpKind::kExpand) {
      const auto& s = (*it)->As<planner::LogicalExpand>();
      const uint32_t from = f->columns_.Find(s.from_slot);
      if (from == FragmentColumns::kNoColumn || !f->columns_.IsNode(from)) return nullptr;
      if (!s.rel.distinct_from_lists.empty()) return nullptr;
      if (s.into) {
        const uint32_t to = f->columns_.Find(s.to_slot);
        if (to == FragmentColumns::kNoColumn || !f->columns_.IsNode(to)) return nullptr;
      } else {
        f->columns_.Add(s.to_slot, FragmentColumns::Holds::kNodes);
      }
      f->columns_.Add(s.rel_slot, FragmentColumns::Holds::kRelationships);
    } else if ((*it)->kind == OpKind::kProject) {
      for (planner::SlotId slot : (*it)->As<planner::LogicalProject>().slots) f->columns_.Add(slot);
    }
  }
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    const LogicalOperator& s = **it;
    if (s.kind == OpKind::kFilter && !f->stages_.empty()) {
      Stage& below = *f->stages_.back();
      const planner::BoundExpr& p = *s.As<planner::LogicalFilter>().predicate;
      if (below.op->kind == OpKind::kExpand && !below.op->As<planner::LogicalExpand>().into &&
          below.folded_filter == nullptr && p.op == planner::ExprOp::kHasLabels &&
          p.args[0]->op == planner::ExprOp::kSlot &&
          p.args[0]->slot == below.op->As<planner::LogicalExpand>().to_slot) {
        below.folded_filter = &s;
        below.to_labels = p.names;
        continue;
      }
    }
    auto stage = std::make_unique<Stage>();
    stage->op = &s;
    if (s.kind == OpKind::kExpand) {
      const auto& expand = s.As<planner::LogicalExpand>();
      stage->from = f->columns_.Find(expand.from_slot);
      stage->to = f->columns_.Find(expand.to_slot);
      stage->rel = f->columns_.Find(expand.rel_slot);
      for (planner::SlotId earlier : expand.rel.distinct_from) {
        const uint32_t c = f->columns_.Find(earlier);
        if (c == FragmentColumns::kNoColumn) return nullptr;
        stage->distinct_from.push_back(c);
      }
    } else if (s.kind == OpKind::kFilter) {
      const planner::BoundExpr& predicate = *s.As<planner::LogicalFilter>().predicate;
      if (!ReadsOnly(predicate, f->columns_)) return nullptr;
      if (auto comparison = AsConstantComparison(predicate)) {
        auto c = std::make_unique<Stage::Comparison>();
        c->op = &s;
        c->cmp = comparison->op;
        c->constant = comparison->constant;
        std::string text = planner::ToString(*comparison->operand);
        // A comparison cannot fail, so testing it on rows an earlier one of the run
        // dropped answers what filtering them one after the other does; the operand is
        // shared only when evaluating it again would give the same value (no rand()).
        Stage* below = f->stages_.empty() ? nullptr : f->stages_.back().get();
        if (below != nullptr && below->operand != nullptr && below->operand_text == text &&
            planner::IsDeterministic(*comparison->operand) && !HasSubquery(*comparison->operand)) {
          below->comparisons.push_back(std::move(c));
          continue;
        }
        stage->operand = CompileExpression(*comparison->operand, f->columns_);
        stage->operand_text = std::move(text);
        stage->comparisons.push_back(std::move(c));
      } else {
        stage->predicate = CompileExpression(predicate, f->columns_);
      }
    } else {
      const auto& project = s.As<planner::LogicalProject>();
      for (size_t i = 0; i < project.exprs.size(); ++i) {
        if (!ReadsOnly(*project.exprs[i], f->columns_)) return nullptr;
        stage->projections.emplace_back(f->columns_.Find(project.slots[i]),
                                        CompileExpression(*project.exprs[i], f->columns_));
      }
    }
    f->stages_.push_back(std::move(stage));
  }
  f->hits_ = std::make_unique<std::atomic<uint64_t>[]>(f->stages_.size() + 2);
  return f;
}

namespace {

// Marks the columns `expr` reads; every column when it has a subquery (whose reads the
// fallback fills in from every column).
void MarkReads(const planner::BoundExpr& expr, const FragmentColumns& columns, std::vector<bool>& live) {
  std::vector<planner::SlotId> slots;
  planner::CollectSlots(expr, slots);
  for (planner::SlotId s : slots) {
    const uint32_t c = columns.Find(s);
    if (c != FragmentColumns::kNoColumn) live[c] = true;
  }
}

}  // namespace

void Fragment::SetConsumerReads(const std::vector<const planner::BoundExpr*>& exprs, bool counts_only) {
  std::vector<bool> live(columns_.size(), false);
  bool all = false;
  for (const auto* e : exprs) {
    MarkReads(*e, columns_, live);
    all = all || HasSubquery(*e);
  }
  live_after_.assign(stages_.size(), std::vector<bool>());
  for (size_t k = stages_.size(); k-- > 0;) {
    live_after_[k] = all ? std::vector<bool>(columns_.size(), true) : live;
    const Stage& s = *stages_[k];
    // A run of comparisons (Stage::comparisons) reads what its first one reads: one
    // operand, and constants.
    const LogicalOperator& op = *s.op;
    op.ForEachExpression([&](const planner::BoundExpr& e) {
      MarkReads(e, columns_, live);
      all = all || HasSubquery(e);
    });
    if (op.kind == OpKind::kExpand) {
      live[s.from] = true;
      if (op.As<planner::LogicalExpand>().into) live[s.to] = true;
      for (uint32_t c : s.distinct_from) live[c] = true;
    }
  }
  // Factorize the last expand when nothing after it reads what it binds and the
  // consumer only counts (an earlier one would multiply the later expand's work).
  for (size_t k = stages_.size(); k-- > 0;) {
    Stage& s = *stages_[k];
    if (s.op->kind != OpKind::kExpand) continue;
    s.factorized = counts_only && !all && !s.op->As<planner::LogicalExpand>().into && !live_after_[k][s.to] &&
                   !live_after_[k][s.rel];
    break;
  }
}

bool Fragment::ScanNodesOnce() const {
  size_t expands = 0;
  bool factorized = false;
  for (const auto& s : stages_) {
    if (s->op->kind != OpKind::kExpand) continue;
    ++expands;
    factorized = s->factorized;
  }
  return expands == 0 || (expands == 1 && factorized);
}

std::string FragmentRun::Note(const std::string& what) const {
  return what + ": " + std::to_string(workers) + (workers == 1 ? " worker, " : " workers, ") +
         (seek ? std::string("a seek") : std::to_string(morsels) + (morsels == 1 ? " morsel" : " morsels"));
}

bool Fragment::Expands() const {
  return std::any_of(stages_.begin(), stages_.end(), [](const auto& s) { return s->op->kind == OpKind::kExpand; });
}

FragmentRun Fragment::PlanRun(const ExecContext& ctx, bool parallel) const {
  const ExecutionOptions& options = ctx.execution();
  FragmentRun run;
  run.bound = ctx.graph().NodeIdBound();
  const uint32_t workers = parallel ? std::max<uint32_t>(1, options.workers) : 1;
  if (options.morsel_nodes > 0) {
    run.morsel_nodes = options.morsel_nodes;
  } else {
    // A scan's nodes cost about the same each: large morsels. An expand's cost a node's
    // degree (and a second expand's the product), which on a skewed graph concentrates
    // in a few morsels: at least kMorselsPerWorker per worker, so dynamic scheduling can
    // even them out, and never below kMinExpandMorsel ids (a morsel costs a chunk's setup).
    constexpr uint64_t kScanMorsel = 16384, kMinExpandMorsel = 256, kMorselsPerWorker = 64;
    run.morsel_nodes = kScanMorsel;
    if (Expands() && workers > 1) {
      run.morsel_nodes = std::clamp<uint64_t>(run.bound / (uint64_t{workers} * kMorselsPerWorker),
                                              kMinExpandMorsel, kScanMorsel);
    }
  }
  run.morsels = (run.bound + run.morsel_nodes - 1) / run.morsel_nodes;
  run.seek = seek_;
  run.workers = static_cast<uint32_t>(std::min<uint64_t>(workers, std::max<uint64_t>(1, run.morsels)));
  return run;
}

void Fragment::Run(ExecContext& ctx, const FragmentRun& run, std::vector<std::unique_ptr<WorkerState>>& states,
                   const MorselSink& sink) const {
  states.clear();
  for (uint32_t w = 0; w < run.workers; ++w) {
    states.push_back(std::make_unique<WorkerState>(ctx));
    Prepare(*states.back());  // a worker may run another's chunk before any morsel
  }
  // A seek asks the key index once, here; its nodes are then one morsel, which the
  // workers share at the expands (a point query from a hub uses every worker).
  std::vector<NodeId> seeded;
  bool seek = false;
  if (seek_) {
    DbHitScope hits = CountOn(*states[0], stages_.size());
    seek = Seek(*states[0], seeded);
  }
  auto morsel = [&](size_t m, uint32_t w) {
    if (seek) {
      if (m == 0) RunMorsel(0, seeded.size(), &seeded, *states[w], [&](DataChunk& chunk) { sink(chunk, m, w); });
      return;
    }
    const NodeId begin = m * run.morsel_nodes;
    const NodeId end = std::min<uint64_t>(run.bound, begin + run.morsel_nodes);
    RunMorsel(begin, end, nullptr, *states[w], [&](DataChunk& chunk) { sink(chunk, m, w); });
  };
  if (run.workers == 1) {
    for (size_t m = 0; m < run.morsels; ++m) morsel(m, 0);
    return;
  }
  WorkerPools::Lease lease = WorkerPools::Acquire(ctx.execution().pools.get(), run.workers);
  // Only an expand offers chunks; without one a worker out of morsels would merely
  // sleep until the last morsel ends, and the run wait for it to wake.
  if (!run.share_chunks || !Expands()) {
    lease.pool().ParallelFor(run.morsels, morsel);
    return;
  }
  WorkShare share(run.morsels);
  for (auto& state : states) state->share = &share;
  auto task = [&](WorkShare::Task& t, uint32_t w) {
    states[w]->morsel = t.morsel;
    Push(t.stage, t.chunk, *states[w], [&](DataChunk& chunk) { sink(chunk, t.morsel, w); });
  };
  lease.pool().ParallelFor(run.workers, [&](size_t, uint32_t w) {
    share.Work(w, [&](size_t m, uint32_t worker) {
      states[worker]->morsel = m;
      morsel(m, worker);
    }, task);
  });
}

void Fragment::Prepare(WorkerState& worker) const {
  worker.neighbours.resize(stages_.size());
  worker.rels.resize(stages_.size());
  worker.constants.resize(stages_.size());
  if (!worker.counting) return;
  // Reads outside a stage's scope — the consumer's after the run (a dense aggregation's
  // keys) — are the consumer's. Sized once, so the slot's address stays.
  worker.hit_slots.resize(stages_.size() + 2);
  worker.hit_totals = hits_.get();
  worker.counting->Redirect(&worker.hit_slots[stages_.size() + 1]);
}

bool Fragment::Seek(WorkerState& worker, std::vector<NodeId>& ids) const {
  ExecContext& ctx = worker.rows;
  std::optional<LabelId> first;
  if (!scan_->labels.empty()) {
    first = ctx.Label(scan_->labels[0]);
    if (!first) return true;  // a label nobody carries: no node
  }
  const auto key = ctx.PropertyKey(scan_->property_keys[0]);
  const Value value = exec::Evaluate(*scan_->property_values[0], worker.eval.scratch.data(), ctx);
  if (!key || value.IsNull()) return true;  // no node has it, or `= null` is never true
  // The index may decline (a value it cannot look up): then the fragment scans.
  return ctx.graph().FindNodesByKey(first, *key, value, ids);
}

void Fragment::RunMorsel(NodeId begin, NodeId end, const std::vector<NodeId>* seeded, WorkerState& worker,
                         const Sink& sink) const {
  Prepare(worker);
  DbHitScope hits = CountOn(worker, stages_.size());
  ExecContext& ctx = worker.rows;
  const GraphReader& graph = ctx.graph();
  std::vector<LabelId> labels;
  for (const auto& name : scan_->labels) {
    auto label = ctx.Label(name);
    if (!label) return;  // a label nobody carries
    labels.push_back(*label);
  }
  std::vector<LabelId> any_labels;  // a label union's (n:A|B)
  for (const auto& name : scan_->any_labels) {
    if (auto label = ctx.Label(name)) any_labels.push_back(*label);
  }
  if (!scan_->any_labels.empty() && any_labels.empty()) return;  // no node carries any
  std::vector<std::pair<PropertyKeyId, Value>> equalities;
  for (size_t i = 0; i < scan_->property_keys.size(); ++i) {
    auto key = ctx.PropertyKey(scan_->property_keys[i]);
    Value value = exec::Evaluate(*scan_->property_values[i], worker.eval.scratch.data(), ctx);
    if (!key || value.IsNull()) return;  // no node has it, or `= null` is never true
    equalities.emplace_back(*key, std::move(value));
  }
  const size_t vector_size = std::max<uint32_t>(1, ctx.execution().vector_size);
  // A chunk's ids are scanned for it — id ranges until it is full or the morsel ends —
  // rather than the whole morsel's at once: a chunk-sized buffer, where a morsel-sized
  // one (128 KiB) was the allocation glibc maps and unmaps per statement, page faults
  // and all.
  std::vector<NodeId> ids;
  for (NodeId next = begin; next < end;) {
    ctx.CheckInterrupt();
    ids.clear();
    while (ids.size() < vector_size && next < end) {
      const NodeId stop = std::min<NodeId>(end, next + (vector_size - ids.size()));
      if (seeded != nullptr) {
        // [begin, end) indexes the seek's nodes, which carry the first label already.
        ids.insert(ids.end(), seeded->begin() + static_cast<std::ptrdiff_t>(next),
                   seeded->begin() + static_cast<std::ptrdiff_t>(stop));
      } else {
        ScanMorsel(graph, next, stop, labels, any_labels, ids);
      }
      next = stop;
    }
    if (ids.empty()) break;
    const size_t n = ids.size();
    std::vector<uint8_t>& keep = worker.keep;
    keep.assign(n, 1);
    for (size_t l = 1; l < labels.size(); ++l) graph.FilterByLabel(ids, labels[l], keep);
    ValueVector values;
    for (const auto& [key, value] : equalities) {
      graph.GatherNodeProperty(ids, key, values);
      for (size_t i = 0; i < n; ++i) {
        if (keep[i] && Equals(values.Get(i), value) != Ternary::kTrue) keep[i] = 0;
      }
    }
    DataChunk chunk;
    chunk.columns.resize(columns_.size());
    ValueVector& nodes = chunk.columns[scan_column_];
    nodes.Reset(VectorKind::kNode, 0);
    nodes.ids.swap(ids);
    nodes.valid.assign(n, 1);
    if (labels.size() > 1 || !equalities.empty()) nodes.Compact(keep);
    chunk.size = nodes.size();
    scan_rows_.fetch_add(chunk.size, std::memory_order_relaxed);
    Push(0, chunk, worker, sink);
  }
}

void Fragment::Push(size_t stage, DataChunk& chunk, WorkerState& worker, const Sink& sink) const {
  if (chunk.size == 0) return;
  CheckStack();
  // The consumer's slot follows the scan's.
  DbHitScope hits = CountOn(worker, stage == stages_.size() ? stage + 1 : stage);
  if (stage == stages_.size()) {
    sink(chunk);
    return;
  }
  const Stage& s = *stages_[stage];
  switch (s.op->kind) {
    case OpKind::kFilter: {
      // The worker's buffers: nothing reads them once the chunk is compacted, so the
      // stages above may reuse them.
      std::vector<uint8_t>& keep = worker.keep;
      if (s.predicate != nullptr) {
        s.predicate->Evaluate(chunk, worker.eval, worker.values);
        PredicateToKeep(worker.values, keep);
      } else {
        s.operand->Evaluate(chunk, worker.eval, worker.values);
        keep.assign(chunk.size, 1);
        // The constants once per worker: literals and parameters do not change within
        // a statement.
        std::vector<Value>& constants = worker.constants[stage];
        for (size_t k = constants.size(); k < s.comparisons.size(); ++k) {
          constants.push_back(exec::Evaluate(*s.comparisons[k]->constant, worker.eval.scratch.data(), worker.rows));
        }
        uint64_t passing_first = 0;
        if (s.comparisons.size() == 2 &&
            KeepWhereRange(worker.values, {s.comparisons[0]->cmp, s.comparisons[1]->cmp},
                           {constants[0], constants[1]}, keep, passing_first)) {
          // A range (`p.score >= 0.25 AND p.score < 0.5`): both bounds in one pass.
          s.comparisons[0]->rows.fetch_add(passing_first, std::memory_order_relaxed);
        } else {
          for (size_t k = 0; k < s.comparisons.size(); ++k) {
            const Stage::Comparison& c = *s.comparisons[k];
            KeepWhereComparison(worker.values, c.cmp, constants[k], worker.eval.graph, keep);
            if (k + 1 == s.comparisons.size()) break;  // the last one's rows are the stage's
            c.rows.fetch_add(CountSet(keep), std::memory_order_relaxed);
          }
        }
      }
      chunk.Compact(keep);
      if (!s.comparisons.empty()) s.comparisons.back()->rows.fetch_add(chunk.size, std::memory_order_relaxed);
      break;
    }
    case OpKind::kProject:
      for (const auto& [column, expr] : s.projections) {
        ValueVector out;
        expr->Evaluate(chunk, worker.eval, out);
        chunk.columns[column] = std::move(out);
      }
      break;
    default:
      Expand(stage, chunk, worker, sink);
      return;
  }
  s.rows.fetch_add(chunk.size, std::memory_order_relaxed);
  Push(stage + 1, chunk, worker, sink);
}

namespace {

// Rows [begin, end) of `chunk` (its columns that have rows) as a chunk of their own.
DataChunk RowRange(const DataChunk& chunk, size_t begin, size_t end) {
  std::vector<uint32_t> index(end - begin);
  for (size_t r = begin; r < end; ++r) index[r - begin] = static_cast<uint32_t>(r);
  DataChunk out;
  out.columns.resize(chunk.columns.size());
  for (size_t c = 0; c < chunk.columns.size(); ++c) {
    if (chunk.columns[c].size() == chunk.size) out.columns[c].Gather(chunk.columns[c], index);
  }
  if (!chunk.multiplicity.empty()) {
    out.multiplicity.assign(chunk.multiplicity.begin() + begin, chunk.multiplicity.begin() + end);
  }
  out.size = end - begin;
  return out;
}

}  // namespace

// Copies the adjacency of each row's node into chunks of at most vector_size rows: the
// input row's columns gathered by index, the neighbour and the relationship appended.
void Fragment::Expand(size_t stage, DataChunk& chunk, WorkerState& worker, const Sink& sink) const {
  const Stage& s = *stages_[stage];
  const auto& op = s.op->As<planner::LogicalExpand>();
  ExecContext& ctx = worker.rows;
  std::vector<RelTypeId> types;
  if (!ResolveRelTypes(ctx, op.rel, types)) return;
  const size_t vector_size = std::max<uint32_t>(1, ctx.execution().vector_size);
  const ValueVector& from = chunk.columns[s.from];
  std::vector<uint32_t> index;
  std::vector<NodeId> targets;
  std::vector<RelId> rels;
  std::vector<uint64_t> multiplicity;  // factorized: per output row
  // This stage's adjacency buffers: a flush runs the stages above, whose expands would
  // reuse shared ones while this one still reads them.
  std::vector<NodeId>& neighbours = worker.neighbours[stage];
  std::vector<RelId>& adjacent_rels = worker.rels[stage];
  auto flush = [&] {
    if (index.empty()) return;
    DataChunk out;
    out.columns.resize(chunk.columns.size());
    const std::vector<bool>* live = live_after_.empty() ? nullptr : &live_after_[stage];
    for (size_t c = 0; c < chunk.columns.size(); ++c) {
      if (live != nullptr && !(*live)[c]) continue;  // nothing above reads it
      if (chunk.columns[c].size() == chunk.size) out.columns[c].Gather(chunk.columns[c], index);
    }
    out.size = index.size();
    if (s.factorized) {
      out.multiplicity.swap(multiplicity);
    } else if (!chunk.multiplicity.empty()) {
      out.multiplicity.resize(out.size);
      for (size_t r = 0; r < out.size; ++r) out.multiplicity[r] = chunk.multiplicity[index[r]];
    }
    multiplicity.clear();
    if (s.factorized) {
      // Nothing above reads the node or the relationship.
    } else if (!op.into && (live == nullptr || (*live)[s.to])) {
      ValueVector& to = out.columns[s.to];
      to.kind = VectorKind::kNode;
      to.ids.swap(targets);
      to.valid.assign(out.size, 1);
    }
    if (!s.factorized && (live == nullptr || (*live)[s.rel])) {
      ValueVector& rel = out.columns[s.rel];
      rel.kind = VectorKind::kRelationship;
      rel.ids.swap(rels);
      rel.valid.assign(out.size, 1);
    }
    index.clear();
    targets.clear();
    rels.clear();
    s.rows.fetch_add(out.size, std::memory_order_relaxed);
    ctx.CheckInterrupt();
    if (worker.share != nullptr && worker.share->Wanted()) {
      // A worker waits: the stages above run this chunk there (one node's adjacency,
      // however long, is many chunks).
      worker.share->Offer(stage + 1, worker.morsel, std::move(out));
      return;
    }
    Push(stage + 1, out, worker, sink);
  };
  std::vector<LabelId> labels;
  for (const auto& name : s.to_labels) {
    auto label = ctx.Label(name);
    if (!label) return;  // no node carries it
    labels.push_back(*label);
  }
  // A label every node carries tests nothing: dropped once per chunk, not checked per
  // neighbour. Factorized with nothing left to test per neighbour (no end bound, no
  // earlier relationship, no label): a node's matches are its degree, read from the CSR
  // offsets, not a listing of its neighbours.
  // A statistic, not a read of the stored graph, and asked once per chunk: counted, the
  // db hits would depend on the vector size.
  (worker.counting ? worker.counting->uncounted() : ctx.graph()).DropLabelsOnEveryNode(labels);
  const bool by_degree = s.factorized && !op.into && s.distinct_from.empty() && labels.empty();
  std::vector<uint8_t> keep;  // this stage's own: a flush runs the stages above
  size_t end = chunk.size;
  for (size_t i = 0; i < end; ++i) {
    if (worker.share != nullptr && end - i >= 2 && worker.share->Wanted()) {
      // A worker waits: it expands the second half of the rows left (a hub's rows after
      // an earlier expand are one chunk's, and its product most of the query's work).
      const size_t mid = i + (end - i) / 2;
      worker.share->Offer(stage, worker.morsel, RowRange(chunk, mid, end));
      end = mid;
    }
    if (by_degree) {
      const uint64_t matches = ctx.graph().Degree(from.ids[i], op.rel.direction, types);
      if (matches == 0) continue;
      index.push_back(static_cast<uint32_t>(i));
      multiplicity.push_back(matches * chunk.Multiplicity(i));
      if (index.size() >= vector_size) flush();
      continue;
    }
    // Rows of one node come in runs (a hub's many rows after an earlier expand): its
    // adjacency and label checks are read once per run, not once per row.
    if (i == 0 || from.ids[i] != from.ids[i - 1]) {
      neighbours.clear();
      adjacent_rels.clear();
      ctx.graph().ExpandIds(from.ids[i], op.rel.direction, types, neighbours, adjacent_rels);
      keep.assign(neighbours.size(), 1);
      for (LabelId label : labels) ctx.graph().FilterByLabel(neighbours, label, keep);
    }
    const NodeId into = op.into ? chunk.columns[s.to].ids[i] : 0;
    uint64_t matches = 0;
    for (size_t j = 0; j < neighbours.size(); ++j) {
      if (!keep[j] || (op.into && neighbours[j] != into)) continue;
      bool used = false;
      for (uint32_t c : s.distinct_from) used = used || chunk.columns[c].ids[i] == adjacent_rels[j];
      if (used) continue;
      if (s.factorized) {
        ++matches;
        continue;
      }
      index.push_back(static_cast<uint32_t>(i));
      if (!op.into) targets.push_back(neighbours[j]);
      rels.push_back(adjacent_rels[j]);
      if (index.size() >= vector_size) flush();
    }
    if (matches > 0) {
      index.push_back(static_cast<uint32_t>(i));
      multiplicity.push_back(matches * chunk.Multiplicity(i));
      if (index.size() >= vector_size) flush();
    }
  }
  flush();
}

void Fragment::Profile(std::vector<ProfiledOperator>& out) const {
  for (size_t k = stages_.size(); k-- > 0;) {
    const Stage& s = *stages_[k];
    const uint64_t rows = s.rows.load(std::memory_order_relaxed);
    // A stage's reads go to its top operator: a folded filter's label tests are the
    // expand's, a run of comparisons reads its operand once.
    const uint64_t hits = hits_[k].load(std::memory_order_relaxed);
    if (s.folded_filter != nullptr) out.push_back({s.folded_filter, rows, "(in the expand)"});
    if (!s.comparisons.empty()) {
      for (auto c = s.comparisons.rbegin(); c != s.comparisons.rend(); ++c) {
        out.push_back({(*c)->op, (*c)->rows.load(std::memory_order_relaxed), "",
                       c == s.comparisons.rbegin() ? hits : 0});
      }
      continue;
    }
    out.push_back({s.op, rows, s.factorized ? "factorized" : "", hits});
  }
  out.push_back({scan_, scan_rows_.load(std::memory_order_relaxed), "", hits_[stages_.size()].load()});
  out.push_back({scan_->children[0].get(), 1});  // Start: its one row
}

}  // namespace quiver::exec::vector
