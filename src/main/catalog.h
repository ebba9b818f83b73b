#pragma once
// The binder's Catalog over the function library and a database's registered
// procedures.

#include "exec/exec_context.h"
#include "planner/binder.h"

namespace quiver::main {

class EngineCatalog final : public planner::Catalog {
 public:
  explicit EngineCatalog(const exec::ProcedureTable& procedures) : procedures_(procedures) {}
  std::optional<planner::FunctionInfo> FindFunction(std::string_view name) const override;
  const ProcedureSignature* FindProcedure(std::string_view name) const override;

 private:
  const exec::ProcedureTable& procedures_;
};

}  // namespace quiver::main
