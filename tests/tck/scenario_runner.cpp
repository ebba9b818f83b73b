#include "scenario_runner.h"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <variant>

#include "expected_error.h"
#include "procedure_table.h"
#include "result_matcher.h"
#include "side_effects.h"
#include "tck_value.h"

namespace quiver::tck {
namespace {

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::string TableText(const DataTable& table) {
  std::string out;
  for (const auto& row : table.rows) {
    out.append("  |");
    for (const auto& cell : row) out.append(" ").append(cell).append(" |");
    out.append("\n");
  }
  return out;
}

// Thrown by a step to end the scenario as failed. The category groups failures for the
// summary ("unexpected error: SyntaxError/UnexpectedSyntax", "result mismatch", ...).
struct StepFailure {
  std::string reason;
  std::string category;
};

// "SyntaxError/UndefinedVariable": the class and detail, for grouping failures.
std::string ErrorKind(const QuiverError& e) {
  std::string out(ErrorClassName(e.error_class()));
  if (!e.detail().empty()) out.append("/").append(e.detail());
  return out;
}

// What the last executed query produced.
struct Outcome {
  std::string query;
  std::optional<QueryResult> result;
  std::optional<QuiverError> error;  // a QuiverError from the engine
  std::string foreign_error;         // any other exception's what()
  bool Failed() const { return error.has_value() || !foreign_error.empty(); }
  std::string ErrorText() const { return error ? DescribeError(*error) : foreign_error; }
  std::string ErrorKindText() const { return error ? ErrorKind(*error) : foreign_error; }
};

class ScenarioRun {
 public:
  ScenarioRun(const Scenario& scenario, const DatabaseFactory& factory, const std::string& graphs_dir)
      : scenario_(scenario), graphs_dir_(graphs_dir) {
    database_ = factory();
    if (!database_) throw StepFailure{"the database factory returned no database", "no database"};
    connection_ = database_->Connect();
    if (!connection_) throw StepFailure{"Connect() returned no connection", "no database"};
  }

  ScenarioResult Run() {
    ScenarioResult result;
    for (size_t i = 0; i < scenario_.steps.size(); ++i) {
      try {
        RunStep(i);
      } catch (const StepFailure& failure) {
        result.reason = failure.reason;
        result.category = failure.category;
        result.details = Details(scenario_.steps[i]);
        return result;
      } catch (const std::exception& e) {
        // The runner's own trouble reading the scenario (a malformed table, ...).
        result.reason =
            std::string("runner error at line ") + std::to_string(scenario_.steps[i].line) + ": " + e.what();
        result.category = "runner error";
        result.details = Details(scenario_.steps[i]);
        return result;
      }
    }
    result.passed = true;
    result.lenient_phase = lenient_phase_;
    return result;
  }

 private:
  void RunStep(size_t index) {
    const Step& step = scenario_.steps[index];
    const std::string& text = step.text;
    if (step.keyword == "Given") {
      if (text == "an empty graph" || text == "any graph") return;  // a fresh database is empty
      if (StartsWith(text, "the ") && text.size() > 10 && text.substr(text.size() - 6) == " graph") {
        return LoadNamedGraph(text.substr(4, text.size() - 10));
      }
      if (text == "having executed:" || text == "after having executed:") return Setup(Body(step));
      if (text == "parameters are:" || text == "parameter values are:") return SetParameters(step);
      if (StartsWith(text, "there exists a procedure ")) return RegisterProcedure(step);
    } else if (step.keyword == "When") {
      if (StartsWith(text, "executing query:")) return Execute(step, NeedsSideEffects(index));
      if (StartsWith(text, "executing control query:")) return Execute(step, false);
    } else if (step.keyword == "Then") {
      if (StartsWith(text, "the result should be")) return CheckResult(step);
      if (text == "no side effects") return CheckSideEffects(SideEffects{});
      if (text == "the side effects should be:") {
        if (!step.table) throw StepFailure{"side-effects step without a table", "runner error"};
        return CheckSideEffects(ParseSideEffectsTable(*step.table));
      }
      if (auto expected = ParseErrorStep(text))
        return CheckError(*expected, !ExplicitSideEffectsFollow(index));
    }
    throw StepFailure{"unsupported step: " + step.keyword + " " + text, "unsupported step"};
  }

  // The query of a step: its doc string, or the text after the colon on the same line.
  static std::string Body(const Step& step) {
    if (step.doc_string) return *step.doc_string;
    const size_t colon = step.text.find(':');
    if (colon != std::string::npos && colon + 1 < step.text.size()) return step.text.substr(colon + 1);
    throw StepFailure{"step without a query: " + step.text, "runner error"};
  }

  // The steps after a When up to the next When.
  template <typename Pred>
  bool AnyFollowingThen(size_t index, Pred pred) const {
    for (size_t i = index + 1; i < scenario_.steps.size() && scenario_.steps[i].keyword != "When"; ++i) {
      if (pred(scenario_.steps[i])) return true;
    }
    return false;
  }
  static bool IsSideEffectStep(const Step& step) {
    return step.keyword == "Then" &&
           (step.text == "no side effects" || step.text == "the side effects should be:");
  }
  bool NeedsSideEffects(size_t index) const {
    return AnyFollowingThen(index, [](const Step& s) {
      return IsSideEffectStep(s) || (s.keyword == "Then" && ParseErrorStep(s.text).has_value());
    });
  }
  bool ExplicitSideEffectsFollow(size_t index) const { return AnyFollowingThen(index, IsSideEffectStep); }

  void Setup(const std::string& query) {
    try {
      (void)connection_->Query(query, parameters_).rows();
    } catch (const QuiverError& e) {
      throw StepFailure{"setup query failed: " + DescribeError(e), "setup query failed: " + ErrorKind(e)};
    } catch (const std::exception& e) {
      throw StepFailure{std::string("setup query failed: ") + e.what(),
                        "setup query failed: non-Quiver exception"};
    }
  }

  void LoadNamedGraph(const std::string& name) {
    const std::filesystem::path dir = std::filesystem::path(graphs_dir_) / name;
    const auto meta = nlohmann::json::parse(ReadFile(dir / (name + ".json")));
    for (const auto& script : meta.at("scripts")) {
      for (const auto& statement : SplitStatements(ReadFile(dir / (script.get<std::string>() + ".cypher")))) {
        Setup(statement);
      }
    }
  }

  void SetParameters(const Step& step) {
    if (!step.table) throw StepFailure{"parameters step without a table", "runner error"};
    for (const auto& row : step.table->rows) {
      if (row.size() != 2) throw StepFailure{"parameters row needs a name and a value", "runner error"};
      parameters_.Set(row[0], ParseTckValue(row[1]));
    }
  }

  void RegisterProcedure(const Step& step) {
    ProcedureSignature signature = ParseProcedureSignature(step.text);
    ProcedureFunction function = MakeTableProcedure(signature, step.table.value_or(DataTable{}));
    try {
      database_->RegisterProcedure(std::move(signature), std::move(function));
    } catch (const std::exception& e) {
      throw StepFailure{std::string("RegisterProcedure failed: ") + e.what(), "RegisterProcedure failed"};
    }
  }

  std::optional<GraphSnapshot> Snapshot() {
    try {
      return TakeSnapshot(*connection_);
    } catch (const std::exception& e) {
      snapshot_error_ = e.what();
      return std::nullopt;
    }
  }

  void Execute(const Step& step, bool observe) {
    outcome_ = Outcome{};
    outcome_.query = Body(step);
    before_.reset();
    after_.reset();
    snapshot_error_.clear();
    if (observe) before_ = Snapshot();
    try {
      outcome_.result = connection_->Query(outcome_.query, parameters_);
      // A streaming result raises a runtime error when its rows are read: read them here.
      (void)outcome_.result->rows();
    } catch (const QuiverError& e) {
      outcome_.error = e;
    } catch (const std::exception& e) {
      outcome_.foreign_error = std::string("non-Quiver exception: ") + e.what();
    } catch (...) {
      outcome_.foreign_error = "unknown exception";
    }
    if (observe && before_) after_ = Snapshot();
    observed_ = observe;
  }

  void CheckResult(const Step& step) {
    if (outcome_.Failed())
      throw StepFailure{"unexpected error: " + outcome_.ErrorText(),
                        "unexpected error: " + outcome_.ErrorKindText()};
    const QueryResult& actual = *outcome_.result;
    if (step.text == "the result should be empty") {
      if (!actual.empty()) {
        const auto& first = actual.rows().front();
        // Rows without columns print as "|": say so instead.
        throw StepFailure{"expected an empty result, got " + std::to_string(actual.size()) + " rows" +
                              (first.empty() ? " with no columns" : ", first " + RowText(first)),
                          "result mismatch"};
      }
      return;
    }
    const std::string_view rest =
        std::string_view(step.text).substr(std::string_view("the result should be").size());
    const bool in_order = StartsWith(rest, ", in order");
    const bool any_order = StartsWith(rest, ", in any order") || StartsWith(rest, " (ignoring");
    if (!in_order && !any_order) throw StepFailure{"unsupported step: Then " + step.text, "unsupported step"};
    if (!step.table) throw StepFailure{"result step without a table", "runner error"};
    const bool ignore_lists = rest.find("(ignoring element order for lists)") != std::string_view::npos;
    const ResultExpectation expected =
        ParseResultTable(*step.table, in_order ? RowOrder::kInOrder : RowOrder::kAnyOrder, ignore_lists);
    if (auto mismatch = MatchResult(expected, actual)) throw StepFailure{*mismatch, "result mismatch"};
  }

  SideEffects ObservedSideEffects() const {
    if (!observed_) throw StepFailure{"side effects asked for a query that was not observed", "runner error"};
    if (!before_ || !after_) {
      // Group by which defining query failed ("side-effect query for properties").
      throw StepFailure{
          "cannot observe side effects: " + snapshot_error_,
          "cannot observe side effects: " + snapshot_error_.substr(0, snapshot_error_.find(" failed"))};
    }
    return Diff(*before_, *after_);
  }

  void CheckSideEffects(const SideEffects& expected) {
    const SideEffects actual = ObservedSideEffects();
    if (actual != expected) {
      throw StepFailure{"side effects differ: expected " + expected.ToString() + ", got " + actual.ToString(),
                        "side effects differ"};
    }
  }

  void CheckError(const ExpectedError& expected, bool implied_no_side_effects) {
    if (!outcome_.Failed()) {
      throw StepFailure{"expected " + expected.ToString() + ", but the query succeeded with " +
                            std::to_string(outcome_.result->size()) + " rows",
                        "expected an error, query succeeded"};
    }
    if (!outcome_.error) {
      throw StepFailure{"expected " + expected.ToString() + ", got " + outcome_.foreign_error,
                        "wrong error: expected " + expected.ToString()};
    }
    switch (JudgeError(expected, *outcome_.error)) {
      case ErrorVerdict::kMismatch:
        throw StepFailure{"expected " + expected.ToString() + ", got " + DescribeError(*outcome_.error),
                          "wrong error: expected " + expected.ToString()};
      case ErrorVerdict::kMatchLenientPhase:
        lenient_phase_ = true;
        break;
      case ErrorVerdict::kMatch:
        break;
    }
    // The README: "For 'negative' tests, where errors are expected, it is implied that
    // the graph suffers no side effects."
    if (implied_no_side_effects) {
      const SideEffects actual = ObservedSideEffects();
      if (!actual.None())
        throw StepFailure{"the failed query left side effects: " + actual.ToString(), "side effects differ"};
    }
  }

  std::string Details(const Step& failed_step) const {
    std::string out;
    if (!outcome_.query.empty()) out.append("query:\n").append(outcome_.query).append("\n");
    if (!parameters_.empty())
      out.append("parameters: ").append(ToTckString(Value::Map(parameters_))).append("\n");
    out.append("failed step (line ").append(std::to_string(failed_step.line)).append("): ");
    out.append(failed_step.keyword).append(" ").append(failed_step.text).append("\n");
    if (failed_step.doc_string && failed_step.keyword == "Given")
      out.append(*failed_step.doc_string).append("\n");
    if (failed_step.table) out.append(TableText(*failed_step.table));
    if (outcome_.result) {
      out.append("actual result:\n  |");
      for (const auto& column : outcome_.result->columns()) out.append(" ").append(column).append(" |");
      out.append("\n");
      for (const auto& row : outcome_.result->rows()) out.append("  ").append(RowText(row)).append("\n");
    } else if (outcome_.Failed()) {
      out.append("actual error: ").append(outcome_.ErrorText()).append("\n");
    }
    return out;
  }

  const Scenario& scenario_;
  const std::string& graphs_dir_;
  std::unique_ptr<Database> database_;
  std::unique_ptr<Connection> connection_;
  ValueMap parameters_;
  Outcome outcome_;
  bool observed_ = false;
  std::optional<GraphSnapshot> before_;
  std::optional<GraphSnapshot> after_;
  std::string snapshot_error_;
  bool lenient_phase_ = false;
};

}  // namespace

std::vector<std::string> SplitStatements(std::string_view script) {
  std::vector<std::string> statements;
  std::string current;
  char quote = '\0';
  for (size_t i = 0; i < script.size(); ++i) {
    const char c = script[i];
    if (quote != '\0') {
      current.push_back(c);
      if (c == '\\' && i + 1 < script.size()) {
        current.push_back(script[++i]);
      } else if (c == quote) {
        quote = '\0';
      }
      continue;
    }
    if (c == '\'' || c == '"' || c == '`') quote = c;
    if (c == ';') {
      statements.push_back(std::move(current));
      current.clear();
      continue;
    }
    current.push_back(c);
  }
  statements.push_back(std::move(current));
  std::vector<std::string> non_empty;
  for (auto& s : statements) {
    if (s.find_first_not_of(" \t\r\n") != std::string::npos) non_empty.push_back(std::move(s));
  }
  return non_empty;
}

ScenarioResult RunScenario(const Scenario& scenario, const DatabaseFactory& factory,
                           const std::string& graphs_dir) {
  try {
    return ScenarioRun(scenario, factory, graphs_dir).Run();
  } catch (const StepFailure& failure) {
    return ScenarioResult{false, false, failure.reason, failure.category, ""};
  } catch (const std::exception& e) {
    return ScenarioResult{false, false, std::string("could not open a database: ") + e.what(), "no database",
                          ""};
  }
}

}  // namespace quiver::tck
