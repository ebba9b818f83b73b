#pragma once
// ValueVector: one column of a batch of rows, the unit the vectorized engine computes on
// (exec/vector/). Typed where the values are — integers, floats, booleans, node and
// relationship ids in flat arrays, strings as views, with a validity byte per row — and
// boxed Values only where they are not (lists, maps, temporals, a column mixing types).
// A typed column never needs a Value per row: property reads gather straight from a
// generation's typed columns (GraphReader::GatherNodeProperty), comparisons, arithmetic,
// string predicates and group keys run over the arrays.
//
// Invariants: valid.size() == size(); the array of the vector's kind has size() entries
// (the others are empty); a row whose valid byte is 0 is null, whatever its array holds.
// A boxed vector also says null with valid 0 (and a null Value).
//
// String views (kString) point into bytes that outlive every use of the vector: a
// generation's mapped string heap (pinned by the query's snapshot), or `string_owner`,
// which the vector shares with every vector gathered or copied from it (a broadcast
// constant). A vector never owns per-row strings: setting a row to a string Value makes
// the vector boxed, as setting an integer vector's row to a float does.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "quiver/value.h"

namespace quiver {

enum class VectorKind : uint8_t { kInt64, kDouble, kBool, kNode, kRelationship, kString, kBoxed };

// How many of the flags are set (nonzero): eight at a time.
size_t CountSet(std::span<const uint8_t> flags);
// The sum of the eight bytes of `lanes`, each at most 255: how CountSet and the range
// filter total their per-byte counts, once per block of up to 255 words.
inline uint64_t SumByteLanes(uint64_t lanes) {
  constexpr uint64_t kEvenBytes = 0x00FF00FF00FF00FFULL;
  // Bytes into four 16-bit lanes (each at most 510), whose sum a multiply puts on top.
  const uint64_t pairs = (lanes & kEvenBytes) + ((lanes >> 8) & kEvenBytes);
  return (pairs * 0x0001000100010001ULL) >> 48;
}

class ValueVector {
 public:
  VectorKind kind = VectorKind::kBoxed;
  std::vector<uint8_t> valid;
  std::vector<int64_t> ints;    // kInt64; kBool as 0/1
  std::vector<uint64_t> ids;    // kNode, kRelationship
  std::vector<double> doubles;  // kDouble
  std::vector<std::string_view> strings;  // kString
  std::shared_ptr<const std::string> string_owner;  // kString: the bytes views may point into
  std::vector<Value> boxed;     // kBoxed

  size_t size() const { return valid.size(); }
  bool IsValid(size_t i) const { return valid[i] != 0; }
  bool typed() const { return kind != VectorKind::kBoxed; }

  // `n` rows of `k`, every one null.
  void Reset(VectorKind k, size_t n);
  // `n` rows of `k` whose values and validity are unspecified, for a caller that writes
  // every row of both (a gather): the arrays keep what they held, so a vector reused
  // chunk after chunk is not zeroed first.
  void ResetForOverwrite(VectorKind k, size_t n);
  // Row i as a Value. Not for relationship vectors (a relationship Value carries its type
  // name and endpoints, which only the graph knows: exec/vector/data_chunk.h boxes them).
  Value Get(size_t i) const;
  // Appends a row: typed when `v` has this vector's kind (not kString: see above), else
  // the vector becomes boxed.
  void Append(const Value& v);
  void AppendNull();
  // Overwrites row i: typed when `v` has this vector's kind, else the vector becomes boxed.
  void Set(size_t i, const Value& v);
  // `n` rows of the string `s` (kString, every row valid), the bytes owned by the vector.
  void BroadcastString(std::string_view s, size_t n);
  // Rows of `from` at `rows`, in that order (the vector takes from's kind).
  void Gather(const ValueVector& from, std::span<const uint32_t> rows);
  // Keeps the rows whose flag is set, in order.
  void Compact(std::span<const uint8_t> keep);
  // Turns a typed vector into a boxed one (Get for each row).
  void Box();
};

}  // namespace quiver
