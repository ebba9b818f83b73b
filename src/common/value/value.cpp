// Construction, destruction and the map container of quiver::Value.

#include "quiver/value.h"

#include <algorithm>
#include <string>

#include "common/assert.h"
#include "quiver/error.h"

namespace quiver {

std::string_view KindName(ValueKind kind) {
  switch (kind) {
    case ValueKind::kNull:
      return "Null";
    case ValueKind::kBool:
      return "Boolean";
    case ValueKind::kInt:
      return "Integer";
    case ValueKind::kFloat:
      return "Float";
    case ValueKind::kDate:
      return "Date";
    case ValueKind::kLocalTime:
      return "LocalTime";
    case ValueKind::kString:
      return "String";
    case ValueKind::kList:
      return "List";
    case ValueKind::kMap:
      return "Map";
    case ValueKind::kNode:
      return "Node";
    case ValueKind::kRelationship:
      return "Relationship";
    case ValueKind::kPath:
      return "Path";
    case ValueKind::kTime:
      return "Time";
    case ValueKind::kLocalDateTime:
      return "LocalDateTime";
    case ValueKind::kDateTime:
      return "DateTime";
    case ValueKind::kDuration:
      return "Duration";
  }
  return "Unknown";
}

namespace detail {

namespace {
template <typename T>
void Delete(HeapHeader* heap) {
  delete static_cast<HeapBox<T>*>(heap);
}
}  // namespace

void DestroyHeap(ValueKind kind, HeapHeader* heap) noexcept {
  // Destroying a list or map releases its elements recursively. Cypher values are
  // built bottom-up and never form cycles, so reference counting frees everything.
  switch (kind) {
    case ValueKind::kString:
      return Delete<std::string>(heap);
    case ValueKind::kList:
      return Delete<std::vector<Value>>(heap);
    case ValueKind::kMap:
      return Delete<ValueMap>(heap);
    case ValueKind::kNode:
      return Delete<NodeValue>(heap);
    case ValueKind::kRelationship:
      return Delete<RelationshipValue>(heap);
    case ValueKind::kPath:
      return Delete<PathValue>(heap);
    case ValueKind::kTime:
      return Delete<TimeValue>(heap);
    case ValueKind::kLocalDateTime:
      return Delete<LocalDateTimeValue>(heap);
    case ValueKind::kDateTime:
      return Delete<DateTimeValue>(heap);
    case ValueKind::kDuration:
      return Delete<DurationValue>(heap);
    default:
      break;  // inline kinds own no heap block
  }
}

void ThrowWrongKind(ValueKind expected, ValueKind actual) {
  throw InternalError("", "Value accessor for " + std::string(KindName(expected)) + " used on a " +
                              std::string(KindName(actual)));
}

}  // namespace detail

Value Value::String(std::string s) {
  return MakeHeap<std::string>(ValueKind::kString, std::move(s));
}

Value Value::List(std::vector<Value> items) {
  return MakeHeap<std::vector<Value>>(ValueKind::kList, std::move(items));
}

Value Value::Map(ValueMap map) {
  return MakeHeap<ValueMap>(ValueKind::kMap, std::move(map));
}

Value Value::Node(NodeValue node) {
  return MakeHeap<NodeValue>(ValueKind::kNode, std::move(node));
}

Value Value::Relationship(RelationshipValue rel) {
  return MakeHeap<RelationshipValue>(ValueKind::kRelationship, std::move(rel));
}

Value Value::Path(PathValue path) {
  QUIVER_ASSERT_MSG(path.nodes.size() == path.relationships.size() + 1,
                    "a path has one more node than relationships");
  for (size_t i = 0; i < path.relationships.size(); ++i) {
    const RelationshipValue& rel = path.relationships[i];
    const uint64_t from = path.nodes[i].id;
    const uint64_t to = path.nodes[i + 1].id;
    QUIVER_ASSERT_MSG(
        (rel.start_id == from && rel.end_id == to) || (rel.start_id == to && rel.end_id == from),
        "path relationship " + std::to_string(i) + " does not join its neighbouring nodes");
  }
  return MakeHeap<PathValue>(ValueKind::kPath, std::move(path));
}

Value Value::Time(TimeValue v) {
  return MakeHeap<TimeValue>(ValueKind::kTime, v);
}

Value Value::LocalDateTime(LocalDateTimeValue v) {
  return MakeHeap<LocalDateTimeValue>(ValueKind::kLocalDateTime, v);
}

Value Value::DateTime(DateTimeValue v) {
  return MakeHeap<DateTimeValue>(ValueKind::kDateTime, std::move(v));
}

Value Value::Duration(DurationValue v) {
  return MakeHeap<DurationValue>(ValueKind::kDuration, v);
}

Value ToValue(Ternary t) {
  return t == Ternary::kNull ? Value() : Value::Bool(t == Ternary::kTrue);
}

// ---- ValueMap ----

namespace {
bool KeyLess(const ValueMap::Entry& a, const ValueMap::Entry& b) {
  return a.first < b.first;
}
}  // namespace

ValueMap::ValueMap(std::initializer_list<Entry> entries) : ValueMap(std::vector<Entry>(entries)) {}

ValueMap::ValueMap(std::vector<Entry> entries) : entries_(std::move(entries)) {
  // Stable sort keeps repeated keys in input order, so keeping the last of each run
  // makes the last occurrence win.
  std::stable_sort(entries_.begin(), entries_.end(), KeyLess);
  size_t out = 0;
  for (size_t i = 0; i < entries_.size(); ++i) {
    if (i + 1 < entries_.size() && entries_[i + 1].first == entries_[i].first) continue;
    if (out != i) entries_[out] = std::move(entries_[i]);
    ++out;
  }
  entries_.resize(out);
}

const Value* ValueMap::Find(std::string_view key) const {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), key,
                             [](const Entry& e, std::string_view k) { return e.first < k; });
  if (it == entries_.end() || it->first != key) return nullptr;
  return &it->second;
}

void ValueMap::Set(std::string key, Value value) {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), key,
                             [](const Entry& e, const std::string& k) { return e.first < k; });
  if (it != entries_.end() && it->first == key) {
    it->second = std::move(value);
  } else {
    entries_.emplace(it, std::move(key), std::move(value));
  }
}

bool ValueMap::Erase(std::string_view key) {
  auto it = std::lower_bound(entries_.begin(), entries_.end(), key,
                             [](const Entry& e, std::string_view k) { return e.first < k; });
  if (it == entries_.end() || it->first != key) return false;
  entries_.erase(it);
  return true;
}

}  // namespace quiver
