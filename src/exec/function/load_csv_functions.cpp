// linenumber() and file(): the line the current LOAD CSV record starts on and the file
// it is read from (exec/operator/load_csv.cpp sets them); null outside LOAD CSV, as in
// Neo4j. Not deterministic: the planner must not fold them into constants.

#include "exec/function/builtin_functions.h"

namespace quiver::function_internal {

namespace {

Value LineNumber(std::span<const Value>, FunctionContext& ctx) {
  const CsvPosition* position = ctx.csv_position();
  return position == nullptr ? Value() : Value::Int(position->line);
}

Value File(std::span<const Value>, FunctionContext& ctx) {
  const CsvPosition* position = ctx.csv_position();
  return position == nullptr ? Value() : Value::String(position->file);
}

constexpr ScalarFunction kFunctions[] = {
    {"linenumber", 0, 0, LineNumber, /*deterministic=*/false},
    {"file", 0, 0, File, /*deterministic=*/false},
};

}  // namespace

std::span<const ScalarFunction> LoadCsvFunctions() {
  return kFunctions;
}

}  // namespace quiver::function_internal
