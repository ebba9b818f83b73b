#pragma once
// A deliberately tiny Cypher evaluator for the temporal TCK scenarios, so that the
// temporal library can be checked against the TCK before the real engine exists. It
// knows CREATE of single nodes with literal properties, MATCH of single labelled nodes
// (cartesian products), WITH/RETURN projections, function calls, property access,
// map/list literals, + - * / and comparisons. Anything else throws Unsupported, and the
// TCK test counts the scenario as not checkable here.

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "common/temporal/temporal.h"
#include "quiver/value.h"

namespace quiver::testing {

struct Unsupported : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct EvalResult {
  std::vector<std::string> columns;
  std::vector<std::vector<Value>> rows;
};

class MiniCypher {
 public:
  explicit MiniCypher(TemporalClock clock) : clock_(std::move(clock)) {}
  void ClearGraph() { nodes_.clear(); }
  EvalResult Run(std::string_view query);

 private:
  friend class MiniCypherParser;
  TemporalClock clock_;
  std::vector<NodeValue> nodes_;
};

// RETURN <expression> AS x, evaluated with `clock`: a shorthand for focused tests.
inline Value Eval(std::string_view expression, const TemporalClock& clock = TemporalClock::Fixed({0, 0})) {
  MiniCypher db(clock);
  const EvalResult r = db.Run("RETURN " + std::string(expression) + " AS x");
  return r.rows.at(0).at(0);
}
// The same in the TCK's notation ('2015-07-21', 'P1D', 12, null).
inline std::string EvalText(std::string_view expression,
                            const TemporalClock& clock = TemporalClock::Fixed({0, 0})) {
  return ToTckString(Eval(expression, clock));
}

}  // namespace quiver::testing
