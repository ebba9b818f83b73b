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
    case OpKind::kNodeIndexSeek:
      return "NodeIndexSeek";
    case OpKind::kDirectedRelationshipIndexSeek:
      return "DirectedRelationshipIndexSeek";
    case OpKind::kUndirectedRelationshipIndexSeek:
      return "UndirectedRelationshipIndexSeek";
    case OpKind::kSchemaCommand:
      return "SchemaCommand";
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
  for (size_t i = 0; i < scan.any_labels.size(); ++i) out += (i == 0 ? ":" : "|") + scan.any_labels[i];
  if (!scan.property_keys.empty()) {
    out += " {";
    for (size_t i = 0; i < scan.property_keys.size(); ++i) {
      out += (i ? ", " : "") + scan.property_keys[i] + ": " + ToString(*scan.property_values[i], names);
    }
    out += "}";
  }
  return out + ")";
}

// The seek's keys and test: `(since) WHERE since > $x` (a composite's leading keys first).
std::string SeekTestDetails(const IndexSeekSpec& seek, const SlotNames* names) {
  std::string keys, where;
  for (size_t i = 0; i < seek.leading.size(); ++i) {
    keys += seek.leading_keys[i] + ", ";
    where += seek.leading_keys[i] + " = " + ToString(*seek.leading[i], names) + " AND ";
  }
  std::string out = "(" + keys + seek.property + ") WHERE " + where + seek.property;
  using Mode = IndexSeekSpec::Mode;
  switch (seek.mode) {
    case Mode::kEquals:
      out += " = " + ToString(*seek.values[0], names);
      break;
    case Mode::kIn:
      out += " IN " + ToString(*seek.values[0], names);
      break;
    case Mode::kPrefix:
      out += " STARTS WITH " + ToString(*seek.values[0], names);
      break;
    case Mode::kRange:
      if (seek.lower) out += std::string(seek.lower_inclusive ? " >= " : " > ") + ToString(*seek.lower, names);
      if (seek.lower && seek.upper) out += " AND " + seek.property;
      if (seek.upper) out += std::string(seek.upper_inclusive ? " <= " : " < ") + ToString(*seek.upper, names);
      break;
  }
  return out;
}

// Neo4j's form: `RANGE INDEX n:Person(name) WHERE name > $x`, and the index's name.
std::string IndexSeekDetails(const LogicalNodeIndexSeek& seek, const SlotNames* names) {
  const std::string out = seek.index_type + " INDEX " + seek.index_name + " " + Slot(seek.slot, names) + ":" +
                          seek.labels[0] + SeekTestDetails(seek, names);
  const std::string rest = ScanDetails(seek, names);
  return rest.find('{') != std::string::npos || seek.labels.size() > 1 ? out + ", checking " + rest : out;
}

// Neo4j's form: `RANGE INDEX knows_since (a)-[r:KNOWS(since)]->(b) WHERE since = $v`.
std::string RelationshipIndexSeekDetails(const LogicalRelationshipIndexSeek& seek, const SlotNames* names) {
  const std::string test = SeekTestDetails(seek, names);
  const size_t where = test.find(" WHERE ");
  const char* left = seek.direction == Direction::kIncoming ? "<-[" : "-[";
  const char* right = seek.direction == Direction::kOutgoing ? "]->(" : "]-(";
  return seek.index_type + " INDEX " + seek.index_name + " (" + Slot(seek.from_slot, names) + ")" + left +
         Slot(seek.rel_slot, names) + ":" + seek.type + test.substr(0, where) + right + Slot(seek.to_slot, names) +
         ")" + test.substr(where);
}

std::string SchemaCommandDetails(const LogicalSchemaCommand& command) {
  if (command.action == LogicalSchemaCommand::Action::kDropIndex) return "DROP INDEX " + command.name;
  std::string out = "CREATE " + command.index_type + " INDEX";
  if (!command.name.empty()) out += " " + command.name;
  out += command.relationship ? " FOR ()-[:" + command.label_or_type + "]-()" : " FOR (:" + command.label_or_type + ")";
  std::string keys;
  for (const auto& k : command.properties) keys += (keys.empty() ? "" : ", ") + k;
  return out + " ON (" + keys + ")";
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

}  // namespace

std::string Details(const LogicalOperator& op, const SlotNames* names) {
  switch (op.kind) {
    case OpKind::kNodeScan:
    case OpKind::kNodeSeek:
      return ScanDetails(op.As<LogicalNodeScan>(), names);
    case OpKind::kNodeIndexSeek:
      return IndexSeekDetails(op.As<LogicalNodeIndexSeek>(), names);
    case OpKind::kDirectedRelationshipIndexSeek:
    case OpKind::kUndirectedRelationshipIndexSeek:
      return RelationshipIndexSeekDetails(op.As<LogicalRelationshipIndexSeek>(), names);
    case OpKind::kSchemaCommand:
      return SchemaCommandDetails(op.As<LogicalSchemaCommand>());
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


namespace {

// The variables an operator binds itself (for the summary's identifiers).
std::vector<SlotId> BoundSlots(const LogicalOperator& op) {
  switch (op.kind) {
    case OpKind::kNodeScan:
    case OpKind::kNodeSeek:
    case OpKind::kNodeIndexSeek:
      return {op.As<LogicalNodeScan>().slot};
    case OpKind::kDirectedRelationshipIndexSeek:
    case OpKind::kUndirectedRelationshipIndexSeek: {
      const auto& seek = op.As<LogicalRelationshipIndexSeek>();
      return {seek.from_slot, seek.rel_slot, seek.to_slot};
    }
    case OpKind::kExpand:
      return {op.As<LogicalExpand>().rel_slot, op.As<LogicalExpand>().to_slot};
    case OpKind::kVarExpand:
      return {op.As<LogicalVarExpand>().list_slot, op.As<LogicalVarExpand>().to_slot};
    case OpKind::kShortestPath:
      return {op.As<LogicalShortestPath>().rel_slot, op.As<LogicalShortestPath>().to_slot};
    case OpKind::kCountStore:
      return op.As<LogicalCountStore>().slots;
    case OpKind::kProject:
      return op.As<LogicalProject>().slots;
    case OpKind::kAggregate: {
      const auto& aggregate = op.As<LogicalAggregate>();
      std::vector<SlotId> slots = aggregate.key_slots;
      for (const auto& spec : aggregate.aggregates) slots.push_back(spec.slot);
      return slots;
    }
    case OpKind::kUnwind:
      return {op.As<LogicalUnwind>().slot};
    case OpKind::kCall:
      return op.As<LogicalCall>().call.yield_slots;
    case OpKind::kCreate: {
      std::vector<SlotId> slots;
      for (const auto& node : op.As<LogicalCreate>().nodes) slots.push_back(node.slot);
      for (const auto& rel : op.As<LogicalCreate>().rels) slots.push_back(rel.slot);
      return slots;
    }
    case OpKind::kMerge: {
      const auto& merge = op.As<LogicalMerge>();
      std::vector<SlotId> slots = merge.path_slots;
      for (const auto& node : merge.nodes) slots.push_back(node.slot);
      for (const auto& rel : merge.rels) slots.push_back(rel.slot);
      return slots;
    }
    case OpKind::kProduceResults:
      return op.As<LogicalProduceResults>().slots;
    case OpKind::kApply:
      return op.As<LogicalApply>().result_slots;
    case OpKind::kLoadCsv:
      return {op.As<LogicalLoadCsv>().slot};  // not linenumber() and file(): no variables
    default:
      return {};
  }
}

// A named slot's variable; none for anonymous and internal slots (`#n`, names that
// start with a space).
void AddIdentifier(SlotId slot, const SlotNames* names, std::vector<std::string>& out) {
  if (names == nullptr || slot >= names->size()) return;
  const std::string& name = (*names)[slot];
  if (name.empty() || name[0] == ' ') return;
  for (const auto& known : out) {
    if (known == name) return;
  }
  out.push_back(name);
}

}  // namespace

PlanOperator ToPlanOperator(const LogicalOperator& root, const std::vector<std::string>* slot_names) {
  // Iterative, as plans can be thousands deep: each operator's children are sized
  // before their addresses are taken, so the addresses stay valid.
  PlanOperator out;
  std::vector<std::pair<const LogicalOperator*, PlanOperator*>> stack{{&root, &out}};
  while (!stack.empty()) {
    auto [op, target] = stack.back();
    stack.pop_back();
    FillPlanOperator(*op, slot_names, *target);
    target->children.resize(op->children.size());
    for (size_t i = 0; i < op->children.size(); ++i) stack.emplace_back(op->children[i].get(), &target->children[i]);
  }
  return out;
}

void FillPlanOperator(const LogicalOperator& op, const std::vector<std::string>* slot_names, PlanOperator& out) {
  out.operator_type = OpKindName(op.kind);
  out.details = Details(op, slot_names);
  out.estimated_rows = op.estimated_rows;
  for (SlotId slot : BoundSlots(op)) AddIdentifier(slot, slot_names, out.identifiers);
}

std::string ToString(const LogicalOperator& root, const std::vector<std::string>* slot_names) {
  return FormatPlan(ToPlanOperator(root, slot_names));
}

std::string ToString(const LogicalPlan& plan) {
  return ToString(*plan.root, &plan.slot_names);
}

}  // namespace quiver::planner
