#pragma once
// The operands of a property-index seek evaluated for one input row: what the node seek
// (node_scan.cpp) and the relationship seeks (rel_index_seek.cpp) ask the graph.

#include "exec/exec_context.h"
#include "planner/logical_index_seek.h"
#include "storage/graph.h"

namespace quiver::exec {

enum class SeekOperands : uint8_t {
  kReady,  // `out` is the seek
  kNone,   // a null operand: the predicate is null, no row is kept
  kScan,   // an IN of something not a list: scan, and let the Filter above report it
};

SeekOperands EvaluateSeekOperands(const planner::IndexSeekSpec& spec, Value* row, ExecContext& ctx,
                                  PropertySeek& out);

}  // namespace quiver::exec
