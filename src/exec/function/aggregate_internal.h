#pragma once
// Factories of the built-in aggregators, for the table in aggregate_functions.cpp.

#include <memory>

#include "common/assert.h"
#include "exec/function/function.h"

namespace quiver::function_internal {

std::unique_ptr<Aggregator> MakeStDev();           // aggregate_statistics.cpp
std::unique_ptr<Aggregator> MakeStDevP();          // aggregate_statistics.cpp
std::unique_ptr<Aggregator> MakePercentileDisc();  // aggregate_statistics.cpp
std::unique_ptr<Aggregator> MakePercentileCont();  // aggregate_statistics.cpp

// The other partial state of Merge(), which the contract says comes from the same factory.
template <typename T>
T& SameKind(Aggregator& other) {
  QUIVER_DEBUG_ASSERT(dynamic_cast<T*>(&other) != nullptr);
  return static_cast<T&>(other);
}

}  // namespace quiver::function_internal
