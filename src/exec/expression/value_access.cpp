// Reading into values: properties of nodes, relationships and maps, labels, list and
// map subscripts, list slices. Nodes and relationships in rows are identities, so their
// labels and properties come from the graph transaction at the time of the read (a SET
// earlier in the same query is visible).

#include <algorithm>

#include "common/temporal/temporal.h"
#include "exec/expression/expression_internal.h"

namespace quiver::exec {

void CheckNodeAlive(NodeId node, ExecContext& ctx) {
  if (!ctx.graph().NodeExists(node)) {
    throw EntityNotFound("DeletedEntityAccess", "node " + std::to_string(node) + " has been deleted",
                         ErrorPhase::kRuntime);
  }
}

void CheckRelationshipAlive(RelId rel, ExecContext& ctx) {
  if (!ctx.graph().RelationshipExists(rel)) {
    throw EntityNotFound("DeletedEntityAccess", "relationship " + std::to_string(rel) + " has been deleted",
                         ErrorPhase::kRuntime);
  }
}

namespace {

template <typename ResolveKey>
Value ReadProperty(const Value& object, std::string_view key, ExecContext& ctx, ResolveKey resolve) {
  switch (object.kind()) {
    case ValueKind::kNull:
      return Value();
    case ValueKind::kMap: {
      const Value* v = object.AsMap().Find(key);
      return v != nullptr ? *v : Value();
    }
    case ValueKind::kNode: {
      NodeId id = object.AsNode().id;
      CheckNodeAlive(id, ctx);
      auto k = resolve();
      return k ? ctx.graph().GetNodeProperty(id, *k) : Value();
    }
    case ValueKind::kRelationship: {
      RelId id = object.AsRelationship().id;
      CheckRelationshipAlive(id, ctx);
      auto k = resolve();
      return k ? ctx.graph().GetRelationshipProperty(id, *k) : Value();
    }
    default:
      if (object.IsTemporal()) {
        if (auto field = TemporalProperty(object, key)) return *field;  // d.year, dur.days
      }
      ThrowInvalidArgumentType("cannot read property `" + std::string(key) + "` of a " +
                               std::string(object.TypeName()));
  }
}

}  // namespace

Value GetProperty(const Value& object, const std::string& key, ExecContext& ctx) {
  return ReadProperty(object, key, ctx, [&] { return ctx.PropertyKey(key); });
}

Value GetPropertyByValue(const Value& object, std::string_view key, ExecContext& ctx) {
  return ReadProperty(object, key, ctx, [&] { return ctx.PropertyKeyByValue(key); });
}

Value HasLabels(const Value& node, const std::vector<std::string>& labels, ExecContext& ctx) {
  if (node.IsNull()) return Value();
  if (node.IsRelationship()) {
    // `r:T` on a relationship tests its type (a relationship has exactly one).
    for (const auto& name : labels) {
      if (node.AsRelationship().type != name) return Value::Bool(false);
    }
    return Value::Bool(true);
  }
  if (!node.IsNode())
    ThrowInvalidArgumentType("labels can only be tested on a node, not " + std::string(node.TypeName()));
  NodeId id = node.AsNode().id;
  CheckNodeAlive(id, ctx);
  for (const auto& name : labels) {
    auto label = ctx.Label(name);
    if (!label || !ctx.graph().HasLabel(id, *label)) return Value::Bool(false);
  }
  return Value::Bool(true);
}

Value Subscript(const Value& object, const Value& index, ExecContext& ctx) {
  if (object.IsNull() || index.IsNull()) return Value();
  switch (object.kind()) {
    case ValueKind::kList: {
      if (!index.IsInt())
        ThrowInvalidArgumentType("list index must be an integer, not " + std::string(index.TypeName()));
      const auto& list = object.AsList();
      int64_t i = index.AsInt();
      auto n = static_cast<int64_t>(list.size());
      if (i < 0) i += n;
      if (i < 0 || i >= n) return Value();
      return list[static_cast<size_t>(i)];
    }
    case ValueKind::kMap:
    case ValueKind::kNode:
    case ValueKind::kRelationship:
      if (!index.IsString()) {
        throw TypeError("MapElementAccessByNonString",
                        "map keys are strings; cannot index with a " + std::string(index.TypeName()),
                        ErrorPhase::kRuntime);
      }
      return GetPropertyByValue(object, index.AsString(), ctx);
    default:
      ThrowInvalidArgumentType("cannot subscript a " + std::string(object.TypeName()));
  }
}

Value Slice(const Value& list, const Value& from, const Value& to, bool has_from, bool has_to) {
  if (list.IsNull()) return Value();
  if ((has_from && from.IsNull()) || (has_to && to.IsNull())) return Value();
  if (!list.IsList()) ThrowInvalidArgumentType("cannot slice a " + std::string(list.TypeName()));
  if ((has_from && !from.IsInt()) || (has_to && !to.IsInt()))
    ThrowInvalidArgumentType("slice bounds must be integers");
  const auto& items = list.AsList();
  auto n = static_cast<int64_t>(items.size());
  auto clamp = [n](int64_t i) {
    if (i < 0) i += n;
    return std::clamp<int64_t>(i, 0, n);
  };
  int64_t begin = has_from ? clamp(from.AsInt()) : 0;
  int64_t end = has_to ? clamp(to.AsInt()) : n;
  if (begin >= end) return Value::List({});
  return Value::List(std::vector<Value>(items.begin() + begin, items.begin() + end));
}

}  // namespace quiver::exec
