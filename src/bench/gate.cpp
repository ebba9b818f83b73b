#include "bench/gate.h"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "bench/rung_figures.h"

namespace quiver::bench {
namespace {

std::string Num(double v) {
  char buf[48];
  std::snprintf(buf, sizeof(buf), "%.4g", v);
  return buf;
}

enum class Bound { kMax, kMin };

void Check(GateReport* r, const std::string& limit, const std::string& rung, const std::optional<double>& value,
           double bound, Bound kind) {
  GateCheck c;
  c.limit = limit;
  c.rung = rung;
  c.bound = bound;
  if (!value) {
    c.passed = false;
    c.message = "rung " + rung + ": " + limit + ": not measured (fails closed)";
  } else {
    c.value = *value;
    c.passed = kind == Bound::kMax ? *value <= bound : *value >= bound;
    c.message = "rung " + rung + ": " + limit + ": " + Num(*value) +
                (c.passed ? (kind == Bound::kMax ? " <= " : " >= ") : (kind == Bound::kMax ? " > " : " < ")) +
                Num(bound);
  }
  r->checks.push_back(std::move(c));
}

}  // namespace

bool GateReport::passed() const {
  for (const auto& c : checks) {
    if (!c.passed) return false;
  }
  return !checks.empty();
}

std::vector<const GateCheck*> GateReport::breaches() const {
  std::vector<const GateCheck*> out;
  for (const auto& c : checks) {
    if (!c.passed) out.push_back(&c);
  }
  return out;
}

std::string GateReport::Format() const {
  std::ostringstream out;
  for (const auto& c : checks) out << (c.passed ? "ok     " : "BREACH ") << c.message << "\n";
  const size_t n = breaches().size();
  if (checks.empty()) {
    out << "gate: FAILED: nothing to check (no rung in the evidence)\n";
  } else if (n == 0) {
    out << "gate: passed (" << checks.size() << " checks)\n";
  } else {
    out << "gate: FAILED: " << n << " breach" << (n == 1 ? "" : "es") << " of " << checks.size() << " checks\n";
  }
  return out.str();
}

nlohmann::json GateReport::ToJson() const {
  nlohmann::json checks_json = nlohmann::json::array();
  for (const auto& c : checks) {
    checks_json.push_back({{"limit", c.limit}, {"rung", c.rung}, {"value", c.value}, {"bound", c.bound},
                           {"passed", c.passed}, {"message", c.message}});
  }
  return {{"passed", passed()}, {"breaches", breaches().size()}, {"checks", checks_json}};
}

GateReport EvaluateGate(const nlohmann::json& ladder, const GateLimits& limits) {
  GateReport r;
  std::vector<RungFigures> rungs;
  if (ladder.is_object() && ladder.contains("rungs") && ladder["rungs"].is_array()) {
    for (const auto& rung : ladder["rungs"]) rungs.push_back(RungFigures::FromRungJson(rung));
  }
  if (rungs.empty()) {
    r.checks.push_back({"rungs", "-", 0, 1, false, "the evidence holds no rung (fails closed)"});
    return r;
  }
  const RungFigures* smallest = nullptr;
  const RungFigures* largest = nullptr;
  for (const RungFigures& f : rungs) {
    const std::string s = std::to_string(f.scale);
    GateCheck passed{"rung_passed", s, f.ok ? 1.0 : 0.0, 1, f.ok,
                     "rung " + s + ": every phase passed" + (f.ok ? "" : ": no: " + f.status)};
    r.checks.push_back(passed);
    Check(&r, "read_bytes_per_edge_max", s, f.read_per_edge, limits.read_bytes_per_edge_max, Bound::kMax);
    Check(&r, "written_bytes_per_edge_max", s, f.write_per_edge, limits.written_bytes_per_edge_max, Bound::kMax);
    Check(&r, "published_bytes_per_edge_max", s, f.published_per_edge, limits.published_bytes_per_edge_max,
          Bound::kMax);
    Check(&r, "edges_per_second_min", s, f.edges_per_s, limits.edges_per_second_min, Bound::kMin);
    Check(&r, "cpu_us_per_edge_max", s, f.cpu_us_per_edge, limits.cpu_us_per_edge_max, Bound::kMax);
    if (!smallest || f.scale < smallest->scale) smallest = &f;
    if (!largest || f.scale > largest->scale) largest = &f;
  }
  if (smallest != largest) {
    std::optional<double> ratio;
    if (smallest->read_per_edge && largest->read_per_edge) {
      const double floor = limits.read_growth_floor;
      ratio = std::max(*largest->read_per_edge, floor) / std::max(*smallest->read_per_edge, floor);
    }
    Check(&r, "read_bytes_per_edge_growth_max",
          std::to_string(smallest->scale) + "->" + std::to_string(largest->scale), ratio, limits.read_growth_max,
          Bound::kMax);
  }
  return r;
}

}  // namespace quiver::bench
