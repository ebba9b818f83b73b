#include "exec/value_bytes.h"

#include <string>
#include <vector>

namespace quiver::exec {

namespace {

// A heap block: the allocator's header plus the reference count.
constexpr uint64_t kBlock = 16 + 8;
constexpr uint64_t kString = sizeof(std::string);
constexpr uint64_t kVector = sizeof(std::vector<Value>);
// Deeper than this, elements count by their slots only: the estimate must not recurse
// as deep as a value can nest.
constexpr int kMaxDepth = 16;

uint64_t StringBytes(std::string_view s) { return s.size() > 15 ? s.size() + 1 + 16 : 0; }

uint64_t Held(const Value& v, int depth);

uint64_t MapBytes(const ValueMap& map, int depth) {
  uint64_t bytes = kVector;
  for (const auto& [key, value] : map) bytes += kString + StringBytes(key) + Held(value, depth + 1);
  return bytes;
}

uint64_t PayloadBytes(const Value& v, int depth) {
  switch (v.kind()) {
    case ValueKind::kString:
      return kBlock + kString + StringBytes(v.AsString());
    case ValueKind::kList: {
      uint64_t bytes = kBlock + kVector;
      for (const Value& item : v.AsList()) bytes += Held(item, depth + 1);
      return bytes;
    }
    case ValueKind::kMap:
      return kBlock + MapBytes(v.AsMap(), depth);
    case ValueKind::kNode: {
      const NodeValue& node = v.AsNode();
      uint64_t bytes = kBlock + sizeof(NodeValue) + MapBytes(node.properties, depth);
      for (const auto& label : node.labels) bytes += kString + StringBytes(label);
      return bytes;
    }
    case ValueKind::kRelationship: {
      const RelationshipValue& rel = v.AsRelationship();
      return kBlock + sizeof(RelationshipValue) + StringBytes(rel.type) + MapBytes(rel.properties, depth);
    }
    case ValueKind::kPath: {
      const PathValue& path = v.AsPath();
      return kBlock + sizeof(PathValue) + path.nodes.size() * sizeof(NodeValue) +
             path.relationships.size() * sizeof(RelationshipValue);
    }
    default:  // the wider temporal kinds: one small fixed block
      return kBlock + 32;
  }
}

uint64_t Held(const Value& v, int depth) {
  uint64_t bytes = sizeof(Value);
  const uint64_t owners = v.PayloadOwners();
  if (owners > 0 && owners <= (depth == 0 ? 2 : 1) && depth < kMaxDepth) bytes += PayloadBytes(v, depth);
  return bytes;
}

}  // namespace

uint64_t HeldBytes(const Value& v) { return Held(v, 0); }

}  // namespace quiver::exec
