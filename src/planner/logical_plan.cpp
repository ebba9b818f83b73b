#include "planner/logical_plan.h"

// GCC 12 reports false -Wrestrict warnings on `"x" + std::string` at -O3 (GCC bug 105329).
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace quiver::planner {

// Iterative: a statement of thousands of clauses is a chain of operators thousands
// deep, too deep to destroy by recursion.
LogicalOperator::~LogicalOperator() {
  std::vector<std::unique_ptr<LogicalOperator>> pending = std::move(children);
  while (!pending.empty()) {
    std::unique_ptr<LogicalOperator> op = std::move(pending.back());
    pending.pop_back();
    if (!op) continue;  // moved out by a rewrite
    for (auto& child : op->children) pending.push_back(std::move(child));
    op->children.clear();
  }
}

std::string_view OpKindName(OpKind kind) {
  switch (kind) {
    case OpKind::kStart:
      return "Start";
    case OpKind::kArgument:
      return "Argument";
    case OpKind::kCountStore:
      return "CountStore";
    case OpKind::kNodeScan:
      return "NodeScan";
    case OpKind::kNodeSeek:
      return "NodeSeek";
    case OpKind::kExpand:
      return "Expand";
    case OpKind::kVarExpand:
      return "VarLengthExpand";
    case OpKind::kFilter:
      return "Filter";
    case OpKind::kOptional:
      return "Optional";
    case OpKind::kProject:
      return "Project";
    case OpKind::kAggregate:
      return "Aggregate";
    case OpKind::kDistinct:
      return "Distinct";
    case OpKind::kSort:
      return "Sort";
    case OpKind::kSkip:
      return "Skip";
    case OpKind::kLimit:
      return "Limit";
    case OpKind::kUnwind:
      return "Unwind";
    case OpKind::kCall:
      return "ProcedureCall";
    case OpKind::kCreate:
      return "Create";
    case OpKind::kMerge:
      return "Merge";
    case OpKind::kSetProperties:
      return "SetProperties";
    case OpKind::kDelete:
      return "Delete";
    case OpKind::kEager:
      return "Eager";
    case OpKind::kHashJoin:
      return "HashJoin";
    case OpKind::kUnion:
      return "Union";
    case OpKind::kProduceResults:
      return "ProduceResults";
  }
  return "?";
}

namespace {

using SlotNames = std::vector<std::string>;

std::string Slot(SlotId s, const SlotNames* names) {
  if (names != nullptr && s < names->size() && !(*names)[s].empty() && (*names)[s][0] != ' ')
    return (*names)[s];
  std::string out = "#";
  out += std::to_string(s);
  return out;
}

std::string DirectionArrow(const RelPattern& rel, const std::string& middle) {
  switch (rel.direction) {
    case Direction::kOutgoing:
      return "-[" + middle + "]->";
    case Direction::kIncoming:
      return "<-[" + middle + "]-";
    case Direction::kBoth:
      return "-[" + middle + "]-";
  }
  return "";
}

std::string Types(const RelPattern& rel) {
  std::string out;
  for (size_t i = 0; i < rel.types.size(); ++i) out += (i == 0 ? ":" : "|") + rel.types[i];
  return out;
}

std::string Details(const LogicalOperator& op, const SlotNames* names) {
  std::string out;
  switch (op.kind) {
    case OpKind::kNodeScan:
    case OpKind::kNodeSeek:
      out = "(" + Slot(op.slot, names);
      for (const auto& l : op.labels) out += ":" + l;
      if (!op.scan_property_keys.empty()) {
        out += " {";
        for (size_t i = 0; i < op.scan_property_keys.size(); ++i) {
          out += (i ? ", " : "") + op.scan_property_keys[i] + ": " +
                 ToString(*op.scan_property_values[i], names);
        }
        out += "}";
      }
      out += ")";
      break;
    case OpKind::kExpand:
      out = "(" + Slot(op.from_slot, names) + ")" +
            DirectionArrow(op.rel, Slot(op.rel_slot, names) + Types(op.rel)) + "(" + Slot(op.to_slot, names) +
            ")" + (op.into ? " into" : "");
      break;
    case OpKind::kVarExpand: {
      std::string hops = "*" + std::to_string(op.rel.min_hops) + "..";
      if (op.rel.max_hops != INT64_MAX) hops += std::to_string(op.rel.max_hops);
      out = "(" + Slot(op.from_slot, names) + ")" +
            DirectionArrow(op.rel, Slot(op.slot, names) + Types(op.rel) + hops) + "(" +
            Slot(op.to_slot, names) + ")" + (op.into ? " into" : "") +
            (op.rel.distinct_ends ? " distinct ends" : "");
      break;
    }
    case OpKind::kProject:
      for (size_t i = 0; i < op.exprs.size(); ++i) {
        out += (i ? ", " : "") + ToString(*op.exprs[i], names) + " AS " + Slot(op.slots[i], names);
      }
      break;
    case OpKind::kAggregate:
      for (size_t i = 0; i < op.key_count; ++i)
        out += (i ? ", " : "") + ToString(*op.exprs[i], names) + " AS " + Slot(op.slots[i], names);
      for (const auto& a : op.aggregates) {
        out += (out.empty() ? "" : ", ") + a.name;
        if (a.function != nullptr) {
          out += "(";
          if (a.distinct) out += "DISTINCT ";
          for (size_t i = 0; i < a.args.size(); ++i) out += (i ? ", " : "") + ToString(*a.args[i], names);
          out += ")";
        }
        out += " AS " + Slot(a.slot, names);
      }
      break;
    case OpKind::kSort:
      for (size_t i = 0; i < op.exprs.size(); ++i) {
        out += (i ? ", " : "") + ToString(*op.exprs[i], names) + (op.descending[i] ? " DESC" : "");
      }
      if (op.sort_limit) out += " top " + ToString(*op.sort_limit, names);
      break;
    case OpKind::kProduceResults:
      for (size_t i = 0; i < op.columns.size(); ++i) out += (i ? ", " : "") + op.columns[i];
      break;
    case OpKind::kCountStore:
      out = op.count_relationships ? "()-[" + Types(op.rel) + "]->()" : "(" + (op.labels.empty() ? "" : ":" + op.labels[0]) + ")";
      out += " AS ";
      for (size_t i = 0; i < op.slots.size(); ++i) out += (i ? ", " : "") + Slot(op.slots[i], names);
      break;
    case OpKind::kCall:
      out = op.call.name;
      break;
    case OpKind::kHashJoin:
      out = ToString(*op.exprs[0], names) + " = " + ToString(*op.exprs[1], names);
      break;
    case OpKind::kUnion:
      out = op.distinct ? "distinct" : "all";
      break;
    case OpKind::kDelete:
      out = op.detach ? "detach" : "";
      break;
    case OpKind::kUnwind:
      out = ToString(*op.exprs[0], names) + " AS " + Slot(op.slot, names);
      break;
    case OpKind::kDistinct:
      for (size_t i = 0; i < op.slots.size(); ++i) out += (i ? ", " : "") + Slot(op.slots[i], names);
      break;
    default:
      for (size_t i = 0; i < op.exprs.size(); ++i) out += (i ? ", " : "") + ToString(*op.exprs[i], names);
      break;
  }
  return out;
}

}  // namespace

std::string Describe(const LogicalOperator& op, const std::vector<std::string>* slot_names) {
  std::string out(OpKindName(op.kind));
  std::string details = Details(op, slot_names);
  if (!details.empty()) out += " " + details;
  return out;
}

std::string ToString(const LogicalOperator& root, int indent, const std::vector<std::string>* slot_names) {
  // An operator's input (children[0]) continues in the operator's column, so a chain of
  // clauses reads down one column and the text stays linear in the plan's size; extra
  // children (subplans, a hash join's build side) and every branch of a UNION are
  // indented under their operator, printed before the input, last child first.
  // Iterative: plans can be thousands of operators deep.
  std::string out;
  std::vector<std::pair<const LogicalOperator*, int>> stack{{&root, indent}};
  while (!stack.empty()) {
    auto [op, level] = stack.back();
    stack.pop_back();
    out.append(static_cast<size_t>(level) * 2, ' ');
    out += Describe(*op, slot_names);
    out += "\n";
    for (size_t i = 0; i < op->children.size(); ++i) {
      bool input = i == 0 && op->kind != OpKind::kUnion;
      stack.emplace_back(op->children[i].get(), input ? level : level + 1);
    }
  }
  return out;
}

std::string ToString(const LogicalPlan& plan) {
  return ToString(*plan.root, 0, &plan.slot_names);
}

}  // namespace quiver::planner
