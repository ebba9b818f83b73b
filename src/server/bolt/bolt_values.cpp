#include "server/bolt/bolt_values.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

#include "server/bolt/bolt_temporal.h"
#include "server/bolt/value_structures.h"

namespace quiver::server::bolt {

namespace {

// A list or map header claims its size before its items arrive; the items are checked to
// be possible (PackReader), but reserving all that a nested header claims, at every
// level, would let a small message reserve far more than its own size. Beyond this the
// vectors grow with the items actually read.
constexpr uint32_t kMaxReserve = 1024;

uint32_t ItemCount(size_t size) {
  if (size > std::numeric_limits<uint32_t>::max()) {
    throw PackStreamError("a list or map of " + std::to_string(size) + " items is too large for PackStream");
  }
  return static_cast<uint32_t>(size);
}

// ---- encoding -----------------------------------------------------------------------

std::string ElementId(uint64_t id) {
  return std::to_string(id);
}

void EncodeMap(PackWriter& w, const ValueMap& map, const BoltVersion& version) {
  w.MapHeader(ItemCount(map.size()));
  for (const auto& [key, value] : map) {
    w.String(key);
    EncodeValue(w, value, version);
  }
}

void EncodeNode(PackWriter& w, const NodeValue& node, const BoltVersion& version) {
  w.StructHeader(version.ElementIds() ? 4 : 3, kNodeTag);
  w.Int(static_cast<int64_t>(node.id));
  w.ListHeader(ItemCount(node.labels.size()));
  for (const std::string& label : node.labels) w.String(label);
  EncodeMap(w, node.properties, version);
  if (version.ElementIds()) w.String(ElementId(node.id));
}

void EncodeRelationship(PackWriter& w, const RelationshipValue& rel, const BoltVersion& version) {
  w.StructHeader(version.ElementIds() ? 8 : 5, kRelationshipTag);
  w.Int(static_cast<int64_t>(rel.id));
  w.Int(static_cast<int64_t>(rel.start_id));
  w.Int(static_cast<int64_t>(rel.end_id));
  w.String(rel.type);
  EncodeMap(w, rel.properties, version);
  if (version.ElementIds()) {
    w.String(ElementId(rel.id));
    w.String(ElementId(rel.start_id));
    w.String(ElementId(rel.end_id));
  }
}

// In a path the ends of a relationship are implied by the nodes around it.
void EncodeUnboundRelationship(PackWriter& w, const RelationshipValue& rel, const BoltVersion& version) {
  w.StructHeader(version.ElementIds() ? 4 : 3, kUnboundRelationshipTag);
  w.Int(static_cast<int64_t>(rel.id));
  w.String(rel.type);
  EncodeMap(w, rel.properties, version);
  if (version.ElementIds()) w.String(ElementId(rel.id));
}

// Each distinct node and relationship once, in order of first appearance; the indices
// then retrace the path: per step the relationship's 1-based index (negative when the
// step runs from its end to its start) and the next node's 0-based index.
void EncodePath(PackWriter& w, const PathValue& path, const BoltVersion& version) {
  std::vector<const NodeValue*> nodes;
  std::vector<const RelationshipValue*> rels;
  std::unordered_map<uint64_t, int64_t> node_index;
  std::unordered_map<uint64_t, int64_t> rel_index;
  std::vector<int64_t> indices;
  indices.reserve(2 * path.relationships.size());
  const auto index_of = [](auto& index, auto& unique, const auto& item) {
    const auto [it, added] = index.try_emplace(item.id, static_cast<int64_t>(unique.size()));
    if (added) unique.push_back(&item);
    return it->second;
  };
  for (size_t i = 0; i < path.nodes.size(); ++i) {
    const int64_t node = index_of(node_index, nodes, path.nodes[i]);
    if (i == 0) continue;
    const RelationshipValue& rel = path.relationships[i - 1];
    const int64_t rel_number = index_of(rel_index, rels, rel) + 1;
    indices.push_back(rel.start_id == path.nodes[i - 1].id ? rel_number : -rel_number);
    indices.push_back(node);
  }
  w.StructHeader(3, kPathTag);
  w.ListHeader(ItemCount(nodes.size()));
  for (const NodeValue* node : nodes) EncodeNode(w, *node, version);
  w.ListHeader(ItemCount(rels.size()));
  for (const RelationshipValue* rel : rels) EncodeUnboundRelationship(w, *rel, version);
  w.ListHeader(ItemCount(indices.size()));
  for (const int64_t index : indices) w.Int(index);
}

// ---- decoding -----------------------------------------------------------------------

void CheckDepth(int depth) {
  if (depth >= kMaxDepth) {
    throw PackStreamError("values nested more than " + std::to_string(kMaxDepth) + " levels deep");
  }
}

Value DecodeList(PackReader& r, const BoltVersion& version, int depth) {
  const uint32_t size = r.ListHeader();
  std::vector<Value> items;
  items.reserve(std::min(size, kMaxReserve));
  for (uint32_t i = 0; i < size; ++i) items.push_back(DecodeValue(r, version, depth + 1));
  return Value::List(std::move(items));
}

// A key given twice is an error, as in Neo4j: which of the two the client meant is not
// ours to guess.
Value DecodeMap(PackReader& r, const BoltVersion& version, int depth) {
  const uint32_t size = r.MapHeader();
  std::vector<ValueMap::Entry> entries;
  entries.reserve(std::min(size, kMaxReserve));
  for (uint32_t i = 0; i < size; ++i) {
    if (r.Peek() != PackType::kString) {
      throw PackStreamError("a map key must be a string (at byte " + std::to_string(r.position()) + ")");
    }
    std::string key = r.String();
    entries.emplace_back(std::move(key), DecodeValue(r, version, depth + 1));
  }
  std::stable_sort(entries.begin(), entries.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  const auto twice = std::adjacent_find(entries.begin(), entries.end(),
                                        [](const auto& a, const auto& b) { return a.first == b.first; });
  if (twice != entries.end()) throw PackStreamError("a map has the key '" + twice->first + "' twice");
  return Value::Map(ValueMap(std::move(entries)));
}

// What a client cannot send: Quiver has no value for it, or (graph entities) it is the
// database's to make, not a client's.
[[noreturn]] void Refuse(const std::string& what, const char* why) {
  throw PackStreamError(what + " cannot be sent to the server: " + why);
}

constexpr char kGraphEntity[] = "nodes, relationships and paths come from the database";
constexpr char kSpatial[] = "Quiver has no spatial values";

Value DecodeStructure(PackReader& r, const BoltVersion& version) {
  uint8_t tag = 0;
  const uint8_t fields = r.StructHeader(tag);
  if (std::optional<Value> temporal = DecodeTemporal(r, tag, fields, version)) return std::move(*temporal);
  switch (tag) {
    case kNodeTag:
      Refuse("a Node (structure 'N')", kGraphEntity);
    case kRelationshipTag:
      Refuse("a Relationship (structure 'R')", kGraphEntity);
    case kUnboundRelationshipTag:
      Refuse("an UnboundRelationship (structure 'r')", kGraphEntity);
    case kPathTag:
      Refuse("a Path (structure 'P')", kGraphEntity);
    case kPoint2DTag:
      Refuse("a Point2D (structure 'X')", kSpatial);
    case kPoint3DTag:
      Refuse("a Point3D (structure 'Y')", kSpatial);
    default:
      break;
  }
  char text[48];
  std::snprintf(text, sizeof(text), "unknown structure tag 0x%02X", static_cast<unsigned>(tag));
  throw PackStreamError(text);
}

}  // namespace

void EncodeValue(PackWriter& w, const Value& v, const BoltVersion& version) {
  switch (v.kind()) {
    case ValueKind::kNull:
      return w.Null();
    case ValueKind::kBool:
      return w.Bool(v.AsBool());
    case ValueKind::kInt:
      return w.Int(v.AsInt());
    case ValueKind::kFloat:
      return w.Float(v.AsFloat());
    case ValueKind::kString:
      return w.String(v.AsString());
    case ValueKind::kList: {
      const std::vector<Value>& items = v.AsList();
      w.ListHeader(ItemCount(items.size()));
      for (const Value& item : items) EncodeValue(w, item, version);
      return;
    }
    case ValueKind::kMap:
      return EncodeMap(w, v.AsMap(), version);
    case ValueKind::kNode:
      return EncodeNode(w, v.AsNode(), version);
    case ValueKind::kRelationship:
      return EncodeRelationship(w, v.AsRelationship(), version);
    case ValueKind::kPath:
      return EncodePath(w, v.AsPath(), version);
    default:
      return EncodeTemporal(w, v, version);
  }
}

Value DecodeValue(PackReader& r, const BoltVersion& version, int depth) {
  switch (r.Peek()) {
    case PackType::kNull:
      r.Null();
      return Value::Null();
    case PackType::kBool:
      return Value::Bool(r.Bool());
    case PackType::kInt:
      return Value::Int(r.Int());
    case PackType::kFloat:
      return Value::Float(r.Float());
    case PackType::kString:
      return Value::String(r.String());
    case PackType::kBytes:
      Refuse("a byte array", "Quiver's Cypher has no byte arrays");
    case PackType::kList:
      CheckDepth(depth);
      return DecodeList(r, version, depth);
    case PackType::kMap:
      CheckDepth(depth);
      return DecodeMap(r, version, depth);
    case PackType::kStruct:
      CheckDepth(depth);
      return DecodeStructure(r, version);
    case PackType::kEnd:
      break;
  }
  throw PackStreamError("a value was expected at byte " + std::to_string(r.position()) +
                        ", but the message ends there");
}

BoltMessage DecodeMessage(std::span<const uint8_t> bytes, const BoltVersion& version) {
  PackReader r(bytes);
  if (r.Peek() != PackType::kStruct) {
    throw PackStreamError(r.AtEnd() ? "an empty message" : "a message must be a structure");
  }
  BoltMessage message;
  const uint8_t fields = r.StructHeader(message.tag);
  message.fields.reserve(fields);
  // The message's fields are values at the top level: the envelope does not count
  // against kMaxDepth.
  for (uint8_t i = 0; i < fields; ++i) message.fields.push_back(DecodeValue(r, version, 0));
  if (!r.AtEnd()) {
    throw PackStreamError(std::to_string(bytes.size() - r.position()) +
                          " bytes follow the message's structure");
  }
  return message;
}

}  // namespace quiver::server::bolt
