#pragma once
// The ingest gate: checks a ladder's evidence (ladder.json) against GateLimits.
//
// It fails closed. A breach is reported for: a rung that did not pass (killed, failed,
// a wrong count, a broken check); a gated figure that is missing (the evidence could not
// measure it: no /proc/self/io); a figure beyond its limit; a ladder with no rung. Every
// breach names the limit, the measured value, the bound and the rung.

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "bench/gate_limits.h"

namespace quiver::bench {

struct GateCheck {
  std::string limit;  // the key in gate_limits.json, or "rung_passed"
  std::string rung;   // "12", or "12->13" for the growth ratio
  double value = 0;
  double bound = 0;
  bool passed = false;
  std::string message;  // "rung 12: written_bytes_per_edge_max: 13.52 > 13.30"
};

struct GateReport {
  std::vector<GateCheck> checks;  // every check, passed or not, in order
  bool passed() const;
  std::vector<const GateCheck*> breaches() const;
  // One line per check ("ok   ..." / "FAIL ..."), then a verdict line.
  std::string Format() const;
  nlohmann::json ToJson() const;
};

GateReport EvaluateGate(const nlohmann::json& ladder, const GateLimits& limits);

}  // namespace quiver::bench
