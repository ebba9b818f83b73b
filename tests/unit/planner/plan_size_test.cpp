// Planning memory is linear in the statement's size. Planning a 10,000-hop pattern took
// 3.3 GB: every hop copied the list of the relationships before it (its uniqueness
// check), 50 million slots in all. The bytes the planner allocates are counted here
// (this binary replaces operator new), which is deterministic where a process's RSS is
// not: planning ten times the hops must allocate about ten times the bytes.
//
// And the passes over a plan (binding, the optimizer, EXPLAIN's printer, destruction)
// are iterative: a statement of 10,000 clauses is a chain of operators 10,000 deep, and
// each pass used to recurse once per operator.

#include <gtest/gtest.h>

#include <cstdlib>
#include <new>
#include <string>

#include "common/stack_guard.h"
#include "cypher/parser.h"
#include "planner/binder.h"
#include "planner/optimizer.h"
#include "test_util/small_stack.h"

namespace {
thread_local bool counting = false;
thread_local size_t allocated_bytes = 0;
}  // namespace

void* operator new(std::size_t n) {
  if (counting) allocated_bytes += n;
  void* p = std::malloc(n == 0 ? 1 : n);
  if (p == nullptr) throw std::bad_alloc();
  return p;
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

namespace quiver::planner {
namespace {

class NoFunctions : public Catalog {
 public:
  std::optional<FunctionInfo> FindFunction(std::string_view) const override { return std::nullopt; }
  const ProcedureSignature* FindProcedure(std::string_view) const override { return nullptr; }
};

std::string Repeat(std::string_view piece, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i) out += piece;
  return out;
}

// Bytes allocated while binding and optimizing `query` (not parsing it), and the size
// of its EXPLAIN text.
struct PlanCost {
  size_t bytes = 0;
  size_t explain_chars = 0;
};
PlanCost Cost(const std::string& query) {
  auto statement = cypher::ParseStatement(query);
  NoFunctions catalog;
  allocated_bytes = 0;
  counting = true;
  LogicalPlan plan = Bind(*statement, query, catalog, {});
  Optimize(plan, catalog);
  counting = false;
  return {allocated_bytes, ToString(plan).size()};
}

std::string Hops(size_t n) {
  return "MATCH (a:L)" + Repeat("-[:T]->(:L)", n) + " RETURN a";
}
std::string NamedHops(size_t n) {
  std::string q = "MATCH (n0)";
  for (size_t i = 1; i <= n; ++i) q += "-[r" + std::to_string(i) + ":T]->(n" + std::to_string(i) + ")";
  return q + " WHERE n0.x = 1 RETURN n" + std::to_string(n);
}

// A CREATE of a chain whose every node's properties read the node before: each map is
// bound in a scope that sees every variable created so far (a copy of the scope per
// node was quadratic).
std::string CreateChain(size_t n) {
  std::string q = "CREATE (n0:N {i: 0})";
  for (size_t i = 1; i <= n; ++i) {
    q += "-[:R]->(n" + std::to_string(i) + ":N {i: n" + std::to_string(i - 1) + ".i})";
  }
  return q;
}

TEST(PlanSizeTest, PlanningAPatternIsLinearInItsLength) {
  for (auto shape : {Hops, NamedHops, CreateChain}) {
    PlanCost small = Cost(shape(1000));
    PlanCost large = Cost(shape(10000));
    // Linear: about 10x (slot names grow by a digit). Quadratic was about 100x.
    EXPECT_LT(large.bytes, 13 * small.bytes) << small.bytes << " bytes for 1,000 hops, " << large.bytes
                                             << " for 10,000";
    EXPECT_LT(large.bytes, size_t{64} << 20);
    EXPECT_LT(large.explain_chars, 13 * small.explain_chars);
  }
}

TEST(PlanSizeTest, PlanningAChainOfClausesIsLinearInItsLength) {
  auto unwinds = [](size_t n) {
    std::string q;
    for (size_t i = 0; i < n; ++i) q += "UNWIND [" + std::to_string(i) + "] AS u" + std::to_string(i) + " ";
    return q + "RETURN u0";
  };
  auto withs = [](size_t n) { return "WITH 1 AS x " + Repeat("WITH x + 1 AS x WHERE x > 0 ", n) + "RETURN x"; };
  for (auto shape : {+unwinds, +withs}) {
    PlanCost small = Cost(shape(1000));
    PlanCost large = Cost(shape(9000));
    EXPECT_LT(large.bytes, 12 * small.bytes);
    // EXPLAIN keeps a chain in one column: no indentation that grows with the depth.
    EXPECT_LT(large.explain_chars, 12 * small.explain_chars);
  }
}

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
