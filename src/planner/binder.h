#pragma once
// The binder: AST in, logical plan out. It resolves every name (variables to row slots,
// functions and procedures through the Catalog), raises the compile-time errors the TCK
// names (UndefinedVariable, VariableAlreadyBound, InvalidAggregation, ...), and plans
// each clause as it goes: openCypher clauses compose left to right, so binding a clause
// and planning it are one walk.

#include <optional>
#include <string_view>

#include "cypher/ast/statement.h"
#include "planner/graph_statistics.h"
#include "planner/logical_plan.h"
#include "quiver/database.h"
#include "quiver/value.h"

namespace quiver::planner {

// A function the catalog knows: scalar (pure, from exec/function/), aggregate, or
// temporal (common/temporal/: reads the statement clock).
struct FunctionInfo {
  std::string_view name;  // canonical spelling
  const ScalarFunction* scalar = nullptr;
  const AggregateFunction* aggregate = nullptr;
  int min_args = 0;
  int max_args = 0;  // -1: variadic
  bool deterministic = true;
  const TemporalFunction* temporal = nullptr;
};

// What the binder may look up by name. The exec layer implements it over the function
// library and the database's registered procedures (the planner cannot see either).
class Catalog {
 public:
  virtual ~Catalog() = default;
  virtual std::optional<FunctionInfo> FindFunction(std::string_view name) const = 0;
  virtual const ProcedureSignature* FindProcedure(std::string_view name) const = 0;
};

// Binds and plans one statement. `source` is the query text (for error locations);
// `parameters` are the values supplied with it (a reference to a missing one is a
// compile-time ParameterMissing); `statistics` are the counts of the graph it will run
// on, which choose where patterns start (plan_match.h). Throws QuiverError subclasses
// at compile time.
LogicalPlan Bind(const cypher::Statement& statement, std::string_view source, const Catalog& catalog,
                 const ValueMap& parameters, const GraphStatistics& statistics = NoStatistics());

}  // namespace quiver::planner
