// The binder and the optimizer on their own: compile-time errors with their TCK detail
// codes, and the shape of the plans (where predicates go, where a pattern starts).
// The planner cannot see the function library (a higher layer), so a fake catalog
// stands in for it.

#include "planner/binder.h"

#include <gtest/gtest.h>

#include "cypher/parser.h"
#include "planner/cardinality.h"
#include "planner/optimizer.h"

namespace quiver::planner {
namespace {

// The planner only passes function pointers through; any distinct non-null address
// serves as one here.
const char kFakeAggregate = 0;
const char kFakeScalar = 0;

class FakeCatalog : public Catalog {
 public:
  FakeCatalog() {
    proc_.name = "test.proc";
    proc_.inputs = {{"in", "INTEGER?"}};
    proc_.outputs = {{"out", "STRING?"}};
  }
  std::optional<FunctionInfo> FindFunction(std::string_view name) const override {
    if (name == "count" || name == "sum" || name == "collect") {
      return FunctionInfo{name, nullptr, reinterpret_cast<const AggregateFunction*>(&kFakeAggregate), 1, 1};
    }
    if (name == "toUpper") {
      return FunctionInfo{name, reinterpret_cast<const ScalarFunction*>(&kFakeScalar), nullptr, 1, 1};
    }
    return std::nullopt;
  }
  const ProcedureSignature* FindProcedure(std::string_view name) const override {
    return name == proc_.name ? &proc_ : nullptr;
  }

 private:
  ProcedureSignature proc_;
};

// Counts of a graph of 1,000 :V nodes (and 100 others) with 5,000 :E relationships.
class FakeStatistics : public GraphStatistics {
 public:
  std::optional<uint64_t> NodeCount() const override { return 1100; }
  std::optional<uint64_t> LabelCount(std::string_view label) const override {
    return label == "V" ? 1000 : 0;
  }
  std::optional<uint64_t> RelationshipCount() const override { return 5000; }
  std::optional<uint64_t> RelTypeCount(std::string_view type) const override {
    return type == "E" ? 5000 : 0;
  }
  bool HasNodeKeyIndex(std::string_view) const override { return false; }
};

LogicalPlan Plan(std::string_view query, const ValueMap& params = {},
                 const GraphStatistics& statistics = NoStatistics()) {
  FakeCatalog catalog;
  auto statement = cypher::ParseStatement(query);
  LogicalPlan plan = Bind(*statement, query, catalog, params, statistics);
  Optimize(plan, catalog);
  EstimateRows(plan, statistics);
  return plan;
}

std::string Explain(std::string_view query, const ValueMap& params = {},
                    const GraphStatistics& statistics = NoStatistics()) {
  return ToString(Plan(query, params, statistics));
}

std::string ExplainWithStatistics(std::string_view query) {
  return Explain(query, {}, FakeStatistics());
}

// The error's "Class/Detail", or "ok".
std::string ErrorOf(std::string_view query, const ValueMap& params = {}) {
  try {
    Plan(query, params);
    return "ok";
  } catch (const QuiverError& e) {
    EXPECT_EQ(e.phase(), ErrorPhase::kCompileTime) << query;
    return std::string(ErrorClassName(e.error_class())) + "/" + e.detail();
  }
}

TEST(BinderErrorTest, Variables) {
  EXPECT_EQ(ErrorOf("MATCH (a) RETURN b"), "SyntaxError/UndefinedVariable");
  EXPECT_EQ(ErrorOf("MATCH (a) WITH a AS b RETURN a"), "SyntaxError/UndefinedVariable");
  EXPECT_EQ(ErrorOf("MATCH (a)-[a]->() RETURN a"), "SyntaxError/VariableTypeConflict");
  EXPECT_EQ(ErrorOf("WITH 1 AS n MATCH (n) RETURN n"), "SyntaxError/VariableTypeConflict");
  EXPECT_EQ(ErrorOf("MATCH p = (p)-->() RETURN p"), "SyntaxError/VariableAlreadyBound");
  EXPECT_EQ(ErrorOf("MATCH (a)-[r]->()-[r]->() RETURN r"), "SyntaxError/RelationshipUniquenessViolation");
  EXPECT_EQ(ErrorOf("UNWIND [1] AS x UNWIND [2] AS x RETURN x"), "SyntaxError/VariableAlreadyBound");
  EXPECT_EQ(ErrorOf("MATCH (n) WHERE (n)-[r]->() RETURN n"), "SyntaxError/UndefinedVariable");
  EXPECT_EQ(ErrorOf("MATCH () RETURN *"), "SyntaxError/NoVariablesInScope");
  // WITH ... WHERE still sees what came before the WITH.
  EXPECT_EQ(ErrorOf("MATCH (a) WITH a.x AS x WHERE a.y = 1 RETURN x"), "ok");
}

TEST(BinderErrorTest, UpdatingClauses) {
  EXPECT_EQ(ErrorOf("MATCH (a) CREATE (a)"), "SyntaxError/VariableAlreadyBound");
  EXPECT_EQ(ErrorOf("MATCH (a) CREATE (a:L)-[:T]->()"), "SyntaxError/VariableAlreadyBound");
  EXPECT_EQ(ErrorOf("MATCH (a) CREATE (a)-[:T]->()"), "ok");
  EXPECT_EQ(ErrorOf("MATCH ()-[r]->() CREATE ()-[r]->()"), "SyntaxError/VariableAlreadyBound");
  EXPECT_EQ(ErrorOf("CREATE ()-[]->()"), "SyntaxError/NoSingleRelationshipType");
  EXPECT_EQ(ErrorOf("CREATE ()<-[:T]->()"), "SyntaxError/RequiresDirectedRelationship");
  EXPECT_EQ(ErrorOf("MERGE ()-[:T]-()"), "ok");  // MERGE may be undirected
  EXPECT_EQ(ErrorOf("MERGE (a)-[:T*2]->(b)"), "SyntaxError/CreatingVarLength");
  EXPECT_EQ(ErrorOf("MATCH (a) MERGE (a)"), "SyntaxError/VariableAlreadyBound");
  EXPECT_EQ(ErrorOf("DELETE 1 + 1"), "SyntaxError/InvalidArgumentType");
}

TEST(BinderErrorTest, Projections) {
  EXPECT_EQ(ErrorOf("RETURN 1 AS a, 2 AS a"), "SyntaxError/ColumnNameConflict");
  EXPECT_EQ(ErrorOf("MATCH (n) WITH n.x RETURN 1"), "SyntaxError/NoExpressionAlias");
  EXPECT_EQ(ErrorOf("RETURN 1 AS a UNION RETURN 1 AS b"), "SyntaxError/DifferentColumnsInUnion");
  EXPECT_EQ(ErrorOf("MATCH (n) WHERE count(*) > 0 RETURN n"), "SyntaxError/InvalidAggregation");
  EXPECT_EQ(ErrorOf("RETURN count(count(*))"), "SyntaxError/NestedAggregation");
  EXPECT_EQ(ErrorOf("RETURN [x IN [1] | count(*)]"), "SyntaxError/InvalidAggregation");
  EXPECT_EQ(ErrorOf("MATCH (a) RETURN a.x + count(*)"), "SyntaxError/AmbiguousAggregationExpression");
  EXPECT_EQ(ErrorOf("MATCH (a) RETURN a.x, a.x + count(*)"), "ok");
  EXPECT_EQ(ErrorOf("MATCH (a) RETURN a.x + a.y, a.x + a.y + count(*)"),
            "SyntaxError/AmbiguousAggregationExpression");
  EXPECT_EQ(ErrorOf("MATCH (a) WITH a.x AS x ORDER BY count(*) RETURN x"), "SyntaxError/InvalidAggregation");
  EXPECT_EQ(ErrorOf("MATCH (a) RETURN a SKIP a.x"), "SyntaxError/NonConstantExpression");
  EXPECT_EQ(ErrorOf("RETURN 1 LIMIT -1"), "SyntaxError/NegativeIntegerArgument");
  EXPECT_EQ(ErrorOf("RETURN 1 LIMIT 1.5"), "SyntaxError/InvalidArgumentType");
}

TEST(BinderErrorTest, TypesFunctionsParametersProcedures) {
  EXPECT_EQ(ErrorOf("RETURN NOT 1"), "SyntaxError/InvalidArgumentType");
  EXPECT_EQ(ErrorOf("RETURN 1 IN 2"), "SyntaxError/InvalidArgumentType");
  EXPECT_EQ(ErrorOf("RETURN true AND 'x'"), "SyntaxError/InvalidArgumentType");
  EXPECT_EQ(ErrorOf("WITH 'a' AS s RETURN s.x"), "TypeError/InvalidArgumentType");
  EXPECT_EQ(ErrorOf("MATCH (n) RETURN type(n)"), "SyntaxError/InvalidArgumentType");
  EXPECT_EQ(ErrorOf("RETURN any(x IN ['a'] WHERE x % 2 = 0)"), "SyntaxError/InvalidArgumentType");
  EXPECT_EQ(ErrorOf("RETURN nope(1)"), "SyntaxError/UnknownFunction");
  EXPECT_EQ(ErrorOf("RETURN toUpper()"), "SyntaxError/InvalidNumberOfArguments");
  EXPECT_EQ(ErrorOf("RETURN $p"), "ParameterMissing/MissingParameter");
  EXPECT_EQ(ErrorOf("RETURN $p", ValueMap{{"p", Value::Int(1)}}), "ok");
  EXPECT_EQ(ErrorOf("MATCH (n $p) RETURN n", ValueMap{{"p", Value::Int(1)}}),
            "SyntaxError/InvalidParameterUse");
  EXPECT_EQ(ErrorOf("CALL nope.proc()"), "ProcedureError/ProcedureNotFound");
  EXPECT_EQ(ErrorOf("CALL test.proc(1, 2)"), "SyntaxError/InvalidNumberOfArguments");
  EXPECT_EQ(ErrorOf("CALL test.proc('x')"), "SyntaxError/InvalidArgumentType");
  EXPECT_EQ(ErrorOf("UNWIND [1] AS x CALL test.proc YIELD out RETURN out"),
            "SyntaxError/InvalidArgumentPassingMode");
  EXPECT_EQ(ErrorOf("CALL test.proc(1) YIELD out AS a, out AS a RETURN a"),
            "SyntaxError/VariableAlreadyBound");
}

TEST(PlanShapeTest, PredicatesFollowTheirLastBinding) {
  // a's property test sits on the scan of a, before the expand to b.
  std::string plan = Explain("MATCH (a:A)-[:T]->(b) WHERE a.x > 1 AND b.y = 2 RETURN b");
  size_t a_filter = plan.find("Filter (a.x > 1)");
  size_t b_filter = plan.find("Filter (b.y = 2)");
  size_t expand = plan.find("Expand (a)");
  ASSERT_NE(a_filter, std::string::npos) << plan;
  ASSERT_NE(b_filter, std::string::npos) << plan;
  ASSERT_NE(expand, std::string::npos) << plan;
  // Printed top-down: b's filter, then the expand, then a's filter below it.
  EXPECT_LT(b_filter, expand) << plan;
  EXPECT_LT(expand, a_filter) << plan;
}

TEST(PlanShapeTest, PatternStartsAtTheLabelledNode) {
  std::string plan = Explain("MATCH (a)-[:T]->(b:B) RETURN a");
  EXPECT_NE(plan.find("NodeScan (b:B)"), std::string::npos) << plan;
  EXPECT_NE(plan.find("Expand (b)<-["), std::string::npos) << plan;
}

// With statistics, a part starts at the node estimated to have fewest rows: b, whose
// own filter keeps a tenth of the :V nodes, rather than the first labelled node; the
// expands then walk out from b both ways.
TEST(JoinOrderTest, PatternStartsAtTheNodeWithFewestEstimatedRows) {
  const std::string query =
      "MATCH (a:V)-[:E]->(b:V)-[:E]->(c:V) WHERE b.id % 1000 = 7 AND c.id <> a.id RETURN count(*)";
  std::string plan = ExplainWithStatistics(query);
  EXPECT_NE(plan.find("Filter ((b.id % 1000) = 7)  [est=100]\nNodeScan (b:V)  [est=1000]\nStart"),
            std::string::npos)
      << plan;
  EXPECT_NE(plan.find("Expand (b)<-[#"), std::string::npos) << plan;  // to a, incoming
  EXPECT_NE(plan.find("Expand (b)-[#"), std::string::npos) << plan;   // to c
  // Without statistics: today's rule, the first labelled node.
  std::string rule_based = Explain(query);
  EXPECT_NE(rule_based.find("NodeScan (a:V)\nStart"), std::string::npos) << rule_based;
}

TEST(JoinOrderTest, EqualEstimatesKeepTheFirstLabelledNode) {
  std::string plan = ExplainWithStatistics("MATCH (a)-[:E]->(b:V)-[:E]->(c:V) RETURN count(*)");
  EXPECT_NE(plan.find("NodeScan (b:V)  [est=1000]\nStart"), std::string::npos) << plan;
  plan = ExplainWithStatistics("MATCH (a:V)-[:E]->(b:V)-[:E]->(c:V) RETURN count(*)");
  EXPECT_NE(plan.find("NodeScan (a:V)  [est=1000]\nStart"), std::string::npos) << plan;
}

// EXPLAIN's estimates: a scan its label's count, a filter times its selectivity, an
// expand times the average degree (5,000 :E over 1,100 nodes), LIMIT at most its count.
TEST(JoinOrderTest, ExplainShowsEstimatedRowsOnlyWithStatistics) {
  EXPECT_EQ(ExplainWithStatistics("MATCH (n:V)-[:E]->(m) WHERE n.x > 1 RETURN m LIMIT 10"),
            "ProduceResults m  [est=10]\n"
            "Limit 10  [est=10]\n"
            "Project m AS m  [est=1364]\n"
            "Expand (n)-[#2:E]->(m)  [est=1364]\n"
            "Filter (n.x > 1)  [est=300]\n"
            "NodeScan (n:V)  [est=1000]\n"
            "Start  [est=1]\n");
  EXPECT_EQ(Explain("MATCH (n:V) RETURN n").find("est="), std::string::npos);
}

TEST(PlanShapeTest, OptionalMatchIsASubplanOverItsInput) {
  std::string plan = Explain("MATCH (a) OPTIONAL MATCH (a)-->(b) RETURN a, b");
  EXPECT_NE(plan.find("Optional"), std::string::npos) << plan;
  EXPECT_NE(plan.find("Argument"), std::string::npos) << plan;
}

TEST(OptimizerTest, PropertyEqualityMovesIntoTheScan) {
  std::string plan =
      Explain("MATCH (n:Person {name: $name}) RETURN n", ValueMap{{"name", Value::String("x")}});
  EXPECT_NE(plan.find("NodeScan (n:Person {name: $name})"), std::string::npos) << plan;
  EXPECT_EQ(plan.find("Filter"), std::string::npos) << plan;
}

TEST(OptimizerTest, CountOverAHopUsesTheDegree) {
  std::string plan = Explain("MATCH (a:A)-[:T]->(b) RETURN a, count(b)");
  EXPECT_NE(plan.find("degree(a:T)"), std::string::npos) << plan;
  EXPECT_EQ(plan.find("Expand"), std::string::npos) << plan;
  // Not when b is used for anything else.
  std::string kept = Explain("MATCH (a:A)-[:T]->(b) RETURN b.x, count(b)");
  EXPECT_NE(kept.find("Expand"), std::string::npos) << kept;
}

TEST(OptimizerTest, OrderByUnderLimitKeepsOnlyTheTopRows) {
  std::string plan = Explain("UNWIND [3, 1, 2] AS x RETURN x ORDER BY x SKIP 1 LIMIT 1");
  EXPECT_NE(plan.find("Sort x top (1 + 1)"), std::string::npos) << plan;
  std::string all = Explain("UNWIND [3, 1, 2] AS x RETURN x ORDER BY x");
  EXPECT_EQ(all.find("top"), std::string::npos) << all;
}

}  // namespace
}  // namespace quiver::planner
