#include "common/value/value_vector.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "common/assert.h"

namespace quiver {

namespace {

template <typename T>
void GatherArray(const std::vector<T>& from, std::span<const uint32_t> rows, std::vector<T>& to) {
  to.resize(rows.size());
  for (size_t i = 0; i < rows.size(); ++i) to[i] = from[rows[i]];
}

template <typename T>
void CompactArray(std::vector<T>& a, std::span<const uint8_t> keep) {
  if constexpr (std::is_trivially_copyable_v<T>) {
    // Without a branch: a filter keeping a row in two is a coin flip per row, and a
    // mispredicted branch costs more than the copy.
    size_t out = 0;
    for (size_t i = 0; i < keep.size(); ++i) {
      a[out] = a[i];
      out += keep[i] != 0;
    }
    a.resize(out);
    return;
  }
  size_t out = 0;
  for (size_t i = 0; i < keep.size(); ++i) {
    if (keep[i]) {
      if (out != i) a[out] = std::move(a[i]);
      ++out;
    }
  }
  a.resize(out);
}

}  // namespace

void ValueVector::Reset(VectorKind k, size_t n) {
  valid.clear();
  ints.clear();
  ids.clear();
  doubles.clear();
  strings.clear();
  boxed.clear();
  ResetForOverwrite(k, n);
}

void ValueVector::ResetForOverwrite(VectorKind k, size_t n) {
  // This kind's array resized (zeroing only rows it did not hold before: all of them
  // after Reset's clear), the other kinds' emptied.
  auto fit = [n](auto& array, bool mine) {
    if (mine) {
      array.resize(n);
    } else {
      array.clear();
    }
  };
  kind = k;
  valid.resize(n);
  string_owner.reset();
  fit(ints, k == VectorKind::kInt64 || k == VectorKind::kBool);
  fit(ids, k == VectorKind::kNode || k == VectorKind::kRelationship);
  fit(doubles, k == VectorKind::kDouble);
  fit(strings, k == VectorKind::kString);
  fit(boxed, k == VectorKind::kBoxed);
}

void ValueVector::BroadcastString(std::string_view s, size_t n) {
  Reset(VectorKind::kString, n);
  string_owner = std::make_shared<const std::string>(s);
  std::fill(strings.begin(), strings.end(), std::string_view(*string_owner));
  std::fill(valid.begin(), valid.end(), 1);
}

Value ValueVector::Get(size_t i) const {
  if (!valid[i]) return Value();
  switch (kind) {
    case VectorKind::kInt64:
      return Value::Int(ints[i]);
    case VectorKind::kBool:
      return Value::Bool(ints[i] != 0);
    case VectorKind::kDouble:
      return Value::Float(doubles[i]);
    case VectorKind::kNode: {
      NodeValue node;
      node.id = ids[i];
      return Value::Node(std::move(node));
    }
    case VectorKind::kRelationship:
      QUIVER_ASSERT_MSG(false, "a relationship vector is boxed with the graph");
      return Value();
    case VectorKind::kString:
      return Value::String(strings[i]);
    case VectorKind::kBoxed:
      return boxed[i];
  }
  return Value();
}

void ValueVector::AppendNull() {
  valid.push_back(0);
  switch (kind) {
    case VectorKind::kInt64:
    case VectorKind::kBool:
      ints.push_back(0);
      break;
    case VectorKind::kNode:
    case VectorKind::kRelationship:
      ids.push_back(0);
      break;
    case VectorKind::kDouble:
      doubles.push_back(0.0);
      break;
    case VectorKind::kString:
      strings.emplace_back();
      break;
    case VectorKind::kBoxed:
      boxed.emplace_back();
      break;
  }
}

void ValueVector::Append(const Value& v) {
  if (v.IsNull()) {
    AppendNull();
    return;
  }
  if (kind == VectorKind::kInt64 && v.IsInt()) {
    ints.push_back(v.AsInt());
  } else if (kind == VectorKind::kDouble && v.IsFloat()) {
    doubles.push_back(v.AsFloat());
  } else if (kind == VectorKind::kBool && v.IsBool()) {
    ints.push_back(v.AsBool() ? 1 : 0);
  } else {
    Box();
    boxed.push_back(v);
  }
  valid.push_back(1);
}

void ValueVector::Set(size_t i, const Value& v) {
  if (v.IsNull()) {
    valid[i] = 0;
    if (kind == VectorKind::kBoxed) boxed[i] = Value();
    return;
  }
  valid[i] = 1;
  if (kind == VectorKind::kInt64 && v.IsInt()) {
    ints[i] = v.AsInt();
  } else if (kind == VectorKind::kDouble && v.IsFloat()) {
    doubles[i] = v.AsFloat();
  } else if (kind == VectorKind::kBool && v.IsBool()) {
    ints[i] = v.AsBool() ? 1 : 0;
  } else {
    Box();
    boxed[i] = v;
  }
}

void ValueVector::Gather(const ValueVector& from, std::span<const uint32_t> rows) {
  kind = from.kind;
  GatherArray(from.valid, rows, valid);
  ints.clear();
  ids.clear();
  doubles.clear();
  strings.clear();
  boxed.clear();
  string_owner = from.string_owner;
  switch (kind) {
    case VectorKind::kInt64:
    case VectorKind::kBool:
      GatherArray(from.ints, rows, ints);
      break;
    case VectorKind::kNode:
    case VectorKind::kRelationship:
      GatherArray(from.ids, rows, ids);
      break;
    case VectorKind::kDouble:
      GatherArray(from.doubles, rows, doubles);
      break;
    case VectorKind::kString:
      GatherArray(from.strings, rows, strings);
      break;
    case VectorKind::kBoxed:
      GatherArray(from.boxed, rows, boxed);
      break;
  }
}

size_t CountSet(std::span<const uint8_t> flags) {
  constexpr uint64_t kLowBits = 0x0101010101010101ULL;
  const uint8_t* p = flags.data();
  const size_t n = flags.size();
  size_t set = 0, i = 0;
  while (i + 8 <= n) {
    // Up to 255 words at a time, each byte's 0/1 added into its lane of `lanes` (which
    // then holds at most 255): a shift, an or and an add per word, which vectorize, and
    // the lanes summed once per block rather than once per word.
    const size_t stop = i + std::min<size_t>((n - i) / 8, 255) * 8;
    uint64_t lanes = 0;
    for (; i < stop; i += 8) {
      uint64_t w;
      std::memcpy(&w, p + i, 8);
      w |= w >> 4;  // each byte's bits folded into its lowest: 1 where the byte is nonzero
      w |= w >> 2;
      w |= w >> 1;
      lanes += w & kLowBits;
    }
    set += SumByteLanes(lanes);
  }
  for (; i < n; ++i) set += p[i] != 0;
  return set;
}

void ValueVector::Compact(std::span<const uint8_t> keep) {
  QUIVER_ASSERT(keep.size() == size());
  // Where every row is valid (a scan's nodes, a gather without nulls), what is kept is
  // all valid too: one memchr instead of compacting the flags.
  const bool all_valid = std::memchr(valid.data(), 0, valid.size()) == nullptr;
  size_t kept = SIZE_MAX;
  auto compact = [&](auto& array) {
    if (array.empty()) return;
    CompactArray(array, keep);
    kept = array.size();
  };
  compact(ints);
  compact(ids);
  compact(doubles);
  compact(strings);
  compact(boxed);
  if (all_valid && kept != SIZE_MAX) {
    valid.resize(kept);
  } else {
    CompactArray(valid, keep);
  }
}

void ValueVector::Box() {
  if (kind == VectorKind::kBoxed) return;
  QUIVER_ASSERT(kind != VectorKind::kRelationship);
  std::vector<Value> values;
  values.reserve(size());
  for (size_t i = 0; i < size(); ++i) values.push_back(Get(i));
  ints.clear();
  ids.clear();
  doubles.clear();
  strings.clear();
  string_owner.reset();
  boxed = std::move(values);
  kind = VectorKind::kBoxed;
}

}  // namespace quiver
