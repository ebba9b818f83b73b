#include "planner/optimizer.h"

#include <algorithm>

#include "planner/index_seek_rule.h"
#include "planner/rel_index_seek_rule.h"

namespace quiver::planner {

namespace {

bool Reads(const BoundExpr& expr, SlotId slot) {
  std::vector<SlotId> slots;
  CollectSlots(expr, slots);
  return std::find(slots.begin(), slots.end(), slot) != slots.end();
}

// `n.key = value` (either way round) where value does not read n: the key and value.
bool PropertyEquality(const BoundExpr& e, SlotId slot, std::string& key, const BoundExpr*& value) {
  if (e.op != ExprOp::kComparison || e.cmp_ops.size() != 1 || e.cmp_ops[0] != CmpOp::kEq) return false;
  for (int side = 0; side < 2; ++side) {
    const BoundExpr& prop = *e.args[side];
    const BoundExpr& other = *e.args[1 - side];
    if (prop.op == ExprOp::kProperty && prop.args[0]->op == ExprOp::kSlot && prop.args[0]->slot == slot &&
        !Reads(other, slot)) {
      key = prop.name;
      value = &other;
      return true;
    }
  }
  return false;
}

class Optimizer {
 public:
  Optimizer(LogicalPlan& plan, const Catalog& catalog, const GraphReader* graph)
      : plan_(plan), catalog_(catalog), graph_(graph) {}

  // Bottom-up: an operator is rewritten after its children and the subplans of its
  // expressions. Iterative, since a plan can be thousands of operators deep.
  void Rewrite(LogicalOperatorPtr& root) {
    struct Visit {
      LogicalOperatorPtr* op;
      bool children_done;
    };
    std::vector<Visit> stack{{&root, false}};
    while (!stack.empty()) {
      Visit visit = stack.back();
      stack.pop_back();
      LogicalOperatorPtr& op = *visit.op;
      if (!visit.children_done) {
        stack.push_back({visit.op, true});
        for (auto& child : op->children) stack.push_back({&child, false});
        continue;
      }
      RewriteOne(op);
    }
  }

 private:
  void RewriteOne(LogicalOperatorPtr& op) {
    op->ForEachExpression([this](BoundExprPtr& e) { RewriteSubplans(e); });
    if (op->Is<LogicalFilter>() && op->children[0]->Is<LogicalNodeScan>()) AbsorbIntoScan(op);
    if (graph_ != nullptr && op->kind == OpKind::kNodeScan) SeekByIndex(op, nullptr, *graph_, plan_.seek_indexes);
    if (graph_ != nullptr && op->Is<LogicalFilter>() && op->children[0]->kind == OpKind::kNodeScan) {
      SeekByIndex(op->children[0], op->As<LogicalFilter>().predicate.get(), *graph_, plan_.seek_indexes);
    }
    if (op->Is<LogicalFilter>()) TightenIndexRange(*op);
    if (graph_ != nullptr && op->Is<LogicalFilter>()) ExtendCompositeSeek(*op, *graph_);
    if (graph_ != nullptr && op->Is<LogicalFilter>()) SeekRelationshipsByIndex(*op, *graph_, plan_.seek_indexes);
    if (op->Is<LogicalFilter>() && op->children[0]->kind == OpKind::kNodeScan) ScanLabelUnion(*op);
    if (op->Is<LogicalAggregate>() && CountFromStore(op)) return;
    if (op->Is<LogicalAggregate>() && op->children[0]->Is<LogicalExpand>()) {
      CountByDegree(op->As<LogicalAggregate>());
    }
    if (op->Is<LogicalAggregate>() && op->children[0]->Is<LogicalVarExpand>()) {
      DistinctEnds(op->As<LogicalAggregate>());
    }
    if (op->Is<LogicalLimit>()) TopK(op->As<LogicalLimit>());
  }

  void RewriteSubplans(BoundExprPtr& e) {
    if (e->subplan) Rewrite(e->subplan);
    for (auto& a : e->args) RewriteSubplans(a);
    if (e->op == ExprOp::kSubquery && e->subquery_mode == SubqueryMode::kExists) {
      ReachableExists(*e);
      OneHopExists(e);
    }
  }

  // EXISTS { (a)-[*min..max]->(b) } (or to a new end, under Filters that test it): only
  // whether some path exists matters, and with one direction and min <= 1 one does iff b
  // is reachable in min..max steps (the argument of DistinctEnds below). So the
  // VarExpand searches breadth-first for its distinct ends — stopping at a bound b —
  // instead of enumerating paths, which are exponentially many (and all of them are
  // tried when none ends at b). Not when anything reads the relationship list, when the
  // pattern has other relationships to differ from, or for a quantified path pattern.
  static void ReachableExists(BoundExpr& e) {
    LogicalOperator* top = e.subplan.get();
    while (top->Is<LogicalFilter>()) top = top->children[0].get();
    if (!top->Is<LogicalVarExpand>() || !top->children[0]->Is<LogicalArgument>()) return;
    RelPattern& rel = top->As<LogicalVarExpand>().rel;
    if (rel.bind_list || rel.direction == Direction::kBoth || rel.min_hops > 1 || rel.quantified) return;
    if (!rel.distinct_from.empty() || !rel.distinct_from_lists.empty()) return;
    rel.distinct_ends = true;
  }

  // EXISTS { (a)-[:T]->(b) } of two bound nodes (a subplan of one Expand into b over the
  // Argument) → hasRelationship(a, b): a binary search in a's sorted adjacency slice per
  // outer row instead of opening a subplan and listing a's relationships. The anti-join
  // `NOT (b)-[:E]->(a)` over every edge is the case that pays. Only the bare hop: no
  // property map (a Filter above the Expand), no earlier relationship it must differ
  // from (there is none inside an EXISTS pattern of one hop, but the rule checks).
  //
  // EXISTS { (a)-[:T]->(:L) } with the far end new (a subplan of one Expand from a, under
  // at most a Filter testing that end's labels) → hasRelationship(a, :L): a degree when
  // every node carries L, else a's adjacency read until a neighbour has the labels —
  // the anti-join `NOT (n)-[:E]->(:V)` without a subplan per row. The new end is not
  // visible outside the EXISTS, so nothing else can read it.
  static void OneHopExists(BoundExprPtr& e) {
    const LogicalOperator* top = e->subplan.get();
    std::vector<std::string> end_labels;
    if (top->Is<LogicalFilter>()) {
      const BoundExpr& p = *top->As<LogicalFilter>().predicate;
      const LogicalOperator& below = *top->children[0];
      if (p.op != ExprOp::kHasLabels || !below.Is<LogicalExpand>() || below.As<LogicalExpand>().into ||
          p.args[0]->op != ExprOp::kSlot || p.args[0]->slot != below.As<LogicalExpand>().to_slot) {
        return;
      }
      end_labels = p.names;
      top = &below;
    }
    if (!top->Is<LogicalExpand>()) return;
    const auto& expand = top->As<LogicalExpand>();
    if (!expand.children[0]->Is<LogicalArgument>()) return;
    if (!expand.rel.distinct_from.empty() || !expand.rel.distinct_from_lists.empty()) return;
    auto has = std::make_unique<BoundExpr>(ExprOp::kHasRelationship);
    has->type = StaticType::kBool;
    has->args.push_back(MakeSlotRef(expand.from_slot, StaticType::kNode));
    if (expand.into) {
      if (!end_labels.empty()) return;  // a label test on a bound end stays in the subplan
      has->args.push_back(MakeSlotRef(expand.to_slot, StaticType::kNode));
    }
    has->end_labels = std::move(end_labels);
    has->names = expand.rel.types;
    has->direction = expand.rel.direction;
    e = std::move(has);
  }

  // Filter(n.key = v) over NodeScan(n) → NodeScan(n {key: v}) (or NodeSeek: appended
  // after the key it seeks).
  void AbsorbIntoScan(LogicalOperatorPtr& filter) {
    auto& scan = filter->children[0]->As<LogicalNodeScan>();
    BoundExpr& cmp = *filter->As<LogicalFilter>().predicate;
    std::string key;
    const BoundExpr* value = nullptr;
    if (!PropertyEquality(cmp, scan.slot, key, value)) return;
    BoundExprPtr owned = std::move(cmp.args[cmp.args[0].get() == value ? 0 : 1]);
    scan.property_keys.push_back(key);
    scan.property_values.push_back(std::move(owned));
    LogicalOperatorPtr replacement = std::move(filter->children[0]);
    filter = std::move(replacement);
    if (filter->kind == OpKind::kNodeScan) SeekByKey(filter);
  }

  // Filter(n:A OR n:B ..) over NodeScan(n) → NodeScan(n:A|B) under the same Filter: each
  // label's nodes, merged, instead of every node tested (a label union `(n:A|B)` binds
  // to this OR).
  static void ScanLabelUnion(LogicalOperator& filter) {
    auto& scan = filter.children[0]->As<LogicalNodeScan>();
    const BoundExpr& p = *filter.As<LogicalFilter>().predicate;
    if (!scan.labels.empty() || !scan.any_labels.empty() || p.op != ExprOp::kOr) return;
    std::vector<std::string> names;
    for (const auto& arg : p.args) {
      if (arg->op != ExprOp::kHasLabels || arg->names.size() != 1 || arg->args[0]->op != ExprOp::kSlot ||
          arg->args[0]->slot != scan.slot) {
        return;
      }
      names.push_back(arg->names[0]);
    }
    scan.any_labels = std::move(names);
  }

  // NodeScan(n {.., key: v, ..}) → NodeSeek(n {key: v, ..}) when storage indexes key.
  void SeekByKey(LogicalOperatorPtr& op) {
    if (graph_ == nullptr) return;
    auto& scan = op->As<LogicalNodeScan>();
    for (size_t i = 0; i < scan.property_keys.size(); ++i) {
      auto key = graph_->FindPropertyKey(scan.property_keys[i]);
      if (!key || !graph_->HasNodeKeyIndex(*key)) continue;
      auto seek = std::make_unique<LogicalNodeSeek>();
      seek->children = std::move(scan.children);
      seek->slot = scan.slot;
      seek->labels = std::move(scan.labels);
      seek->property_keys = std::move(scan.property_keys);
      seek->property_values = std::move(scan.property_values);
      std::swap(seek->property_keys[0], seek->property_keys[i]);
      std::swap(seek->property_values[0], seek->property_values[i]);
      plan_.seek_keys.push_back(seek->property_keys[0]);
      op = std::move(seek);
      return;
    }
  }

  // Limit(n) over [Skip(m) over] Sort → the sort keeps its first m + n rows only.
  void TopK(LogicalLimit& limit) {
    LogicalOperator* below = limit.children[0].get();
    const BoundExpr* skip = nullptr;
    if (below->Is<LogicalSkip>()) {
      skip = below->As<LogicalSkip>().count.get();
      below = below->children[0].get();
    }
    if (!below->Is<LogicalSort>()) return;
    auto& sort = below->As<LogicalSort>();
    if (sort.limit != nullptr) return;
    if (!IsRowIndependent(*limit.count) || (skip != nullptr && !IsRowIndependent(*skip))) return;
    if (skip == nullptr) {
      sort.limit = Clone(*limit.count);
      return;
    }
    std::vector<BoundExprPtr> args;
    args.push_back(Clone(*skip));
    args.push_back(Clone(*limit.count));
    sort.limit = MakeExpr(ExprOp::kAdd, std::move(args), StaticType::kInt);
  }

  // Aggregate(count(*) / count(b) / count(r)) over Expand (a)-[r]->(b), where nothing
  // else reads r or b → Aggregate(sum(d)) over Filter(d > 0) over Project(d = degree(a)).
  // The last hop of a longer pattern too: (a)-[r1]->(b)-[r2]->(c) RETURN count(c) sums
  // degree(b) less r1 where r1 is one of b's (a self-loop), instead of listing every r2.
  // Aggregate(only DISTINCT aggregates) over VarExpand(a)-[*min..max]->(c) with min <= 1,
  // one direction, and no reader of the relationship list (no variable, no path, no other
  // hop's uniqueness check): every end node once per input row, by breadth-first search.
  // Sound because (1) DISTINCT aggregates and grouping keys only see the set of distinct
  // (input row, c) pairs, and rows of one input row that share c are otherwise identical;
  // (2) with one direction and min <= 1, c is the end of some path of min..max
  // relationships without a repeated relationship iff it is reachable in min..max steps:
  // a shortest walk from a to c (or a shortest closed walk through a) repeats no node
  // but its ends, so no relationship, and is no longer than any walk. The rule does not
  // hold for undirected patterns (a-b-a over one relationship is a walk, not a path) nor
  // for min >= 2.
  void DistinctEnds(LogicalAggregate& aggregate) {
    auto& expand = aggregate.children[0]->As<LogicalVarExpand>();
    const RelPattern& rel = expand.rel;
    if (expand.into || rel.bind_list || rel.direction == Direction::kBoth || rel.min_hops > 1) return;
    if (rel.quantified) return;  // its iterations have conditions, and may be of several hops
    if (!rel.distinct_from.empty() || !rel.distinct_from_lists.empty()) return;
    if (aggregate.aggregates.empty()) return;
    for (const auto& spec : aggregate.aggregates) {
      if (!spec.distinct) return;
    }
    expand.rel.distinct_ends = true;
    // count(DISTINCT c) alone, of the end node: the union's size, without a row per end.
    const AggregateSpec& first = aggregate.aggregates[0];
    aggregate.count_of_ends = aggregate.keys.empty() && aggregate.aggregates.size() == 1 && first.name == "count" &&
                              first.args.size() == 1 && first.args[0]->op == ExprOp::kSlot &&
                              first.args[0]->slot == expand.to_slot;
  }

  // Aggregate(count(*) / count(n), no keys) over NodeScan(n[:L]) over Start → the
  // store's count of L nodes; over Expand (a)-[r[:T]]->(b) from an unlabelled scan → its
  // count of T relationships (count(a), count(r), count(b): none is ever null there).
  // O(1) where the store keeps the count (a generation without a delta over it).
  bool CountFromStore(LogicalOperatorPtr& op) {
    const auto& aggregate = op->As<LogicalAggregate>();
    if (!aggregate.keys.empty() || aggregate.aggregates.empty()) return false;
    const LogicalOperator* top = aggregate.children[0].get();
    const LogicalExpand* expand = top->Is<LogicalExpand>() ? &top->As<LogicalExpand>() : nullptr;
    const LogicalOperator* below = expand != nullptr ? expand->children[0].get() : top;
    if (below->kind != OpKind::kNodeScan || !below->children[0]->Is<LogicalStart>()) return false;
    const auto& scan = below->As<LogicalNodeScan>();
    if (!scan.property_keys.empty() || scan.labels.size() > 1) return false;
    std::vector<SlotId> bound{scan.slot};
    if (expand != nullptr) {
      if (expand->into || !scan.labels.empty() || expand->rel.types.size() > 1 ||
          expand->rel.direction == Direction::kBoth || !expand->rel.distinct_from.empty() ||
          !expand->rel.distinct_from_lists.empty()) {
        return false;
      }
      bound = {scan.slot, expand->rel_slot, expand->to_slot};
    }
    for (const auto& spec : aggregate.aggregates) {
      if (spec.distinct) return false;
      if (spec.function == nullptr) continue;  // count(*)
      if (spec.name != "count" || spec.args.size() != 1 || spec.args[0]->op != ExprOp::kSlot) return false;
      if (std::find(bound.begin(), bound.end(), spec.args[0]->slot) == bound.end()) return false;
    }
    auto count = std::make_unique<LogicalCountStore>();
    count->count_relationships = expand != nullptr;
    count->labels = scan.labels;
    if (expand != nullptr) count->rel_types = expand->rel.types;
    for (const auto& spec : aggregate.aggregates) count->slots.push_back(spec.slot);
    op = std::move(count);
    return true;
  }

  // Each earlier relationship of the pattern (distinct_from) that is itself one of the
  // from node's relationships in this hop's direction and types is subtracted: the hop
  // may not bind it again. That is exact for a directed hop, where every relationship
  // appears once in a node's adjacency; an undirected hop sees a self-loop from both
  // ends, so it keeps the general path.
  void CountByDegree(LogicalAggregate& aggregate) {
    auto& expand = aggregate.children[0]->As<LogicalExpand>();
    if (expand.into || !expand.rel.distinct_from_lists.empty()) return;
    if (!expand.rel.distinct_from.empty() && expand.rel.direction == Direction::kBoth) return;
    if (aggregate.aggregates.empty()) return;
    for (const auto& key : aggregate.keys) {
      if (Reads(*key, expand.to_slot) || Reads(*key, expand.rel_slot)) return;
    }
    for (const auto& spec : aggregate.aggregates) {
      if (spec.distinct) return;
      if (spec.function == nullptr) continue;  // count(*)
      if (spec.name != "count" || spec.args.size() != 1 || spec.args[0]->op != ExprOp::kSlot) return;
      SlotId counted = spec.args[0]->slot;
      if (counted != expand.to_slot && counted != expand.rel_slot) return;
    }
    auto sum = catalog_.FindFunction("sum");
    if (!sum || sum->aggregate == nullptr) return;

    SlotId degree = static_cast<SlotId>(plan_.slot_count++);
    plan_.slot_names.push_back("  degree");
    auto degree_expr = std::make_unique<BoundExpr>(ExprOp::kDegree);
    degree_expr->type = StaticType::kInt;
    degree_expr->args.push_back(MakeSlotRef(expand.from_slot, StaticType::kNode));
    degree_expr->names = expand.rel.types;
    degree_expr->direction = expand.rel.direction;
    for (SlotId earlier : expand.rel.distinct_from) {
      degree_expr->args.push_back(MakeSlotRef(earlier, StaticType::kRelationship));
    }

    auto project = MakeOp<LogicalProject>(std::move(expand.children[0]));
    project->exprs.push_back(std::move(degree_expr));
    project->slots.push_back(degree);

    std::vector<BoundExprPtr> cmp_args;
    cmp_args.push_back(MakeSlotRef(degree, StaticType::kInt));
    cmp_args.push_back(MakeConstant(Value::Int(0)));
    auto positive = MakeExpr(ExprOp::kComparison, std::move(cmp_args), StaticType::kBool);
    positive->cmp_ops.push_back(CmpOp::kGt);
    auto filter = MakeOp<LogicalFilter>(std::move(project));
    filter->predicate = std::move(positive);

    for (auto& spec : aggregate.aggregates) {
      spec.function = sum->aggregate;
      spec.name = "sum";
      spec.args.clear();
      spec.args.push_back(MakeSlotRef(degree, StaticType::kInt));
    }
    aggregate.children[0] = std::move(filter);
  }

  LogicalPlan& plan_;
  const Catalog& catalog_;
  const GraphReader* graph_;
};

}  // namespace

void Optimize(LogicalPlan& plan, const Catalog& catalog, const GraphReader* graph) {
  Optimizer optimizer(plan, catalog, graph);
  optimizer.Rewrite(plan.root);
}

}  // namespace quiver::planner
