#pragma once
// ExecProcedureContext: the public ProcedureContext (quiver/database.h) as the engine
// implements it for one CALL of one input row — the rows a procedure emits collect in
// the calling operator, charged to the statement's memory; cancellation and working
// memory are the statement's own — plus what only the engine's own procedures see: the
// graph as the calling statement reads it (its snapshot, or its transaction with its
// writes so far) and the execution context.

#include <span>
#include <vector>

#include "exec/exec_context.h"
#include "exec/query_memory.h"
#include "exec/value_bytes.h"
#include "quiver/database.h"

namespace quiver::exec {

class ExecProcedureContext final : public ProcedureContext {
 public:
  // `rows` receives what Emit gives, charged to `rows_charge`.
  ExecProcedureContext(ExecContext& ctx, std::span<const Value> arguments, std::vector<std::vector<Value>>& rows,
                       MemoryCharge& rows_charge)
      : ctx_(ctx), arguments_(arguments), rows_(rows), rows_charge_(rows_charge), working_(&ctx.memory()) {}

  std::span<const Value> arguments() const override { return arguments_; }
  void Emit(std::vector<Value> row) override {
    ctx_.Tick();
    rows_charge_.Add(sizeof(row) + HeldRowBytes(row.data(), row.size()));
    rows_.push_back(std::move(row));
  }
  void CheckInterrupt() override { ctx_.CheckInterrupt(); }
  void ReserveMemory(uint64_t bytes) override { working_.Add(bytes); }

  const GraphReader& graph() const { return ctx_.graph(); }
  ExecContext& exec() { return ctx_; }

 private:
  ExecContext& ctx_;
  std::span<const Value> arguments_;
  std::vector<std::vector<Value>>& rows_;
  MemoryCharge& rows_charge_;
  MemoryCharge working_;  // ReserveMemory's, given back when the call returns
};

}  // namespace quiver::exec
