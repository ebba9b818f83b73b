#pragma once
// Runs one TCK scenario against a fresh database, step by step, and says whether it
// passed and, if not, why (the first failing step only).
//
// The database comes from a factory so that the runner binary uses
// Database::OpenInMemory() while unit tests can drive the runner with a scripted fake.

#include <functional>
#include <memory>
#include <string>

#include "gherkin.h"
#include "quiver/database.h"

namespace quiver::tck {

using DatabaseFactory = std::function<std::unique_ptr<Database>()>;

struct ScenarioResult {
  bool passed = false;
  // Passed only through the lenient phase rule (see expected_error.h): a strict run
  // counts the scenario as failed.
  bool lenient_phase = false;
  std::string reason;    // the first failure, one line
  std::string category;  // the failure's kind, for the summary of top reasons
  std::string details;   // for --verbose: query, parameters, expected and actual
  double seconds = 0;    // wall time, filled in by the thread pool
};

// `graphs_dir` holds the named graphs (<dir>/<name>/<name>.json and its scripts).
ScenarioResult RunScenario(const Scenario& scenario, const DatabaseFactory& factory,
                           const std::string& graphs_dir);

// Splits a graph script into statements at the semicolons outside quotes.
std::vector<std::string> SplitStatements(std::string_view script);

}  // namespace quiver::tck
