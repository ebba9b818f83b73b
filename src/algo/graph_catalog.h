#pragma once
// GraphCatalog: the named projections of one database (gds.graph.project / drop /
// list), shared by all its connections and held in memory until dropped or until the
// database closes — as GDS's graph catalog is. A statement that runs an algorithm holds
// its projection by shared_ptr, so a concurrent drop never pulls it from under it.

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "algo/projection.h"

namespace quiver::algo {

class GraphCatalog {
 public:
  // ProcedureError (ProcedureCallFailed) when the name is taken.
  void Add(std::shared_ptr<const GraphProjection> projection);
  // ProcedureError when there is no projection of that name; `procedure` names the caller.
  std::shared_ptr<const GraphProjection> Get(const std::string& name, std::string_view procedure) const;
  bool Contains(const std::string& name) const;
  // Null when there was none.
  std::shared_ptr<const GraphProjection> Remove(const std::string& name);
  // By name.
  std::vector<std::shared_ptr<const GraphProjection>> List() const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const GraphProjection>> graphs_;
};

}  // namespace quiver::algo
