// The graph catalog: gds.graph.project, .drop, .list, .exists.

#include "algo/algo_context.h"
#include "algo/procedures/procedures.h"
#include "exec/procedure_context.h"
#include "quiver/error.h"

namespace quiver::algo {

namespace {

constexpr const char* kProject = "gds.graph.project";

[[noreturn]] void Fail(const std::string& message, const char* procedure = kProject) {
  throw ProcedureError("ProcedureCallFailed", std::string(procedure) + ": " + message);
}

std::string NameOf(const Value& v, const char* what, const char* procedure = kProject) {
  if (!v.IsString()) Fail(std::string(what) + " must be a string, not " + std::string(v.TypeName()), procedure);
  return std::string(v.AsString());
}

// '*', 'Label', ['A', 'B'], or {A: {…}, B: {…}} (the keys; a `label` inside renames).
std::vector<std::string> LabelsOf(const Value& projection) {
  std::vector<std::string> labels;
  auto add = [&](std::string name) {
    if (name == "*") {
      labels.clear();
      return false;  // every node
    }
    labels.push_back(std::move(name));
    return true;
  };
  if (projection.IsString()) {
    add(std::string(projection.AsString()));
  } else if (projection.IsList()) {
    for (const Value& item : projection.AsList()) {
      if (!add(NameOf(item, "a node label"))) break;
    }
  } else if (projection.IsMap()) {
    for (const auto& [alias, spec] : projection.AsMap()) {
      const Value* label = spec.IsMap() ? spec.AsMap().Find("label") : nullptr;
      if (spec.IsMap()) {
        for (const auto& [key, value] : spec.AsMap()) {
          if (key != "label") Fail("node projection key `" + key + "` is not supported (only `label`)");
        }
      }
      if (!add(label != nullptr ? NameOf(*label, "label") : alias)) break;
    }
  } else {
    Fail("the node projection must be a label, a list of labels or a map, not " + std::string(projection.TypeName()));
  }
  return labels;
}

Orientation OrientationNamed(const Value& v) {
  const std::string name = NameOf(v, "orientation");
  if (name == "NATURAL") return Orientation::kNatural;
  if (name == "REVERSE") return Orientation::kReverse;
  if (name == "UNDIRECTED") return Orientation::kUndirected;
  Fail("orientation must be NATURAL, REVERSE or UNDIRECTED, not '" + name + "'");
}

// One relationship property: 'w', ['w'], or {w: {property: 'w', defaultValue: 1.0}}.
void AddProperty(ProjectionSpec& spec, const Value& properties) {
  auto set = [&](std::string name, std::optional<double> default_weight) {
    if (spec.weight_property && *spec.weight_property != name) {
      Fail("a projection holds one relationship property; got `" + *spec.weight_property + "` and `" + name + "`");
    }
    spec.weight_property = std::move(name);
    if (default_weight) spec.default_weight = default_weight;
  };
  if (properties.IsString()) {
    set(std::string(properties.AsString()), std::nullopt);
  } else if (properties.IsList()) {
    for (const Value& p : properties.AsList()) set(NameOf(p, "a relationship property"), std::nullopt);
  } else if (properties.IsMap()) {
    for (const auto& [alias, p] : properties.AsMap()) {
      if (!p.IsMap()) {
        set(p.IsString() ? std::string(p.AsString()) : alias, std::nullopt);
        continue;
      }
      const Value* name = p.AsMap().Find("property");
      const Value* fallback = p.AsMap().Find("defaultValue");
      std::optional<double> default_weight;
      if (fallback != nullptr && fallback->IsNumber()) {
        default_weight = fallback->IsInt() ? static_cast<double>(fallback->AsInt()) : fallback->AsFloat();
      } else if (fallback != nullptr && !fallback->IsNull()) {
        Fail("defaultValue must be a number");
      }
      set(name != nullptr ? NameOf(*name, "property") : alias, default_weight);
    }
  } else {
    Fail("relationship properties must be a name, a list or a map");
  }
}

// '*', 'TYPE', ['A', 'B'], or {ALIAS: {type: 'T', orientation: 'UNDIRECTED', properties: …}}.
void AddRelationships(ProjectionSpec& spec, const Value& projection) {
  bool every_type = false;
  std::optional<Orientation> orientation;
  auto add_type = [&](std::string type) {
    if (type == "*") {
      every_type = true;
    } else {
      spec.types.push_back(std::move(type));
    }
  };
  if (projection.IsString()) {
    add_type(std::string(projection.AsString()));
  } else if (projection.IsList()) {
    for (const Value& item : projection.AsList()) add_type(NameOf(item, "a relationship type"));
  } else if (projection.IsMap()) {
    for (const auto& [alias, entry] : projection.AsMap()) {
      if (!entry.IsMap()) {
        add_type(entry.IsString() ? std::string(entry.AsString()) : alias);
        continue;
      }
      const Value* type = nullptr;
      for (const auto& [key, value] : entry.AsMap()) {
        if (key == "type") {
          type = &value;
        } else if (key == "orientation") {
          const Orientation o = OrientationNamed(value);
          if (orientation && *orientation != o) {
            Fail("every relationship type of one projection must have the same orientation");
          }
          orientation = o;
        } else if (key == "properties") {
          AddProperty(spec, value);
        } else if (key != "aggregation" || !value.IsString() || value.AsString() != "NONE") {
          Fail("relationship projection key `" + key + "` is not supported (type, orientation, properties)");
        }
      }
      add_type(type != nullptr ? NameOf(*type, "type") : alias);
    }
  } else {
    Fail("the relationship projection must be a type, a list of types or a map, not " +
         std::string(projection.TypeName()));
  }
  if (every_type) spec.types.clear();
  spec.orientation = orientation.value_or(Orientation::kNatural);
}

Value Count(uint64_t n) { return Value::Int(static_cast<int64_t>(n)); }

// The row gds.graph.list and .drop describe a projection with.
std::vector<Value> Describe(const GraphProjection& graph, bool full) {
  std::vector<Value> row{Value::String(graph.name()), Count(graph.node_count()), Count(graph.relationship_count())};
  if (!full) return row;
  row.push_back(graph.spec().node_projection);
  row.push_back(graph.spec().relationship_projection);
  row.push_back(Count(graph.Bytes()));
  const double n = graph.node_count();
  row.push_back(Value::Float(n > 1 ? static_cast<double>(graph.relationship_count()) / (n * (n - 1)) : 0.0));
  return row;
}

}  // namespace

void AddGraphProcedures(ProcedureList& procedures, std::shared_ptr<GraphCatalog> catalog) {
  ProcedureSignature project;
  project.name = kProject;
  project.inputs = {{"graphName", "STRING?"},
                    {"nodeProjection", "ANY?"},
                    {"relationshipProjection", "ANY?"},
                    {"configuration", "MAP?"}};
  project.optional_inputs = 1;
  project.outputs = {{"nodeProjection", "ANY?"},  {"relationshipProjection", "ANY?"}, {"graphName", "STRING?"},
                     {"nodeCount", "INTEGER?"}, {"relationshipCount", "INTEGER?"},    {"projectMillis", "INTEGER?"}};
  procedures.push_back({project, [catalog](exec::ExecProcedureContext& call) {
                          const auto args = call.arguments();
                          ProjectionSpec spec;
                          spec.name = NameOf(args[0], "graphName");
                          if (spec.name.empty()) Fail("graphName must not be empty");
                          if (catalog->Contains(spec.name)) {
                            Fail("a graph named '" + spec.name + "' already exists (drop it first)");
                          }
                          spec.labels = LabelsOf(args[1]);
                          AddRelationships(spec, args[2]);
                          ProcedureConfig config(kProject, args[3], {"readConcurrency", "relationshipProperties"});
                          if (const Value* properties = config.Find("relationshipProperties")) {
                            AddProperty(spec, *properties);
                          }
                          spec.node_projection = args[1];
                          spec.relationship_projection = args[2];
                          AlgoContext context(call.exec(),
                                              static_cast<uint32_t>(config.IntIn("readConcurrency", 1, 1024).value_or(0)));
                          auto graph = GraphProjection::Build(call.graph(), std::move(spec), context);
                          catalog->Add(graph);
                          call.Emit({graph->spec().node_projection, graph->spec().relationship_projection,
                                     Value::String(graph->name()), Count(graph->node_count()),
                                     Count(graph->relationship_count()), Value::Int(graph->project_millis())});
                        }});

  ProcedureSignature drop;
  drop.name = "gds.graph.drop";
  drop.inputs = {{"graphName", "STRING?"}, {"failIfMissing", "BOOLEAN?"}};
  drop.optional_inputs = 1;
  drop.outputs = {{"graphName", "STRING?"}, {"nodeCount", "INTEGER?"}, {"relationshipCount", "INTEGER?"}};
  procedures.push_back({drop, [catalog](exec::ExecProcedureContext& call) {
                          const auto args = call.arguments();
                          const std::string name = NameOf(args[0], "graphName", "gds.graph.drop");
                          auto graph = catalog->Remove(name);
                          if (graph == nullptr) {
                            if (args[1].IsBool() && !args[1].AsBool()) return;
                            throw ProcedureError("ProcedureCallFailed",
                                                 "gds.graph.drop: there is no graph named '" + name + "'");
                          }
                          call.Emit(Describe(*graph, false));
                        }});

  ProcedureSignature list;
  list.name = "gds.graph.list";
  list.inputs = {{"graphName", "STRING?"}};
  list.optional_inputs = 1;
  list.outputs = {{"graphName", "STRING?"},           {"nodeCount", "INTEGER?"},
                  {"relationshipCount", "INTEGER?"},  {"nodeProjection", "ANY?"},
                  {"relationshipProjection", "ANY?"}, {"sizeInBytes", "INTEGER?"},
                  {"density", "FLOAT?"}};
  procedures.push_back({list, [catalog](exec::ExecProcedureContext& call) {
                          const Value& name = call.arguments()[0];
                          for (const auto& graph : catalog->List()) {
                            if (name.IsString() && name.AsString() != graph->name()) continue;
                            call.Emit(Describe(*graph, true));
                          }
                        }});

  ProcedureSignature exists;
  exists.name = "gds.graph.exists";
  exists.inputs = {{"graphName", "STRING?"}};
  exists.outputs = {{"graphName", "STRING?"}, {"exists", "BOOLEAN?"}};
  procedures.push_back({exists, [catalog](exec::ExecProcedureContext& call) {
                          const std::string name = NameOf(call.arguments()[0], "graphName", "gds.graph.exists");
                          call.Emit({Value::String(name), Value::Bool(catalog->Contains(name))});
                        }});
}

ProcedureList AlgorithmProcedures(std::shared_ptr<GraphCatalog> catalog) {
  ProcedureList procedures;
  AddGraphProcedures(procedures, catalog);
  AddNodeAlgorithms(procedures, catalog);
  AddPathAlgorithms(procedures, catalog);
  return procedures;
}

}  // namespace quiver::algo
