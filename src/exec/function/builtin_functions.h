#pragma once
// The per-family tables the registry (function_registry.cpp) indexes. Each family lives in
// its own .cpp; adding a function means adding a row to its family's table.

#include <span>

#include "exec/function/function.h"

namespace quiver::function_internal {

std::span<const ScalarFunction> MathFunctions();          // math_functions.cpp
std::span<const ScalarFunction> StringFunctions();        // string_functions.cpp
std::span<const ScalarFunction> ListFunctions();          // list_functions.cpp
std::span<const ScalarFunction> ConversionFunctions();    // conversion_functions.cpp
std::span<const ScalarFunction> LoadCsvFunctions();       // load_csv_functions.cpp
std::span<const AggregateFunction> AggregateFunctions();  // aggregate_functions.cpp

}  // namespace quiver::function_internal
