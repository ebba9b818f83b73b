// The scenario runner driven by a scripted fake Database: the fake answers the TCK's
// side-effect queries from a tiny graph it keeps, and each scenario query from a
// script the test writes. It tests the runner's logic, not an engine.
#include "scenario_runner.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "side_effects.h"
#include "tck_paths.h"

namespace quiver::tck {
namespace {

struct FakeGraph {
  std::vector<NodeValue> nodes;
  std::vector<RelationshipValue> relationships;
  uint64_t next_id = 1;
};

class FakeDatabase;
using Handler = std::function<QueryResult(FakeDatabase&, const ValueMap&)>;

class FakeDatabase : public Database {
 public:
  // `log` receives every query text; it belongs to the test, because the runner
  // destroys the database when the scenario ends.
  FakeDatabase(std::map<std::string, Handler> script, bool observable, std::vector<std::string>* log)
      : script_(std::move(script)), observable_(observable), log_(log) {}

  std::unique_ptr<Connection> Connect() override;
  void Refresh() override {}
  void RegisterProcedure(ProcedureSignature signature, ProcedureFunction function) override {
    procedures[signature.name] = std::move(function);
  }
  void RegisterProcedure(ProcedureSignature, ProcedureBody) override {
    throw InternalError("", "fake: the runner registers only table procedures");
  }

  QueryResult Run(std::string_view text, const ValueMap& params) {
    log_->emplace_back(text);
    if (observable_) {
      if (text == kNodesQuery) {
        std::vector<std::vector<Value>> rows;
        for (const auto& n : graph.nodes) rows.push_back({Value::Node(n)});
        return QueryResult({"n"}, rows);
      }
      if (text == kRelationshipsQuery) {
        std::vector<std::vector<Value>> rows;
        for (const auto& r : graph.relationships) rows.push_back({Value::Relationship(r)});
        return QueryResult({"r"}, rows);
      }
      if (text == kPropertiesQuery) {
        std::vector<std::vector<Value>> rows;
        for (const auto& n : graph.nodes) {
          for (const auto& [k, v] : n.properties) rows.push_back({Value::Node(n), Value::String(k), v});
        }
        return QueryResult({"entity", "key", "value"}, rows);
      }
      if (text == kLabelsQuery) {
        std::set<std::string> labels;
        for (const auto& n : graph.nodes) labels.insert(n.labels.begin(), n.labels.end());
        std::vector<std::vector<Value>> rows;
        for (const auto& l : labels) rows.push_back({Value::String(l)});
        return QueryResult({"label"}, rows);
      }
    }
    auto it = script_.find(std::string(text));
    if (it == script_.end())
      throw SyntaxError("UnexpectedSyntax", "fake: unscripted query", ErrorPhase::kCompileTime);
    return it->second(*this, params);
  }

  void AddNode(std::vector<std::string> labels, ValueMap props) {
    graph.nodes.push_back(NodeValue{graph.next_id++, std::move(labels), std::move(props)});
  }

  FakeGraph graph;
  std::map<std::string, ProcedureFunction> procedures;

 private:
  std::map<std::string, Handler> script_;
  bool observable_;
  std::vector<std::string>* log_;
};

class FakeConnection : public Connection {
 public:
  explicit FakeConnection(FakeDatabase& db) : db_(db) {}
  QueryResult Query(std::string_view text, const ValueMap& parameters) override {
    return db_.Run(text, parameters);
  }
  // The runner uses only Query; the rest of the session API is not part of the script.
  std::unique_ptr<PreparedStatement> Prepare(std::string_view, const ValueMap&) override { Unscripted(); }
  QueryResult Execute(PreparedStatement&, const ValueMap&) override { Unscripted(); }
  void Begin(TransactionMode) override { Unscripted(); }
  void Commit() override { Unscripted(); }
  void Rollback() override { Unscripted(); }
  bool InTransaction() const override { return false; }
  void Cancel() override { Unscripted(); }
  void SetQueryTimeout(std::chrono::milliseconds) override { Unscripted(); }
  void SetQueryMemoryLimit(uint64_t) override { Unscripted(); }
  uint64_t query_memory_limit() const override { return 0; }
  void SetUser(std::string_view) override { Unscripted(); }

 private:
  [[noreturn]] static void Unscripted() { throw ClientError("Unscripted", "fake: the runner used more than Query"); }
  FakeDatabase& db_;
};

std::unique_ptr<Connection> FakeDatabase::Connect() {
  return std::make_unique<FakeConnection>(*this);
}

class ScenarioRunnerTest : public ::testing::Test {
 protected:
  // Parses a one-scenario feature and runs it on a fresh fake.
  ScenarioResult Run(const std::string& scenario_text, bool observable = true) {
    const std::string feature = "Feature: Fake\n\n" + scenario_text;
    auto scenarios = ParseFeature("Fake.feature", feature);
    EXPECT_EQ(scenarios.size(), 1u);
    executed_.clear();
    DatabaseFactory factory = [&] { return std::make_unique<FakeDatabase>(script_, observable, &executed_); };
    return RunScenario(scenarios.front(), factory, TckGraphsDir());
  }

  std::map<std::string, Handler> script_;  // what the fake answers to each query text
  std::vector<std::string> executed_;      // every query it was asked, in order
};

Handler Rows(std::vector<std::string> columns, std::vector<std::vector<Value>> rows) {
  return [=](FakeDatabase&, const ValueMap&) { return QueryResult(columns, rows); };
}

TEST_F(ScenarioRunnerTest, ComparesResults) {
  script_["RETURN 1 AS x"] = Rows({"x"}, {{Value::Int(1)}});
  const std::string scenario = R"(
  Scenario: [1] ok
    Given any graph
    When executing query:
      """
      RETURN 1 AS x
      """
    Then the result should be, in any order:
      | x |
      | <v> |
    And no side effects
)";
  auto with = [&](const std::string& v) {
    std::string s = scenario;
    s.replace(s.find("<v>"), 3, v);
    return s;
  };
  ScenarioResult ok = Run(with("1"));
  EXPECT_TRUE(ok.passed) << ok.reason;
  EXPECT_FALSE(ok.lenient_phase);

  ScenarioResult bad = Run(with("2"));
  EXPECT_FALSE(bad.passed);
  EXPECT_NE(bad.reason.find("missing row | 2 |"), std::string::npos) << bad.reason;
  EXPECT_EQ(bad.category, "result mismatch");
  EXPECT_NE(bad.details.find("RETURN 1 AS x"), std::string::npos);
  EXPECT_NE(bad.details.find("| 1 |"), std::string::npos) << bad.details;
}

TEST_F(ScenarioRunnerTest, ResultShouldBeEmpty) {
  script_["MATCH (n) RETURN n"] = Rows({"n"}, {});
  script_["RETURN 1 AS x"] = Rows({"x"}, {{Value::Int(1)}});
  const char* text = R"(
  Scenario: [1] empty
    Given an empty graph
    When executing query:
      """
      %s
      """
    Then the result should be empty
    And no side effects
)";
  char buf[512];
  std::snprintf(buf, sizeof(buf), text, "MATCH (n) RETURN n");
  EXPECT_TRUE(Run(buf).passed);
  std::snprintf(buf, sizeof(buf), text, "RETURN 1 AS x");
  EXPECT_FALSE(Run(buf).passed);
}

TEST_F(ScenarioRunnerTest, ChecksSideEffectsWithTheDefiningQueries) {
  script_["CREATE (:A {k: 1})"] = [](FakeDatabase& db, const ValueMap&) {
    db.AddNode({"A"}, ValueMap{{"k", Value::Int(1)}});
    return QueryResult();
  };
  const std::string base = R"(
  Scenario: [1] create
    Given an empty graph
    When executing query:
      """
      CREATE (:A {k: 1})
      """
    Then the result should be empty
    And the side effects should be:
      | +nodes      | 1 |
      | +properties | 1 |
)";
  ScenarioResult missing_label = Run(base);
  EXPECT_FALSE(missing_label.passed);
  EXPECT_EQ(missing_label.reason,
            "side effects differ: expected +nodes 1, +properties 1, got +nodes 1, +properties 1, +labels 1");
  // The defining queries ran before and after the query under test.
  ASSERT_EQ(executed_.size(), 9u);
  EXPECT_EQ(executed_[0], kNodesQuery);
  EXPECT_EQ(executed_[4], "CREATE (:A {k: 1})");
  EXPECT_EQ(executed_[8], kLabelsQuery);

  ScenarioResult ok = Run(base + "      | +labels     | 1 |\n");
  EXPECT_TRUE(ok.passed) << ok.reason;

  const std::string none = R"(
  Scenario: [1] create
    Given an empty graph
    When executing query:
      """
      CREATE (:A {k: 1})
      """
    Then the result should be empty
    And no side effects
)";
  EXPECT_FALSE(Run(none).passed);
}

TEST_F(ScenarioRunnerTest, SetupQueriesAreNotSideEffects) {
  script_["CREATE (:A {k: 1})"] = [](FakeDatabase& db, const ValueMap&) {
    db.AddNode({"A"}, ValueMap{{"k", Value::Int(1)}});
    return QueryResult();
  };
  script_["MATCH (n) RETURN n.k AS k"] = [](FakeDatabase& db, const ValueMap&) {
    std::vector<std::vector<Value>> rows;
    for (const auto& n : db.graph.nodes) rows.push_back({*n.properties.Find("k")});
    return QueryResult({"k"}, rows);
  };
  ScenarioResult r = Run(R"(
  Scenario: [1] setup
    Given an empty graph
    And having executed:
      """
      CREATE (:A {k: 1})
      """
    When executing query:
      """
      MATCH (n) RETURN n.k AS k
      """
    Then the result should be, in order:
      | k |
      | 1 |
    And no side effects
)");
  EXPECT_TRUE(r.passed) << r.reason;
}

TEST_F(ScenarioRunnerTest, FailsHonestlyWhenSideEffectsCannotBeObserved) {
  script_["CREATE ()"] = Rows({}, {});
  ScenarioResult r = Run(R"(
  Scenario: [1] unobservable
    Given an empty graph
    When executing query:
      """
      CREATE ()
      """
    Then the result should be empty
    And the side effects should be:
      | +nodes | 1 |
)",
                         /*observable=*/false);
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.reason.find("cannot observe side effects"), std::string::npos) << r.reason;
  EXPECT_EQ(r.category, "cannot observe side effects: side-effect query for nodes");
}

TEST_F(ScenarioRunnerTest, ExpectedErrors) {
  script_["RETURN x"] = [](FakeDatabase&, const ValueMap&) -> QueryResult {
    throw SyntaxError("UndefinedVariable", "x is not defined", ErrorPhase::kCompileTime);
  };
  script_["RETURN late"] = [](FakeDatabase&, const ValueMap&) -> QueryResult {
    throw SyntaxError("UndefinedVariable", "found at runtime", ErrorPhase::kRuntime);
  };
  script_["RETURN 1"] = Rows({"1"}, {{Value::Int(1)}});
  script_["CREATE (:A) RETURN 1/0"] = [](FakeDatabase& db, const ValueMap&) -> QueryResult {
    db.AddNode({"A"}, {});  // a broken engine that does not roll back
    throw ArithmeticError("DivisionByZero", "/ by zero");
  };
  auto scenario = [](const std::string& query, const std::string& expectation) {
    return "  Scenario: [1] error\n    Given any graph\n    When executing query:\n      \"\"\"\n      " +
           query + "\n      \"\"\"\n    Then " + expectation + "\n";
  };
  const std::string undefined = "a SyntaxError should be raised at compile time: UndefinedVariable";

  ScenarioResult ok = Run(scenario("RETURN x", undefined));
  EXPECT_TRUE(ok.passed) << ok.reason;
  EXPECT_FALSE(ok.lenient_phase);

  ScenarioResult lenient = Run(scenario("RETURN late", undefined));
  EXPECT_TRUE(lenient.passed) << lenient.reason;
  EXPECT_TRUE(lenient.lenient_phase);

  ScenarioResult wrong =
      Run(scenario("RETURN x", "a SyntaxError should be raised at compile time: VariableAlreadyBound"));
  EXPECT_FALSE(wrong.passed);
  EXPECT_EQ(wrong.reason,
            "expected SyntaxError/VariableAlreadyBound at compile time, got SyntaxError/UndefinedVariable at "
            "compile time: x is not defined");
  EXPECT_EQ(wrong.category, "wrong error: expected SyntaxError/VariableAlreadyBound at compile time");

  ScenarioResult succeeded = Run(scenario("RETURN 1", undefined));
  EXPECT_FALSE(succeeded.passed);
  EXPECT_EQ(succeeded.category, "expected an error, query succeeded");

  ScenarioResult unexpected = Run(scenario("RETURN x", "the result should be empty"));
  EXPECT_FALSE(unexpected.passed);
  EXPECT_EQ(unexpected.category, "unexpected error: SyntaxError/UndefinedVariable");

  // The README's implied rule: a failed query leaves no side effects.
  ScenarioResult leaked = Run(
      scenario("CREATE (:A) RETURN 1/0", "an ArithmeticError should be raised at runtime: DivisionByZero"));
  EXPECT_FALSE(leaked.passed);
  EXPECT_EQ(leaked.reason, "the failed query left side effects: +nodes 1, +labels 1");
}

TEST_F(ScenarioRunnerTest, ParametersAndProcedures) {
  script_["CALL test.my.proc($in) YIELD out RETURN out"] = [](FakeDatabase& db, const ValueMap& params) {
    std::vector<Value> args = {*params.Find("in")};
    std::vector<std::vector<Value>> rows = db.procedures.at("test.my.proc")(args);
    return QueryResult({"out"}, rows);
  };
  ScenarioResult r = Run(R"(
  Scenario: [1] proc
    Given an empty graph
    And there exists a procedure test.my.proc(in :: INTEGER?) :: (out :: STRING?):
      | in   | out   |
      | null | 'nix' |
      | 1    | 'one' |
    And parameters are:
      | in | 1 |
    When executing query:
      """
      CALL test.my.proc($in) YIELD out RETURN out
      """
    Then the result should be, in order:
      | out   |
      | 'one' |
    And no side effects
)");
  EXPECT_TRUE(r.passed) << r.reason;
}

TEST_F(ScenarioRunnerTest, NamedGraphsRunTheirScripts) {
  QUIVER_SKIP_WITHOUT_TCK();  // reads the TCK's graph scripts
  std::ifstream in(TckGraphsDir() + "/binary-tree-1/binary-tree-1.cypher");
  ASSERT_TRUE(in) << "TCK graphs not found at " << TckGraphsDir();
  std::stringstream text;
  text << in.rdbuf();
  const std::vector<std::string> statements = SplitStatements(text.str());
  ASSERT_EQ(statements.size(), 1u);  // one CREATE ... ; statement
  script_[statements[0]] = [](FakeDatabase& db, const ValueMap&) {
    for (int i = 0; i < 13; ++i) db.AddNode({"X"}, {});
    return QueryResult();
  };
  script_["MATCH (n) RETURN count(n) AS c"] = [](FakeDatabase& db, const ValueMap&) {
    return QueryResult({"c"}, {{Value::Int(static_cast<int64_t>(db.graph.nodes.size()))}});
  };
  ScenarioResult r = Run(R"(
  Scenario: [1] tree
    Given the binary-tree-1 graph
    When executing query:
      """
      MATCH (n) RETURN count(n) AS c
      """
    Then the result should be, in any order:
      | c  |
      | 13 |
)");
  EXPECT_TRUE(r.passed) << r.reason;
  ASSERT_EQ(executed_.size(), 2u);
  EXPECT_EQ(executed_[0], statements[0]);

  // A setup statement the engine rejects fails the scenario, naming it.
  script_.erase(statements[0]);
  r = Run(R"(
  Scenario: [1] tree
    Given the binary-tree-1 graph
    When executing query:
      """
      MATCH (n) RETURN count(n) AS c
      """
    Then the result should be, in any order:
      | c  |
      | 13 |
)");
  EXPECT_FALSE(r.passed);
  EXPECT_EQ(r.category, "setup query failed: SyntaxError/UnexpectedSyntax");
}

TEST_F(ScenarioRunnerTest, ControlQueriesAndMultipleWhenBlocks) {
  script_["CREATE (:A {k: 1})"] = [](FakeDatabase& db, const ValueMap&) {
    db.AddNode({"A"}, ValueMap{{"k", Value::Int(1)}});
    return QueryResult();
  };
  script_["MATCH (a:A) RETURN a"] = [](FakeDatabase& db, const ValueMap&) {
    return QueryResult({"a"}, {{Value::Node(db.graph.nodes.at(0))}});
  };
  ScenarioResult r = Run(R"(
  Scenario: [1] control
    Given an empty graph
    When executing query:
      """
      CREATE (:A {k: 1})
      """
    Then the result should be empty
    And the side effects should be:
      | +nodes      | 1 |
      | +labels     | 1 |
      | +properties | 1 |
    When executing control query:
      """
      MATCH (a:A) RETURN a
      """
    Then the result should be, in any order:
      | a            |
      | (:A {k: 1})  |
)");
  EXPECT_TRUE(r.passed) << r.reason;
}

TEST_F(ScenarioRunnerTest, UnknownStepsFail) {
  ScenarioResult r = Run(R"(
  Scenario: [1] odd
    Given a graph with a unicorn
)");
  EXPECT_FALSE(r.passed);
  EXPECT_EQ(r.reason, "unsupported step: Given a graph with a unicorn");
}

TEST(SplitStatementsTest, SplitsAtSemicolonsOutsideQuotes) {
  EXPECT_EQ(SplitStatements("CREATE (a);\nCREATE ({s: 'x;y'});\n  \n"),
            (std::vector<std::string>{"CREATE (a)", "\nCREATE ({s: 'x;y'})"}));
  EXPECT_EQ(SplitStatements("RETURN 'it\\'s;'"), (std::vector<std::string>{"RETURN 'it\\'s;'"}));
}

}  // namespace
}  // namespace quiver::tck
