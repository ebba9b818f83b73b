// linenumber() and file() outside LOAD CSV: null, as in Neo4j. After a LOAD CSV the
// binder binds them to the slots the LOAD CSV operator fills per row (the line its
// record starts on, the file's path: planner/bind_load_csv.cpp), so a row carries its
// own values through eager operators (CREATE, ORDER BY) as any variable does.

#include "exec/function/builtin_functions.h"

namespace quiver::function_internal {

namespace {

Value Null(std::span<const Value>, FunctionContext&) { return Value(); }

constexpr ScalarFunction kFunctions[] = {
    {"linenumber", 0, 0, Null},
    {"file", 0, 0, Null},
};

}  // namespace

std::span<const ScalarFunction> LoadCsvFunctions() {
  return kFunctions;
}

}  // namespace quiver::function_internal
