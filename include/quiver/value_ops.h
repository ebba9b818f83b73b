#pragma once
// The openCypher semantics of quiver::Value (include "quiver/value.h", which includes
// this header). Four notions, after CIP2016-06-14 and the TCK, which wins where the two
// disagree:
//
//  * Equality (`=`, `<>`, `IN`): ternary. Anything involving null is null. Numbers compare
//    by mathematical value across Integer and Float (1 = 1.0; 2^53 + 1 <> 2^53 as a
//    float: no rounding through double). NaN equals nothing, itself included. Values of
//    different kinds are unequal (false, not null), e.g. '1' = 1. Lists: different sizes
//    are unequal; otherwise the ternary AND of the element-wise equalities, so
//    [1, null] = [1, 2] is null but [1, null] = [2, 2] is false. Maps likewise: different
//    key sets are unequal, else the AND over the values. Nodes and relationships by id;
//    paths by their node and relationship ids (direction is ignored, TCK Comparison1 #14).
//    Temporals: same kind only; Time and DateTime by UTC instant; Duration field-wise.
//
//  * Comparison (`<`, `<=`, `>`, `>=`): defined only within numbers (mixed Integer/Float
//    exactly), strings (by Unicode code point, i.e. UTF-8 byte order), booleans
//    (false < true), lists (lexicographic by element comparison; a proper prefix is
//    smaller, so [1, null] >= [1] is true) and temporals of one kind (Duration is not
//    comparable). Anything else — null, mixed kinds, maps, nodes, relationships, paths —
//    gives null. NaN against a number gives "unordered": all four operators are false.
//
//  * Orderability (ORDER BY, min/max): a total order over all values. Ascending:
//        Map < Node < Relationship < List < Path
//          < DateTime < LocalDateTime < Date < Time < LocalTime < Duration
//          < String < Boolean < Number < null
//    (TCK ReturnOrderBy1 #11 and WithOrderBy1 #21 fix the order of the non-temporal
//    kinds; the temporal kinds follow Neo4j's documented order.) Within a kind:
//      Map: entry by entry in key order (key, then value), then size;
//      Node/Relationship: by id; Path: as the list node0, rel0, node1, ... of ids;
//      List: lexicographic with orderability for elements (so [1, 'a'] < [1, null]);
//      Temporal: as comparison (Time/DateTime by UTC instant); Duration by (months,
//        days, seconds, nanos);
//      String: byte order; Boolean: false < true;
//      Number: by mathematical value across Integer and Float, -0.0 = 0.0, NaN after
//        +Infinity (and all NaNs tie).
//    DESC is exactly the reverse, so null comes first there.
//
//  * Equivalence (DISTINCT, grouping keys, count(DISTINCT), IN-list dedup): equality
//    made reflexive and two-valued — null is equivalent to null and NaN to NaN, at any
//    depth — and aligned with orderability: GroupEquals(a, b) iff OrderCompare(a, b) == 0.
//    Hence 1 and 1.0 are one group (they are equal, and CIP2016-06-14 defines
//    equivalence as equality plus the null/NaN rules; the TCK has no contrary scenario).
//    Hash() is consistent with it: GroupEquals(a, b) implies Hash(a) == Hash(b).

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>

#include "quiver/export.h"

namespace quiver {

class Value;

// ---- ternary logic ----
enum class Ternary : uint8_t { kFalse = 0, kTrue = 1, kNull = 2 };

constexpr Ternary TernaryOf(bool b) {
  return b ? Ternary::kTrue : Ternary::kFalse;
}
constexpr Ternary Not(Ternary t) {
  return t == Ternary::kNull ? t : (t == Ternary::kTrue ? Ternary::kFalse : Ternary::kTrue);
}
// false dominates AND, true dominates OR; otherwise a null operand makes the result null.
constexpr Ternary And(Ternary a, Ternary b) {
  if (a == Ternary::kFalse || b == Ternary::kFalse) return Ternary::kFalse;
  if (a == Ternary::kNull || b == Ternary::kNull) return Ternary::kNull;
  return Ternary::kTrue;
}
constexpr Ternary Or(Ternary a, Ternary b) {
  if (a == Ternary::kTrue || b == Ternary::kTrue) return Ternary::kTrue;
  if (a == Ternary::kNull || b == Ternary::kNull) return Ternary::kNull;
  return Ternary::kFalse;
}
constexpr Ternary Xor(Ternary a, Ternary b) {
  if (a == Ternary::kNull || b == Ternary::kNull) return Ternary::kNull;
  return TernaryOf(a != b);
}
// null, true or false as a Value.
QUIVER_EXPORT Value ToValue(Ternary t);

// ---- equality and comparison (expressions) ----
QUIVER_EXPORT Ternary Equals(const Value& a, const Value& b);
inline Ternary NotEquals(const Value& a, const Value& b) {
  return Not(Equals(a, b));
}

enum class Comparison : uint8_t {
  kLess,
  kEqual,
  kGreater,
  kUnordered,  // comparable kinds, but a NaN is involved: <, <=, >, >= are all false
  kNull,       // incomparable (mixed kinds, null, unorderable kinds): every operator is null
};
QUIVER_EXPORT Comparison Compare(const Value& a, const Value& b);
QUIVER_EXPORT Ternary LessThan(const Value& a, const Value& b);
QUIVER_EXPORT Ternary LessOrEqual(const Value& a, const Value& b);
QUIVER_EXPORT Ternary GreaterThan(const Value& a, const Value& b);
QUIVER_EXPORT Ternary GreaterOrEqual(const Value& a, const Value& b);

// ---- orderability, equivalence, hashing (ORDER BY, DISTINCT, grouping) ----
// <0, 0 or >0: the global ascending sort order described above.
QUIVER_EXPORT int OrderCompare(const Value& a, const Value& b);
QUIVER_EXPORT bool GroupEquals(const Value& a, const Value& b);
QUIVER_EXPORT uint64_t Hash(const Value& v);

// Functors for standard containers and algorithms.
struct ValueOrderLess {
  bool operator()(const Value& a, const Value& b) const { return OrderCompare(a, b) < 0; }
};
struct ValueGroupHash {
  size_t operator()(const Value& v) const { return static_cast<size_t>(Hash(v)); }
};
struct ValueGroupEqual {
  bool operator()(const Value& a, const Value& b) const { return GroupEquals(a, b); }
};

// ---- printing in the TCK's notation ----
// As the TCK's expected-result tables write values:
//   null  true  1  -3  1.0  1.5  0.00001  1000000000.0  1e308  -1.2635418652381264e305
//   NaN  Infinity  -Infinity  -0.0
//   'text' (backslash and single quote escaped as \\ and \'; everything else verbatim)
//   [1, 'a', null]  {a: 1, b: 'x'}  (keys sorted; keys that are not plain identifiers
//   in `backticks`)  ()  (:A:B {p: 1})  [:T {p: 1}]  <(:A)-[:T]->(:B)<-[:U]-()>
//   temporals as their quoted ISO text: '1984-10-11'  '12:31:14.645876123+01:00'  'P1DT2H'
// Floats use the shortest digits that read back to the same double; plain decimal
// notation for magnitudes in [1e-6, 1e21) with at least one fractional digit, otherwise
// d.ddde<exp>. A TCK runner should still compare floats by value: the TCK itself
// writes -0.0 as 0.0 and chose its own digits for a few literals.
QUIVER_EXPORT std::string ToTckString(const Value& v);
QUIVER_EXPORT void AppendTckString(std::string& out, const Value& v);
// A temporal value's ISO 8601 text, as Cypher's toString() gives it and JSON carries it
// (1984-10-11, 12:31:14.645876123+01:00, P1DT2H); for any other value, ToTckString(v).
QUIVER_EXPORT std::string ToIsoString(const Value& v);
// The float text used above, without quotes ("1.0", "1e308", "NaN").
QUIVER_EXPORT std::string FormatFloat(double d);
// Prints ToTckString(v); lets GoogleTest show values in failure messages.
QUIVER_EXPORT std::ostream& operator<<(std::ostream& os, const Value& v);

}  // namespace quiver
