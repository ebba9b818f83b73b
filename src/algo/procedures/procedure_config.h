#pragma once
// ProcedureConfig: the configuration map of one gds.* call, checked against the keys the
// procedure takes — an unknown key (a typo) is an error naming the keys it takes, as in
// GDS, never silently ignored — with typed reads that name the key and the type wanted.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "algo/projection.h"
#include "quiver/value.h"

namespace quiver::algo {

class ProcedureConfig {
 public:
  // `config`: the call's map, or null (no configuration). `keys`: what it may hold.
  ProcedureConfig(std::string procedure, const Value& config, std::vector<std::string> keys);

  const std::string& procedure() const { return procedure_; }
  const Value* Find(std::string_view key) const;
  std::optional<int64_t> Int(std::string_view key) const;
  // An integer given for a float key is taken as a float.
  std::optional<double> Float(std::string_view key) const;
  std::optional<bool> Bool(std::string_view key) const;
  std::optional<std::string> String(std::string_view key) const;
  // An integer in [low, high] (a count, a number of iterations).
  std::optional<int64_t> IntIn(std::string_view key, int64_t low, int64_t high) const;
  // A node of `graph` given as a node or as its id; fails when the projection lacks it.
  std::optional<DenseId> Node(std::string_view key, const GraphProjection& graph) const;
  // A list of them (or a single one).
  std::vector<DenseId> Nodes(std::string_view key, const GraphProjection& graph) const;
  // The map as given, for the `configuration` output.
  Value AsValue() const { return config_; }

  [[noreturn]] void Fail(const std::string& message) const;

 private:
  std::string procedure_;
  Value config_;
};

}  // namespace quiver::algo
