// MATCH and OPTIONAL MATCH, and the binding half of patterns, which MERGE, pattern
// predicates and pattern comprehensions share: every node and relationship gets its
// slot (or the errors the TCK names), labels, property maps and WHERE become pending
// predicates, and plan_match.cpp plans the bound pattern.

#include "planner/binder_impl.h"
#include "planner/plan_match.h"

namespace quiver::planner {

using namespace cypher;  // NOLINT

namespace {

Direction ToDirection(RelDirection d) {
  switch (d) {
    case RelDirection::kRight:
      return Direction::kOutgoing;
    case RelDirection::kLeft:
      return Direction::kIncoming;
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

BoundExprPtr SlotEquals(SlotId a, SlotId b) {
  std::vector<BoundExprPtr> args;
  args.push_back(MakeSlotRef(a));
  args.push_back(MakeSlotRef(b));
  auto eq = MakeExpr(ExprOp::kComparison, std::move(args), StaticType::kBool);
  eq->cmp_ops.push_back(CmpOp::kEq);
  return eq;
}

// Adds `expr` to the pattern's pending predicates, with the slots of the pattern it needs.
PendingPredicate& AddPending(BoundPattern& pattern, BoundExprPtr expr) {
  PendingPredicate p;
  std::vector<SlotId> slots;
  CollectSlots(*expr, slots);
  for (SlotId s : slots) {
    if (pattern.new_slots.count(s) != 0) p.needs.push_back(s);
  }
  // WHERE rand() < 0.5 is drawn per match, not once before the pattern is matched: a
  // predicate that is not deterministic waits for every slot of the pattern.
  if (!IsDeterministic(*expr)) {
    p.needs.assign(pattern.new_slots.begin(), pattern.new_slots.end());
  }
  p.reads = std::move(slots);
  p.expr = std::move(expr);
  pattern.predicates.push_back(std::move(p));
  return pattern.predicates.back();
}

// A pattern's property map: a map literal (a parameter is not allowed in a pattern
// that matches).
const MapExpr* PropertyMap(const ExprPtr& properties, const Binder& binder) {
  if (!properties) return nullptr;
  if (properties->Is<ParameterExpr>()) {
    binder.Fail(properties->pos, "InvalidParameterUse", "a parameter cannot be used as a property map in a pattern");
  }
  return &properties->As<MapExpr>();
}

BoundExprPtr HasLabels(SlotId slot, const std::vector<std::string>& labels) {
  std::vector<BoundExprPtr> args;
  args.push_back(MakeSlotRef(slot, StaticType::kNode));
  auto has = MakeExpr(ExprOp::kHasLabels, std::move(args), StaticType::kBool);
  has->names = labels;
  return has;
}

}  // namespace

LogicalOperatorPtr Binder::PlanPattern(const Pattern& pattern, const Expr* where, LogicalOperatorPtr input,
                                       Scope& scope, PatternUse use) {
  std::vector<PatternPartRef> parts;
  for (const auto& part : pattern) parts.push_back({&part.element, part.path_variable, part.pos, &part});
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
  BoundPattern pattern;
  Scope introduced;  // variables this pattern introduces, in order
  BindPatternVariables(parts, scope, use, pattern, introduced);
  Scope predicate_scope(&scope);
  for (const auto& v : introduced.variables()) predicate_scope.Add(v);
  BindPatternPredicates(parts, where, predicate_scope, pattern);
  for (auto& part : pattern.parts) {
    if (part.search != PathSearch::kEvery) TakePathElementPredicates(part, pattern.predicates);
  }
  LogicalOperatorPtr plan = PlanBoundPattern(std::move(pattern), std::move(input), statistics_);
  for (const auto& v : introduced.variables()) scope.Add(v);
  return plan;
}

// Resolves or creates a slot for every node, relationship and path of the parts.
void Binder::BindPatternVariables(const std::vector<PatternPartRef>& parts, const Scope& scope,
                                  PatternUse use, BoundPattern& pattern, Scope& introduced) {
  auto fresh = [&](std::string name) {
    SlotId s = NewSlot(std::move(name));
    pattern.new_slots.insert(s);
    return s;
  };
  pattern.parts.reserve(parts.size());
  for (const auto& ref : parts) {
    const PatternElement& element = *ref.element;
    BoundPatternPart& part = pattern.parts.emplace_back();
    part.nodes.reserve(element.nodes.size());
    part.rels.reserve(element.relationships.size());
    for (const auto& node : element.nodes) {
      SlotId slot = BindPatternNode(node, scope, use, introduced, fresh);
      part.nodes.push_back({slot, node.labels});
    }
    for (const auto& rel : element.relationships) {
      if (rel.group) {
        part.rels.push_back(BindQuantifiedPath(rel, scope, use, introduced, fresh));
        continue;
      }
      BoundPatternRel bound;
      bound.var_length = rel.var_length.has_value();
      // A var-length type expression is checked on the list of hops, so it is built.
      bound.named = !rel.variable.empty() || (rel.var_length && rel.type_expression);
      bound.pattern.direction = ToDirection(rel.direction);
      // `[:A|A]` is one type: a relationship matches once, however often its type is named.
      for (const auto& t : rel.types) {
        if (std::find(bound.pattern.types.begin(), bound.pattern.types.end(), t) == bound.pattern.types.end()) {
          bound.pattern.types.push_back(t);
        }
      }
      if (rel.var_length) {
        bound.pattern.min_hops = rel.var_length->min.value_or(1);
        bound.pattern.max_hops = rel.var_length->max.value_or(INT64_MAX);
      }
      bound.slot = BindPatternRel(rel, scope, use, introduced, fresh, pattern.outer_rels);
      part.rels.push_back(std::move(bound));
    }
    if (ref.part != nullptr && ref.part->selector != PathSelector::kAll) BindPathSearch(*ref.part, use, part);
    if (!ref.path_variable.empty()) {
      const std::string& name = ref.path_variable;
      if (introduced.Find(name) != nullptr || scope.Find(name) != nullptr) {
        Fail(ref.pos, "VariableAlreadyBound", "variable `" + name + "` is already bound");
      }
      part.path = fresh(name);
      introduced.Add({name, part.path, StaticType::kPath});
    }
  }
}

namespace {

std::string SelectorName(const PatternPart& part) {
  const std::string k = std::to_string(part.selector_count);
  switch (part.selector) {
    case PathSelector::kAnyShortest:
      return part.selector_as_function ? "shortestPath(...)" : "ANY SHORTEST";
    case PathSelector::kAllShortest:
      return part.selector_as_function ? "allShortestPaths(...)" : "ALL SHORTEST";
    case PathSelector::kShortestK:
      return "SHORTEST " + k;
    case PathSelector::kShortestKGroups:
      return "SHORTEST " + k + " GROUPS";
    case PathSelector::kAnyK:
      return "ANY " + k;
    default:
      return "";
  }
}

}  // namespace

void Binder::FailOnPathSelector(const PatternPart& part, std::string_view clause) const {
  if (part.selector == PathSelector::kAll) return;
  Fail(part.selector_pos, "InvalidPathSelector",
       SelectorName(part) + " cannot be used in " + std::string(clause) + ", only in MATCH");
}

// A shortest-path part: Neo4j's rules — one relationship, in MATCH only; the functions
// shortestPath(...) and allShortestPaths(...) take a least length of 0 or 1 only, GQL's
// selectors any (a path of length 2 or more is then searched as a trail).
void Binder::BindPathSearch(const PatternPart& source, PatternUse use, BoundPatternPart& part) {
  const std::string name = SelectorName(source);
  const SourcePosition pos = source.selector_pos;
  if (use != PatternUse::kMatch) FailOnPathSelector(source, "MERGE");
  const PatternElement& element = source.element;
  if (element.relationships.size() == 1 && element.relationships[0].group) {
    Fail(pos, "UnsupportedShortestPath",
         name + " over a quantified path pattern is not supported yet; over a quantified relationship, such as "
                "(a)-[:R]->+(b), it is");
  }
  if (element.relationships.size() != 1) {
    Fail(pos, "InvalidShortestPath",
         name + " needs a pattern of exactly one relationship, such as (a)-[*]-(b); this one has " +
             std::to_string(element.relationships.size()));
  }
  BoundPatternRel& rel = part.rels[0];
  if (source.selector_as_function && rel.pattern.min_hops > 1) {
    Fail(element.relationships[0].pos, "InvalidShortestPath",
         name + " supports a least length of 0 or 1 only, not " + std::to_string(rel.pattern.min_hops) +
             "; the GQL selectors (ANY SHORTEST, SHORTEST k, ...) take any");
  }
  if (!element.relationships[0].var_length) {
    part.single_rel = true;
    rel.pattern.min_hops = 1;
    rel.pattern.max_hops = 1;
  }
  switch (source.selector) {
    case PathSelector::kAllShortest:
      part.search = PathSearch::kAllShortest;
      break;
    case PathSelector::kShortestK:
    case PathSelector::kAnyK:  // any k paths: the k shortest are k paths
      part.search = PathSearch::kShortestK;
      break;
    case PathSelector::kShortestKGroups:
      part.search = PathSearch::kShortestKGroups;
      break;
    default:
      part.search = PathSearch::kAnyShortest;
  }
  part.search_count = source.selector_count;
  part.search_as_function = source.selector_as_function;
  // Past one relationship a shortest walk may repeat one; the trail search keeps to
  // trails, as Cypher's paths do.
  if (rel.pattern.min_hops > 1 && part.search == PathSearch::kAnyShortest) part.search = PathSearch::kShortestK;
  if (rel.pattern.min_hops > 1 && part.search == PathSearch::kAllShortest) {
    part.search = PathSearch::kShortestKGroups;
  }
  part.search_pos = pos;
  part.search_name = name;
}

// The predicates reading a shortest part's path or relationship list become the
// search's element predicates — all(x IN relationships(p) WHERE f), all(x IN r WHERE f),
// all(x IN nodes(p) WHERE f) and none(...) of the same, f not reading the path — so the
// search finds the shortest path meeting them. Any other condition on the path fails:
// Neo4j answers it with an exhaustive search, which is not built.
void Binder::TakePathElementPredicates(BoundPatternPart& part, std::vector<PendingPredicate>& predicates) {
  const SlotId rels = part.rels[0].slot;
  auto reads_path = [&](const BoundExpr& e) {
    std::vector<SlotId> slots;
    CollectSlots(e, slots);
    return std::any_of(slots.begin(), slots.end(),
                       [&](SlotId s) { return s == rels || (part.path != kNoSlot && s == part.path); });
  };
  size_t kept = 0;
  for (size_t i = 0; i < predicates.size(); ++i) {
    PendingPredicate& pending = predicates[i];
    if (!reads_path(*pending.expr)) {
      if (kept != i) predicates[kept] = std::move(pending);
      ++kept;
      continue;
    }
    BoundExpr& e = *pending.expr;
    std::optional<bool> on_nodes;
    if (e.op == ExprOp::kQuantifier && e.has_where &&
        (e.quantifier == Quantifier::kAll || e.quantifier == Quantifier::kNone)) {
      const BoundExpr& list = *e.args[0];
      const bool of_path = part.path != kNoSlot && list.op == ExprOp::kEntityFunction && list.args.size() == 1 &&
                           list.args[0]->op == ExprOp::kSlot && list.args[0]->slot == part.path;
      if (of_path && list.entity == EntityFunction::kRelationships) on_nodes = false;
      if (of_path && list.entity == EntityFunction::kNodes) on_nodes = true;
      if (list.op == ExprOp::kSlot && list.slot == rels && !part.single_rel) on_nodes = false;
      if (on_nodes && reads_path(*e.args[1])) on_nodes.reset();
    }
    if (!on_nodes) {
      Fail(part.search_pos, "UnsupportedShortestPathPredicate",
           part.search_name +
               ": a WHERE condition on the path other than all(...) or none(...) over its relationships or nodes "
               "is not supported yet: " +
               ToString(e, &slot_names_));
    }
    PathElementPredicate element;
    element.on_nodes = *on_nodes;
    element.negated = e.quantifier == Quantifier::kNone;
    element.variable = e.slot;
    element.predicate = std::move(e.args[1]);
    part.element_predicates.push_back(std::move(element));
  }
  predicates.resize(kept);
}

BoundPatternRel Binder::BindQuantifiedPath(const RelationshipPattern& rel, const Scope& scope, PatternUse use,
                                           Scope& introduced, const std::function<SlotId(std::string)>& fresh) {
  const QuantifiedPath& group = *rel.group;
  if (use != PatternUse::kMatch) {
    Fail(group.pos, "UnsupportedQuantifiedPath", "quantified path patterns are supported in MATCH only");
  }
  const PatternElement& element = group.element;
  if (element.relationships.empty()) {
    Fail(group.pos, "InvalidQuantifiedPath", "a quantified path pattern needs at least one relationship");
  }
  auto spec = std::make_unique<QuantifiedSpec>();
  std::vector<BoundExprPtr> conditions;
  // The iteration's variables: visible (as single values) in its WHERE, and after the
  // pattern as lists. A name twice in the pattern is one node: a second slot, equal.
  Scope inner(&scope);
  auto bind = [&](const std::string& name, SourcePosition pos, bool node, size_t position) -> SlotId {
    if (name.empty()) return NewSlot(node ? "  qpp node" : "  qpp rel");
    const StaticType type = node ? StaticType::kNode : StaticType::kRelationship;
    if (const Variable* v = inner.FindHere(name)) {
      if (!node || v->type != type) {
        Fail(pos, v->type == type ? "RelationshipUniquenessViolation" : "VariableTypeConflict",
             "`" + name + "` appears twice in one quantified path pattern");
      }
      SlotId again = NewSlot(name);
      std::vector<BoundExprPtr> args;
      args.push_back(MakeSlotRef(v->slot));
      args.push_back(MakeSlotRef(again));
      auto equal = MakeExpr(ExprOp::kComparison, std::move(args), StaticType::kBool);
      equal->cmp_ops.push_back(CmpOp::kEq);
      conditions.push_back(std::move(equal));
      return again;
    }
    if (scope.Find(name) != nullptr || introduced.Find(name) != nullptr) {
      Fail(pos, "VariableAlreadyBound",
           "variable `" + name + "` is already bound; a quantified path pattern's variables are new (each becomes a "
           "list of its values)");
    }
    const SlotId slot = NewSlot(name);
    inner.Add({name, slot, type});
    const SlotId list = fresh(name);
    introduced.Add({name, list, node ? StaticType::kList : StaticType::kRelationshipList});
    spec->groups.push_back({list, node, position});
    return slot;
  };
  for (size_t i = 0; i < element.nodes.size(); ++i) {
    const NodePattern& node = element.nodes[i];
    spec->node_slots.push_back(bind(node.variable, node.pos, true, i));
  }
  for (size_t i = 0; i < element.relationships.size(); ++i) {
    const RelationshipPattern& inner_rel = element.relationships[i];
    if (inner_rel.group) Fail(inner_rel.pos, "InvalidQuantifiedPath", "quantified path patterns cannot be nested");
    if (inner_rel.var_length) {
      Fail(inner_rel.pos, "InvalidQuantifiedPath",
           "a relationship inside a quantified path pattern cannot be variable-length or quantified");
    }
    QuantifiedSpec::Hop& hop = spec->hops.emplace_back();
    hop.direction = ToDirection(inner_rel.direction);
    for (const auto& t : inner_rel.types) {
      if (std::find(hop.types.begin(), hop.types.end(), t) == hop.types.end()) hop.types.push_back(t);
    }
    spec->rel_slots.push_back(bind(inner_rel.variable, inner_rel.pos, false, i));
  }
  // Labels, property maps and WHERE: the condition each iteration meets.
  ExprContext ctx;
  ctx.scope = &inner;
  for (size_t i = 0; i < element.nodes.size(); ++i) {
    const NodePattern& node = element.nodes[i];
    if (!node.labels.empty()) conditions.push_back(HasLabels(spec->node_slots[i], node.labels));
    if (node.label_expression) {
      std::vector<std::string> plain;
      if (BoundExprPtr rest = BindPatternLabels(*node.label_expression, spec->node_slots[i], plain)) {
        conditions.push_back(std::move(rest));
      }
      if (!plain.empty()) conditions.push_back(HasLabels(spec->node_slots[i], plain));
    }
    if (const MapExpr* map = PropertyMap(node.properties, *this)) {
      for (const auto& entry : map->entries) {
        conditions.push_back(
            PropertyEquals(spec->node_slots[i], StaticType::kNode, entry.key, BindExpr(*entry.value, ctx)));
      }
    }
  }
  for (size_t i = 0; i < element.relationships.size(); ++i) {
    if (const auto& types = element.relationships[i].type_expression) {
      conditions.push_back(BindPatternTypes(*types, spec->rel_slots[i], /*var_length=*/false));
    }
    if (const MapExpr* map = PropertyMap(element.relationships[i].properties, *this)) {
      for (const auto& entry : map->entries) {
        conditions.push_back(
            PropertyEquals(spec->rel_slots[i], StaticType::kRelationship, entry.key, BindExpr(*entry.value, ctx)));
      }
    }
  }
  if (group.where) {
    std::vector<const Expr*> conjuncts;
    SplitConjuncts(*group.where, conjuncts);
    for (const Expr* c : conjuncts) conditions.push_back(BindPredicate(*c, ctx));
  }
  if (conditions.size() == 1) spec->predicate = std::move(conditions[0]);
  if (conditions.size() > 1) spec->predicate = MakeExpr(ExprOp::kAnd, std::move(conditions), StaticType::kBool);

  const auto hops = static_cast<int64_t>(spec->hops.size());
  spec->min_iterations = group.quantifier.min.value_or(1);
  spec->max_iterations = group.quantifier.max.value_or(INT64_MAX);
  BoundPatternRel bound;
  bound.var_length = true;
  bound.pattern.min_hops = spec->min_iterations > INT64_MAX / hops ? INT64_MAX : spec->min_iterations * hops;
  bound.pattern.max_hops = spec->max_iterations > INT64_MAX / hops ? INT64_MAX : spec->max_iterations * hops;
  bound.pattern.quantified = std::move(spec);
  bound.slot = fresh("  qpp");  // every relationship of the match, in order
  return bound;
}

SlotId Binder::BindPatternNode(const NodePattern& node, const Scope& scope, PatternUse use, Scope& introduced,
                               const std::function<SlotId(std::string)>& fresh) {
  if (node.variable.empty()) return fresh("  node");
  if (const Variable* v = introduced.Find(node.variable)) {
    if (v->type != StaticType::kNode)
      Fail(node.pos, "VariableTypeConflict", "`" + node.variable + "` is not a node");
    return v->slot;
  }
  if (const Variable* outer = scope.Find(node.variable)) {
    if (!MayBe(outer->type, StaticType::kNode)) {
      Fail(node.pos, "VariableTypeConflict",
           "`" + node.variable + "` is a " + std::string(StaticTypeName(outer->type)) + ", not a node");
    }
    return outer->slot;
  }
  FailIfIntroducedByPredicate(node.variable, node.pos, use);
  SlotId slot = fresh(node.variable);
  introduced.Add({node.variable, slot, StaticType::kNode});
  return slot;
}

SlotId Binder::BindPatternRel(const RelationshipPattern& rel, const Scope& scope, PatternUse use,
                              Scope& introduced, const std::function<SlotId(std::string)>& fresh,
                              std::vector<std::pair<SlotId, SlotId>>& outer_rels) {
  bool is_list = rel.var_length.has_value();
  StaticType type = is_list ? StaticType::kRelationshipList : StaticType::kRelationship;
  if (rel.variable.empty()) return fresh("  rel");
  if (const Variable* v = introduced.Find(rel.variable)) {
    if (v->type == StaticType::kRelationship || v->type == StaticType::kRelationshipList) {
      Fail(rel.pos, "RelationshipUniquenessViolation",
           "relationship `" + rel.variable + "` appears twice in one pattern");
    }
    Fail(rel.pos, "VariableTypeConflict", "`" + rel.variable + "` is not a relationship");
  }
  if (const Variable* outer = scope.Find(rel.variable)) {
    bool ok = MayBe(outer->type, type) || (is_list && outer->type == StaticType::kList);
    if (!ok) {
      Fail(
          rel.pos, "VariableTypeConflict",
          "`" + rel.variable + "` is a " + std::string(StaticTypeName(outer->type)) + ", not a relationship");
    }
    // Bound by an earlier clause: match afresh and require the same relationship.
    SlotId slot = fresh(rel.variable);
    outer_rels.emplace_back(slot, outer->slot);
    return slot;
  }
  FailIfIntroducedByPredicate(rel.variable, rel.pos, use);
  SlotId slot = fresh(rel.variable);
  introduced.Add({rel.variable, slot, type});
  return slot;
}

void Binder::FailIfIntroducedByPredicate(const std::string& name, SourcePosition pos, PatternUse use) const {
  if (use == PatternUse::kPredicate) {
    Fail(pos, "UndefinedVariable",
         "variable `" + name + "` not defined (a pattern predicate cannot introduce one)");
  }
}

// Labels, property maps, the equalities of relationships bound earlier and WHERE's
// conjuncts, as pending predicates (a var-length relationship's property map stays in
// its RelPattern: every relationship of the path must meet it).
void Binder::BindPatternPredicates(const std::vector<PatternPartRef>& parts, const Expr* where,
                                   const Scope& predicate_scope, BoundPattern& pattern) {
  ExprContext ctx;
  ctx.scope = &predicate_scope;
  auto property_map = [&](const ExprPtr& properties) { return PropertyMap(properties, *this); };
  for (size_t p = 0; p < parts.size(); ++p) {
    const PatternElement& element = *parts[p].element;
    BoundPatternPart& part = pattern.parts[p];
    for (size_t i = 0; i < element.nodes.size(); ++i) {
      const auto& node = element.nodes[i];
      SlotId slot = part.nodes[i].slot;
      if (!node.labels.empty()) {
        PendingPredicate& added = AddPending(pattern, HasLabels(slot, node.labels));
        added.scan_label_node = slot;
        added.labels = node.labels;
      }
      if (node.label_expression) {  // (n:A|B), (n:A&!B): bind_neo4j_expression.cpp
        std::vector<std::string> scan;
        BoundExprPtr rest = BindPatternLabels(*node.label_expression, slot, scan);
        if (!scan.empty()) {
          PendingPredicate& added = AddPending(pattern, HasLabels(slot, scan));
          added.scan_label_node = slot;
          added.labels = std::move(scan);
        }
        if (rest) AddPending(pattern, std::move(rest));
      }
      if (const MapExpr* map = property_map(node.properties)) {
        for (const auto& entry : map->entries) {
          AddPending(pattern,
                     PropertyEquals(slot, StaticType::kNode, entry.key, BindExpr(*entry.value, ctx)));
        }
      }
    }
    for (size_t i = 0; i < element.relationships.size(); ++i) {
      if (const auto& types = element.relationships[i].type_expression;
          types && !element.relationships[i].group) {
        AddPending(pattern, BindPatternTypes(*types, part.rels[i].slot, part.rels[i].var_length));
      }
      const MapExpr* map = property_map(element.relationships[i].properties);
      if (map == nullptr) continue;
      BoundPatternRel& rel = part.rels[i];
      for (const auto& entry : map->entries) {
        if (rel.var_length) {
          rel.pattern.property_keys.push_back(entry.key);
          rel.pattern.property_values.push_back(BindExpr(*entry.value, ctx));
        } else {
          AddPending(pattern, PropertyEquals(rel.slot, StaticType::kRelationship, entry.key,
                                             BindExpr(*entry.value, ctx)));
        }
      }
    }
  }
  for (const auto& [new_slot, outer_slot] : pattern.outer_rels) {
    AddPending(pattern, SlotEquals(new_slot, outer_slot));
  }
  if (where != nullptr) {
    std::vector<const Expr*> conjuncts;
    SplitConjuncts(*where, conjuncts);
    for (const Expr* c : conjuncts) AddPending(pattern, BindPredicate(*c, ctx));
  }
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
