#include "main/statement_run.h"

#include <optional>
#include <unordered_map>

#include "exec/counting_graph.h"
#include "exec/entity_ref.h"
#include "planner/logical_plan.h"

namespace quiver::main {

namespace {

// A physical operator's own time: its Next's less its children's (a subplan or a build
// side runs inside its parent's Next, so it is one of the children subtracted).
std::chrono::nanoseconds OwnTime(const exec::PhysicalOperator& op) {
  uint64_t children = 0;
  for (const auto& child : op.children) children += child ? child->time_ns : 0;
  return std::chrono::nanoseconds(op.time_ns > children ? op.time_ns - children : 0);
}

struct Measured {
  uint64_t rows = 0;
  uint64_t db_hits = 0;
  std::string note;
  std::optional<std::chrono::nanoseconds> time;
};

// PROFILE's plan: the logical plan's shape (as EXPLAIN's), each operator with what the
// physical operator that ran it measured. A pipeline or a vectorized fragment runs
// several logical operators; its own time goes to the first (topmost) of them.
PlanOperator ProfiledPlan(const exec::PhysicalOperator& root, const planner::LogicalPlan& plan) {
  std::unordered_map<const planner::LogicalOperator*, Measured> measured;
  std::vector<const exec::PhysicalOperator*> physical{&root};
  std::vector<exec::ProfiledOperator> stages;
  while (!physical.empty()) {
    const exec::PhysicalOperator* op = physical.back();
    physical.pop_back();
    stages.clear();
    op->Profile(stages);
    for (size_t i = 0; i < stages.size(); ++i) {
      Measured& m = measured[stages[i].logical];
      m.rows += stages[i].rows;
      m.db_hits += stages[i].db_hits;
      if (!stages[i].note.empty()) m.note = stages[i].note;
      if (i == 0) m.time = m.time.value_or(std::chrono::nanoseconds(0)) + OwnTime(*op);
    }
    for (const auto& child : op->children) {
      if (child) physical.push_back(child.get());
    }
  }
  PlanOperator out;
  std::vector<std::pair<const planner::LogicalOperator*, PlanOperator*>> stack{{plan.root.get(), &out}};
  while (!stack.empty()) {
    auto [op, target] = stack.back();
    stack.pop_back();
    planner::FillPlanOperator(*op, &plan.slot_names, *target);
    target->profiled = true;
    if (auto it = measured.find(op); it != measured.end()) {
      target->rows = it->second.rows;
      target->db_hits = it->second.db_hits;
      target->note = std::move(it->second.note);
      target->time = it->second.time;
    }
    target->children.resize(op->children.size());
    for (size_t i = 0; i < op->children.size(); ++i) stack.emplace_back(op->children[i].get(), &target->children[i]);
  }
  return out;
}

}  // namespace

StatementRun::StatementRun(std::shared_ptr<const PreparedPlan> plan, ValueMap parameters,
                           std::shared_ptr<const exec::ProcedureTable> procedures, const GraphReader& graph,
                           GraphWriter* writer,
                           std::unique_ptr<GraphReader> snapshot, std::chrono::steady_clock::time_point started,
                           RunControl control)
    : plan_(std::move(plan)),
      parameters_(std::move(parameters)),
      procedures_(std::move(procedures)),
      interrupt_(std::move(control.interrupt)),
      snapshot_(std::move(snapshot)),
      graph_(graph),
      started_(started) {
  summary_.notifications = plan_->notifications();
  if (plan_->mode == StatementMode::kExplain) {
    // Runs nothing: no rows, the plan in the summary.
    summary_.plan = std::make_shared<PlanOperator>(planner::ToPlanOperator(*plan_->plan.root, &plan_->plan.slot_names));
    return;
  }
  root_ = exec::BuildPhysicalPlan(*plan_->plan.root, control.execution);
  // PROFILE reads through a counting reader; any other run reads the graph directly.
  if (plan_->mode == StatementMode::kProfile) counting_ = std::make_unique<exec::CountingGraph>(graph_);
  const GraphReader& read = counting_ ? *counting_ : graph_;
  ctx_ = std::make_unique<exec::ExecContext>(read, writer, parameters_, *procedures_, plan_->plan.slot_count,
                                             exec::CountOperators(*root_));
  ctx_->set_counting(counting_.get());
  ctx_->set_interrupt(interrupt_.get());
  ctx_->set_memory_limit(control.memory_limit);
  ctx_->set_execution(control.execution);
  ctx_->set_batch_transactions(std::move(control.batches));
  root_->Open(*ctx_, nullptr);
  batch_ = std::make_unique<exec::RowBatch>(ctx_->width(), ctx_->batch_capacity());
}

StatementRun::~StatementRun() { Close(); }

const std::vector<std::string>& StatementRun::columns() const { return plan_->columns; }

bool StatementRun::Fetch(std::vector<std::vector<Value>>& rows) {
  if (done_) return false;
  if (plan_->mode == StatementMode::kExplain) {
    Finish();
    return false;
  }
  const auto& slots = plan_->plan.root->As<planner::LogicalProduceResults>().slots;
  // A statement without RETURN still runs every row (its updates), but yields none.
  const bool has_columns = !slots.empty();
  const size_t before = rows.size();
  while (rows.size() == before) {
    batch_->Clear();
    if (!root_->Next(*ctx_, *batch_)) {
      // Printing the plan's expressions can run out of stack (a statement nested as deep
      // as the limits allow): here that is the caller's error, as any other.
      if (plan_->mode == StatementMode::kProfile) SetProfile();
      Finish();
      return rows.size() > before;
    }
    if (!has_columns) continue;
    for (size_t i = 0; i < batch_->size(); ++i) {
      std::vector<Value> row;
      row.reserve(slots.size());
      for (auto slot : slots) row.push_back(exec::Materialize(batch_->Row(i)[slot], graph_));
      rows.push_back(std::move(row));
    }
    summary_.rows += batch_->size();
  }
  return true;
}

std::vector<std::vector<Value>> StatementRun::Drain() {
  std::vector<std::vector<Value>> rows;
  while (Fetch(rows)) {
  }
  return rows;
}

void StatementRun::Finish() {
  if (done_) return;
  done_ = true;
  if (ctx_) {
    summary_.counters = ctx_->counters();
    summary_.peak_memory_bytes = ctx_->memory().peak();
  }

  summary_.elapsed = std::chrono::steady_clock::now() - started_;
}

void StatementRun::SetProfile() {
  summary_.plan = std::make_shared<PlanOperator>(ProfiledPlan(*root_, plan_->plan));
}

void StatementRun::Close() {
  // Closed early, PROFILE reports what ran so far. Close must not throw (destructors
  // call it): a plan too deep to print is then left out.
  if (!done_ && plan_->mode == StatementMode::kProfile && root_) {
    try {
      SetProfile();
    } catch (const QuiverError&) {
      summary_.plan = nullptr;
    }
  }
  Finish();
  batch_.reset();
  // The operators first: what they hold is charged to the context's memory.
  root_.reset();
  ctx_.reset();
  counting_.reset();
  snapshot_.reset();
  // An auto-commit statement's transaction record lives as long as its interrupt
  // (main/transaction_registry.h): closed, it is no longer listed.
  interrupt_.reset();
}

}  // namespace quiver::main
