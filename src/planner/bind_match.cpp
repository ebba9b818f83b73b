// MATCH and OPTIONAL MATCH, and the pattern planner that MERGE, pattern predicates and
// pattern comprehensions share.
//
// Planning a pattern: each comma-separated part is a chain of nodes and relationships.
// A part starts at a node that is already bound (connected to what came before), or at
// a node with labels (a label scan is smaller than a full scan), and expands along the
// chain in both directions from there. Predicates — labels, property maps, WHERE
// conjuncts — are placed right after the operator that binds the last slot they need,
// so they filter as early as possible.

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "planner/binder_impl.h"

namespace quiver::planner {

using namespace cypher;  // NOLINT

namespace {

struct Pending {
  BoundExprPtr expr;
  std::vector<SlotId> needs;  // slots of this pattern the predicate reads
  std::vector<SlotId> reads;  // every slot it reads
  bool placed = false;
  SlotId scan_label_node = kNoSlot;  // a label predicate a NodeScan may absorb
  std::vector<std::string> labels;
};

Direction ToDirection(RelDirection d, bool reversed) {
  switch (d) {
    case RelDirection::kRight:
      return reversed ? Direction::kIncoming : Direction::kOutgoing;
    case RelDirection::kLeft:
      return reversed ? Direction::kOutgoing : Direction::kIncoming;
    default:
      return Direction::kBoth;
  }
}

BoundExprPtr PropertyEquals(SlotId slot, StaticType type, const std::string& key, BoundExprPtr value) {
  std::vector<BoundExprPtr> prop_args;
  prop_args.push_back(MakeSlotRef(slot, type));
  auto prop = MakeExpr(ExprOp::kProperty, std::move(prop_args));
  prop->name = key;
  std::vector<BoundExprPtr> args;
  args.push_back(std::move(prop));
  args.push_back(std::move(value));
  auto cmp = MakeExpr(ExprOp::kComparison, std::move(args), StaticType::kBool);
  cmp->cmp_ops.push_back(CmpOp::kEq);
  return cmp;
}

// Binds `node` to the endpoint of the already bound relationship `rel` that the pattern
// puts on its left: UNWIND [startNode(rel)] (or endNode for <-, both ends for --, once
// for a self-loop). A null rel unwinds to a null node, which expands to nothing.
LogicalOperatorPtr UnwindEndpoint(LogicalOperatorPtr input, SlotId node, SlotId rel, RelDirection direction) {
  auto endpoint = [rel](EntityFunction f) {
    std::vector<BoundExprPtr> args;
    args.push_back(MakeSlotRef(rel, StaticType::kRelationship));
    auto e = MakeExpr(ExprOp::kEntityFunction, std::move(args), StaticType::kNode);
    e->entity = f;
    e->name = std::string(EntityFunctionName(f));
    return e;
  };
  auto list = [](std::vector<BoundExprPtr> items) { return MakeExpr(ExprOp::kList, std::move(items), StaticType::kList); };
  BoundExprPtr ends;
  if (direction == RelDirection::kRight || direction == RelDirection::kLeft) {
    std::vector<BoundExprPtr> one;
    one.push_back(endpoint(direction == RelDirection::kRight ? EntityFunction::kStartNode : EntityFunction::kEndNode));
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

// An equality `probe = build` where `build` reads only slots of the part about to be
// planned and `probe` reads bound slots and none of the part's.
struct JoinKeys {
  Pending* predicate = nullptr;
  int probe_side = 0;
};

template <typename IsBound>
JoinKeys FindJoinKeys(std::vector<Pending>& pending, const std::unordered_set<SlotId>& part,
                      IsBound is_bound) {
  for (auto& p : pending) {
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
                                  [&](SlotId s) { return part.count(s) == 0 && is_bound(s); });
      if (build_ok && probe_ok) return JoinKeys{&p, probe};
    }
  }
  return {};
}

}  // namespace

LogicalOperatorPtr Binder::PlanPattern(const Pattern& pattern, const Expr* where, LogicalOperatorPtr input,
                                       Scope& scope, PatternUse use) {
  std::vector<PatternPartRef> parts;
  for (const auto& part : pattern) parts.push_back({&part.element, part.path_variable, part.pos});
  return PlanPatternParts(parts, where, std::move(input), scope, use);
}

LogicalOperatorPtr Binder::PlanPatternElement(const PatternElement& element, const std::string& path_variable,
                                              const Expr* where, LogicalOperatorPtr input, Scope& scope,
                                              PatternUse use) {
  std::vector<PatternPartRef> parts{{&element, path_variable, element.pos}};
  return PlanPatternParts(parts, where, std::move(input), scope, use);
}

LogicalOperatorPtr Binder::PlanPatternParts(const std::vector<PatternPartRef>& parts, const Expr* where,
                                            LogicalOperatorPtr input, Scope& scope, PatternUse use) {
  // ---- 1. variables: resolve or create a slot for every node and relationship ----
  Scope introduced;  // variables this pattern introduces, in order
  std::unordered_set<SlotId> new_slots;
  std::vector<std::vector<SlotId>> node_slots(parts.size());
  std::vector<std::vector<SlotId>> rel_slots(parts.size());
  std::vector<std::pair<SlotId, SlotId>> rel_equalities;  // (new slot, outer slot)
  std::vector<SlotId> path_slots(parts.size(), kNoSlot);

  auto undefined_in_predicate = [&](const std::string& name, SourcePosition pos) {
    if (use == PatternUse::kPredicate) {
      Fail(pos, "UndefinedVariable",
           "variable `" + name + "` not defined (a pattern predicate cannot introduce one)");
    }
  };
  auto fresh = [&](std::string name) {
    SlotId s = NewSlot(std::move(name));
    new_slots.insert(s);
    return s;
  };
  for (size_t p = 0; p < parts.size(); ++p) {
    const PatternElement& element = *parts[p].element;
    for (const auto& node : element.nodes) {
      SlotId slot;
      if (node.variable.empty()) {
        slot = fresh("  node");
      } else if (const Variable* v = introduced.Find(node.variable)) {
        if (v->type != StaticType::kNode) {
          Fail(node.pos, "VariableTypeConflict", "`" + node.variable + "` is not a node");
        }
        slot = v->slot;
      } else if (const Variable* outer = scope.Find(node.variable)) {
        if (!MayBe(outer->type, StaticType::kNode)) {
          Fail(node.pos, "VariableTypeConflict",
               "`" + node.variable + "` is a " + std::string(StaticTypeName(outer->type)) + ", not a node");
        }
        slot = outer->slot;
      } else {
        undefined_in_predicate(node.variable, node.pos);
        slot = fresh(node.variable);
        introduced.Add({node.variable, slot, StaticType::kNode});
      }
      node_slots[p].push_back(slot);
    }
    for (const auto& rel : element.relationships) {
      bool is_list = rel.var_length.has_value();
      StaticType type = is_list ? StaticType::kRelationshipList : StaticType::kRelationship;
      SlotId slot;
      if (rel.variable.empty()) {
        slot = fresh("  rel");
      } else if (const Variable* v = introduced.Find(rel.variable)) {
        if (v->type == StaticType::kRelationship || v->type == StaticType::kRelationshipList) {
          Fail(rel.pos, "RelationshipUniquenessViolation",
               "relationship `" + rel.variable + "` appears twice in one pattern");
        }
        Fail(rel.pos, "VariableTypeConflict", "`" + rel.variable + "` is not a relationship");
      } else if (const Variable* outer = scope.Find(rel.variable)) {
        bool ok = MayBe(outer->type, type) || (is_list && outer->type == StaticType::kList);
        if (!ok) {
          Fail(rel.pos, "VariableTypeConflict",
               "`" + rel.variable + "` is a " + std::string(StaticTypeName(outer->type)) +
                   ", not a relationship");
        }
        // Bound by an earlier clause: match afresh and require the same relationship.
        slot = fresh(rel.variable);
        rel_equalities.emplace_back(slot, outer->slot);
      } else {
        undefined_in_predicate(rel.variable, rel.pos);
        slot = fresh(rel.variable);
        introduced.Add({rel.variable, slot, type});
      }
      rel_slots[p].push_back(slot);
    }
    if (!parts[p].path_variable.empty()) {
      const std::string& name = parts[p].path_variable;
      if (introduced.Find(name) != nullptr || scope.Find(name) != nullptr) {
        Fail(parts[p].pos, "VariableAlreadyBound", "variable `" + name + "` is already bound");
      }
      path_slots[p] = fresh(name);
      introduced.Add({name, path_slots[p], StaticType::kPath});
    }
  }

  // ---- 2. predicates ----
  Scope predicate_scope(&scope);
  for (const auto& v : introduced.variables()) predicate_scope.Add(v);
  ExprContext ctx;
  ctx.scope = &predicate_scope;
  std::vector<Pending> pending;
  auto add_pending = [&](BoundExprPtr expr) {
    Pending p;
    std::vector<SlotId> slots;
    CollectSlots(*expr, slots);
    for (SlotId s : slots) {
      if (new_slots.count(s) != 0) p.needs.push_back(s);
    }
    p.reads = std::move(slots);
    p.expr = std::move(expr);
    pending.push_back(std::move(p));
    return &pending.back();
  };
  auto property_map = [&](const ExprPtr& properties) -> const MapExpr* {
    if (!properties) return nullptr;
    if (properties->Is<ParameterExpr>()) {
      Fail(properties->pos, "InvalidParameterUse",
           "a parameter cannot be used as a property map in a pattern");
    }
    return &properties->As<MapExpr>();
  };
  std::vector<std::vector<RelPattern>> rel_patterns(parts.size());
  for (size_t p = 0; p < parts.size(); ++p) {
    const PatternElement& element = *parts[p].element;
    for (size_t i = 0; i < element.nodes.size(); ++i) {
      const auto& node = element.nodes[i];
      SlotId slot = node_slots[p][i];
      if (!node.labels.empty()) {
        std::vector<BoundExprPtr> args;
        args.push_back(MakeSlotRef(slot, StaticType::kNode));
        auto has = MakeExpr(ExprOp::kHasLabels, std::move(args), StaticType::kBool);
        has->names = node.labels;
        Pending* added = add_pending(std::move(has));
        added->scan_label_node = slot;
        added->labels = node.labels;
      }
      if (const MapExpr* map = property_map(node.properties)) {
        for (const auto& entry : map->entries) {
          add_pending(PropertyEquals(slot, StaticType::kNode, entry.key, BindExpr(*entry.value, ctx)));
        }
      }
    }
    for (size_t i = 0; i < element.relationships.size(); ++i) {
      const auto& rel = element.relationships[i];
      RelPattern rp;
      rp.types = rel.types;
      if (rel.var_length) {
        rp.min_hops = rel.var_length->min.value_or(1);
        rp.max_hops = rel.var_length->max.value_or(INT64_MAX);
      }
      if (const MapExpr* map = property_map(rel.properties)) {
        for (const auto& entry : map->entries) {
          if (rel.var_length) {
            rp.property_keys.push_back(entry.key);
            rp.property_values.push_back(BindExpr(*entry.value, ctx));
          } else {
            add_pending(PropertyEquals(rel_slots[p][i], StaticType::kRelationship, entry.key,
                                       BindExpr(*entry.value, ctx)));
          }
        }
      }
      rel_patterns[p].push_back(std::move(rp));
    }
  }
  for (const auto& [new_slot, outer_slot] : rel_equalities) {
    std::vector<BoundExprPtr> args;
    args.push_back(MakeSlotRef(new_slot));
    args.push_back(MakeSlotRef(outer_slot));
    auto eq = MakeExpr(ExprOp::kComparison, std::move(args), StaticType::kBool);
    eq->cmp_ops.push_back(CmpOp::kEq);
    add_pending(std::move(eq));
  }
  if (where != nullptr) {
    std::vector<const Expr*> conjuncts;
    SplitConjuncts(*where, conjuncts);
    for (const Expr* c : conjuncts) add_pending(BindPredicate(*c, ctx));
  }

  std::unordered_map<SlotId, SlotId> outer_rel(rel_equalities.begin(), rel_equalities.end());

  // ---- 3. operators ----
  std::unordered_set<SlotId> bound;
  auto is_bound = [&](SlotId s) { return new_slots.count(s) == 0 || bound.count(s) != 0; };
  LogicalOperatorPtr plan = std::move(input);
  // While a part is planned as the build side of a hash join, only predicates over
  // that part's own slots go into it (the build side does not see the outer row).
  const std::unordered_set<SlotId>* build_part = nullptr;
  // A predicate is placed once every slot it needs is bound. Each counts the needed
  // slots still unbound, and binding a slot readies the predicates waiting for it, so
  // placing costs what the pattern has, not a scan of every predicate per operator (a
  // pattern of thousands of labelled nodes has thousands of each).
  std::unordered_map<SlotId, std::vector<size_t>> waiting;  // slot → pending indices
  std::vector<size_t> unbound_needs(pending.size(), 0);
  std::vector<size_t> ready;  // unplaced predicates whose needs are all bound
  for (size_t i = 0; i < pending.size(); ++i) {
    std::vector<SlotId>& needs = pending[i].needs;
    std::sort(needs.begin(), needs.end());
    needs.erase(std::unique(needs.begin(), needs.end()), needs.end());
    for (SlotId s : needs) waiting[s].push_back(i);
    unbound_needs[i] = needs.size();
    if (needs.empty()) ready.push_back(i);
  }
  auto bind = [&](SlotId s) {
    if (!bound.insert(s).second) return;
    auto it = waiting.find(s);
    if (it == waiting.end()) return;
    for (size_t i : it->second) {
      if (--unbound_needs[i] == 0) ready.push_back(i);
    }
  };
  // In pending order, as a scan of every predicate would place them.
  auto place = [&] {
    std::sort(ready.begin(), ready.end());
    size_t kept = 0;
    for (size_t i : ready) {
      Pending& p = pending[i];
      if (p.placed) continue;
      if (build_part != nullptr &&
          !std::all_of(p.reads.begin(), p.reads.end(), [&](SlotId s) { return build_part->count(s) != 0; })) {
        ready[kept++] = i;
        continue;
      }
      plan = MakeFilter(std::move(plan), std::move(p.expr));
      p.placed = true;
    }
    ready.resize(kept);
  };
  place();
  // The relationships (and var-length lists) bound so far, shared by the hops: each
  // hop's uniqueness check reads a prefix (SlotPrefix).
  auto rels_so_far = std::make_shared<std::vector<SlotId>>();
  auto lists_so_far = std::make_shared<std::vector<SlotId>>();
  size_t total_rels = 0;
  for (const auto& r : rel_slots) total_rels += r.size();
  std::vector<bool> done(parts.size(), false);
  for (size_t round = 0; round < parts.size(); ++round) {
    // The next part: one connected to what is bound, else the first left.
    size_t p = parts.size();
    for (size_t c = 0; c < parts.size() && p == parts.size(); ++c) {
      if (done[c]) continue;
      for (SlotId s : node_slots[c]) {
        if (is_bound(s)) {
          p = c;
          break;
        }
      }
    }
    for (size_t c = 0; c < parts.size() && p == parts.size(); ++c) {
      if (!done[c]) p = c;
    }
    done[p] = true;
    const PatternElement& element = *parts[p].element;
    const auto& nodes = node_slots[p];
    // A part not connected to what is bound is a cartesian product — unless an equality
    // links it to bound values: then it is planned on its own and hash-joined.
    std::unordered_set<SlotId> part_slots(nodes.begin(), nodes.end());
    part_slots.insert(rel_slots[p].begin(), rel_slots[p].end());
    if (path_slots[p] != kNoSlot) part_slots.insert(path_slots[p]);
    bool connected = std::any_of(nodes.begin(), nodes.end(), is_bound);
    bool uniqueness_free = rel_slots[p].empty() || (rels_so_far->empty() && lists_so_far->empty());
    bool has_bound_rel = std::any_of(rel_slots[p].begin(), rel_slots[p].end(),
                                     [&](SlotId s) { return outer_rel.count(s) != 0; });
    JoinKeys join;
    if (!connected && uniqueness_free && !has_bound_rel) join = FindJoinKeys(pending, part_slots, is_bound);
    LogicalOperatorPtr probe;
    if (join.predicate != nullptr) {
      probe = std::move(plan);
      plan = MakeOp<LogicalStart>(nullptr);
      build_part = &part_slots;
    }
    // Start: a bound node, else one with labels, else the first.
    size_t start = nodes.size();
    for (size_t i = 0; i < nodes.size() && start == nodes.size(); ++i) {
      if (is_bound(nodes[i])) start = i;
    }
    // A relationship bound by an earlier clause: start at its endpoint rather than
    // scanning every node for it.
    const SlotId* bound_rel = nullptr;
    if (start == nodes.size() && join.predicate == nullptr) {
      for (size_t i = 0; i < rel_slots[p].size() && bound_rel == nullptr; ++i) {
        if (element.relationships[i].var_length) continue;
        auto it = outer_rel.find(rel_slots[p][i]);
        if (it == outer_rel.end()) continue;
        start = i;
        bound_rel = &it->second;
        plan = UnwindEndpoint(std::move(plan), nodes[i], *bound_rel, element.relationships[i].direction);
        bind(nodes[i]);
        place();
      }
    }
    for (size_t i = 0; i < nodes.size() && start == nodes.size(); ++i) {
      if (!element.nodes[i].labels.empty()) start = i;
    }
    if (start == nodes.size()) start = 0;
    if (!is_bound(nodes[start])) {
      auto scan = MakeOp<LogicalNodeScan>(std::move(plan));
      scan->slot = nodes[start];
      for (auto& pend : pending) {
        if (!pend.placed && pend.scan_label_node == nodes[start]) {
          scan->labels.insert(scan->labels.end(), pend.labels.begin(), pend.labels.end());
          pend.placed = true;
        }
      }
      plan = std::move(scan);
      bind(nodes[start]);
      place();
    }
    auto expand = [&](size_t rel_index, bool reversed) {
      SlotId from = reversed ? nodes[rel_index + 1] : nodes[rel_index];
      SlotId to = reversed ? nodes[rel_index] : nodes[rel_index + 1];
      const auto& rel_ast = element.relationships[rel_index];
      RelPattern rp = std::move(rel_patterns[p][rel_index]);
      rp.direction = ToDirection(rel_ast.direction, reversed);
      rp.distinct_from = SlotPrefix(rels_so_far, rels_so_far->size());
      rp.distinct_from_lists = SlotPrefix(lists_so_far, lists_so_far->size());
      rp.reverse_list = reversed;
      SlotId rel_slot = rel_slots[p][rel_index];
      if (rel_ast.var_length) {
        auto op = MakeOp<LogicalVarExpand>(std::move(plan));
        op->from_slot = from;
        op->to_slot = to;
        op->into = is_bound(to);
        op->list_slot = rel_slot;
        rp.bind_list = !rel_ast.variable.empty() || path_slots[p] != kNoSlot || total_rels > 1;
        lists_so_far->push_back(rel_slot);
        op->rel = std::move(rp);
        plan = std::move(op);
      } else {
        auto op = MakeOp<LogicalExpand>(std::move(plan));
        op->from_slot = from;
        op->to_slot = to;
        op->into = is_bound(to);
        op->rel_slot = rel_slot;
        rels_so_far->push_back(rel_slot);
        op->rel = std::move(rp);
        plan = std::move(op);
      }
      bind(rel_slot);
      bind(to);
      place();
    };
    for (size_t i = start; i + 1 < nodes.size(); ++i) expand(i, /*reversed=*/false);
    for (size_t i = start; i-- > 0;) expand(i, /*reversed=*/true);
    if (path_slots[p] != kNoSlot) {
      auto path = std::make_unique<BoundExpr>(ExprOp::kPath);
      path->type = StaticType::kPath;
      for (size_t i = 0; i < nodes.size(); ++i) {
        path->path_steps.push_back({nodes[i], false});
        if (i < rel_slots[p].size()) {
          path->path_steps.push_back({rel_slots[p][i], element.relationships[i].var_length.has_value()});
        }
      }
      auto project = MakeOp<LogicalProject>(std::move(plan));
      project->exprs.push_back(std::move(path));
      project->slots.push_back(path_slots[p]);
      plan = std::move(project);
      bind(path_slots[p]);
      place();
    }
    if (join.predicate != nullptr) {
      build_part = nullptr;
      auto hash_join = MakeOp<LogicalHashJoin>(std::move(probe));
      hash_join->children.push_back(std::move(plan));
      BoundExpr& cmp = *join.predicate->expr;
      hash_join->probe_key = std::move(cmp.args[join.probe_side]);
      hash_join->build_key = std::move(cmp.args[1 - join.probe_side]);
      hash_join->build_slots.assign(part_slots.begin(), part_slots.end());
      std::sort(hash_join->build_slots.begin(), hash_join->build_slots.end());
      join.predicate->placed = true;
      plan = std::move(hash_join);
      place();
    }
  }
  for (auto& p : pending) QUIVER_ASSERT(p.placed);
  for (const auto& v : introduced.variables()) scope.Add(v);
  return plan;
}

LogicalOperatorPtr Binder::BindMatch(const MatchClause& clause, LogicalOperatorPtr input, Scope& scope) {
  if (!clause.optional)
    return PlanPattern(clause.pattern, clause.where.get(), std::move(input), scope, PatternUse::kMatch);
  // OPTIONAL MATCH: the pattern runs per input row as a subplan; a row it does not
  // extend survives with its new variables null.
  // The pattern adds only variables the scope does not have, so `inner`'s own layer is
  // exactly the new variables: the ones a row without a match has null.
  Scope inner(&scope);
  auto subplan = PlanPattern(clause.pattern, clause.where.get(), MakeOp<LogicalArgument>(nullptr), inner,
                             PatternUse::kMatch);
  auto optional = MakeOp<LogicalOptional>(std::move(input));
  optional->children.push_back(std::move(subplan));
  for (const auto& v : inner.variables()) optional->null_slots.push_back(v.slot);
  for (const auto& v : inner.variables()) scope.Add(v);
  return optional;
}

}  // namespace quiver::planner
