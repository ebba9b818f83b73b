#include "planner/logical_plan.h"

#include <cstdio>

// GCC 12 reports false -Wrestrict warnings on `"x" + std::string` at -O3 (GCC bug 105329).
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif

namespace quiver::planner {

// Iterative: a statement of thousands of clauses is a chain of operators thousands
// deep, too deep to destroy by recursion.
LogicalOperator::~LogicalOperator() {
  std::vector<LogicalOperatorPtr> pending = std::move(children);
  while (!pending.empty()) {
    LogicalOperatorPtr op = std::move(pending.back());
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
    case OpKind::kShortestPath:
      return "ShortestPath";
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
    case OpKind::kApply:
      return "Apply";
    case OpKind::kLoadCsv:
      return "LoadCSV";
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

std::string Types(const std::vector<std::string>& types) {
  std::string out;
  for (size_t i = 0; i < types.size(); ++i) out += (i == 0 ? ":" : "|") + types[i];
  return out;
}

std::string Slots(const std::vector<SlotId>& slots, const SlotNames* names) {
  std::string out;
  for (size_t i = 0; i < slots.size(); ++i) out += (i ? ", " : "") + Slot(slots[i], names);
  return out;
}

std::string Exprs(const std::vector<BoundExprPtr>& exprs, const SlotNames* names) {
  std::string out;
  for (size_t i = 0; i < exprs.size(); ++i) out += (i ? ", " : "") + ToString(*exprs[i], names);
  return out;
}

// `e0 AS s0, e1 AS s1, ...`
std::string Assignments(const std::vector<BoundExprPtr>& exprs, const std::vector<SlotId>& slots,
                        const SlotNames* names) {
  std::string out;
  for (size_t i = 0; i < exprs.size(); ++i) {
    out += (i ? ", " : "") + ToString(*exprs[i], names) + " AS " + Slot(slots[i], names);
  }
  return out;
}

// `(from)-[middle]->(to)`, and whether it checks a bound `to`.
// `*min..max` of a variable-length relationship (`*1..` when unbounded).
std::string Hops(const RelPattern& rel) {
  std::string hops = "*" + std::to_string(rel.min_hops) + "..";
  if (rel.max_hops != INT64_MAX) hops += std::to_string(rel.max_hops);
  return hops;
}

std::string HopDetails(const LogicalHop& hop, const std::string& middle, const SlotNames* names) {
  return "(" + Slot(hop.from_slot, names) + ")" + DirectionArrow(hop.rel, middle) + "(" +
         Slot(hop.to_slot, names) + ")" + (hop.into ? " into" : "");
}

// ` repeating ((a)-[r:T]->(b) WHERE ...){1,3}`: a quantified path pattern's iteration.
std::string QuantifiedDetails(const QuantifiedSpec& spec, const SlotNames* names) {
  std::string out = " repeating (";
  for (size_t i = 0; i < spec.node_slots.size(); ++i) {
    out += "(" + Slot(spec.node_slots[i], names) + ")";
    if (i < spec.hops.size()) {
      RelPattern hop;
      hop.direction = spec.hops[i].direction;
      out += DirectionArrow(hop, Slot(spec.rel_slots[i], names) + Types(spec.hops[i].types));
    }
  }
  if (spec.predicate) out += " WHERE " + ToString(*spec.predicate, names);
  out += "){" + std::to_string(spec.min_iterations) + ",";
  if (spec.max_iterations != INT64_MAX) out += std::to_string(spec.max_iterations);
  return out + "}";
}

// What a shortest-path search keeps, before its hop: "" (one), "all ", "3 ", "3 groups ".
std::string SearchName(const LogicalShortestPath& search) {
  switch (search.search) {
    case PathSearch::kAllShortest:
      return "all ";
    case PathSearch::kShortestK:
      return std::to_string(search.count) + " ";
    case PathSearch::kShortestKGroups:
      return std::to_string(search.count) + " groups ";
    default:
      return "";
  }
}

std::string ScanDetails(const LogicalNodeScan& scan, const SlotNames* names) {
  std::string out = "(" + Slot(scan.slot, names);
  for (const auto& l : scan.labels) out += ":" + l;
  if (!scan.property_keys.empty()) {
    out += " {";
    for (size_t i = 0; i < scan.property_keys.size(); ++i) {
      out += (i ? ", " : "") + scan.property_keys[i] + ": " + ToString(*scan.property_values[i], names);
    }
    out += "}";
  }
  return out + ")";
}

std::string AggregateDetails(const LogicalAggregate& aggregate, const SlotNames* names) {
  std::string out = Assignments(aggregate.keys, aggregate.key_slots, names);
  for (const auto& a : aggregate.aggregates) {
    out += (out.empty() ? "" : ", ") + a.name;
    if (a.function != nullptr) {
      out += "(";
      if (a.distinct) out += "DISTINCT ";
      out += Exprs(a.args, names) + ")";
    }
    out += " AS " + Slot(a.slot, names);
  }
  if (aggregate.count_of_ends) out += " counting the ends";
  return out;
}

std::string Details(const LogicalOperator& op, const SlotNames* names) {
  switch (op.kind) {
    case OpKind::kNodeScan:
    case OpKind::kNodeSeek:
      return ScanDetails(op.As<LogicalNodeScan>(), names);
    case OpKind::kExpand: {
      const auto& e = op.As<LogicalExpand>();
      return HopDetails(e, Slot(e.rel_slot, names) + Types(e.rel.types), names);
    }
    case OpKind::kVarExpand: {
      const auto& e = op.As<LogicalVarExpand>();
      return HopDetails(e, Slot(e.list_slot, names) + Types(e.rel.types) + Hops(e.rel), names) +
             (e.rel.distinct_ends ? " distinct ends" : "") +
             (e.rel.quantified ? QuantifiedDetails(*e.rel.quantified, names) : "");
    }
    case OpKind::kShortestPath: {
      const auto& e = op.As<LogicalShortestPath>();
      std::string out = SearchName(e) + HopDetails(e, Slot(e.rel_slot, names) + Types(e.rel.types) + Hops(e.rel), names);
      for (const auto& p : e.element_predicates) {
        out += std::string(p.negated ? " none " : " all ") + (p.on_nodes ? "nodes: " : "relationships: ") +
               ToString(*p.predicate, names);
      }
      return out;
    }
    case OpKind::kFilter:
      return ToString(*op.As<LogicalFilter>().predicate, names);
    case OpKind::kProject: {
      const auto& project = op.As<LogicalProject>();
      return Assignments(project.exprs, project.slots, names);
    }
    case OpKind::kAggregate:
      return AggregateDetails(op.As<LogicalAggregate>(), names);
    case OpKind::kSort: {
      const auto& sort = op.As<LogicalSort>();
      std::string out;
      for (size_t i = 0; i < sort.keys.size(); ++i) {
        out += (i ? ", " : "") + ToString(*sort.keys[i], names) + (sort.descending[i] ? " DESC" : "");
      }
      if (sort.limit) out += " top " + ToString(*sort.limit, names);
      return out;
    }
    case OpKind::kSkip:
      return ToString(*op.As<LogicalSkip>().count, names);
    case OpKind::kLimit:
      return ToString(*op.As<LogicalLimit>().count, names);
    case OpKind::kProduceResults: {
      const auto& columns = op.As<LogicalProduceResults>().columns;
      std::string out;
      for (size_t i = 0; i < columns.size(); ++i) out += (i ? ", " : "") + columns[i];
      return out;
    }
    case OpKind::kCountStore: {
      const auto& count = op.As<LogicalCountStore>();
      std::string out = count.count_relationships
                            ? "()-[" + Types(count.rel_types) + "]->()"
                            : "(" + (count.labels.empty() ? "" : ":" + count.labels[0]) + ")";
      return out + " AS " + Slots(count.slots, names);
    }
    case OpKind::kCall:
      return op.As<LogicalCall>().call.name;
    case OpKind::kHashJoin: {
      const auto& join = op.As<LogicalHashJoin>();
      return ToString(*join.probe_key, names) + " = " + ToString(*join.build_key, names);
    }
    case OpKind::kUnion:
      return op.As<LogicalUnion>().distinct ? "distinct" : "all";
    case OpKind::kDelete:
      return op.As<LogicalDelete>().detach ? "detach" : "";
    case OpKind::kUnwind: {
      const auto& unwind = op.As<LogicalUnwind>();
      return ToString(*unwind.list, names) + " AS " + Slot(unwind.slot, names);
    }
    case OpKind::kDistinct:
      return Slots(op.As<LogicalDistinct>().slots, names);
    case OpKind::kMerge:
      return Exprs(op.As<LogicalMerge>().path_exprs, names);
    case OpKind::kApply: {
      // `Apply optional returns a, b in transactions of 500 rows`; `Apply unit`
      const auto& apply = op.As<LogicalApply>();
      std::string out = apply.optional ? "optional " : "";
      out += apply.returns ? "returns " + Slots(apply.result_slots, names) : "unit";
      if (apply.in_transactions) {
        out += " in transactions of " +
               (apply.batch_size ? ToString(*apply.batch_size, names)
                                 : std::to_string(LogicalApply::kDefaultBatchRows)) +
               " rows";
      }
      return out;
    }
    case OpKind::kLoadCsv: {
      const auto& load = op.As<LogicalLoadCsv>();
      std::string out = load.with_headers ? "with headers " : "";
      out += ToString(*load.url, names) + " AS " + Slot(load.slot, names);
      if (load.field_terminator != ',') out += " fieldterminator '" + std::string(1, load.field_terminator) + "'";
      return out;
    }
    case OpKind::kStart:
    case OpKind::kArgument:
    case OpKind::kOptional:
    case OpKind::kCreate:
    case OpKind::kSetProperties:
    case OpKind::kEager:
      return "";
  }
  return "";
}

// Whole rows, but huge estimates (var-length paths) in scientific notation.
std::string EstimateText(double rows) {
  char text[32];
  std::snprintf(text, sizeof text, rows < 1e15 ? "%.0f" : "%.3g", rows);
  return text;
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
  // children (subplans, a hash join's build side, a UNION's later branches) are indented
  // under their operator, printed before the input, last child first. So the text is a
  // tree without brackets: an indented run of lines is one more input of the line above
  // it (the web view draws it so).
  // Iterative: plans can be thousands of operators deep.
  std::string out;
  std::vector<std::pair<const LogicalOperator*, int>> stack{{&root, indent}};
  while (!stack.empty()) {
    auto [op, level] = stack.back();
    stack.pop_back();
    out.append(static_cast<size_t>(level) * 2, ' ');
    out += Describe(*op, slot_names);
    if (op->estimated_rows) out += "  [est=" + EstimateText(*op->estimated_rows) + "]";
    out += "\n";
    for (size_t i = 0; i < op->children.size(); ++i) {
      stack.emplace_back(op->children[i].get(), i == 0 ? level : level + 1);
    }
  }
  return out;
}

std::string ToString(const LogicalPlan& plan) {
  return ToString(*plan.root, 0, &plan.slot_names);
}

}  // namespace quiver::planner
