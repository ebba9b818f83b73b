#pragma once
// The binder's Catalog over the function library and a database's registered
// procedures.

#include "exec/exec_context.h"
#include "planner/binder.h"

namespace quiver::exec {

class EngineCatalog final : public planner::Catalog {
 public:
  explicit EngineCatalog(const ProcedureTable& procedures) : procedures_(procedures) {}
  std::optional<planner::FunctionInfo> FindFunction(std::string_view name) const override;
  const ProcedureSignature* FindProcedure(std::string_view name) const override;

 private:
  const ProcedureTable& procedures_;
};

}  // namespace quiver::exec
