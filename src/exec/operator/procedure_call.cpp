// CALL proc(args) YIELD ...: per input row, the rows the registered procedure returns.

#include <algorithm>
#include <cctype>

#include "common/value/value_utf8.h"
#include "exec/exec_context.h"
#include "exec/expression/evaluator.h"
#include "exec/operator/operators.h"
#include "exec/procedure_context.h"

namespace quiver::exec {

namespace {

bool DeclaredFloat(const std::string& type) {
  std::string upper;
  for (char c : type) upper.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  return upper.rfind("FLOAT", 0) == 0;
}

class ProcedureCallOp final : public StreamOperator {
 public:
  using StreamOperator::StreamOperator;

  void BeginRow(ExecContext& ctx, Value* row) override {
    const auto& call = logical().As<planner::LogicalCall>().call;
    auto it = ctx.procedures().find(call.name);
    if (it == ctx.procedures().end()) {
      throw ProcedureError("ProcedureNotFound", "there is no procedure named " + call.name);
    }
    std::vector<Value> args;
    for (size_t i = 0; i < call.args.size(); ++i) {
      Value v = Evaluate(*call.args[i], row, ctx);
      // An INTEGER passed for a FLOAT parameter arrives as a FLOAT, as in Neo4j.
      if (v.IsInt() && DeclaredFloat(call.arg_types[i])) v = Value::Float(static_cast<double>(v.AsInt()));
      args.push_back(std::move(v));
    }
    results_.clear();
    results_charge_.Bind(&ctx.memory());
    ExecProcedureContext context(ctx, args, results_, results_charge_);
    it->second.body(context);
    // A procedure is code from outside the engine: what it returns must be UTF-8 text
    // like every other string a query handles.
    for (const auto& result : results_) {
      for (size_t i = 0; i < result.size(); ++i) {
        if (auto bad = FindInvalidUtf8Text(result[i])) {
          throw ProcedureError("InvalidEncoding", "procedure " + call.name + " returned text that is not valid UTF-8 (" +
                                                      bad->byte + " at byte " + std::to_string(bad->offset) +
                                                      " of output " + std::to_string(i) + bad->path + ")");
        }
      }
    }
    pos_ = 0;
    void_done_ = false;
  }

  bool NextRow(ExecContext& ctx, Value* row) override {
    const auto& call = logical().As<planner::LogicalCall>().call;
    if (call.output_count == 0) {
      // A void procedure passes each input row through once.
      if (void_done_) return false;
      void_done_ = true;
      return true;
    }
    if (pos_ >= results_.size()) return false;
    const auto& result = results_[pos_++];
    for (size_t i = 0; i < call.yield_slots.size(); ++i) {
      auto field = static_cast<size_t>(call.yield_fields[i]);
      row[call.yield_slots[i]] = field < result.size() ? result[field] : Value();
    }
    return true;
  }

 private:
  std::vector<std::vector<Value>> results_;
  MemoryCharge results_charge_;  // results_, until the next input row
  size_t pos_ = 0;
  bool void_done_ = false;
};

}  // namespace

StreamOperatorPtr MakeProcedureCall(const LogicalOperator& op) {
  return std::make_unique<ProcedureCallOp>(op);
}

}  // namespace quiver::exec
