// The pattern planner (plan_match.h): parts in order of connection, each from its
// start node outward, predicates placed as soon as their slots are bound.

#include "planner/plan_match.h"

#include <algorithm>
#include <memory>
#include <unordered_map>

#include "planner/cardinality.h"

namespace quiver::planner {

namespace {

// Binds `node` to the endpoint of the already bound relationship `rel` that the pattern
// puts on its left: UNWIND [startNode(rel)] (or endNode for <-, both ends for --, once
// for a self-loop). A null rel unwinds to a null node, which expands to nothing.
LogicalOperatorPtr UnwindEndpoint(LogicalOperatorPtr input, SlotId node, SlotId rel, Direction direction) {
  auto endpoint = [rel](EntityFunction f) {
    std::vector<BoundExprPtr> args;
    args.push_back(MakeSlotRef(rel, StaticType::kRelationship));
    auto e = MakeExpr(ExprOp::kEntityFunction, std::move(args), StaticType::kNode);
    e->entity = f;
    e->name = std::string(EntityFunctionName(f));
    return e;
  };
  auto list = [](std::vector<BoundExprPtr> items) {
    return MakeExpr(ExprOp::kList, std::move(items), StaticType::kList);
  };
  BoundExprPtr ends;
  if (direction != Direction::kBoth) {
    std::vector<BoundExprPtr> one;
    one.push_back(
        endpoint(direction == Direction::kOutgoing ? EntityFunction::kStartNode : EntityFunction::kEndNode));
    ends = list(std::move(one));
  } else {
    std::vector<BoundExprPtr> cmp_args;
    cmp_args.push_back(endpoint(EntityFunction::kStartNode));
    cmp_args.push_back(endpoint(EntityFunction::kEndNode));
    auto loop = MakeExpr(ExprOp::kComparison, std::move(cmp_args), StaticType::kBool);
    loop->cmp_ops.push_back(CmpOp::kEq);
    std::vector<BoundExprPtr> one;
    one.push_back(endpoint(EntityFunction::kStartNode));
    std::vector<BoundExprPtr> both;
    both.push_back(endpoint(EntityFunction::kStartNode));
    both.push_back(endpoint(EntityFunction::kEndNode));
    auto c = std::make_unique<BoundExpr>(ExprOp::kCase);
    c->args.push_back(std::move(loop));
    c->args.push_back(list(std::move(one)));
    c->args.push_back(list(std::move(both)));
    c->has_else = true;
    ends = std::move(c);
  }
  auto unwind = MakeOp<LogicalUnwind>(std::move(input));
  unwind->slot = node;
  unwind->list = std::move(ends);
  return unwind;
}

// Places each pending predicate once every slot it needs is bound. Each counts the
// needed slots still unbound, and binding a slot readies the predicates waiting for it,
// so placing costs what the pattern has, not a scan of every predicate per operator (a
// pattern of thousands of labelled nodes has thousands of each).
class PredicatePlacer {
 public:
  explicit PredicatePlacer(std::vector<PendingPredicate>& pending) : pending_(pending) {
    unbound_needs_.resize(pending.size(), 0);
    for (size_t i = 0; i < pending.size(); ++i) {
      std::vector<SlotId>& needs = pending[i].needs;
      std::sort(needs.begin(), needs.end());
      needs.erase(std::unique(needs.begin(), needs.end()), needs.end());
      for (SlotId s : needs) waiting_[s].push_back(i);
      unbound_needs_[i] = needs.size();
      if (needs.empty()) ready_.push_back(i);
    }
  }

  // `slot` is now bound: the predicates waiting only for it are ready.
  void Bound(SlotId slot) {
    auto it = waiting_.find(slot);
    if (it == waiting_.end()) return;
    for (size_t i : it->second) {
      if (--unbound_needs_[i] == 0) ready_.push_back(i);
    }
  }

  // Filters `plan` on the ready predicates, in pending order (as a scan of every
  // predicate would place them). While a part is planned as the build side of a hash
  // join, only predicates over that part's own slots go into it (`build_part`: the build
  // side does not see the outer row); the others stay ready.
  LogicalOperatorPtr Place(LogicalOperatorPtr plan, const std::unordered_set<SlotId>* build_part) {
    std::sort(ready_.begin(), ready_.end());
    size_t kept = 0;
    for (size_t i : ready_) {
      PendingPredicate& p = pending_[i];
      if (p.placed) continue;
      if (build_part != nullptr &&
          !std::all_of(p.reads.begin(), p.reads.end(), [&](SlotId s) { return build_part->count(s) != 0; })) {
        ready_[kept++] = i;
        continue;
      }
      plan = MakeFilter(std::move(plan), std::move(p.expr));
      p.placed = true;
    }
    ready_.resize(kept);
    return plan;
  }

 private:
  std::vector<PendingPredicate>& pending_;
  std::unordered_map<SlotId, std::vector<size_t>> waiting_;  // slot → pending indices
  std::vector<size_t> unbound_needs_;
  std::vector<size_t> ready_;  // unplaced predicates whose needs are all bound
};

// An equality `probe = build` where `build` reads only slots of the part about to be
// planned and `probe` reads bound slots and none of the part's.
struct JoinKeys {
  PendingPredicate* predicate = nullptr;
  int probe_side = 0;
};

class PatternPlanner {
 public:
  PatternPlanner(BoundPattern pattern, const GraphStatistics& statistics)
      : pattern_(std::move(pattern)),
        placer_(pattern_.predicates),
        outer_rels_(pattern_.outer_rels.begin(), pattern_.outer_rels.end()),
        estimator_(statistics) {
    for (const auto& part : pattern_.parts) total_rels_ += part.rels.size();
    // After the placer, which sorts and deduplicates each predicate's needs.
    for (size_t i = 0; i < pattern_.predicates.size(); ++i) {
      const auto& needs = pattern_.predicates[i].needs;
      if (needs.size() == 1) on_one_node_[needs[0]].push_back(i);
    }
  }

  LogicalOperatorPtr Plan(LogicalOperatorPtr input) {
    plan_ = std::move(input);
    Place();
    std::vector<bool> done(pattern_.parts.size(), false);
    for (size_t round = 0; round < pattern_.parts.size(); ++round) {
      size_t p = NextPart(done);
      done[p] = true;
      PlanPart(pattern_.parts[p]);
    }
    for (const auto& p : pattern_.predicates) QUIVER_ASSERT(p.placed);
    return std::move(plan_);
  }

 private:
  bool IsBound(SlotId s) const { return pattern_.new_slots.count(s) == 0 || bound_.count(s) != 0; }
  void Bind(SlotId s) {
    if (bound_.insert(s).second) placer_.Bound(s);
  }
  void Place() { plan_ = placer_.Place(std::move(plan_), build_part_); }

  // The next part: one connected to what is bound, else the first left.
  size_t NextPart(const std::vector<bool>& done) const {
    const auto& parts = pattern_.parts;
    // Shortest-path parts last: their ends are bound by the others where they can be.
    auto later = [&](size_t c) {
      return parts[c].search != PathSearch::kEvery &&
             std::any_of(parts.begin(), parts.end(), [&](const BoundPatternPart& other) {
               return other.search == PathSearch::kEvery && !done[&other - parts.data()];
             });
    };
    for (size_t c = 0; c < parts.size(); ++c) {
      if (done[c] || later(c)) continue;
      for (const auto& node : parts[c].nodes) {
        if (IsBound(node.slot)) return c;
      }
    }
    for (size_t c = 0; c < parts.size(); ++c) {
      if (!done[c] && !later(c)) return c;
    }
    QUIVER_ASSERT_MSG(false, "no part left");
    return 0;
  }

  // A part not connected to what is bound is a cartesian product — unless an equality
  // links it to bound values: then it is planned on its own and hash-joined.
  void PlanPart(BoundPatternPart& part) {
    if (part.search != PathSearch::kEvery) {
      PlanShortestPart(part);
      return;
    }
    std::unordered_set<SlotId> part_slots;
    for (const auto& node : part.nodes) part_slots.insert(node.slot);
    for (const auto& rel : part.rels) part_slots.insert(rel.slot);
    if (part.path != kNoSlot) part_slots.insert(part.path);
    JoinKeys join;
    if (MayHashJoin(part)) join = FindJoinKeys(part_slots);
    LogicalOperatorPtr probe;
    if (join.predicate != nullptr) {
      probe = std::move(plan_);
      plan_ = MakeOp<LogicalStart>(nullptr);
      build_part_ = &part_slots;
    }
    size_t start = StartNode(part, /*may_start_at_rel=*/join.predicate == nullptr);
    if (!IsBound(part.nodes[start].slot)) Scan(part.nodes[start].slot);
    for (size_t i = start; i + 1 < part.nodes.size(); ++i) Expand(part, i, /*reversed=*/false);
    for (size_t i = start; i-- > 0;) Expand(part, i, /*reversed=*/true);
    if (part.path != kNoSlot) ProjectPath(part);
    if (join.predicate != nullptr) {
      build_part_ = nullptr;
      HashJoin(std::move(probe), join, part_slots);
    }
  }

  // shortestPath(...) and the like: both ends bound (scanned here when the pattern does
  // not bind them otherwise: every pair is searched), then one search per row, with
  // WHERE's conditions on the path's elements (Binder::TakePathElementPredicates).
  void PlanShortestPart(BoundPatternPart& part) {
    auto search = MakeOp<LogicalShortestPath>(nullptr);
    search->search = part.search;
    search->count = part.search_count;
    search->as_function = part.search_as_function;
    search->single_rel = part.single_rel;
    search->rel_slot = part.rels[0].slot;
    search->element_predicates = std::move(part.element_predicates);
    for (size_t i = 0; i < 2; ++i) {
      if (!IsBound(part.nodes[i].slot)) Scan(part.nodes[i].slot);
    }
    search->from_slot = part.nodes[0].slot;
    search->to_slot = part.nodes[1].slot;
    search->rel = std::move(part.rels[0].pattern);
    search->children.push_back(std::move(plan_));
    plan_ = std::move(search);
    Bind(part.rels[0].slot);
    Place();
    if (part.path != kNoSlot) ProjectPath(part);
  }

  // Whether the part may be planned on its own: not connected to what is bound, no
  // relationship that must differ from an earlier part's (the build side cannot see
  // them), none bound by an earlier clause.
  bool MayHashJoin(const BoundPatternPart& part) const {
    bool connected = std::any_of(part.nodes.begin(), part.nodes.end(),
                                 [&](const BoundPatternNode& n) { return IsBound(n.slot); });
    bool uniqueness_free = part.rels.empty() || (rels_so_far_->empty() && lists_so_far_->empty());
    bool has_bound_rel = std::any_of(part.rels.begin(), part.rels.end(), [&](const BoundPatternRel& r) {
      return outer_rels_.count(r.slot) != 0;
    });
    return !connected && uniqueness_free && !has_bound_rel;
  }

  JoinKeys FindJoinKeys(const std::unordered_set<SlotId>& part) {
    for (auto& p : pattern_.predicates) {
      if (p.placed) continue;
      const BoundExpr& e = *p.expr;
      if (e.op != ExprOp::kComparison || e.cmp_ops.size() != 1 || e.cmp_ops[0] != CmpOp::kEq) continue;
      for (int probe = 0; probe < 2; ++probe) {
        std::vector<SlotId> probe_slots;
        std::vector<SlotId> build_slots;
        CollectSlots(*e.args[probe], probe_slots);
        CollectSlots(*e.args[1 - probe], build_slots);
        if (probe_slots.empty() || build_slots.empty()) continue;
        bool build_ok =
            std::all_of(build_slots.begin(), build_slots.end(), [&](SlotId s) { return part.count(s); });
        bool probe_ok = std::all_of(probe_slots.begin(), probe_slots.end(),
                                    [&](SlotId s) { return part.count(s) == 0 && IsBound(s); });
        if (build_ok && probe_ok && !Seekable(*e.args[1 - probe])) return JoinKeys{&p, probe};
      }
    }
    return {};
  }

  // Whether `build` is `n.p` of a node of this pattern that an index looks up by p (a
  // property index of one of its labels, or the store's key index): then a seek per
  // probe row (the optimizer's NodeSeek or NodeIndexSeek) costs O(log N) where the hash
  // join would read every node of the label each time the statement runs — MERGE of
  // one key per row into a large graph must not cost a pass over the graph.
  bool Seekable(const BoundExpr& build) const {
    if (build.op != ExprOp::kProperty || build.args[0]->op != ExprOp::kSlot) return false;
    if (estimator_.statistics().HasNodeKeyIndex(build.name)) return true;
    for (const auto& part : pattern_.parts) {
      for (const auto& node : part.nodes) {
        if (node.slot != build.args[0]->slot) continue;
        for (const auto& label : node.labels) {
          if (estimator_.statistics().HasPropertyIndex(label, build.name)) return true;
        }
      }
    }
    return false;
  }

  // The node the part starts at: a bound node, else the endpoint of a relationship an
  // earlier clause bound (unwound from it rather than scanning every node for it; not
  // on a hash join's build side, which cannot see it), else the one the statistics
  // estimate fewest rows for, else (no statistics) one with labels, else the first.
  size_t StartNode(const BoundPatternPart& part, bool may_start_at_rel) {
    const auto& nodes = part.nodes;
    for (size_t i = 0; i < nodes.size(); ++i) {
      if (IsBound(nodes[i].slot)) return i;
    }
    if (may_start_at_rel) {
      for (size_t i = 0; i < part.rels.size(); ++i) {
        if (part.rels[i].var_length) continue;
        auto it = outer_rels_.find(part.rels[i].slot);
        if (it == outer_rels_.end()) continue;
        plan_ = UnwindEndpoint(std::move(plan_), nodes[i].slot, it->second, part.rels[i].pattern.direction);
        Bind(nodes[i].slot);
        Place();
        return i;
      }
    }
    if (auto cheapest = CheapestNode(part)) return *cheapest;
    return FirstLabelledOrFirst(part, [](size_t) { return true; });
  }

  // The first of the nodes `among` accepts that has labels (a label scan is smaller than
  // a full scan), else the first of them.
  template <class Among>
  static size_t FirstLabelledOrFirst(const BoundPatternPart& part, Among among) {
    size_t first = part.nodes.size();
    for (size_t i = 0; i < part.nodes.size(); ++i) {
      if (!among(i)) continue;
      if (!part.nodes[i].labels.empty()) return i;
      if (first == part.nodes.size()) first = i;
    }
    return first;
  }

  // The node with the fewest estimated rows (ties: FirstLabelledOrFirst among them);
  // nullopt when a node's count is unknown. The expands that follow fan out from it in
  // both directions, so starting small keeps every later operator small too.
  std::optional<size_t> CheapestNode(const BoundPatternPart& part) const {
    std::vector<double> rows;
    rows.reserve(part.nodes.size());
    for (const auto& node : part.nodes) {
      auto estimate = EstimateNode(node.slot);
      if (!estimate) return std::nullopt;
      rows.push_back(*estimate);
    }
    const double fewest = *std::min_element(rows.begin(), rows.end());
    return FirstLabelledOrFirst(part, [&](size_t i) { return rows[i] == fewest; });
  }

  // A scan of `node`: its labels' count times the selectivity of every predicate that
  // reads no other node of the pattern (placed right on the scan).
  std::optional<double> EstimateNode(SlotId node) const {
    auto it = on_one_node_.find(node);
    std::vector<std::string> labels;
    if (it != on_one_node_.end()) {
      for (size_t i : it->second) {
        const PendingPredicate& p = pattern_.predicates[i];
        if (p.scan_label_node == node) labels.insert(labels.end(), p.labels.begin(), p.labels.end());
      }
    }
    auto nodes = estimator_.Nodes(labels);
    if (!nodes || it == on_one_node_.end()) return nodes;
    double rows = *nodes;
    for (size_t i : it->second) {
      const PendingPredicate& p = pattern_.predicates[i];
      if (p.scan_label_node != node) rows *= estimator_.Selectivity(*p.expr, node, *nodes);
    }
    return rows;
  }

  // A scan of every node for `node`, taking the labels of its label predicates.
  void Scan(SlotId node) {
    auto scan = MakeOp<LogicalNodeScan>(std::move(plan_));
    scan->slot = node;
    // Its label predicates need this node alone: on_one_node_ lists them, in pattern
    // order (a pattern of thousands of labelled nodes must not look through every
    // predicate for each scan).
    if (auto it = on_one_node_.find(node); it != on_one_node_.end()) {
      for (size_t i : it->second) {
        PendingPredicate& pending = pattern_.predicates[i];
        if (!pending.placed && pending.scan_label_node == node) {
          scan->labels.insert(scan->labels.end(), pending.labels.begin(), pending.labels.end());
          pending.placed = true;
        }
      }
    }
    plan_ = std::move(scan);
    Bind(node);
    Place();
  }

  // The hop of relationship `rel_index`: from its left node to its right one, or
  // `reversed`, from the right to the left.
  void Expand(BoundPatternPart& part, size_t rel_index, bool reversed) {
    SlotId from = part.nodes[reversed ? rel_index + 1 : rel_index].slot;
    SlotId to = part.nodes[reversed ? rel_index : rel_index + 1].slot;
    BoundPatternRel& rel = part.rels[rel_index];
    RelPattern rp = std::move(rel.pattern);
    if (reversed) rp.direction = Reverse(rp.direction);
    rp.distinct_from = SlotPrefix(rels_so_far_, rels_so_far_->size());
    rp.distinct_from_lists = SlotPrefix(lists_so_far_, lists_so_far_->size());
    rp.reverse_list = reversed;
    if (rel.var_length) {
      rp.bind_list = rel.named || part.path != kNoSlot || total_rels_ > 1;
      lists_so_far_->push_back(rel.slot);
      std::vector<SlotId> groups;
      if (rp.quantified) {
        for (const auto& group : rp.quantified->groups) groups.push_back(group.list);
      }
      plan_ = MakeHop<LogicalVarExpand>(from, to, std::move(rp));
      plan_->As<LogicalVarExpand>().list_slot = rel.slot;
      for (SlotId group : groups) Bind(group);
    } else {
      rels_so_far_->push_back(rel.slot);
      plan_ = MakeHop<LogicalExpand>(from, to, std::move(rp));
      plan_->As<LogicalExpand>().rel_slot = rel.slot;
    }
    Bind(rel.slot);
    Bind(to);
    Place();
  }

  template <class Hop>
  std::unique_ptr<Hop> MakeHop(SlotId from, SlotId to, RelPattern rel) {
    auto op = MakeOp<Hop>(std::move(plan_));
    op->from_slot = from;
    op->to_slot = to;
    op->into = IsBound(to);
    op->rel = std::move(rel);
    return op;
  }

  void ProjectPath(const BoundPatternPart& part) {
    auto path = std::make_unique<BoundExpr>(ExprOp::kPath);
    path->type = StaticType::kPath;
    for (size_t i = 0; i < part.nodes.size(); ++i) {
      path->path_steps.push_back({part.nodes[i].slot, false});
      if (i < part.rels.size()) path->path_steps.push_back({part.rels[i].slot, part.rels[i].var_length});
    }
    auto project = MakeOp<LogicalProject>(std::move(plan_));
    project->exprs.push_back(std::move(path));
    project->slots.push_back(part.path);
    plan_ = std::move(project);
    Bind(part.path);
    Place();
  }

  // The part just planned (plan_) as the build side of a join with `probe`.
  void HashJoin(LogicalOperatorPtr probe, const JoinKeys& join,
                const std::unordered_set<SlotId>& part_slots) {
    auto hash_join = MakeOp<LogicalHashJoin>(std::move(probe));
    hash_join->children.push_back(std::move(plan_));
    BoundExpr& cmp = *join.predicate->expr;
    hash_join->probe_key = std::move(cmp.args[join.probe_side]);
    hash_join->build_key = std::move(cmp.args[1 - join.probe_side]);
    hash_join->build_slots.assign(part_slots.begin(), part_slots.end());
    std::sort(hash_join->build_slots.begin(), hash_join->build_slots.end());
    join.predicate->placed = true;
    plan_ = std::move(hash_join);
    Place();
  }

  BoundPattern pattern_;
  PredicatePlacer placer_;
  std::unordered_map<SlotId, SlotId> outer_rels_;  // BoundPattern::outer_rels by new slot
  CardinalityEstimator estimator_;
  // The predicates that need exactly one slot of the pattern, by that slot.
  std::unordered_map<SlotId, std::vector<size_t>> on_one_node_;
  LogicalOperatorPtr plan_;
  std::unordered_set<SlotId> bound_;
  // While a part is planned as the build side of a hash join: its slots.
  const std::unordered_set<SlotId>* build_part_ = nullptr;
  // The relationships (and var-length lists) bound so far, shared by the hops: each
  // hop's uniqueness check reads a prefix (SlotPrefix).
  std::shared_ptr<std::vector<SlotId>> rels_so_far_ = std::make_shared<std::vector<SlotId>>();
  std::shared_ptr<std::vector<SlotId>> lists_so_far_ = std::make_shared<std::vector<SlotId>>();
  size_t total_rels_ = 0;
};

}  // namespace

LogicalOperatorPtr PlanBoundPattern(BoundPattern pattern, LogicalOperatorPtr input,
                                    const GraphStatistics& statistics) {
  return PatternPlanner(std::move(pattern), statistics).Plan(std::move(input));
}

}  // namespace quiver::planner
