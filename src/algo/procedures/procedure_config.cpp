#include "algo/procedures/procedure_config.h"

#include <algorithm>

#include "quiver/error.h"

namespace quiver::algo {

ProcedureConfig::ProcedureConfig(std::string procedure, const Value& config, std::vector<std::string> keys)
    : procedure_(std::move(procedure)), config_(config.IsNull() ? Value::Map(ValueMap()) : config) {
  if (!config_.IsMap()) Fail("the configuration must be a map, not " + std::string(config.TypeName()));
  for (const auto& [key, value] : config_.AsMap()) {
    if (std::find(keys.begin(), keys.end(), key) != keys.end()) continue;
    std::string known;
    for (const auto& k : keys) known += (known.empty() ? "" : ", ") + k;
    Fail("unexpected configuration key `" + key + "` (" + (known.empty() ? "it takes none" : "it takes " + known) +
         ")");
  }
}

void ProcedureConfig::Fail(const std::string& message) const {
  throw ProcedureError("ProcedureCallFailed", procedure_ + ": " + message);
}

const Value* ProcedureConfig::Find(std::string_view key) const {
  const Value* v = config_.AsMap().Find(key);
  return v == nullptr || v->IsNull() ? nullptr : v;
}

std::optional<int64_t> ProcedureConfig::Int(std::string_view key) const {
  const Value* v = Find(key);
  if (v == nullptr) return std::nullopt;
  if (!v->IsInt()) Fail("`" + std::string(key) + "` must be an integer, not " + std::string(v->TypeName()));
  return v->AsInt();
}

std::optional<int64_t> ProcedureConfig::IntIn(std::string_view key, int64_t low, int64_t high) const {
  auto v = Int(key);
  if (v && (*v < low || *v > high)) {
    Fail("`" + std::string(key) + "` must be between " + std::to_string(low) + " and " + std::to_string(high) +
         ", not " + std::to_string(*v));
  }
  return v;
}

std::optional<double> ProcedureConfig::Float(std::string_view key) const {
  const Value* v = Find(key);
  if (v == nullptr) return std::nullopt;
  if (v->IsInt()) return static_cast<double>(v->AsInt());
  if (!v->IsFloat()) Fail("`" + std::string(key) + "` must be a number, not " + std::string(v->TypeName()));
  return v->AsFloat();
}

std::optional<bool> ProcedureConfig::Bool(std::string_view key) const {
  const Value* v = Find(key);
  if (v == nullptr) return std::nullopt;
  if (!v->IsBool()) Fail("`" + std::string(key) + "` must be a boolean, not " + std::string(v->TypeName()));
  return v->AsBool();
}

std::optional<std::string> ProcedureConfig::String(std::string_view key) const {
  const Value* v = Find(key);
  if (v == nullptr) return std::nullopt;
  if (!v->IsString()) Fail("`" + std::string(key) + "` must be a string, not " + std::string(v->TypeName()));
  return std::string(v->AsString());
}

namespace {

std::optional<DenseId> NodeOf(const ProcedureConfig& config, std::string_view key, const Value& v,
                              const GraphProjection& graph) {
  int64_t id = 0;
  if (v.IsNode()) {
    id = static_cast<int64_t>(v.AsNode().id);
  } else if (v.IsInt()) {
    id = v.AsInt();
  } else {
    config.Fail("`" + std::string(key) + "` must be a node or a node id, not " + std::string(v.TypeName()));
  }
  auto dense = id < 0 ? std::nullopt : graph.Find(static_cast<NodeId>(id));
  if (!dense) {
    config.Fail("`" + std::string(key) + "`: node " + std::to_string(id) + " is not in the graph '" + graph.name() +
                "'");
  }
  return dense;
}

}  // namespace

std::optional<DenseId> ProcedureConfig::Node(std::string_view key, const GraphProjection& graph) const {
  const Value* v = Find(key);
  if (v == nullptr) return std::nullopt;
  return NodeOf(*this, key, *v, graph);
}

std::vector<DenseId> ProcedureConfig::Nodes(std::string_view key, const GraphProjection& graph) const {
  std::vector<DenseId> nodes;
  const Value* v = Find(key);
  if (v == nullptr) return nodes;
  if (!v->IsList()) {
    nodes.push_back(*NodeOf(*this, key, *v, graph));
    return nodes;
  }
  for (const Value& item : v->AsList()) nodes.push_back(*NodeOf(*this, key, item, graph));
  return nodes;
}

}  // namespace quiver::algo
