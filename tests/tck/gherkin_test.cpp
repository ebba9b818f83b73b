#include "gherkin.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "tck_paths.h"

namespace quiver::tck {
namespace {

TEST(GherkinTest, ParsesStepsDocStringsTablesAndOutlines) {
  const std::string text = R"(Feature: F1 - demo

  Background:
    Given an empty graph

  @skipStyleCheck
  Scenario Outline: [1] Return <value>
    And having executed:
      """
      CREATE ({v: <value>})
        // indented
      """
    When executing query:
      """
      RETURN <value> AS v
      """
    Then the result should be, in any order:
      | v       |
      | <value> |
      | 'a\|b'  |
    And no side effects

    Examples:
      | value |
      | 1     |
      | 'x'   |

  Scenario: [2] Plain
    When executing query:
      """
      RETURN 1
      """
    Then a SyntaxError should be raised at compile time: UnexpectedSyntax
)";
  auto scenarios = ParseFeature("demo.feature", text);
  ASSERT_EQ(scenarios.size(), 3u);
  const Scenario& first = scenarios[0];
  EXPECT_EQ(first.feature, "F1 - demo");
  EXPECT_EQ(first.name, "[1] Return 1");
  EXPECT_EQ(first.example_index, 0);
  EXPECT_EQ(first.tags, std::vector<std::string>{"@skipStyleCheck"});
  ASSERT_EQ(first.steps.size(), 5u);
  EXPECT_EQ(first.steps[0].text, "an empty graph");  // from Background
  EXPECT_EQ(first.steps[1].keyword, "Given");        // "And" inherits
  EXPECT_EQ(*first.steps[1].doc_string, "CREATE ({v: 1})\n  // indented");
  EXPECT_EQ(*first.steps[2].doc_string, "RETURN 1 AS v");
  ASSERT_TRUE(first.steps[3].table.has_value());
  EXPECT_EQ(first.steps[3].table->rows[1][0], "1");
  EXPECT_EQ(first.steps[3].table->rows[2][0], "'a|b'");
  EXPECT_EQ(first.steps[4].keyword, "Then");
  EXPECT_EQ(scenarios[1].name, "[1] Return 'x'");
  EXPECT_EQ(scenarios[2].steps.back().text,
            "a SyntaxError should be raised at compile time: UnexpectedSyntax");
  EXPECT_NE(scenarios[0].Id(), scenarios[1].Id());
}

// The TCK's own count, with every Examples row: the contract the runner is held to.
TEST(GherkinTest, WholeTckExpandsTo3897Scenarios) {
  QUIVER_SKIP_WITHOUT_TCK();
  const std::string root = TckFeaturesDir();
  size_t count = 0;
  size_t files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".feature") continue;
    std::ifstream in(entry.path());
    std::stringstream buffer;
    buffer << in.rdbuf();
    count += ParseFeature(entry.path().string(), buffer.str()).size();
    ++files;
  }
  EXPECT_EQ(files, 220u);
  EXPECT_EQ(count, 3897u);
}

// The ratchet file names scenarios by Id(): two scenarios with one id would make it
// ambiguous.
TEST(GherkinTest, ScenarioIdsAreUniqueAcrossTheTck) {
  QUIVER_SKIP_WITHOUT_TCK();
  const std::string root = TckFeaturesDir();
  std::set<std::string> ids;
  size_t count = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".feature") continue;
    std::ifstream in(entry.path());
    std::stringstream buffer;
    buffer << in.rdbuf();
    for (const auto& scenario : ParseFeature(entry.path().string(), buffer.str())) {
      const std::string id = scenario.Id();
      EXPECT_EQ(id.find('\n'), std::string::npos) << id;
      EXPECT_TRUE(ids.insert(id).second) << "duplicate id " << id;
      ++count;
    }
  }
  EXPECT_EQ(ids.size(), count);
}

}  // namespace
}  // namespace quiver::tck
