#include "exec/database/query_engine.h"

#include <cctype>

#include "cypher/parser.h"
#include "exec/database/catalog.h"
#include "exec/entity_ref.h"
#include "planner/binder.h"
#include "planner/optimizer.h"

namespace quiver::exec {

namespace {

enum class Mode { kRun, kExplain, kProfile };

// Strips a leading EXPLAIN or PROFILE keyword (the parser knows neither).
Mode TakeMode(std::string_view& text) {
  size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  for (auto [word, mode] : {std::pair{std::string_view("EXPLAIN"), Mode::kExplain},
                            std::pair{std::string_view("PROFILE"), Mode::kProfile}}) {
    if (text.size() < i + word.size() + 1) continue;
    bool match = true;
    for (size_t k = 0; k < word.size(); ++k) {
      if (std::toupper(static_cast<unsigned char>(text[i + k])) != word[k]) match = false;
    }
    if (match && std::isspace(static_cast<unsigned char>(text[i + word.size()]))) {
      text.remove_prefix(i + word.size());
      return mode;
    }
  }
  return Mode::kRun;
}

void Profile(const PhysicalOperator& op, int indent, const std::vector<std::string>* slot_names,
             std::string& out) {
  out.append(static_cast<size_t>(indent) * 2, ' ');
  out += planner::Describe(op.logical(), slot_names);
  out += "  [rows=" + std::to_string(op.rows_produced) + "]\n";
  for (size_t i = op.children.size(); i-- > 0;) Profile(*op.children[i], indent + 1, slot_names, out);
}

QueryResult PlanResult(std::string text) {
  return QueryResult({"plan"}, {{Value::String(std::move(text))}});
}

}  // namespace

QueryResult ExecuteQuery(GraphSource& source, const ProcedureTable& procedures, std::string_view text,
                         const ValueMap& parameters) {
  Mode mode = TakeMode(text);
  auto statement = cypher::ParseStatement(text);
  EngineCatalog catalog(procedures);
  planner::LogicalPlan plan = planner::Bind(*statement, text, catalog, parameters);

  // A statement that cannot write runs on a snapshot when the store has them. The
  // optimizer asks that graph which keys it indexes (seeks), so it opens first; EXPLAIN
  // runs nothing, so a snapshot serves it even for an update (no write lock, and a
  // read-only database can explain its updates).
  std::unique_ptr<GraphReader> snapshot;
  if (!plan.has_updates || mode == Mode::kExplain) snapshot = source.BeginRead();
  std::unique_ptr<GraphWriter> tx;
  if (!snapshot) tx = source.BeginWrite();
  const GraphReader& graph = snapshot ? *snapshot : *tx;
  try {
    planner::Optimize(plan, catalog, &graph);
    if (mode == Mode::kExplain) {
      if (tx) tx->Rollback();
      return PlanResult(planner::ToString(plan));
    }
    PhysicalOperatorPtr root = BuildPhysicalPlan(*plan.root);
    ExecContext ctx(graph, tx.get(), parameters, procedures, plan.slot_count);
    root->Open(ctx, nullptr);
    const auto& slots = plan.root->slots;
    std::vector<std::vector<Value>> rows;
    RowBatch batch(ctx.width());
    // A query without RETURN still runs every row (its updates), but yields no rows.
    bool has_columns = !slots.empty();
    while (root->Next(ctx, batch)) {
      for (size_t i = 0; i < batch.size() && has_columns; ++i) {
        std::vector<Value> row;
        row.reserve(slots.size());
        for (auto slot : slots) row.push_back(Materialize(batch.Row(i)[slot], graph));
        rows.push_back(std::move(row));
      }
      batch.Clear();
    }
    if (tx) {
      // The writer is spent once Commit returns, whatever it returns: nothing is left
      // to roll back (a failed commit left no trace), so it must not reach the handler.
      const Status committed = tx->Commit();
      tx.reset();
      ThrowIfError(committed);
    }
    if (mode == Mode::kProfile) {
      std::string out;
      Profile(*root, 0, &plan.slot_names, out);
      return PlanResult(std::move(out));
    }
    return QueryResult(plan.root->columns, std::move(rows));
  } catch (...) {
    if (tx) tx->Rollback();
    throw;
  }
}

}  // namespace quiver::exec
