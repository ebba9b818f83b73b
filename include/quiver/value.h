#pragma once
// quiver::Value: one Cypher value, the currency of every layer above storage (property
// reads, expression evaluation, result rows, the TCK runner, the Bolt server).
//
// Representation (16 bytes: a kind tag and one 64-bit word):
//  * null, booleans, integers, floats, Date and LocalTime live inline: creating, copying
//    and destroying them never allocates and never touches an atomic.
//  * strings, lists, maps, nodes, relationships, paths and the wider temporal kinds live in
//    one heap block each, *immutable and shared* through an intrusive atomic reference
//    count. Why shared: the executor copies values constantly (projection, row buffers,
//    collect(), sort keys, group keys) and a Cypher value is never mutated in place, so a
//    copy is one relaxed increment instead of a deep copy; the count is atomic because
//    rows move between the worker threads of a morsel-parallel query. (A plain
//    shared_ptr would make Value 24 bytes and add a control block.)
// A future small-string optimisation can keep this API: AsString() returns a view.
//
// The openCypher semantics on values — equality, comparison, the ORDER BY order,
// grouping equivalence, hashing and TCK printing — are declared in quiver/value_ops.h,
// which this header includes.
//
// Accessors check the kind and throw InternalError on a mismatch: that is a bug in the
// caller, which must test the kind first and raise the proper openCypher TypeError
// itself. The check is one predictable compare.

#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "quiver/export.h"
#include "quiver/value_temporal.h"

namespace quiver {

// The kinds in tag order. The inline kinds come first so that "has a heap payload" is a
// single compare (kind >= kString).
enum class ValueKind : uint8_t {
  kNull = 0,
  kBool,
  kInt,
  kFloat,
  kDate,
  kLocalTime,
  // --- heap payloads from here on ---
  kString,
  kList,
  kMap,
  kNode,
  kRelationship,
  kPath,
  kTime,
  kLocalDateTime,
  kDateTime,
  kDuration,
};

// The type name as Neo4j writes it in error messages: "Null", "Boolean", "Integer",
// "Float", "String", "List", "Map", "Node", "Relationship", "Path", "Date",
// "LocalTime", "Time", "LocalDateTime", "DateTime", "Duration".
QUIVER_EXPORT std::string_view KindName(ValueKind kind);

class Value;
class ValueMap;
struct NodeValue;
struct RelationshipValue;
struct PathValue;

namespace detail {
struct HeapHeader {
  std::atomic<uint64_t> refs{1};
};
template <typename T>
struct HeapBox : HeapHeader {
  template <typename... Args>
  explicit HeapBox(Args&&... args) : value(std::forward<Args>(args)...) {}
  T value;
};
QUIVER_EXPORT void DestroyHeap(ValueKind kind, HeapHeader* heap) noexcept;
[[noreturn]] QUIVER_EXPORT void ThrowWrongKind(ValueKind expected, ValueKind actual);
}  // namespace detail

class QUIVER_EXPORT Value {
 public:
  Value() noexcept = default;  // null
  Value(const Value& other) noexcept : kind_(other.kind_), bits_(other.bits_) {
    if (HasHeap()) Heap()->refs.fetch_add(1, std::memory_order_relaxed);
  }
  Value(Value&& other) noexcept : kind_(other.kind_), bits_(other.bits_) {
    other.kind_ = ValueKind::kNull;
    other.bits_ = 0;
  }
  Value& operator=(const Value& other) noexcept {
    Value copy(other);
    Swap(copy);
    return *this;
  }
  Value& operator=(Value&& other) noexcept {
    Value moved(std::move(other));
    Swap(moved);
    return *this;
  }
  ~Value() {
    if (HasHeap() && Heap()->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      detail::DestroyHeap(kind_, Heap());
    }
  }
  void Swap(Value& other) noexcept {
    std::swap(kind_, other.kind_);
    std::swap(bits_, other.bits_);
  }

  // ---- factories ----
  static Value Null() { return Value(); }
  static Value Bool(bool b) { return Value(ValueKind::kBool, b ? 1 : 0); }
  static Value Int(int64_t i) { return Value(ValueKind::kInt, static_cast<uint64_t>(i)); }
  static Value Float(double d) { return Value(ValueKind::kFloat, std::bit_cast<uint64_t>(d)); }
  static Value String(std::string s);
  static Value String(std::string_view s) { return String(std::string(s)); }
  static Value String(const char* s) { return String(std::string(s)); }
  static Value List(std::vector<Value> items);
  static Value Map(ValueMap map);
  static Value Node(NodeValue node);
  static Value Relationship(RelationshipValue rel);
  // Asserts the path shape: nodes.size() == relationships.size() + 1, and each
  // relationship joins its neighbouring nodes (in either direction).
  static Value Path(PathValue path);
  static Value Date(DateValue v) { return Value(ValueKind::kDate, static_cast<uint64_t>(v.days)); }
  static Value LocalTime(LocalTimeValue v) {
    return Value(ValueKind::kLocalTime, static_cast<uint64_t>(v.nanos));
  }
  static Value Time(TimeValue v);
  static Value LocalDateTime(LocalDateTimeValue v);
  static Value DateTime(DateTimeValue v);
  static Value Duration(DurationValue v);

  // ---- kind tests ----
  ValueKind kind() const { return kind_; }
  std::string_view TypeName() const { return KindName(kind_); }
  bool IsNull() const { return kind_ == ValueKind::kNull; }
  bool IsBool() const { return kind_ == ValueKind::kBool; }
  bool IsInt() const { return kind_ == ValueKind::kInt; }
  bool IsFloat() const { return kind_ == ValueKind::kFloat; }
  bool IsNumber() const { return kind_ == ValueKind::kInt || kind_ == ValueKind::kFloat; }
  bool IsString() const { return kind_ == ValueKind::kString; }
  bool IsList() const { return kind_ == ValueKind::kList; }
  bool IsMap() const { return kind_ == ValueKind::kMap; }
  bool IsNode() const { return kind_ == ValueKind::kNode; }
  bool IsRelationship() const { return kind_ == ValueKind::kRelationship; }
  bool IsPath() const { return kind_ == ValueKind::kPath; }
  bool IsDate() const { return kind_ == ValueKind::kDate; }
  bool IsLocalTime() const { return kind_ == ValueKind::kLocalTime; }
  bool IsTime() const { return kind_ == ValueKind::kTime; }
  bool IsLocalDateTime() const { return kind_ == ValueKind::kLocalDateTime; }
  bool IsDateTime() const { return kind_ == ValueKind::kDateTime; }
  bool IsDuration() const { return kind_ == ValueKind::kDuration; }
  bool IsTemporal() const {
    return kind_ == ValueKind::kDate || kind_ == ValueKind::kLocalTime || kind_ >= ValueKind::kTime;
  }

  // ---- accessors (throw InternalError on the wrong kind) ----
  bool AsBool() const {
    Check(ValueKind::kBool);
    return bits_ != 0;
  }
  int64_t AsInt() const {
    Check(ValueKind::kInt);
    return static_cast<int64_t>(bits_);
  }
  double AsFloat() const {
    Check(ValueKind::kFloat);
    return std::bit_cast<double>(bits_);
  }
  // An Integer or a Float as a double (integers past 2^53 round).
  double AsNumber() const {
    if (kind_ == ValueKind::kInt) return static_cast<double>(static_cast<int64_t>(bits_));
    return AsFloat();
  }
  std::string_view AsString() const { return Payload<std::string>(ValueKind::kString); }
  const std::vector<Value>& AsList() const { return Payload<std::vector<Value>>(ValueKind::kList); }
  const ValueMap& AsMap() const;
  const NodeValue& AsNode() const;
  const RelationshipValue& AsRelationship() const;
  const PathValue& AsPath() const;
  DateValue AsDate() const {
    Check(ValueKind::kDate);
    return DateValue{static_cast<int64_t>(bits_)};
  }
  LocalTimeValue AsLocalTime() const {
    Check(ValueKind::kLocalTime);
    return LocalTimeValue{static_cast<int64_t>(bits_)};
  }
  const TimeValue& AsTime() const { return Payload<TimeValue>(ValueKind::kTime); }
  const LocalDateTimeValue& AsLocalDateTime() const {
    return Payload<LocalDateTimeValue>(ValueKind::kLocalDateTime);
  }
  const DateTimeValue& AsDateTime() const { return Payload<DateTimeValue>(ValueKind::kDateTime); }
  const DurationValue& AsDuration() const { return Payload<DurationValue>(ValueKind::kDuration); }

  // True when both values share one heap payload (or are the same inline value); a
  // cheap pre-check for equality, and what tests use to observe sharing.
  bool SharesPayloadWith(const Value& other) const { return kind_ == other.kind_ && bits_ == other.bits_; }
  // How many Values share this one's heap payload (at this instant: another thread may
  // copy it next); 0 for an inline value. Memory accounting charges a payload to its
  // holders only while few share it, so a list copied into a million rows counts once.
  uint64_t PayloadOwners() const { return HasHeap() ? Heap()->refs.load(std::memory_order_relaxed) : 0; }

 private:
  Value(ValueKind kind, uint64_t bits) : kind_(kind), bits_(bits) {}
  template <typename T, typename... Args>
  static Value MakeHeap(ValueKind kind, Args&&... args) {
    auto* box = new detail::HeapBox<T>(std::forward<Args>(args)...);
    return Value(kind,
                 static_cast<uint64_t>(reinterpret_cast<uintptr_t>(static_cast<detail::HeapHeader*>(box))));
  }
  bool HasHeap() const { return kind_ >= ValueKind::kString; }
  detail::HeapHeader* Heap() const {
    return reinterpret_cast<detail::HeapHeader*>(static_cast<uintptr_t>(bits_));
  }
  void Check(ValueKind expected) const {
    if (kind_ != expected) [[unlikely]]
      detail::ThrowWrongKind(expected, kind_);
  }
  template <typename T>
  const T& Payload(ValueKind expected) const {
    Check(expected);
    return static_cast<const detail::HeapBox<T>*>(Heap())->value;
  }

  ValueKind kind_ = ValueKind::kNull;
  uint64_t bits_ = 0;  // inline payload, or the HeapHeader* of a heap payload
};

static_assert(sizeof(Value) == 16, "Value must stay one tag + one word");

// A map value: entries sorted by key (byte order), keys unique. Sorted keys give a
// deterministic order for printing, equality, ordering and hashing, and O(log n) lookup;
// Cypher maps are small, so a flat vector beats a node-based map.
class QUIVER_EXPORT ValueMap {
 public:
  using Entry = std::pair<std::string, Value>;
  using const_iterator = std::vector<Entry>::const_iterator;

  ValueMap() = default;
  // Sorts the entries; when a key repeats, the last entry wins (as in a map literal).
  ValueMap(std::initializer_list<Entry> entries);
  explicit ValueMap(std::vector<Entry> entries);

  size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  const_iterator begin() const { return entries_.begin(); }
  const_iterator end() const { return entries_.end(); }
  const std::vector<Entry>& entries() const { return entries_; }

  // nullptr when the key is absent (a present key may map to a null Value).
  const Value* Find(std::string_view key) const;
  bool Contains(std::string_view key) const { return Find(key) != nullptr; }
  // Inserts or replaces; O(n) — for building maps, not for hot loops.
  void Set(std::string key, Value value);
  bool Erase(std::string_view key);

 private:
  std::vector<Entry> entries_;
};

// A node as a value: identity plus a snapshot of its labels and properties.
struct NodeValue {
  uint64_t id = 0;                  // internal node id; equality and ordering use only this
  std::vector<std::string> labels;  // in the order the storage layer reports them
  ValueMap properties;
};

struct RelationshipValue {
  uint64_t id = 0;  // internal relationship id; equality and ordering use only this
  std::string type;
  uint64_t start_id = 0;
  uint64_t end_id = 0;
  ValueMap properties;
};

// Alternating nodes and relationships: relationships[i] joins nodes[i] and nodes[i + 1],
// traversed forward when start_id == nodes[i].id, backward otherwise.
struct PathValue {
  std::vector<NodeValue> nodes;  // never empty in a valid path
  std::vector<RelationshipValue> relationships;
};

inline const ValueMap& Value::AsMap() const {
  return Payload<ValueMap>(ValueKind::kMap);
}
inline const NodeValue& Value::AsNode() const {
  return Payload<NodeValue>(ValueKind::kNode);
}
inline const RelationshipValue& Value::AsRelationship() const {
  return Payload<RelationshipValue>(ValueKind::kRelationship);
}
inline const PathValue& Value::AsPath() const {
  return Payload<PathValue>(ValueKind::kPath);
}

}  // namespace quiver

#include "quiver/value_ops.h"  // IWYU pragma: export
