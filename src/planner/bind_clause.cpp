// UNWIND and CALL: the reading clauses that make rows per input row from a value.

#include <algorithm>
#include <cctype>
#include <unordered_set>

#include "planner/binder_impl.h"

namespace quiver::planner {

using namespace cypher;  // NOLINT

namespace {

// "INTEGER?" -> "INTEGER"
std::string BaseType(std::string_view declared) {
  std::string out;
  for (char c : declared) {
    if (c != '?' && c != ' ') out.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  }
  return out;
}

bool ArgumentFits(StaticType actual, const std::string& declared) {
  if (actual == StaticType::kAny || actual == StaticType::kNull) return true;
  std::string base = BaseType(declared);
  if (base == "ANY") return true;
  if (base == "INTEGER") return actual == StaticType::kInt;
  if (base == "FLOAT" || base == "NUMBER") return actual == StaticType::kInt || actual == StaticType::kFloat;
  if (base == "STRING") return actual == StaticType::kString;
  if (base == "BOOLEAN") return actual == StaticType::kBool;
  if (base == "MAP") return actual == StaticType::kMap;
  if (base == "NODE") return actual == StaticType::kNode;
  if (base == "RELATIONSHIP") return actual == StaticType::kRelationship;
  if (base == "PATH") return actual == StaticType::kPath;
  if (base.rfind("LIST", 0) == 0) return actual == StaticType::kList;
  return true;
}

}  // namespace

LogicalOperatorPtr Binder::BindUnwind(const UnwindClause& clause, LogicalOperatorPtr input, Scope& scope) {
  ExprContext ctx;
  ctx.scope = &scope;
  auto list = BindExpr(*clause.list, ctx);
  if (scope.Find(clause.variable) != nullptr) {
    Fail(clause.pos, "VariableAlreadyBound", "variable `" + clause.variable + "` is already bound");
  }
  auto op = MakeOp<LogicalUnwind>(std::move(input));
  op->slot = NewSlot(clause.variable);
  StaticType element =
      list->type == StaticType::kRelationshipList ? StaticType::kRelationship : StaticType::kAny;
  op->list = std::move(list);
  scope.Add({clause.variable, op->slot, element});
  return op;
}

LogicalOperatorPtr Binder::BindCall(const CallClause& clause, LogicalOperatorPtr input, Scope& scope,
                                    bool standalone, ResultColumns* columns) {
  const ProcedureSignature* signature = catalog_.FindProcedure(clause.procedure);
  if (signature == nullptr) {
    throw ProcedureError("ProcedureNotFound", "there is no procedure named " + clause.procedure,
                         ErrorPhase::kCompileTime);
  }
  auto op = MakeOp<LogicalCall>(std::move(input));
  ProcedureCallSpec& call = op->call;
  call.name = signature->name;
  call.output_count = signature->outputs.size();
  ExprContext ctx;
  ctx.scope = &scope;
  if (clause.implicit_arguments) {
    if (!standalone) {
      Fail(clause.pos, "InvalidArgumentPassingMode",
           "arguments can be passed implicitly (from parameters) only in a standalone CALL");
    }
    for (const auto& [name, type] : signature->inputs) {
      if (parameters_.Find(name) == nullptr) {
        throw ParameterMissing("MissingParameter", "expected a parameter named $" + name,
                               ErrorPhase::kCompileTime);
      }
      auto param = std::make_unique<BoundExpr>(ExprOp::kParameter);
      param->name = name;
      call.args.push_back(std::move(param));
      call.arg_types.push_back(type);
    }
  } else {
    const size_t most = signature->inputs.size();
    const size_t least = most - std::min(most, signature->optional_inputs);
    if (clause.args.size() < least || clause.args.size() > most) {
      Fail(clause.pos, "InvalidNumberOfArguments",
           "procedure " + signature->name + " takes " +
               (least == most ? std::to_string(most) : std::to_string(least) + " to " + std::to_string(most)) +
               " arguments");
    }
    for (size_t i = 0; i < clause.args.size(); ++i) {
      auto arg = BindExpr(*clause.args[i], ctx);
      if (!ArgumentFits(arg->type, signature->inputs[i].second)) {
        Fail(clause.args[i]->pos, "InvalidArgumentType",
             "argument " + signature->inputs[i].first + " of " + signature->name + " must be " +
                 signature->inputs[i].second);
      }
      call.args.push_back(std::move(arg));
      call.arg_types.push_back(signature->inputs[i].second);
    }
    for (size_t i = clause.args.size(); i < most; ++i) {
      call.args.push_back(MakeConstant(Value()));
      call.arg_types.push_back(signature->inputs[i].second);
    }
  }
  if (signature->writes) MarkUpdating();
  auto output_index = [&](const std::string& field) -> int {
    for (size_t i = 0; i < signature->outputs.size(); ++i) {
      if (signature->outputs[i].first == field) return static_cast<int>(i);
    }
    return -1;
  };
  if (clause.has_yield && !clause.yield_all) {
    std::unordered_set<std::string> names;
    for (const auto& item : clause.yields) {
      int index = output_index(item.field);
      if (index < 0) {
        Fail(item.pos, "UndefinedVariable", "procedure " + signature->name + " has no output " + item.field);
      }
      const std::string& name = item.variable();
      if (scope.Find(name) != nullptr || !names.insert(name).second) {
        Fail(item.pos, "VariableAlreadyBound", "variable `" + name + "` is already bound");
      }
      SlotId slot = NewSlot(name);
      call.yield_fields.push_back(index);
      call.yield_slots.push_back(slot);
      scope.Add({name, slot, StaticType::kAny});
      if (columns != nullptr) {
        columns->names.push_back(name);
        columns->slots.push_back(slot);
        columns->types.push_back(StaticType::kAny);
      }
    }
  } else if (standalone) {
    // CALL without YIELD (or YIELD *) returns every output.
    for (size_t i = 0; i < signature->outputs.size(); ++i) {
      SlotId slot = NewSlot(signature->outputs[i].first);
      call.yield_fields.push_back(static_cast<int>(i));
      call.yield_slots.push_back(slot);
      if (columns != nullptr) {
        columns->names.push_back(signature->outputs[i].first);
        columns->slots.push_back(slot);
        columns->types.push_back(StaticType::kAny);
      }
    }
  }
  LogicalOperatorPtr plan = std::move(op);
  if (clause.where) {
    plan = MakeFilter(std::move(plan), BindPredicate(*clause.where, ctx));
  }
  return plan;
}

}  // namespace quiver::planner
