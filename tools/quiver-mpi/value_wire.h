#pragma once
// Query result rows as bytes, so a rank can send its rows to rank 0 (cmd_query.cpp).
// Only the values a distributed query can return are encoded: null, booleans,
// integers, floats (their bits, so a partial sum arrives exactly), strings, lists and
// maps. Nodes, relationships, paths and temporal values are refused by name: a node's
// internal id is its partition's, not the graph's, and the temporal kinds have no use
// in the supported shapes yet.

#include <string>
#include <string_view>
#include <vector>

#include "quiver/status.h"
#include "quiver/value.h"

namespace quiver::mpi {

using Rows = std::vector<std::vector<Value>>;

// InvalidArgument "a NODE value cannot be gathered across ranks …" for a refused kind.
Result<std::string> EncodeRows(const Rows& rows);
// Appends the rows `bytes` holds (one or more EncodeRows outputs, concatenated) to
// *rows; Corruption when the bytes are cut short or hold an unknown tag.
Status DecodeRows(std::string_view bytes, Rows* rows);

}  // namespace quiver::mpi
