#include "exec/database/query_engine.h"

#include <cctype>

#include "common/utf8.h"
#include "common/value/value_utf8.h"
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

// PROFILE's text, laid out as EXPLAIN's (planner::ToString): a pipeline's stages and
// an operator's input follow in one column, other children come first, indented.
void Profile(const PhysicalOperator& root, const std::vector<std::string>* slot_names, std::string& out) {
  std::vector<std::pair<const PhysicalOperator*, int>> stack{{&root, 0}};
  std::vector<ProfiledOperator> stages;
  while (!stack.empty()) {
    auto [op, level] = stack.back();
    stack.pop_back();
    stages.clear();
    op->Profile(stages);
    for (const auto& stage : stages) {
      out.append(static_cast<size_t>(level) * 2, ' ');
      out += planner::Describe(*stage.logical, slot_names);
      out += "  [rows=" + std::to_string(stage.rows) + "]\n";
    }
    for (size_t i = 0; i < op->children.size(); ++i) {
      bool input = i == 0 && op->logical().kind != planner::OpKind::kUnion;
      stack.emplace_back(op->children[i].get(), input ? level : level + 1);
    }
  }
}

// Parameters come from outside the engine: their text must be UTF-8, as query text
// must (the parser checks that), so that every string a query handles is.
void CheckParameterText(const ValueMap& parameters) {
  for (const auto& [name, value] : parameters) {
    if (size_t bad = FindInvalidUtf8(name); bad != std::string_view::npos) {
      throw ArgumentError("InvalidEncoding",
                          "a parameter name is not valid UTF-8: " + DescribeInvalidUtf8Byte(name, bad) +
                              " at byte " + std::to_string(bad),
                          ErrorPhase::kCompileTime);
    }
    if (auto bad = FindInvalidUtf8Text(value)) {
      throw ArgumentError("InvalidEncoding",
                          "parameter $" + name + bad->path + " is not valid UTF-8: " + bad->byte + " at byte " +
                              std::to_string(bad->offset),
                          ErrorPhase::kCompileTime);
    }
  }
}

QueryResult PlanResult(std::string text) {
  return QueryResult({"plan"}, {{Value::String(std::move(text))}});
}

}  // namespace

QueryResult ExecuteQuery(GraphSource& source, const ProcedureTable& procedures, std::string_view text,
                         const ValueMap& parameters) {
  Mode mode = TakeMode(text);
  auto statement = cypher::ParseStatement(text);
  CheckParameterText(parameters);
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
    // The plan's text first: printing can fail (a deep expression on a small stack), and
    // the transaction must end exactly once.
    if (mode == Mode::kExplain) {
      std::string explained = planner::ToString(plan);
      if (tx) tx->Rollback();
      return PlanResult(std::move(explained));
    }
    PhysicalOperatorPtr root = BuildPhysicalPlan(*plan.root);
    ExecContext ctx(graph, tx.get(), parameters, procedures, plan.slot_count, CountOperators(*root));
    root->Open(ctx, nullptr);
    const auto& slots = plan.root->slots;
    std::vector<std::vector<Value>> rows;
    RowBatch batch(ctx.width(), ctx.batch_capacity());
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
    std::string profiled;
    if (mode == Mode::kProfile) Profile(*root, &plan.slot_names, profiled);
    if (tx) {
      // The writer is spent once Commit returns, whatever it returns: nothing is left
      // to roll back (a failed commit left no trace), so it must not reach the handler.
      const Status committed = tx->Commit();
      tx.reset();
      ThrowIfError(committed);
    }
    if (mode == Mode::kProfile) return PlanResult(std::move(profiled));
    return QueryResult(plan.root->columns, std::move(rows));
  } catch (...) {
    if (tx) tx->Rollback();
    throw;
  }
}

}  // namespace quiver::exec
