#include "main/statement_run.h"

#include <cstdio>

#include "exec/entity_ref.h"
#include "planner/logical_plan.h"

namespace quiver::main {

namespace {

// A physical operator's own time: its Next's less its children's (a subplan or a build
// side runs inside its parent's Next, so it is one of the children subtracted).
std::string OwnTime(const exec::PhysicalOperator& op) {
  uint64_t children = 0;
  for (const auto& child : op.children) children += child ? child->time_ns : 0;
  const uint64_t own = op.time_ns > children ? op.time_ns - children : 0;
  char text[32];
  std::snprintf(text, sizeof(text), "%.3f ms", static_cast<double>(own) / 1e6);
  return text;
}

// PROFILE's text, laid out as EXPLAIN's (planner::ToString): a pipeline's stages and
// an operator's input follow in one column, other children come first, indented. The
// first line of each physical operator (a pipeline or a vectorized fragment runs
// several logical ones) ends with the time it took itself.
std::string Profile(const exec::PhysicalOperator& root, const std::vector<std::string>* slot_names) {
  std::string out;
  std::vector<std::pair<const exec::PhysicalOperator*, int>> stack{{&root, 0}};
  std::vector<exec::ProfiledOperator> stages;
  while (!stack.empty()) {
    auto [op, level] = stack.back();
    stack.pop_back();
    stages.clear();
    op->Profile(stages);
    for (size_t i = 0; i < stages.size(); ++i) {
      const exec::ProfiledOperator& stage = stages[i];
      out.append(static_cast<size_t>(level) * 2, ' ');
      out += planner::Describe(*stage.logical, slot_names);
      out += "  [rows=" + std::to_string(stage.rows) + "]";
      if (!stage.note.empty()) out += " " + stage.note;
      if (i == 0) out += " (" + OwnTime(*op) + ")";
      out += "\n";
    }
    for (size_t i = 0; i < op->children.size(); ++i) {
      stack.emplace_back(op->children[i].get(), i == 0 ? level : level + 1);
    }
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
  if (plan_->mode != StatementMode::kRun) {
    plan_columns_ = {"plan"};
    plan_row_pending_ = true;
  }
  if (plan_->mode == StatementMode::kExplain) return;  // runs nothing
  root_ = exec::BuildPhysicalPlan(*plan_->plan.root, control.execution);
  ctx_ = std::make_unique<exec::ExecContext>(graph_, writer, parameters_, *procedures_, plan_->plan.slot_count,
                                             exec::CountOperators(*root_));
  ctx_->set_interrupt(interrupt_.get());
  ctx_->set_memory_limit(control.memory_limit);
  ctx_->set_execution(control.execution);
  ctx_->set_commit_batch(std::move(control.commit_batch));
  root_->Open(*ctx_, nullptr);
  batch_ = std::make_unique<exec::RowBatch>(ctx_->width(), ctx_->batch_capacity());
}

StatementRun::~StatementRun() { Close(); }

const std::vector<std::string>& StatementRun::columns() const {
  return plan_->mode == StatementMode::kRun ? plan_->columns : plan_columns_;
}

bool StatementRun::Fetch(std::vector<std::vector<Value>>& rows) {
  if (done_) return false;
  if (plan_->mode == StatementMode::kExplain) {
    rows.push_back({Value::String(planner::ToString(plan_->plan))});
    summary_.rows = 1;
    Finish();
    return true;
  }
  const auto& slots = plan_->plan.root->As<planner::LogicalProduceResults>().slots;
  // A statement without RETURN still runs every row (its updates), but yields none.
  const bool has_columns = !slots.empty() && plan_->mode == StatementMode::kRun;
  const size_t before = rows.size();
  while (rows.size() == before) {
    batch_->Clear();
    if (!root_->Next(*ctx_, *batch_)) {
      if (plan_->mode == StatementMode::kProfile) {
        rows.push_back({Value::String(Profile(*root_, &plan_->plan.slot_names))});
        summary_.rows = 1;
      }
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

void StatementRun::Close() {
  Finish();
  batch_.reset();
  // The operators first: what they hold is charged to the context's memory.
  root_.reset();
  ctx_.reset();
  snapshot_.reset();
  // An auto-commit statement's transaction record lives as long as its interrupt
  // (main/transaction_registry.h): closed, it is no longer listed.
  interrupt_.reset();
}

}  // namespace quiver::main
