// Parses every query of the openCypher TCK: the queries under test ("When executing
// query:"), the setup queries ("having executed:") and control queries, with Scenario
// Outline placeholders expanded from their Examples rows.
//
// * Every query not expected to fail with a compile-time SyntaxError must parse, and
//   print back to text that parses to an equal AST.
// * Where a compile-time SyntaxError is expected, the parser must raise it with the same
//   detail if the detail is one the parser owns (docs/cypher.md), and must accept the
//   query otherwise: those errors are the binder's to raise.
//
// The TCK is read in place (tests/tck/tck_paths.h); it is never copied into the
// repository, and without it the test is skipped.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cypher/ast/ast_equal.h"
#include "cypher/ast/ast_printer.h"
#include "cypher/parser.h"
#include "quiver/error.h"
#include "tck/tck_paths.h"

namespace quiver::cypher {
namespace {

namespace fs = std::filesystem;

// The compile-time SyntaxError details the parser raises; every other detail belongs to
// the binder. Keep in sync with docs/cypher.md.
const std::set<std::string> kParserDetails = {
    "UnexpectedSyntax",           "InvalidNumberLiteral",     "IntegerOverflow",
    "FloatingPointOverflow",      "InvalidUnicodeLiteral",    "InvalidUnicodeCharacter",
    "InvalidRelationshipPattern", "InvalidClauseComposition", "InvalidDelete",
    "InvalidParameterUse",
};

struct TckQuery {
  std::string location;  // file:line of the doc string
  std::string scenario;
  std::string text;
  bool expects_error = false;  // the query under test of a compile-time SyntaxError scenario
  std::string detail;
};

std::string Trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

bool StartsWith(const std::string& s, std::string_view prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

// A Gherkin table row: `| a | b\|c |` -> {"a", "b|c"}.
std::vector<std::string> SplitRow(const std::string& row) {
  std::vector<std::string> cells;
  std::string cell;
  bool started = false;
  for (size_t i = 0; i < row.size(); ++i) {
    char c = row[i];
    if (c == '\\' && i + 1 < row.size()) {
      char n = row[++i];
      cell.push_back(n == 'n' ? '\n' : n);
    } else if (c == '|') {
      if (started) cells.push_back(Trim(cell));
      started = true;
      cell.clear();
    } else {
      cell.push_back(c);
    }
  }
  return cells;
}

struct Step {
  std::string text;
  std::string doc;
  int doc_line = 0;
  bool has_doc = false;
};

struct Scenario {
  std::string name;
  std::vector<Step> steps;
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  bool outline = false;
};

std::string Substitute(std::string text, const std::vector<std::string>& header,
                       const std::vector<std::string>& row) {
  for (size_t i = 0; i < header.size() && i < row.size(); ++i) {
    std::string key = "<" + header[i] + ">";
    for (size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + row[i].size())) {
      text.replace(at, key.size(), row[i]);
    }
  }
  return text;
}

void EmitScenario(const std::string& file, const Scenario& scenario, std::vector<TckQuery>& out) {
  auto emit = [&](const std::vector<std::string>& header, const std::vector<std::string>& row) {
    std::string detail;
    bool expects_error = false;
    for (const Step& step : scenario.steps) {
      std::string text = Substitute(step.text, header, row);
      static constexpr std::string_view kMarker = "a SyntaxError should be raised at compile time:";
      if (size_t at = text.find(kMarker); at != std::string::npos) {
        expects_error = true;
        detail = Trim(text.substr(at + kMarker.size()));
      }
    }
    for (const Step& step : scenario.steps) {
      if (!step.has_doc) continue;
      bool under_test = step.text.find("executing query") != std::string::npos;
      TckQuery query;
      query.location = file + ":" + std::to_string(step.doc_line);
      query.scenario = scenario.name;
      query.text = Substitute(step.doc, header, row);
      query.expects_error = expects_error && under_test;
      query.detail = query.expects_error ? detail : "";
      out.push_back(std::move(query));
    }
  };
  if (!scenario.outline) return emit({}, {});
  for (const auto& row : scenario.rows) emit(scenario.header, row);
}

void ReadFeature(const fs::path& path, const std::string& name, std::vector<TckQuery>& out) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  Scenario scenario;
  bool have_scenario = false;
  bool in_examples = false;
  auto flush = [&] {
    if (have_scenario) EmitScenario(name, scenario, out);
    scenario = Scenario();
    have_scenario = false;
    in_examples = false;
  };
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string line = Trim(lines[i]);
    if (line.empty() || line[0] == '#' || line[0] == '@') continue;
    if (StartsWith(line, "Scenario") || StartsWith(line, "Background:")) {
      flush();
      have_scenario = true;
      scenario.name = line;
      scenario.outline = StartsWith(line, "Scenario Outline:");
    } else if (StartsWith(line, "Examples:")) {
      in_examples = true;
    } else if (StartsWith(line, "\"\"\"")) {
      Step& step = scenario.steps.back();
      step.has_doc = true;
      step.doc_line = static_cast<int>(i + 2);
      std::string doc;
      for (++i; i < lines.size() && !StartsWith(Trim(lines[i]), "\"\"\""); ++i)
        doc.append(lines[i]).append("\n");
      step.doc = doc;
    } else if (line[0] == '|') {
      if (!in_examples) continue;  // parameter, procedure and result tables
      if (scenario.header.empty()) {
        scenario.header = SplitRow(line);
      } else {
        scenario.rows.push_back(SplitRow(line));
      }
    } else if (have_scenario) {
      scenario.steps.push_back(Step{line, "", 0, false});
    }
  }
  flush();
}

std::vector<TckQuery> LoadTck(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file() && entry.path().extension() == ".feature") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<TckQuery> queries;
  for (const fs::path& file : files) ReadFeature(file, fs::relative(file, dir).string(), queries);
  return queries;
}

std::string Indent(const std::string& text) {
  std::string out = "    ";
  for (char c : text) {
    out.push_back(c);
    if (c == '\n') out.append("    ");
  }
  return out;
}

TEST(TckParseTest, EveryTckQueryParsesAndRoundTrips) {
  QUIVER_SKIP_WITHOUT_TCK();
  const fs::path dir = tck::TckFeaturesDir();
  std::vector<TckQuery> queries = LoadTck(dir);
  ASSERT_GT(queries.size(), 3000u) << "the feature files were not read as expected from " << dir;

  size_t must_parse = 0;
  size_t parsed = 0;
  size_t error_cases = 0;
  size_t parser_rejected = 0;
  size_t binder_cases = 0;
  std::map<std::string, std::pair<int, int>> by_detail;  // detail -> (expected, rejected by parser)
  std::vector<std::string> failures;
  std::vector<std::string> round_trip_failures;
  std::chrono::nanoseconds parse_time{0};

  for (const TckQuery& query : queries) {
    std::unique_ptr<Statement> ast;
    std::string error;
    std::string error_detail;
    auto start = std::chrono::steady_clock::now();
    try {
      ast = ParseStatement(query.text);
    } catch (const SyntaxError& e) {
      error = e.what();
      error_detail = e.detail();
    }
    parse_time += std::chrono::steady_clock::now() - start;

    if (query.expects_error) {
      ++error_cases;
      auto& counts = by_detail[query.detail];
      ++counts.first;
      if (!ast) {
        ++parser_rejected;
        ++counts.second;
      }
      bool parser_owned = kParserDetails.count(query.detail) > 0;
      if (parser_owned && error_detail != query.detail) {
        failures.push_back(query.location + " expected SyntaxError/" + query.detail + ", got " +
                           (ast ? std::string("a successful parse") : error) + "\n" + Indent(query.text));
      }
      if (!parser_owned) {
        ++binder_cases;
        if (!ast) {
          failures.push_back(query.location + " expected the binder to raise " + query.detail +
                             ", but the parser rejected it: " + error + "\n" + Indent(query.text));
        }
      }
    } else {
      ++must_parse;
      if (!ast) {
        failures.push_back(query.location + " [" + query.scenario + "] failed to parse: " + error + "\n" +
                           Indent(query.text));
      }
    }
    if (!ast) continue;
    ++parsed;
    std::string printed = ToCypher(*ast);
    try {
      std::unique_ptr<Statement> again = ParseStatement(printed);
      if (!Equal(*ast, *again)) {
        round_trip_failures.push_back(query.location + " reparsed to a different AST\n" + Indent(query.text) +
                                      "\n  printed as:\n" + Indent(printed));
      }
    } catch (const SyntaxError& e) {
      round_trip_failures.push_back(query.location + " printed text does not parse: " + e.what() + "\n" +
                                    Indent(query.text) + "\n  printed as:\n" + Indent(printed));
    }
  }

  double seconds = std::chrono::duration<double>(parse_time).count();
  std::ostringstream report;
  report << "TCK at " << dir.string() << ": " << queries.size() << " queries; " << parsed << " parsed; "
         << must_parse << " must parse; " << error_cases << " expect a compile-time SyntaxError, "
         << parser_rejected << " rejected by the parser, " << binder_cases
         << " left to the binder; parse time " << static_cast<int>(seconds * 1000) << " ms\n";
  for (const auto& [detail, counts] : by_detail) {
    report << "  " << detail << ": " << counts.first << " expected, " << counts.second
           << " rejected by the parser" << (kParserDetails.count(detail) ? " (parser)" : " (binder)") << "\n";
  }
  std::cout << report.str();
  for (const std::string& failure : failures) ADD_FAILURE() << failure;
  for (const std::string& failure : round_trip_failures) ADD_FAILURE() << failure;
  EXPECT_TRUE(failures.empty()) << failures.size() << " TCK parse expectation(s) failed";
  EXPECT_TRUE(round_trip_failures.empty()) << round_trip_failures.size() << " round trip(s) failed";
#if defined(NDEBUG)
  EXPECT_LT(seconds, 1.0) << "the TCK should parse in well under a second";
#endif
}

}  // namespace
}  // namespace quiver::cypher
