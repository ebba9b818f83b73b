// Updating clauses: CREATE, MERGE, SET, REMOVE, DELETE.
//
// Every updating operator is eager: it consumes all of its input before writing, so the
// reads of earlier clauses never see the writes of later ones (`MATCH (n) CREATE ()`
// must not find the nodes it creates), and it emits its rows only after all writes, so
// later clauses see every write of the clause.

#include "planner/binder_impl.h"

namespace quiver::planner {

using namespace cypher;  // NOLINT

namespace {

bool IsEntityType(StaticType t) {
  return t == StaticType::kAny || t == StaticType::kNull || t == StaticType::kNode ||
         t == StaticType::kRelationship;
}

// The creation half of CREATE and MERGE: the nodes and relationships of `parts` that are
// not bound yet (a bound node is reused, and may not be given labels or properties: that
// would define the variable a second time), and the paths to build from them.
struct CreatePlan {
  std::vector<CreateNodeSpec> nodes;
  std::vector<CreateRelSpec> rels;
  std::vector<std::pair<SlotId, BoundExprPtr>> paths;
};

// `preassigned`: for MERGE, the slots its match half gave the pattern's variables; the
// creation writes the same slots, so later clauses read one slot either way.
CreatePlan PlanCreation(Binder& b, const std::vector<PatternPartRef>& parts, Scope& scope, bool merge,
                        const Scope* preassigned = nullptr) {
  CreatePlan out;
  // What the pattern introduces, as a layer over the clause's scope: property maps are
  // bound in it (they see the variables created before them), without a copy of the
  // scope per node.
  Scope introduced(&scope);
  auto slot_for = [&](const std::string& name, const char* anonymous) {
    if (!name.empty() && preassigned != nullptr) {
      if (const Variable* v = preassigned->Find(name)) return v->slot;
    }
    return b.NewSlot(name.empty() ? anonymous : name);
  };
  auto in_scope = [&](const std::string& name) -> const Variable* { return introduced.Find(name); };
  for (const auto& part : parts) {
    const PatternElement& element = *part.element;
    std::vector<SlotId> node_slots;
    for (const auto& node : element.nodes) {
      b.FailOnLabelExpression(node, merge ? "MERGE" : "CREATE");
      const Variable* existing = node.variable.empty() ? nullptr : in_scope(node.variable);
      if (existing != nullptr) {
        if (!MayBe(existing->type, StaticType::kNode)) {
          b.Fail(node.pos, "VariableTypeConflict", "`" + node.variable + "` is not a node");
        }
        bool lone = element.nodes.size() == 1;
        if (!node.labels.empty() || node.properties || lone) {
          b.Fail(node.pos, "VariableAlreadyBound", "variable `" + node.variable + "` is already bound");
        }
        node_slots.push_back(existing->slot);
        continue;
      }
      CreateNodeSpec spec;
      spec.slot = slot_for(node.variable, "  node");
      spec.labels = node.labels;
      if (node.properties) {
        if (merge && node.properties->Is<ParameterExpr>()) {
          b.Fail(node.properties->pos, "InvalidParameterUse",
                 "a parameter cannot be a property map in MERGE");
        }
        ExprContext ctx;
        ctx.scope = &introduced;
        spec.properties = b.BindExpr(*node.properties, ctx);
      }
      if (!node.variable.empty()) introduced.Add({node.variable, spec.slot, StaticType::kNode});
      node_slots.push_back(spec.slot);
      out.nodes.push_back(std::move(spec));
    }
    std::vector<PathStep> steps;
    for (size_t i = 0; i < element.relationships.size(); ++i) {
      const auto& rel = element.relationships[i];
      if (!rel.variable.empty() && in_scope(rel.variable) != nullptr) {
        b.Fail(rel.pos, "VariableAlreadyBound", "variable `" + rel.variable + "` is already bound");
      }
      if (rel.group) b.Fail(rel.pos, "CreatingVarLength", "a quantified path pattern cannot be created");
      if (rel.var_length)
        b.Fail(rel.pos, "CreatingVarLength", "variable length relationships cannot be created");
      b.FailOnTypeExpression(rel, merge ? "MERGE" : "CREATE");
      if (rel.types.size() != 1) {
        b.Fail(rel.pos, "NoSingleRelationshipType", "a relationship to create needs exactly one type");
      }
      if (!merge && (rel.direction == RelDirection::kUndirected || rel.direction == RelDirection::kBoth)) {
        b.Fail(rel.pos, "RequiresDirectedRelationship", "only directed relationships can be created");
      }
      if (!rel.variable.empty() && in_scope(rel.variable) != nullptr) {
        b.Fail(rel.pos, "VariableAlreadyBound", "variable `" + rel.variable + "` is already bound");
      }
      CreateRelSpec spec;
      spec.slot = slot_for(rel.variable, "  rel");
      spec.type = rel.types[0];
      bool left = rel.direction == RelDirection::kLeft;
      spec.start = left ? node_slots[i + 1] : node_slots[i];
      spec.end = left ? node_slots[i] : node_slots[i + 1];
      if (rel.properties) {
        if (merge && rel.properties->Is<ParameterExpr>()) {
          b.Fail(rel.properties->pos, "InvalidParameterUse", "a parameter cannot be a property map in MERGE");
        }
        ExprContext ctx;
        ctx.scope = &introduced;
        spec.properties = b.BindExpr(*rel.properties, ctx);
      }
      if (!rel.variable.empty()) introduced.Add({rel.variable, spec.slot, StaticType::kRelationship});
      out.rels.push_back(std::move(spec));
    }
    if (!part.path_variable.empty()) {
      if (in_scope(part.path_variable) != nullptr) {
        b.Fail(part.pos, "VariableAlreadyBound", "variable `" + part.path_variable + "` is already bound");
      }
      auto path = std::make_unique<BoundExpr>(ExprOp::kPath);
      path->type = StaticType::kPath;
      size_t rel_base = out.rels.size() - element.relationships.size();
      for (size_t i = 0; i < node_slots.size(); ++i) {
        path->path_steps.push_back({node_slots[i], false});
        if (i < element.relationships.size())
          path->path_steps.push_back({out.rels[rel_base + i].slot, false});
      }
      SlotId slot = slot_for(part.path_variable, "  path");
      introduced.Add({part.path_variable, slot, StaticType::kPath});
      out.paths.emplace_back(slot, std::move(path));
    }
  }
  for (const auto& v : introduced.variables()) scope.Add(v);
  return out;
}

}  // namespace

LogicalOperatorPtr Binder::BindCreate(const CreateClause& clause, LogicalOperatorPtr input, Scope& scope) {
  MarkUpdating();
  std::vector<PatternPartRef> parts;
  for (const auto& part : clause.pattern) {
    FailOnPathSelector(part, "CREATE");
    parts.push_back({&part.element, part.path_variable, part.pos, &part});
  }
  CreatePlan creation = PlanCreation(*this, parts, scope, /*merge=*/false);
  auto op = MakeOp<LogicalCreate>(std::move(input));
  op->nodes = std::move(creation.nodes);
  op->rels = std::move(creation.rels);
  LogicalOperatorPtr plan = std::move(op);
  if (!creation.paths.empty()) {
    auto project = MakeOp<LogicalProject>(std::move(plan));
    for (auto& [slot, expr] : creation.paths) {
      project->slots.push_back(slot);
      project->exprs.push_back(std::move(expr));
    }
    plan = std::move(project);
  }
  return plan;
}

LogicalOperatorPtr Binder::BindMerge(const MergeClause& clause, LogicalOperatorPtr input, Scope& scope) {
  MarkUpdating();
  std::vector<PatternPartRef> parts{
      {&clause.pattern.element, clause.pattern.path_variable, clause.pattern.pos, &clause.pattern}};
  Scope match_scope(&scope);
  auto match =
      PlanPatternParts(parts, nullptr, MakeOp<LogicalArgument>(nullptr), match_scope, PatternUse::kMerge);
  Scope create_scope(&scope);
  CreatePlan creation = PlanCreation(*this, parts, create_scope, /*merge=*/true, &match_scope);
  auto op = MakeOp<LogicalMerge>(std::move(input));
  op->children.push_back(std::move(match));
  op->nodes = std::move(creation.nodes);
  op->rels = std::move(creation.rels);
  for (auto& [slot, expr] : creation.paths) {
    op->path_exprs.push_back(std::move(expr));
    op->path_slots.push_back(slot);
  }
  for (const auto& v : match_scope.variables()) scope.Add(v);
  for (const auto& action : clause.actions) {
    auto items = BindSetItems(action.items, scope);
    auto& target = action.on_create ? op->on_create : op->on_match;
    for (auto& item : items) target.push_back(std::move(item));
  }
  return op;
}

std::vector<SetSpec> Binder::BindSetItems(const std::vector<SetItem>& items, const Scope& scope) {
  ExprContext ctx;
  ctx.scope = &scope;
  std::vector<SetSpec> out;
  for (const auto& item : items) {
    SetSpec spec;
    switch (item.kind) {
      case SetItemKind::kProperty: {
        const auto& prop = item.target->As<PropertyExpr>();
        spec.kind = SetKind::kProperty;
        spec.target = BindExpr(*prop.object, ctx);
        spec.key = prop.key;
        spec.value = BindExpr(*item.value, ctx);
        break;
      }
      case SetItemKind::kReplace:
      case SetItemKind::kMerge:
        spec.kind = item.kind == SetItemKind::kReplace ? SetKind::kReplace : SetKind::kMerge;
        spec.target = BindExpr(*item.target, ctx);
        spec.value = BindExpr(*item.value, ctx);
        break;
      case SetItemKind::kLabels:
        spec.kind = SetKind::kAddLabels;
        spec.target = BindExpr(*item.target, ctx);
        spec.labels = item.labels;
        break;
    }
    if (!IsEntityType(spec.target->type) && spec.target->type != StaticType::kMap) {
      Fail(item.pos, "InvalidArgumentType", "SET needs a node or a relationship");
    }
    out.push_back(std::move(spec));
  }
  return out;
}

LogicalOperatorPtr Binder::BindSet(const std::vector<SetItem>& items, LogicalOperatorPtr input,
                                   const Scope& scope) {
  MarkUpdating();
  auto op = MakeOp<LogicalSetProperties>(std::move(input));
  op->items = BindSetItems(items, scope);
  return op;
}

LogicalOperatorPtr Binder::BindRemove(const RemoveClause& clause, LogicalOperatorPtr input,
                                      const Scope& scope) {
  MarkUpdating();
  ExprContext ctx;
  ctx.scope = &scope;
  auto op = MakeOp<LogicalSetProperties>(std::move(input));
  for (const auto& item : clause.items) {
    SetSpec spec;
    if (item.kind == RemoveItemKind::kProperty) {
      const auto& prop = item.target->As<PropertyExpr>();
      spec.kind = SetKind::kRemoveProperty;
      spec.target = BindExpr(*prop.object, ctx);
      spec.key = prop.key;
    } else {
      spec.kind = SetKind::kRemoveLabels;
      spec.target = BindExpr(*item.target, ctx);
      spec.labels = item.labels;
    }
    op->items.push_back(std::move(spec));
  }
  return op;
}

LogicalOperatorPtr Binder::BindDelete(const DeleteClause& clause, LogicalOperatorPtr input,
                                      const Scope& scope) {
  MarkUpdating();
  ExprContext ctx;
  ctx.scope = &scope;
  auto op = MakeOp<LogicalDelete>(std::move(input));
  op->detach = clause.detach;
  for (const auto& target : clause.targets) {
    auto bound = BindExpr(*target, ctx);
    switch (bound->type) {
      case StaticType::kBool:
      case StaticType::kInt:
      case StaticType::kFloat:
      case StaticType::kString:
      case StaticType::kMap:
        Fail(target->pos, "InvalidArgumentType", "DELETE needs a node, a relationship or a path");
      default:
        break;
    }
    op->targets.push_back(std::move(bound));
  }
  return op;
}

}  // namespace quiver::planner
