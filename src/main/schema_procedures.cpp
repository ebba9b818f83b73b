// db.labels(), db.relationshipTypes(), db.propertyKeys() and db.schema.*: what the graph
// holds, as Neo4j 5 reports it. The first three read token counts the store keeps
// (GraphReader::NodeCountsByLabel: O(tokens + delta records) on the transactional store),
// never the graph; the db.schema.* ones must look at every node or relationship (the
// store keeps no per-label-pair or per-property counts), so they scan.

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <string>

#include "exec/procedure_context.h"
#include "main/introspection_procedures.h"

namespace quiver::main {

namespace {

using exec::ExecProcedureContext;
using exec::RegisteredProcedure;

constexpr NodeId kMorsel = 4096;

RegisteredProcedure Procedure(std::string name, std::vector<std::pair<std::string, std::string>> outputs,
                              std::string description, exec::ProcedureImplementation body) {
  ProcedureSignature signature;
  signature.name = std::move(name);
  signature.outputs = std::move(outputs);
  signature.description = std::move(description);
  return RegisteredProcedure{std::move(signature), std::move(body)};
}

// Names of the tokens whose count is above zero, in id order (as Neo4j lists them).
template <typename NameOf>
void EmitUsed(ExecProcedureContext& context, const std::vector<uint64_t>& counts, NameOf name_of) {
  for (uint32_t id = 0; id < counts.size(); ++id) {
    if (counts[id] > 0) context.Emit({Value::String(name_of(id))});
  }
}

// f(id) for every live node, a morsel at a time, checking for cancellation.
template <typename F>
void ForEachNode(ExecProcedureContext& context, F&& f) {
  const GraphReader& graph = context.graph();
  std::vector<NodeId> ids;
  for (NodeId begin = 0; begin < graph.NodeIdBound(); begin += kMorsel) {
    context.CheckInterrupt();
    ids.clear();
    graph.ScanNodes(begin, std::min(graph.NodeIdBound(), begin + kMorsel), std::nullopt, ids);
    for (NodeId id : ids) f(id);
  }
}

// f(relationship) for every live relationship (each once, from its start node).
template <typename F>
void ForEachRelationship(ExecProcedureContext& context, F&& f) {
  std::vector<Adjacent> out;
  ForEachNode(context, [&](NodeId id) {
    out.clear();
    context.graph().Expand(id, Direction::kOutgoing, {}, out);
    for (const Adjacent& a : out) f(a.rel);
  });
}

// A property value's type as db.schema.*TypeProperties names it (Neo4j's storage
// types: Long, Double, String, ..., and <Element>Array for a list).
std::string PropertyTypeName(const Value& value) {
  switch (value.kind()) {
    case ValueKind::kInt: return "Long";
    case ValueKind::kFloat: return "Double";
    case ValueKind::kList: {
      for (const Value& item : value.AsList()) {
        if (!item.IsNull()) return PropertyTypeName(item) + "Array";
      }
      return "List";
    }
    default: return std::string(value.TypeName());
  }
}

// One group's properties: for each key, the types seen and how many entities had it.
struct PropertyStats {
  uint64_t entities = 0;
  std::map<std::string, std::pair<std::set<std::string>, uint64_t>> keys;

  void Add(const GraphReader& graph, const std::vector<PropertyEntry>& properties) {
    ++entities;
    for (const auto& [key, value] : properties) {
      auto& [types, count] = keys[std::string(graph.PropertyKeyName(key))];
      types.insert(PropertyTypeName(value));
      ++count;
    }
  }
  // Rows of `prefix` + (propertyName, propertyTypes, mandatory); one row of nulls (and
  // mandatory false) for a group with no properties, as Neo4j gives.
  void Emit(ExecProcedureContext& context, const std::vector<Value>& prefix) const {
    if (keys.empty()) {
      std::vector<Value> row = prefix;
      row.insert(row.end(), {Value::Null(), Value::Null(), Value::Bool(false)});
      context.Emit(std::move(row));
      return;
    }
    for (const auto& [key, stats] : keys) {
      std::vector<Value> types;
      for (const std::string& type : stats.first) types.push_back(Value::String(type));
      std::vector<Value> row = prefix;
      row.insert(row.end(), {Value::String(key), Value::List(std::move(types)), Value::Bool(stats.second == entities)});
      context.Emit(std::move(row));
    }
  }
};

// `:`A`:`B`` — Neo4j's nodeType and relType spelling.
std::string TypeName(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += ":`" + name + "`";
  return out;
}

void NodeTypeProperties(ExecProcedureContext& context) {
  const GraphReader& graph = context.graph();
  std::map<std::vector<std::string>, PropertyStats> groups;  // by sorted label names
  std::vector<LabelId> labels;
  std::vector<PropertyEntry> properties;
  ForEachNode(context, [&](NodeId id) {
    labels.clear();
    properties.clear();
    graph.GetLabels(id, labels);
    graph.GetNodeProperties(id, properties);
    std::vector<std::string> names;
    for (LabelId l : labels) names.emplace_back(graph.LabelName(l));
    std::sort(names.begin(), names.end());
    groups[std::move(names)].Add(graph, properties);
  });
  for (const auto& [names, stats] : groups) {
    std::vector<Value> label_values;
    for (const std::string& name : names) label_values.push_back(Value::String(name));
    stats.Emit(context, {Value::String(TypeName(names)), Value::List(std::move(label_values))});
  }
}

void RelTypeProperties(ExecProcedureContext& context) {
  const GraphReader& graph = context.graph();
  std::map<std::string, PropertyStats> groups;
  std::vector<PropertyEntry> properties;
  ForEachRelationship(context, [&](const RelationshipRef& rel) {
    properties.clear();
    graph.GetRelationshipProperties(rel.id, properties);
    groups[std::string(graph.RelTypeName(rel.type))].Add(graph, properties);
  });
  for (const auto& [type, stats] : groups) stats.Emit(context, {Value::String(TypeName({type}))});
}

// Neo4j answers with virtual nodes and relationships: one node per label in use and one
// relationship per (start label, type, end label) that some relationship has. The
// engine's rows hold entities by id and read them from the graph as they leave it
// (exec/materialize.cpp), so an entity that is not in the graph cannot pass: each is a
// map of the same parts instead — {id, labels, properties: {name, indexes,
// constraints}} and {id, type, start, end, properties: {name}} — with Neo4j's negative
// virtual ids (-1, -2, ...).
void SchemaVisualization(ExecProcedureContext& context) {
  const GraphReader& graph = context.graph();
  const std::vector<uint64_t> counts = graph.NodeCountsByLabel();
  std::map<LabelId, int64_t> node_ids;
  std::vector<Value> nodes;
  for (LabelId l = 0; l < counts.size(); ++l) {
    if (counts[l] == 0) continue;
    const int64_t id = -1 - static_cast<int64_t>(nodes.size());
    node_ids[l] = id;
    ValueMap properties{{"name", Value::String(graph.LabelName(l))},
                        {"indexes", Value::List({})},
                        {"constraints", Value::List({})}};
    nodes.push_back(Value::Map(ValueMap{{"id", Value::Int(id)},
                                        {"labels", Value::List({Value::String(graph.LabelName(l))})},
                                        {"properties", Value::Map(std::move(properties))}}));
  }
  std::set<std::tuple<LabelId, RelTypeId, LabelId>> seen;
  std::vector<LabelId> start_labels, end_labels;
  ForEachRelationship(context, [&](const RelationshipRef& rel) {
    start_labels.clear();
    end_labels.clear();
    graph.GetLabels(rel.start, start_labels);
    graph.GetLabels(rel.end, end_labels);
    for (LabelId s : start_labels) {
      for (LabelId e : end_labels) seen.emplace(s, rel.type, e);
    }
  });
  std::vector<Value> relationships;
  for (const auto& [s, type, e] : seen) {
    const int64_t id = -1 - static_cast<int64_t>(relationships.size());
    relationships.push_back(Value::Map(ValueMap{{"id", Value::Int(id)},
                                                {"type", Value::String(graph.RelTypeName(type))},
                                                {"start", Value::Int(node_ids.at(s))},
                                                {"end", Value::Int(node_ids.at(e))},
                                                {"properties", Value::Map(ValueMap{{"name", Value::String(graph.RelTypeName(type))}})}}));
  }
  context.Emit({Value::List(std::move(nodes)), Value::List(std::move(relationships))});
}

}  // namespace

std::vector<RegisteredProcedure> SchemaProcedures() {
  std::vector<RegisteredProcedure> out;
  out.push_back(Procedure("db.labels", {{"label", "STRING?"}}, "List all labels attached to nodes within a database.",
                          [](ExecProcedureContext& context) {
                            const GraphReader& graph = context.graph();
                            EmitUsed(context, graph.NodeCountsByLabel(),
                                     [&](uint32_t id) { return graph.LabelName(id); });
                          }));
  out.push_back(Procedure("db.relationshipTypes", {{"relationshipType", "STRING?"}},
                          "List all types attached to relationships within a database.",
                          [](ExecProcedureContext& context) {
                            const GraphReader& graph = context.graph();
                            EmitUsed(context, graph.RelationshipCountsByType(),
                                     [&](uint32_t id) { return graph.RelTypeName(id); });
                          }));
  out.push_back(Procedure("db.propertyKeys", {{"propertyKey", "STRING?"}},
                          "List all property keys in the database.", [](ExecProcedureContext& context) {
                            const GraphReader& graph = context.graph();
                            for (PropertyKeyId id = 0; id < graph.PropertyKeyTokenCount(); ++id) {
                              context.Emit({Value::String(graph.PropertyKeyName(id))});
                            }
                          }));
  out.push_back(Procedure("db.schema.visualization", {{"nodes", "LIST? OF MAP?"}, {"relationships", "LIST? OF MAP?"}},
                          "Visualizes the schema of the data based on available statistics.", SchemaVisualization));
  out.push_back(Procedure("db.schema.nodeTypeProperties",
                          {{"nodeType", "STRING?"},
                           {"nodeLabels", "LIST? OF STRING?"},
                           {"propertyName", "STRING?"},
                           {"propertyTypes", "LIST? OF STRING?"},
                           {"mandatory", "BOOLEAN?"}},
                          "Show the derived property schema of the nodes in tabular form.", NodeTypeProperties));
  out.push_back(Procedure("db.schema.relTypeProperties",
                          {{"relType", "STRING?"},
                           {"propertyName", "STRING?"},
                           {"propertyTypes", "LIST? OF STRING?"},
                           {"mandatory", "BOOLEAN?"}},
                          "Show the derived property schema of the relationships in tabular form.", RelTypeProperties));
  return out;
}

}  // namespace quiver::main
