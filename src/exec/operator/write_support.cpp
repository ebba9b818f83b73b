#include "exec/operator/write_support.h"

#include <algorithm>

#include "exec/entity_ref.h"
#include "exec/expression/evaluator.h"
#include "exec/expression/expression_internal.h"

namespace quiver::exec {

namespace {

bool IsStorableScalar(const Value& v) {
  return v.IsBool() || v.IsNumber() || v.IsString() || v.IsTemporal();
}

[[noreturn]] void InvalidPropertyType(const Value& v) {
  throw TypeError("InvalidPropertyType", "cannot store a " + std::string(v.TypeName()) + " as a property",
                  ErrorPhase::kRuntime);
}

// The entries of a property map expression, nulls kept (they mean "no property").
std::vector<ValueMap::Entry> EvaluatePropertyMap(const planner::BoundExpr* expr, Value* row,
                                                 ExecContext& ctx) {
  if (expr == nullptr) return {};
  Value map = Evaluate(*expr, row, ctx);
  if (map.IsNull()) return {};
  if (!map.IsMap())
    ThrowInvalidArgumentType("a property map must be a map, not " + std::string(map.TypeName()));
  return map.AsMap().entries();
}

std::vector<PropertyEntry> ToProperties(const std::vector<ValueMap::Entry>& entries, ExecContext& ctx,
                                        bool merge) {
  std::vector<PropertyEntry> props;
  for (const auto& [key, value] : entries) {
    if (value.IsNull()) {
      if (merge) {
        throw SemanticError("MergeReadOwnWrites",
                            "cannot merge using a null property value for `" + key + "`",
                            ErrorPhase::kRuntime);
      }
      continue;
    }
    CheckPropertyValue(value);
    props.emplace_back(ctx.writer().InternPropertyKey(key), value);
  }
  return props;
}

// The node or relationship a SET/REMOVE item targets; false for null (nothing to do).
enum class Target { kNone, kNode, kRel };
Target ResolveTarget(const Value& v, uint64_t& id, ExecContext& ctx) {
  if (v.IsNull()) return Target::kNone;
  if (v.IsNode()) {
    id = v.AsNode().id;
    CheckNodeAlive(id, ctx);
    return Target::kNode;
  }
  if (v.IsRelationship()) {
    id = v.AsRelationship().id;
    CheckRelationshipAlive(id, ctx);
    return Target::kRel;
  }
  ThrowInvalidArgumentType("SET and REMOVE need a node or a relationship, not " + std::string(v.TypeName()));
}

void SetProperty(Target target, uint64_t id, PropertyKeyId key, Value value, ExecContext& ctx) {
  if (!value.IsNull()) CheckPropertyValue(value);
  // Removing a property the entity does not have changes nothing, and is not counted.
  const bool counts = !value.IsNull() || !(target == Target::kNode ? ctx.writer().GetNodeProperty(id, key)
                                                                     : ctx.writer().GetRelationshipProperty(id, key))
                                               .IsNull();
  if (counts) ++ctx.counters().properties_set;
  if (target == Target::kNode) {
    ctx.writer().SetNodeProperty(id, key, std::move(value));
  } else {
    ctx.writer().SetRelationshipProperty(id, key, std::move(value));
  }
}

// `SET n = value` / `SET n += value`: value is a map or an entity whose properties count.
std::vector<ValueMap::Entry> PropertiesOf(const Value& value, ExecContext& ctx) {
  if (value.IsMap()) return value.AsMap().entries();
  if (value.IsNode() || value.IsRelationship()) {
    Value map = CallEntityFunction(planner::EntityFunction::kProperties, value, ctx);
    return map.AsMap().entries();
  }
  ThrowInvalidArgumentType("expected a map of properties, not " + std::string(value.TypeName()));
}

}  // namespace

void CheckPropertyValue(const Value& v) {
  if (IsStorableScalar(v)) return;
  if (v.IsList()) {
    for (const auto& item : v.AsList()) {
      if (!IsStorableScalar(item)) InvalidPropertyType(item);
    }
    return;
  }
  InvalidPropertyType(v);
}

void CreatePattern(const std::vector<planner::CreateNodeSpec>& nodes,
                   const std::vector<planner::CreateRelSpec>& rels, Value* row, ExecContext& ctx,
                   bool merge) {
  GraphWriter& graph = ctx.writer();
  ctx.Tick();  // an eager update runs row after row without a batch in between
  for (const auto& spec : nodes) {
    std::vector<LabelId> labels;
    for (const auto& name : spec.labels) labels.push_back(graph.InternLabel(name));
    auto props = ToProperties(EvaluatePropertyMap(spec.properties.get(), row, ctx), ctx, merge);
    row[spec.slot] = NodeRef(graph.CreateNode(labels, props));
    UpdateCounters& counted = ctx.counters();
    ++counted.nodes_created;
    std::sort(labels.begin(), labels.end());
    counted.labels_added += static_cast<uint64_t>(std::unique(labels.begin(), labels.end()) - labels.begin());
    counted.properties_set += props.size();
  }
  for (const auto& spec : rels) {
    const Value& start = row[spec.start];
    const Value& end = row[spec.end];
    if (!start.IsNode() || !end.IsNode()) {
      throw SemanticError("CreateRelationshipWithNullNode",
                          "cannot create a relationship with a missing (null) endpoint",
                          ErrorPhase::kRuntime);
    }
    CheckNodeAlive(start.AsNode().id, ctx);
    CheckNodeAlive(end.AsNode().id, ctx);
    auto props = ToProperties(EvaluatePropertyMap(spec.properties.get(), row, ctx), ctx, merge);
    RelTypeId type = graph.InternRelType(spec.type);
    RelId id = graph.CreateRelationship(type, start.AsNode().id, end.AsNode().id, props);
    ++ctx.counters().relationships_created;
    ctx.counters().properties_set += props.size();
    row[spec.slot] = RelRef(graph.GetRelationship(id), graph);
  }
}

void ApplySetItems(const std::vector<planner::SetSpec>& items, Value* row, ExecContext& ctx) {
  GraphWriter& graph = ctx.writer();
  ctx.Tick();
  for (const auto& item : items) {
    uint64_t id = 0;
    Target target = ResolveTarget(Evaluate(*item.target, row, ctx), id, ctx);
    if (target == Target::kNone) continue;
    switch (item.kind) {
      case planner::SetKind::kProperty:
        SetProperty(target, id, graph.InternPropertyKey(item.key), Evaluate(*item.value, row, ctx), ctx);
        break;
      case planner::SetKind::kRemoveProperty:
        if (auto key = ctx.PropertyKey(item.key)) SetProperty(target, id, *key, Value(), ctx);
        break;
      case planner::SetKind::kReplace:
      case planner::SetKind::kMerge: {
        Value value = Evaluate(*item.value, row, ctx);
        std::vector<ValueMap::Entry> entries;
        if (!value.IsNull()) entries = PropertiesOf(value, ctx);
        if (item.kind == planner::SetKind::kReplace) {
          std::vector<PropertyEntry> existing;
          if (target == Target::kNode) {
            graph.GetNodeProperties(id, existing);
          } else {
            graph.GetRelationshipProperties(id, existing);
          }
          for (const auto& [key, old] : existing) SetProperty(target, id, key, Value(), ctx);
        }
        for (const auto& [key, v] : entries) SetProperty(target, id, graph.InternPropertyKey(key), v, ctx);
        break;
      }
      case planner::SetKind::kAddLabels:
      case planner::SetKind::kRemoveLabels:
        if (target != Target::kNode) ThrowInvalidArgumentType("labels belong to nodes");
        for (const auto& name : item.labels) {
          if (item.kind == planner::SetKind::kAddLabels) {
            if (graph.AddLabel(id, graph.InternLabel(name))) ++ctx.counters().labels_added;
          } else if (auto label = ctx.Label(name)) {
            if (graph.RemoveLabel(id, *label)) ++ctx.counters().labels_removed;
          }
        }
        break;
    }
  }
}

}  // namespace quiver::exec
