#pragma once
// Side effects exactly as the TCK README defines them ("Observability of side
// effects"): four defining queries run before and after the query under test, and each
// metric is the difference of the two result multisets. Nodes and relationships are
// identified by their ids (NodeValue::id / RelationshipValue::id), which the defining
// queries' results carry; a property is the triple (entity, key, value), so a changed
// value counts as one removal and one addition; labels are the distinct label names.

#include <array>
#include <map>
#include <optional>
#include <string>

#include "gherkin.h"
#include "quiver/database.h"

namespace quiver::tck {

// The README's defining queries, verbatim.
inline constexpr const char* kNodesQuery = "MATCH (n)\nRETURN n";
inline constexpr const char* kRelationshipsQuery = "MATCH ()-[r]->()\nRETURN r";
inline constexpr const char* kPropertiesQuery =
    "MATCH (n)\n"
    "UNWIND keys(n) AS key\n"
    "WITH properties(n) AS properties, key, n\n"
    "RETURN n AS entity, key, properties[key] AS value\n"
    "UNION ALL\n"
    "MATCH ()-[r]->()\n"
    "UNWIND keys(r) AS key\n"
    "WITH properties(r) AS properties, key, r\n"
    "RETURN r AS entity, key, properties[key] AS value";
inline constexpr const char* kLabelsQuery = "MATCH (n)\nUNWIND labels(n) AS label\nRETURN DISTINCT label";

// The observable state: each metric's records as a multiset of identity keys.
struct GraphSnapshot {
  std::map<std::string, int> nodes;
  std::map<std::string, int> relationships;
  std::map<std::string, int> properties;
  std::map<std::string, int> labels;
};

// Builds a snapshot from the four defining queries' results. Throws std::runtime_error
// when a result does not have the shape the query defines (e.g. `n` is not a node).
GraphSnapshot SnapshotFromResults(const QueryResult& nodes, const QueryResult& relationships,
                                  const QueryResult& properties, const QueryResult& labels);

// Runs the four defining queries. Throws std::runtime_error naming the query that
// failed (a QuiverError from the engine becomes its message).
GraphSnapshot TakeSnapshot(Connection& connection);

// The eight counters, in the TCK's names.
enum SideEffect : int {
  kPlusNodes,
  kMinusNodes,
  kPlusRelationships,
  kMinusRelationships,
  kPlusProperties,
  kMinusProperties,
  kPlusLabels,
  kMinusLabels,
  kSideEffectCount,
};
const char* SideEffectName(SideEffect effect);  // "+nodes", ...

struct SideEffects {
  std::array<int64_t, kSideEffectCount> counts{};
  bool operator==(const SideEffects&) const = default;
  bool None() const;
  std::string ToString() const;  // "+nodes 1, +labels 2" or "none"
};

SideEffects Diff(const GraphSnapshot& before, const GraphSnapshot& after);

// Reads a `the side effects should be:` table (| +nodes | 1 |); unnamed counters are 0.
// Throws std::runtime_error on an unknown name or a bad count.
SideEffects ParseSideEffectsTable(const DataTable& table);

}  // namespace quiver::tck
