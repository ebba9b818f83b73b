#include "common/metrics/phase_recorder.h"

#include <nlohmann/json.hpp>

namespace quiver {

void PhaseCollector::Add(PhaseMetrics metrics) {
  std::lock_guard lock(mu_);
  phases_.push_back(std::move(metrics));
}

std::vector<PhaseMetrics> PhaseCollector::phases() const {
  std::lock_guard lock(mu_);
  return phases_;
}

std::optional<PhaseMetrics> PhaseCollector::Find(std::string_view name) const {
  std::lock_guard lock(mu_);
  for (const PhaseMetrics& m : phases_) {
    if (m.name == name) return m;
  }
  return std::nullopt;
}

nlohmann::json PhaseCollector::ToJson() const {
  nlohmann::json array = nlohmann::json::array();
  for (const PhaseMetrics& m : phases()) array.push_back(m.ToJson());
  return array;
}

ScopedPhase::ScopedPhase(PhaseCollector& collector, std::string name, std::string proc_self)
    : collector_(collector),
      name_(std::move(name)),
      proc_self_(std::move(proc_self)),
      start_(ProcessSnapshot::Take(proc_self_)) {}

ScopedPhase::~ScopedPhase() {
  // A destructor must not throw; losing one phase's record to bad_alloc is acceptable.
  try {
    Finish();
  } catch (...) {
  }
}

void ScopedPhase::SetUnits(std::string unit, uint64_t count) {
  units_ = UnitCount{std::move(unit), count};
}

const PhaseMetrics& ScopedPhase::Finish() {
  if (!result_) {
    result_ = PhaseMetrics::Between(name_, start_, ProcessSnapshot::Take(proc_self_));
    result_->units = units_;
    collector_.Add(*result_);
  }
  return *result_;
}

}  // namespace quiver
