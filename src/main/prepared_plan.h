#pragma once
// PreparedPlan: a statement compiled once — parsed, bound, optimized — with what the
// plan assumed, so that a later execution can tell whether it still fits: the static
// types of the parameters it was bound with, and the storage indexes it seeks by.
// Immutable once made, so executions on several threads may share it.

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cypher/ast/statement.h"
#include "exec/exec_context.h"
#include "planner/logical_plan.h"
#include "planner/unknown_tokens.h"
#include "quiver/result.h"

namespace quiver::main {

enum class StatementMode : uint8_t { kRun, kExplain, kProfile };

struct PreparedPlan {
  std::string text;  // without a leading EXPLAIN or PROFILE
  StatementMode mode = StatementMode::kRun;
  std::unique_ptr<cypher::Statement> statement;
  planner::LogicalPlan plan;
  std::vector<std::pair<std::string, planner::StaticType>> parameter_types;  // as bound, by name
  std::vector<std::string> columns;
  std::vector<ColumnType> column_types;
  // Names in read positions the graph did not have when the statement was compiled: the
  // summary's warnings (planner/unknown_tokens.h), positions in the text as given.
  std::vector<planner::UnknownToken> unknown_tokens;
  std::vector<Notification> notifications() const;
  // The property indexes that were ONLINE when it was planned: a plan is made again
  // once one is created, built or dropped, so it seeks what the graph now has.
  std::vector<std::string> online_indexes;

  bool read_only() const { return !plan.has_updates; }
  // Does the plan still fit these parameters and this graph? (Not when a name it warned
  // about has appeared since: its warnings would be stale.)
  bool Fits(const ValueMap& parameters, const GraphReader& graph) const;
};

// ClientError (DatabaseNotFound) when the statement's `USE name` names another database
// than `database`, the one it runs on. Neo4j compares names without regard to case.
void CheckUseDatabase(const PreparedPlan& plan, std::string_view database);

// Compiles `text` (which may start with EXPLAIN or PROFILE). The optimizer asks `graph`
// which keys it indexes, and the planner its counts (where patterns start, EXPLAIN's
// estimates); null plans without seeks or statistics. Throws the statement's SyntaxError,
// SemanticError, ... (compile time).
std::shared_ptr<const PreparedPlan> CompilePlan(std::string_view text, const ValueMap& parameters,
                                               const exec::ProcedureTable& procedures, const GraphReader* graph);

// Parameters come from outside the engine: their text must be UTF-8, as query text must
// (the parser checks that), so that every string a query handles is.
void CheckParameterText(const ValueMap& parameters);

ColumnType ToColumnType(planner::StaticType type);

}  // namespace quiver::main
