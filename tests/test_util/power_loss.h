#pragma once
// The kinds of power loss every crash sweep runs (common/file/fault_injection_env.h):
// unsynced writes dropped, the last one torn, or a seeded subset of their 4 KiB pieces
// kept (pages reaching the disk out of order). One definition, so a sweep cannot
// forget a kind.
#include <cstdint>
#include <ostream>
#include <string>

#include "common/file/fault_injection_env.h"

namespace quiver::testing {

enum class PowerLoss { kDropUnsynced, kTearLastWrite, kReorder };
inline constexpr PowerLoss kAllPowerLosses[] = {PowerLoss::kDropUnsynced, PowerLoss::kTearLastWrite,
                                                PowerLoss::kReorder};

inline const char* PowerLossName(PowerLoss mode) {
  switch (mode) {
    case PowerLoss::kDropUnsynced: return "DropUnsynced";
    case PowerLoss::kTearLastWrite: return "TearLastWrite";
    case PowerLoss::kReorder: return "Reorder";
  }
  return "?";
}
inline void PrintTo(PowerLoss mode, std::ostream* os) {
  *os << PowerLossName(mode);
}

// `seed` picks the pages that survive a reordering (a sweep passes its crash point, so
// each point sees a different subset, reproducibly).
inline Status LosePower(FaultInjectionEnv& env, PowerLoss mode, uint64_t seed = 0) {
  switch (mode) {
    case PowerLoss::kDropUnsynced: return env.DropUnsyncedData();
    case PowerLoss::kTearLastWrite: return env.DropUnsyncedDataTearingLastWrite();
    case PowerLoss::kReorder: return env.DropUnsyncedDataReordering(seed);
  }
  return Status::InvalidArgument("unknown power loss");
}

}  // namespace quiver::testing
