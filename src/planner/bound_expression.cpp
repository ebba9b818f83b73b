#include "planner/bound_expression.h"

// GCC 12 reports false -Wrestrict warnings on `"x" + std::string` at -O3 (GCC bug 105329).
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

#include <algorithm>
#include <array>
#include <cctype>

#include "common/assert.h"
#include "common/stack_guard.h"
#include "cypher/ast/cypher_type.h"
#include "planner/logical_plan.h"

namespace quiver::planner {

// Iterative: a deep tree (a 2,500-operand chain, which the parser allows) must not take
// a destructor frame per level on a small query stack. Nested destructors run with
// their arguments already taken, so only this outermost one loops.
BoundExpr::~BoundExpr() {
  if (args.empty()) return;
  std::vector<BoundExprPtr> pending = std::move(args);
  while (!pending.empty()) {
    BoundExprPtr e = std::move(pending.back());
    pending.pop_back();
    if (!e) continue;
    for (auto& a : e->args) pending.push_back(std::move(a));
    e->args.clear();
  }
}

std::string_view StaticTypeName(StaticType type) {
  switch (type) {
    case StaticType::kAny:
      return "Any";
    case StaticType::kNull:
      return "Null";
    case StaticType::kBool:
      return "Boolean";
    case StaticType::kInt:
      return "Integer";
    case StaticType::kFloat:
      return "Float";
    case StaticType::kString:
      return "String";
    case StaticType::kList:
      return "List";
    case StaticType::kMap:
      return "Map";
    case StaticType::kNode:
      return "Node";
    case StaticType::kRelationship:
      return "Relationship";
    case StaticType::kPath:
      return "Path";
    case StaticType::kRelationshipList:
      return "List<Relationship>";
  }
  return "?";
}

namespace {

using SlotNames = std::vector<std::string>;

// A slot by its variable's name when known (EXPLAIN), else `#n`.
std::string SlotText(SlotId s, const SlotNames* names) {
  if (names != nullptr && s < names->size() && !(*names)[s].empty() && (*names)[s][0] != ' ')
    return (*names)[s];
  std::string out = "#";
  out += std::to_string(s);
  return out;
}

constexpr std::array<std::pair<std::string_view, EntityFunction>, 13> kEntityFunctions{{
    {"id", EntityFunction::kId},
    {"elementId", EntityFunction::kElementId},
    {"labels", EntityFunction::kLabels},
    {"type", EntityFunction::kType},
    {"keys", EntityFunction::kKeys},
    {"properties", EntityFunction::kProperties},
    {"startNode", EntityFunction::kStartNode},
    {"endNode", EntityFunction::kEndNode},
    {"nodes", EntityFunction::kNodes},
    {"relationships", EntityFunction::kRelationships},
    {"length", EntityFunction::kLength},
    {"exists", EntityFunction::kExists},
    {"gds.util.asNode", EntityFunction::kAsNode},
}};

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

std::string_view OpSymbol(ExprOp op) {
  switch (op) {
    case ExprOp::kAnd:
      return " AND ";
    case ExprOp::kOr:
      return " OR ";
    case ExprOp::kXor:
      return " XOR ";
    case ExprOp::kAdd:
      return " + ";
    case ExprOp::kSubtract:
      return " - ";
    case ExprOp::kMultiply:
      return " * ";
    case ExprOp::kDivide:
      return " / ";
    case ExprOp::kModulo:
      return " % ";
    case ExprOp::kPower:
      return " ^ ";
    case ExprOp::kStartsWith:
      return " STARTS WITH ";
    case ExprOp::kEndsWith:
      return " ENDS WITH ";
    case ExprOp::kContains:
      return " CONTAINS ";
    case ExprOp::kRegexMatch:
      return " =~ ";
    case ExprOp::kIn:
      return " IN ";
    default:
      return " ? ";
  }
}

std::string_view CmpSymbol(CmpOp op) {
  switch (op) {
    case CmpOp::kEq:
      return " = ";
    case CmpOp::kNe:
      return " <> ";
    case CmpOp::kLt:
      return " < ";
    case CmpOp::kGt:
      return " > ";
    case CmpOp::kLe:
      return " <= ";
    case CmpOp::kGe:
      return " >= ";
  }
  return " ? ";
}

void Print(const BoundExpr& e, std::string& out, const SlotNames* names);

// The expressions of Neo4j 5's syntax (bind_neo4j_expression.cpp).
void PrintNeo4jOp(const BoundExpr& e, std::string& out, const SlotNames* names) {
  switch (e.op) {
    case ExprOp::kHasAnyLabel:
      Print(*e.args[0], out, names);
      out += ":%";
      return;
    case ExprOp::kMapProjection:
      Print(*e.args[0], out, names);
      out += " {";
      if (e.has_test) out += ".*";
      for (size_t i = 1; i < e.args.size(); ++i) {
        if (i > 1 || e.has_test) out += ", ";
        out += e.names[i - 1] + ": ";
        Print(*e.args[i], out, names);
      }
      out += "}";
      return;
    case ExprOp::kReduce:
      out += "reduce(" + SlotText(e.accumulator_slot, names) + " = ";
      Print(*e.args[0], out, names);
      out += ", " + SlotText(e.slot, names) + " IN ";
      Print(*e.args[1], out, names);
      out += " | ";
      Print(*e.args[2], out, names);
      out += ")";
      return;
    case ExprOp::kTypeCheck:
      Print(*e.args[0], out, names);
      out += " IS :: " + cypher::CypherTypeToString(*e.cypher_type);
      return;
    default:
      return;
  }
}

void PrintArgs(const BoundExpr& e, std::string& out, const SlotNames* names, size_t from = 0) {
  for (size_t i = from; i < e.args.size(); ++i) {
    if (i > from) out += ", ";
    Print(*e.args[i], out, names);
  }
}

void Print(const BoundExpr& e, std::string& out, const SlotNames* names) {
  CheckStack();  // EXPLAIN of a deeply nested expression, on a small stack
  switch (e.op) {
    case ExprOp::kConstant:
      out += ToTckString(e.value);
      return;
    case ExprOp::kParameter:
      out += "$" + e.name;
      return;
    case ExprOp::kSlot:
      out += SlotText(e.slot, names);
      return;
    case ExprOp::kProperty:
      Print(*e.args[0], out, names);
      out += "." + e.name;
      return;
    case ExprOp::kHasLabels:
      Print(*e.args[0], out, names);
      for (const auto& l : e.names) out += ":" + l;
      return;
    case ExprOp::kSubscript:
      Print(*e.args[0], out, names);
      out += "[";
      Print(*e.args[1], out, names);
      out += "]";
      return;
    case ExprOp::kSlice:
      Print(*e.args[0], out, names);
      out += "[";
      if (e.has_test) Print(*e.args[1], out, names);
      out += "..";
      if (e.has_else) Print(*e.args[2], out, names);
      out += "]";
      return;
    case ExprOp::kNot:
      out += "NOT ";
      Print(*e.args[0], out, names);
      return;
    case ExprOp::kNegate:
      out += "-";
      Print(*e.args[0], out, names);
      return;
    case ExprOp::kIsNull:
      Print(*e.args[0], out, names);
      out += " IS NULL";
      return;
    case ExprOp::kIsNotNull:
      Print(*e.args[0], out, names);
      out += " IS NOT NULL";
      return;
    case ExprOp::kComparison:
      out += "(";
      for (size_t i = 0; i < e.args.size(); ++i) {
        if (i > 0) out += CmpSymbol(e.cmp_ops[i - 1]);
        Print(*e.args[i], out, names);
      }
      out += ")";
      return;
    case ExprOp::kScalarFunction:
    case ExprOp::kTemporalFunction:
    case ExprOp::kEntityFunction:
      out += e.name + "(";
      PrintArgs(e, out, names);
      out += ")";
      return;
    case ExprOp::kCase:
      out += "CASE ... END";
      return;
    case ExprOp::kList:
      out += "[";
      PrintArgs(e, out, names);
      out += "]";
      return;
    case ExprOp::kMap:
      out += "{";
      for (size_t i = 0; i < e.args.size(); ++i) {
        if (i > 0) out += ", ";
        out += e.names[i] + ": ";
        Print(*e.args[i], out, names);
      }
      out += "}";
      return;
    case ExprOp::kListComprehension:
      out += "[" + SlotText(e.slot, names) + " IN ";
      Print(*e.args[0], out, names);
      out += " ...]";
      return;
    case ExprOp::kQuantifier:
    {
      static constexpr const char* kNames[] = {"all", "any", "none", "single"};
      out += std::string(kNames[static_cast<size_t>(e.quantifier)]) + "(" + SlotText(e.slot, names) + " IN ";
      Print(*e.args[0], out, names);
      if (e.has_where) {
        out += " WHERE ";
        Print(*e.args[1], out, names);
      }
      out += ")";
      return;
    }
    case ExprOp::kSubquery:
      // EXISTS, COUNT and COLLECT subqueries carry their name; a pattern predicate and
      // comprehension do not.
      if (!e.name.empty()) {
        out += e.name + " {...}";
      } else {
        out += e.subquery_mode == SubqueryMode::kExists ? "EXISTS {...}" : "[pattern | ...]";
      }
      return;
    case ExprOp::kHasAnyLabel:
    case ExprOp::kMapProjection:
    case ExprOp::kReduce:
    case ExprOp::kTypeCheck:
      PrintNeo4jOp(e, out, names);
      return;
    case ExprOp::kDegree:
      out += "degree(";
      Print(*e.args[0], out, names);
      for (const auto& t : e.names) out += ":" + t;
      for (size_t i = 1; i < e.args.size(); ++i) {
        out += i == 1 ? " excluding " : ", ";
        Print(*e.args[i], out, names);
      }
      out += ")";
      return;
    case ExprOp::kHasRelationship: {
      out += "(";
      Print(*e.args[0], out, names);
      out += e.direction == Direction::kIncoming ? ")<-[" : ")-[";
      for (size_t i = 0; i < e.names.size(); ++i) out += (i == 0 ? ":" : "|") + e.names[i];
      out += e.direction == Direction::kOutgoing ? "]->(" : "]-(";
      if (e.args.size() > 1) Print(*e.args[1], out, names);
      for (const auto& label : e.end_labels) out += ":" + label;
      out += ")";
      return;
    }
    case ExprOp::kPath: {
      out += "path(";
      for (size_t i = 0; i < e.path_steps.size(); ++i) {
        if (i > 0) out += ", ";
        if (e.path_steps[i].is_relationship_list) out += "*";
        out += SlotText(e.path_steps[i].slot, names);
      }
      out += ")";
      return;
    }
    default:
      out += "(";
      for (size_t i = 0; i < e.args.size(); ++i) {
        if (i > 0) out += OpSymbol(e.op);
        Print(*e.args[i], out, names);
      }
      out += ")";
      return;
  }
}

}  // namespace

std::optional<EntityFunction> FindEntityFunction(std::string_view name) {
  for (const auto& [n, f] : kEntityFunctions) {
    if (EqualsIgnoreCase(n, name)) return f;
  }
  return std::nullopt;
}

std::string_view EntityFunctionName(EntityFunction f) {
  for (const auto& [n, fn] : kEntityFunctions) {
    if (fn == f) return n;
  }
  return "?";
}

StaticType StaticTypeOf(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kNull: return StaticType::kNull;
    case ValueKind::kBool: return StaticType::kBool;
    case ValueKind::kInt: return StaticType::kInt;
    case ValueKind::kFloat: return StaticType::kFloat;
    case ValueKind::kString: return StaticType::kString;
    case ValueKind::kList: return StaticType::kList;
    case ValueKind::kMap: return StaticType::kMap;
    default: return StaticType::kAny;  // entities and temporal values: no static checks use them
  }
}

BoundExprPtr MakeConstant(Value v) {
  auto e = std::make_unique<BoundExpr>(ExprOp::kConstant);
  e->type = StaticTypeOf(v);
  e->value = std::move(v);
  return e;
}

BoundExprPtr MakeSlotRef(SlotId slot, StaticType type) {
  auto e = std::make_unique<BoundExpr>(ExprOp::kSlot);
  e->slot = slot;
  e->type = type;
  return e;
}

BoundExprPtr MakeExpr(ExprOp op, std::vector<BoundExprPtr> args, StaticType type) {
  auto e = std::make_unique<BoundExpr>(op);
  e->args = std::move(args);
  e->type = type;
  return e;
}

std::string ToString(const BoundExpr& expr, const std::vector<std::string>* slot_names) {
  std::string out;
  Print(expr, out, slot_names);
  return out;
}

BoundExprPtr Clone(const BoundExpr& e) {
  QUIVER_ASSERT(e.subplan == nullptr);
  auto copy = std::make_unique<BoundExpr>(e.op);
  copy->type = e.type;
  for (const auto& a : e.args) copy->args.push_back(Clone(*a));
  copy->value = e.value;
  copy->name = e.name;
  copy->names = e.names;
  copy->slot = e.slot;
  copy->cmp_ops = e.cmp_ops;
  copy->quantifier = e.quantifier;
  copy->entity = e.entity;
  copy->scalar = e.scalar;
  copy->temporal = e.temporal;
  copy->deterministic = e.deterministic;
  copy->has_test = e.has_test;
  copy->has_else = e.has_else;
  copy->has_where = e.has_where;
  copy->has_projection = e.has_projection;
  copy->subquery_mode = e.subquery_mode;
  copy->path_steps = e.path_steps;
  copy->direction = e.direction;
  copy->end_labels = e.end_labels;
  copy->accumulator_slot = e.accumulator_slot;
  copy->cypher_type = e.cypher_type;
  return copy;
}

bool IsRowIndependent(const BoundExpr& expr) {
  switch (expr.op) {
    case ExprOp::kSlot:
    case ExprOp::kSubquery:
    case ExprOp::kPath:
    case ExprOp::kDegree:
    case ExprOp::kHasRelationship:
    case ExprOp::kListComprehension:
    case ExprOp::kQuantifier:
    case ExprOp::kReduce:
    case ExprOp::kEntityFunction:
    case ExprOp::kHasAnyLabel:
      return false;
    case ExprOp::kScalarFunction:
      // rand() and friends are fine for SKIP/LIMIT semantics; but only pure args.
      break;
    default:
      break;
  }
  return std::all_of(expr.args.begin(), expr.args.end(),
                     [](const BoundExprPtr& a) { return IsRowIndependent(*a); });
}

bool IsDeterministic(const BoundExpr& expr) {
  if (expr.op == ExprOp::kScalarFunction && !expr.deterministic) return false;
  return std::all_of(expr.args.begin(), expr.args.end(), [](const BoundExprPtr& a) { return IsDeterministic(*a); });
}

void CollectSlots(const BoundExpr& expr, std::vector<SlotId>& out) {
  CheckStack();
  if (expr.op == ExprOp::kSlot) out.push_back(expr.slot);
  for (const auto& step : expr.path_steps) out.push_back(step.slot);
  for (const auto& a : expr.args) CollectSlots(*a, out);
  if (expr.subplan) {
    // A correlated subplan reads outer slots through its expressions; collecting them
    // all keeps a filter with a subquery after every binding it might use.
    std::vector<const LogicalOperator*> stack{expr.subplan.get()};
    while (!stack.empty()) {
      const LogicalOperator* op = stack.back();
      stack.pop_back();
      op->ForEachExpression([&](const BoundExpr& e) { CollectSlots(e, out); });
      // Not rel.distinct_from(_lists): those are relationships of the subplan's own
      // pattern, bound inside it (and collecting every hop's prefix would be quadratic
      // in the pattern's length).
      if (op->Is<LogicalHop>()) {
        const auto& hop = op->As<LogicalHop>();
        out.push_back(hop.from_slot);
        out.push_back(hop.to_slot);
        for (const auto& v : hop.rel.property_values) CollectSlots(*v, out);
      }
      for (const auto& c : op->children) stack.push_back(c.get());
    }
  }
}

}  // namespace quiver::planner
