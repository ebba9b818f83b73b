// The passes over a plan (binding, the optimizer, EXPLAIN's printer, destruction) are
// iterative: a statement of 10,000 clauses is a chain of operators 10,000 deep, and
// each pass used to recurse once per operator.

#include <gtest/gtest.h>

#include <string>

#include "common/stack_guard.h"
#include "cypher/parser.h"
#include "planner/binder.h"
#include "planner/optimizer.h"
#include "test_util/small_stack.h"

namespace quiver::planner {
namespace {

class NoFunctions : public Catalog {
 public:
  std::optional<FunctionInfo> FindFunction(std::string_view) const override { return std::nullopt; }
  const ProcedureSignature* FindProcedure(std::string_view) const override { return nullptr; }
};

// Bound, optimized, printed and destroyed on a 1 MiB stack: every pass over a plan
// 10,000 operators deep is a loop.
TEST(PlanSizeTest, PassesOverADeepPlanDoNotRecurse) {
  std::string query;
  for (int i = 0; i < 9999; ++i) query += "UNWIND [" + std::to_string(i) + "] AS u" + std::to_string(i) + " ";
  query += "RETURN u0";
  auto statement = cypher::ParseStatement(query);
  test::RunWithStack(kQueryStackBytes, [&] {
    NoFunctions catalog;
    LogicalPlan plan = Bind(*statement, query, catalog, {});
    Optimize(plan, catalog);
    std::string text = ToString(plan);
    EXPECT_EQ(text.rfind("Start\n"), text.size() - 6) << "the input chain in one column, Start last";
  });
}

}  // namespace
}  // namespace quiver::planner
