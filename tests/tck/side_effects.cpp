#include "side_effects.h"

#include <charconv>
#include <stdexcept>

#include "result_matcher.h"

namespace quiver::tck {
namespace {

constexpr std::array<const char*, kSideEffectCount> kNames = {
    "+nodes",      "-nodes",      "+relationships", "-relationships",
    "+properties", "-properties", "+labels",        "-labels",
};

void RequireColumns(const QueryResult& result, size_t count, const char* what) {
  for (const auto& row : result.rows()) {
    if (row.size() != count) {
      throw std::runtime_error(std::string("side-effect query for ") + what + " returned a row of " +
                               std::to_string(row.size()) + " values");
    }
  }
}

// The identity of a node or relationship: its kind and id (the printed form would
// change with its properties, and the notation has no id).
std::string EntityKey(const Value& v) {
  // Appending (rather than "n" + to_string) also sidesteps a GCC 12 -Wrestrict false positive.
  std::string key;
  if (v.IsNode()) return key.append("n").append(std::to_string(v.AsNode().id));
  if (v.IsRelationship()) return key.append("r").append(std::to_string(v.AsRelationship().id));
  throw std::runtime_error("side-effect query returned " + ToTckString(v) + " where an entity was expected");
}

void Count(const std::map<std::string, int>& before, const std::map<std::string, int>& after, int64_t& plus,
           int64_t& minus) {
  for (const auto& [key, n] : after) {
    auto it = before.find(key);
    const int b = it == before.end() ? 0 : it->second;
    if (n > b) plus += n - b;
  }
  for (const auto& [key, n] : before) {
    auto it = after.find(key);
    const int a = it == after.end() ? 0 : it->second;
    if (n > a) minus += n - a;
  }
}

}  // namespace

const char* SideEffectName(SideEffect effect) {
  return kNames[effect];
}

bool SideEffects::None() const {
  for (int64_t c : counts) {
    if (c != 0) return false;
  }
  return true;
}

std::string SideEffects::ToString() const {
  std::string out;
  for (int i = 0; i < kSideEffectCount; ++i) {
    if (counts[i] == 0) continue;
    if (!out.empty()) out.append(", ");
    out.append(kNames[i]).append(" ").append(std::to_string(counts[i]));
  }
  return out.empty() ? "none" : out;
}

GraphSnapshot SnapshotFromResults(const QueryResult& nodes, const QueryResult& relationships,
                                  const QueryResult& properties, const QueryResult& labels) {
  GraphSnapshot snapshot;
  RequireColumns(nodes, 1, "nodes");
  for (const auto& row : nodes.rows()) {
    if (!row[0].IsNode()) throw std::runtime_error("nodes query returned a non-node " + ToTckString(row[0]));
    ++snapshot.nodes[EntityKey(row[0])];
  }
  RequireColumns(relationships, 1, "relationships");
  for (const auto& row : relationships.rows()) {
    if (!row[0].IsRelationship()) {
      throw std::runtime_error("relationships query returned a non-relationship " + ToTckString(row[0]));
    }
    ++snapshot.relationships[EntityKey(row[0])];
  }
  RequireColumns(properties, 3, "properties");
  for (const auto& row : properties.rows()) {
    if (!row[1].IsString()) throw std::runtime_error("properties query returned key " + ToTckString(row[1]));
    std::string key = EntityKey(row[0]);
    key.push_back('\x1f');
    key.append(row[1].AsString());
    key.push_back('\x1f');
    key.append(CanonicalText(row[2], /*ignore_list_order=*/false));
    ++snapshot.properties[key];
  }
  RequireColumns(labels, 1, "labels");
  for (const auto& row : labels.rows()) {
    if (!row[0].IsString()) throw std::runtime_error("labels query returned " + ToTckString(row[0]));
    ++snapshot.labels[std::string(row[0].AsString())];
  }
  return snapshot;
}

GraphSnapshot TakeSnapshot(Connection& connection) {
  const std::array<const char*, 4> queries = {kNodesQuery, kRelationshipsQuery, kPropertiesQuery,
                                              kLabelsQuery};
  const std::array<const char*, 4> names = {"nodes", "relationships", "properties", "labels"};
  std::array<QueryResult, 4> results;
  for (size_t i = 0; i < queries.size(); ++i) {
    try {
      results[i] = connection.Query(queries[i]);
      (void)results[i].rows();  // read inside the try: a streaming result's errors come with its rows
    } catch (const std::exception& e) {
      throw std::runtime_error(std::string("side-effect query for ") + names[i] + " failed: " + e.what());
    }
  }
  return SnapshotFromResults(results[0], results[1], results[2], results[3]);
}

SideEffects Diff(const GraphSnapshot& before, const GraphSnapshot& after) {
  SideEffects effects;
  auto& c = effects.counts;
  Count(before.nodes, after.nodes, c[kPlusNodes], c[kMinusNodes]);
  Count(before.relationships, after.relationships, c[kPlusRelationships], c[kMinusRelationships]);
  Count(before.properties, after.properties, c[kPlusProperties], c[kMinusProperties]);
  Count(before.labels, after.labels, c[kPlusLabels], c[kMinusLabels]);
  return effects;
}

SideEffects ParseSideEffectsTable(const DataTable& table) {
  SideEffects effects;
  for (const auto& row : table.rows) {
    if (row.size() != 2) throw std::runtime_error("side-effects row needs a name and a count");
    int index = -1;
    for (int i = 0; i < kSideEffectCount; ++i) {
      if (row[0] == kNames[i]) index = i;
    }
    if (index < 0) throw std::runtime_error("unknown side effect '" + row[0] + "'");
    int64_t count = 0;
    const auto [ptr, ec] = std::from_chars(row[1].data(), row[1].data() + row[1].size(), count);
    if (ec != std::errc() || ptr != row[1].data() + row[1].size()) {
      throw std::runtime_error("bad side-effect count '" + row[1] + "'");
    }
    effects.counts[index] = count;
  }
  return effects;
}

}  // namespace quiver::tck
