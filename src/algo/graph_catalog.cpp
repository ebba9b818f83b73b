#include "algo/graph_catalog.h"

#include "quiver/error.h"

namespace quiver::algo {

void GraphCatalog::Add(std::shared_ptr<const GraphProjection> projection) {
  std::lock_guard lock(mutex_);
  const std::string& name = projection->name();
  if (graphs_.count(name) != 0) {
    throw ProcedureError("ProcedureCallFailed",
                         "gds.graph.project: a graph named '" + name + "' already exists (drop it first)");
  }
  graphs_.emplace(name, std::move(projection));
}

std::shared_ptr<const GraphProjection> GraphCatalog::Get(const std::string& name, std::string_view procedure) const {
  std::lock_guard lock(mutex_);
  auto it = graphs_.find(name);
  if (it == graphs_.end()) {
    throw ProcedureError("ProcedureCallFailed", std::string(procedure) + ": there is no graph named '" + name +
                                                    "' (project it with gds.graph.project)");
  }
  return it->second;
}

bool GraphCatalog::Contains(const std::string& name) const {
  std::lock_guard lock(mutex_);
  return graphs_.count(name) != 0;
}

std::shared_ptr<const GraphProjection> GraphCatalog::Remove(const std::string& name) {
  std::lock_guard lock(mutex_);
  auto it = graphs_.find(name);
  if (it == graphs_.end()) return nullptr;
  auto projection = std::move(it->second);
  graphs_.erase(it);
  return projection;
}

std::vector<std::shared_ptr<const GraphProjection>> GraphCatalog::List() const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<const GraphProjection>> out;
  for (const auto& [name, projection] : graphs_) out.push_back(projection);
  return out;
}

}  // namespace quiver::algo
