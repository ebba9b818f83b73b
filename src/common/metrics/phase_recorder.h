#pragma once
// PhaseCollector and ScopedPhase: record named phases of a run, in order, for evidence.
//
//   PhaseCollector phases;
//   {
//     ScopedPhase phase(phases, "build_csr");
//     ... work ...
//     phase.SetUnits("edge", edge_count);
//   }  // the phase's PhaseMetrics is appended here
//   std::cout << phases.ToJson().dump(2);

#include <mutex>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/metrics/phase_metrics.h"

namespace quiver {

// An ordered list of phase results. Thread-safe, so a phase may finish on any thread.
class PhaseCollector {
 public:
  void Add(PhaseMetrics metrics);
  std::vector<PhaseMetrics> phases() const;
  // The first phase with this name.
  std::optional<PhaseMetrics> Find(std::string_view name) const;
  // A JSON array of PhaseMetrics::ToJson(), in the order the phases finished.
  nlohmann::json ToJson() const;

 private:
  mutable std::mutex mu_;
  std::vector<PhaseMetrics> phases_;  // guarded by mu_
};

// Takes a snapshot on construction and appends the phase to the collector on Finish()
// or destruction, whichever comes first.
class ScopedPhase {
 public:
  ScopedPhase(PhaseCollector& collector, std::string name, std::string proc_self = "/proc/self");
  ~ScopedPhase();
  ScopedPhase(const ScopedPhase&) = delete;
  ScopedPhase& operator=(const ScopedPhase&) = delete;

  // The work done, for the per-unit ratios; may be set any time before the phase ends.
  void SetUnits(std::string unit, uint64_t count);
  // Ends the phase now and records it; later calls return the same result.
  const PhaseMetrics& Finish();

 private:
  PhaseCollector& collector_;
  std::string name_;
  std::string proc_self_;
  ProcessSnapshot start_;
  std::optional<UnitCount> units_;
  std::optional<PhaseMetrics> result_;
};

}  // namespace quiver
