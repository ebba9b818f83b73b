#pragma once
// What the two Applies of CALL { } IN TRANSACTIONS share: apply.cpp's (ON ERROR FAIL,
// streaming) and apply_on_error.cpp's (CONTINUE, BREAK: a batch's rows held back).

#include <cstdint>

#include "planner/logical_subquery.h"

namespace quiver::exec {

class ExecContext;

// OF n ROWS: a constant or a parameter, a positive integer (ArgumentError/
// InvalidArgumentValue otherwise); the default batch when absent.
uint64_t InTransactionsBatchRows(const planner::LogicalApply& apply, ExecContext& ctx);

}  // namespace quiver::exec
