#pragma once
// Values in the JSON of Neo4j's HTTP transaction endpoint (docs/web.md), both ways.
//
// Parameters come in as JSON: numbers without a fraction or exponent are INTEGERs, others
// FLOATs; arrays are lists, objects maps. Results go out in the endpoint's formats:
//   row    the values, a node or a relationship as its property map, a path as the
//          alternating list of those maps, a temporal as its ISO 8601 text, NaN and the
//          infinities (which JSON has no number for) as "NaN", "Infinity", "-Infinity";
//   meta   beside each value of `row`: {id, elementId, type: "node"|"relationship",
//          deleted} for an entity, a list of those for a path or a list, {type: "date"}
//          (and the other temporal types) for a temporal, null otherwise;
//   graph  every node and relationship anywhere in the row (inside lists, maps and
//          paths), once each: {id, elementId, labels, properties} and {id, elementId,
//          type, startNode, endNode, properties}, ids as strings.

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string_view>
#include <unordered_set>

#include "quiver/value.h"

namespace quiver::server::http {

using Json = nlohmann::ordered_json;

// A request the endpoint cannot read: malformed JSON, a field of the wrong type, a
// document nested too deep. The message says what and where.
class InvalidRequest : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Objects and arrays nest at most this deep in a request (deeper would exhaust the
// stack of whoever walks the value).
inline constexpr int kMaxJsonDepth = 256;

// Parses a request body; InvalidRequest when it is not JSON or nests too deep.
Json ParseRequestJson(std::string_view text);

// A parameter value; InvalidRequest names `where` (e.g. "parameters.ids[3]") for a
// number that is no INTEGER or FLOAT (an unsigned one past 2^63 - 1).
Value ValueFromJson(const Json& json, const std::string& where);
ValueMap ParametersFromJson(const Json& json);

Json RowJson(const Value& v);
Json MetaJson(const Value& v);

// The nodes and relationships of one row, each once, in the order they first appear.
class GraphCollector {
 public:
  void Add(const Value& v);
  Json Take();  // {"nodes": [...], "relationships": [...]}, and starts afresh

 private:
  void AddNode(const NodeValue& n);
  void AddRelationship(const RelationshipValue& r);

  Json nodes_ = Json::array();
  Json relationships_ = Json::array();
  std::unordered_set<uint64_t> node_ids_;
  std::unordered_set<uint64_t> relationship_ids_;
};

}  // namespace quiver::server::http
