#include "main/catalog.h"

#include "common/temporal/temporal.h"
#include "exec/function/function.h"

namespace quiver::main {

std::optional<planner::FunctionInfo> EngineCatalog::FindFunction(std::string_view name) const {
  if (const ScalarFunction* f = FindScalarFunction(name)) {
    return planner::FunctionInfo{f->name, f, nullptr, f->min_args, f->max_args, f->deterministic};
  }
  if (const AggregateFunction* f = FindAggregateFunction(name)) {
    return planner::FunctionInfo{f->name, nullptr, f, f->min_args, f->max_args, true};
  }
  if (const TemporalFunction* f = FindTemporalFunction(name)) {
    planner::FunctionInfo info{f->name, nullptr, nullptr, f->min_args, f->max_args, true};
    info.temporal = f;
    return info;
  }
  return std::nullopt;
}

const ProcedureSignature* EngineCatalog::FindProcedure(std::string_view name) const {
  auto it = procedures_.find(std::string(name));
  return it == procedures_.end() ? nullptr : &it->second.signature;
}

}  // namespace quiver::main
