#pragma once
// The subset of Gherkin the openCypher TCK uses: Feature, Background, Scenario,
// Scenario Outline with Examples, Given/When/Then/And/But steps, doc strings ("""),
// data tables and tags. Outlines are expanded here, one Scenario per Examples row, so
// the runner sees exactly the TCK's 3,897 scenarios.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace quiver::tck {

// A data table: rows of trimmed cells; for result tables the first row is the header.
struct DataTable {
  std::vector<std::vector<std::string>> rows;
};

struct Step {
  std::string keyword;  // "Given", "When", "Then" (And/But take the previous keyword)
  std::string text;     // e.g. "executing query:"
  std::optional<std::string> doc_string;
  std::optional<DataTable> table;
  int line = 0;
};

struct Scenario {
  std::string file;        // path of the .feature file
  std::string feature;     // "Call1 - Basic procedure calling"
  std::string name;        // "[1] Standalone call ..."
  int line = 0;            // line of the Scenario keyword
  int example_index = -1;  // row of Examples (0-based) for an expanded outline
  std::vector<std::string> tags;
  std::vector<Step> steps;  // Background steps first

  // A stable identifier for ratchet files: "<file stem>:<line>[#<example>] <name>".
  std::string Id() const;
};

// Parses one feature file. Throws std::runtime_error naming file:line on malformed input.
std::vector<Scenario> ParseFeature(const std::string& file, std::string_view text);

}  // namespace quiver::tck
