#include "storage/index_key.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

#include "common/assert.h"

namespace quiver::storage {
namespace {

// Sub-markers of the number class. Every finite number within int64 range is
// (trunc, fraction): the integer part as an int64 and the signed fraction v - trunc(v),
// both exact (the fraction is the significand's low bits; above 2^52 every double is an
// integer), so an Integer and the Float equal to it encode alike. Sorting by (trunc,
// fraction) is numeric order, fractions being in (-1, 1) with the sign of v.
constexpr char kNumberBelow = 0x02;    // < -2^63, -inf included: the double's ordered bits
constexpr char kNumberInRange = 0x03;  // [-2^63, 2^63): trunc, then fraction
constexpr char kNumberAbove = 0x04;    // >= 2^63, +inf included: the double's ordered bits
constexpr char kNumberNaN = 0x05;      // last: NaN equals nothing and compares with nothing
constexpr double kTwo63 = 9223372036854775808.0;

void AppendBigEndian(uint64_t v, std::string& out) {
  for (int shift = 56; shift >= 0; shift -= 8) out.push_back(static_cast<char>((v >> shift) & 0xff));
}

uint64_t ReadBigEndian(std::string_view bytes) {
  uint64_t v = 0;
  for (char c : bytes) v = (v << 8) | static_cast<uint8_t>(c);
  return v;
}

// A double's bits turned so that unsigned order is numeric order (-0.0 and 0.0 differ;
// callers normalise zeros first).
uint64_t OrderedDoubleBits(double d) {
  const uint64_t bits = std::bit_cast<uint64_t>(d);
  return (bits >> 63) != 0 ? ~bits : bits | (uint64_t{1} << 63);
}

double DoubleFromOrderedBits(uint64_t v) {
  return std::bit_cast<double>((v >> 63) != 0 ? v & ~(uint64_t{1} << 63) : ~v);
}

void AppendInt(int64_t i, std::string& out) {
  out.push_back(kIndexKeyNumber);
  out.push_back(kNumberInRange);
  AppendBigEndian(static_cast<uint64_t>(i) ^ (uint64_t{1} << 63), out);
  AppendBigEndian(OrderedDoubleBits(0.0), out);
}

void AppendDouble(double d, std::string& out) {
  if (std::isnan(d)) {
    out.push_back(kIndexKeyNumber);
    out.push_back(kNumberNaN);
    return;
  }
  if (d < -kTwo63 || d >= kTwo63) {
    out.push_back(kIndexKeyNumber);
    out.push_back(d < 0 ? kNumberBelow : kNumberAbove);
    AppendBigEndian(OrderedDoubleBits(d), out);
    return;
  }
  const double whole = std::trunc(d);
  double fraction = d - whole;
  if (fraction == 0) fraction = 0.0;  // -0.0 (of -0.0 or -3.0) is the integer's +0.0
  out.push_back(kIndexKeyNumber);
  out.push_back(kNumberInRange);
  AppendBigEndian(static_cast<uint64_t>(static_cast<int64_t>(whole)) ^ (uint64_t{1} << 63), out);
  AppendBigEndian(OrderedDoubleBits(fraction), out);
}

// Bytes as they are, 0x00 as 0x00 0xFF, ended by 0x00 0x00: memcmp order is the strings'
// bytewise order (UTF-8: code-point order), and no encoding is a prefix of another, so
// a tuple's later elements never decide between two different strings.
void AppendStringBody(std::string_view s, std::string& out) {
  for (char c : s) {
    out.push_back(c);
    if (c == '\0') out.push_back(static_cast<char>(0xFF));
  }
}

void AppendString(std::string_view s, std::string& out) {
  out.push_back(kIndexKeyString);
  AppendStringBody(s, out);
  out.push_back('\0');
  out.push_back('\0');
}

void AppendBool(bool b, std::string& out) {
  out.push_back(kIndexKeyBool);
  out.push_back(b ? 1 : 0);
}

// The smallest byte string greater than every string that starts with `prefix`; empty
// when there is none (all 0xFF, which a class byte never is).
std::string PrefixEnd(std::string prefix) {
  while (!prefix.empty() && static_cast<uint8_t>(prefix.back()) == 0xFF) prefix.pop_back();
  if (!prefix.empty()) prefix.back() = static_cast<char>(static_cast<uint8_t>(prefix.back()) + 1);
  return prefix;
}

char ClassOf(const Value& v) {
  if (v.IsString()) return kIndexKeyString;
  if (v.IsBool()) return kIndexKeyBool;
  return kIndexKeyNumber;
}

std::string Encode(const Value& v) {
  std::string out;
  AppendIndexKey(v, out);
  return out;
}

bool IsNaN(const Value& v) { return v.IsFloat() && std::isnan(v.AsFloat()); }

// [lower, upper) of the keys whose first element equals v (v indexable, not NaN): the
// encodings are prefix-free, so that is every key starting with v's encoding.
IndexKeyRange EqualRange(const Value& v) {
  std::string lower = Encode(v);
  std::string upper = PrefixEnd(lower);
  return {std::move(lower), std::move(upper)};
}

std::optional<std::vector<IndexKeyRange>> RangeSeek(const PropertySeek& seek) {
  const PropertyBound* lower = seek.lower ? &*seek.lower : nullptr;
  const PropertyBound* upper = seek.upper ? &*seek.upper : nullptr;
  if (lower == nullptr && upper == nullptr) return std::nullopt;
  std::vector<IndexKeyRange> none;
  for (const PropertyBound* b : {lower, upper}) {
    if (b == nullptr) continue;
    if (b->value.IsNull() || IsNaN(b->value)) return none;  // every comparison is null or false
    if (!IsIndexable(b->value)) return std::nullopt;
  }
  if (lower != nullptr && upper != nullptr && ClassOf(lower->value) != ClassOf(upper->value)) return none;
  const char cls = ClassOf(lower != nullptr ? lower->value : upper->value);
  IndexKeyRange r;
  if (lower != nullptr) {
    r.lower = lower->inclusive ? Encode(lower->value) : EqualRange(lower->value).upper;
  } else {
    r.lower = std::string(1, cls);
  }
  if (upper != nullptr) {
    r.upper = upper->inclusive ? EqualRange(upper->value).upper : Encode(upper->value);
  } else if (cls == kIndexKeyNumber) {
    r.upper = {kIndexKeyNumber, kNumberNaN};  // NaN > x is false
  } else {
    r.upper = std::string(1, static_cast<char>(cls + 1));
  }
  if (r.lower >= r.upper) return none;
  return std::vector<IndexKeyRange>{std::move(r)};
}

}  // namespace

bool IsIndexable(const Value& v) { return v.IsBool() || v.IsNumber() || v.IsString(); }
bool IsIndexable(const PropertyValue& v) { return v.is_bool() || v.is_int() || v.is_double() || v.is_string(); }

void AppendIndexKey(const Value& v, std::string& out) {
  if (v.IsInt()) return AppendInt(v.AsInt(), out);
  if (v.IsFloat()) return AppendDouble(v.AsFloat(), out);
  if (v.IsString()) return AppendString(v.AsString(), out);
  QUIVER_ASSERT(v.IsBool());
  AppendBool(v.AsBool(), out);
}

void AppendIndexKey(const PropertyValue& v, std::string& out) {
  if (v.is_int()) return AppendInt(v.as_int(), out);
  if (v.is_double()) return AppendDouble(v.as_double(), out);
  if (v.is_string()) return AppendString(v.as_string(), out);
  QUIVER_ASSERT(v.is_bool());
  AppendBool(v.as_bool(), out);
}

std::optional<Value> DecodeIndexKey(std::string_view key, size_t* pos) {
  size_t at = *pos;
  if (at >= key.size()) return std::nullopt;
  const char cls = key[at++];
  auto take = [&](size_t n) -> std::optional<std::string_view> {
    if (key.size() - at < n) return std::nullopt;
    std::string_view piece = key.substr(at, n);
    at += n;
    return piece;
  };
  std::optional<Value> v;
  if (cls == kIndexKeyAbsent) {
    v = Value::Null();
  } else if (cls == kIndexKeyBool) {
    auto b = take(1);
    if (b && static_cast<uint8_t>((*b)[0]) <= 1) v = Value::Bool((*b)[0] == 1);
  } else if (cls == kIndexKeyString) {
    std::string s;
    while (at + 1 < key.size() && !(key[at] == '\0' && key[at + 1] == '\0')) {
      if (key[at] == '\0' && static_cast<uint8_t>(key[at + 1]) != 0xFF) return std::nullopt;
      s.push_back(key[at]);
      at += key[at] == '\0' ? 2 : 1;
    }
    if (at + 1 >= key.size()) return std::nullopt;  // no terminator
    at += 2;
    v = Value::String(std::move(s));
  } else if (cls == kIndexKeyNumber) {
    auto sub = take(1);
    if (!sub) return std::nullopt;
    if ((*sub)[0] == kNumberNaN) {
      v = Value::Float(std::nan(""));
    } else if ((*sub)[0] == kNumberBelow || (*sub)[0] == kNumberAbove) {
      auto bits = take(8);
      if (!bits) return std::nullopt;
      const double d = DoubleFromOrderedBits(ReadBigEndian(*bits));
      if ((*sub)[0] == kNumberBelow ? !(d < -kTwo63) : !(d >= kTwo63)) return std::nullopt;
      v = Value::Float(d);
    } else if ((*sub)[0] == kNumberInRange) {
      auto whole = take(8), fraction = take(8);
      if (!whole || !fraction) return std::nullopt;
      const auto i = static_cast<int64_t>(ReadBigEndian(*whole) ^ (uint64_t{1} << 63));
      const double f = DoubleFromOrderedBits(ReadBigEndian(*fraction));
      // A fraction is in (-1, 1), has v's sign, and is what AppendDouble would write.
      if (!(f > -1 && f < 1) || (f < 0 && i > 0) || (f > 0 && i < 0) || (f == 0 && std::signbit(f))) {
        return std::nullopt;
      }
      if (f == 0) {
        v = Value::Int(i);
      } else {
        const double d = static_cast<double>(i) + f;
        std::string again;
        AppendDouble(d, again);
        if (again != key.substr(*pos, at - *pos)) return std::nullopt;  // not a double's parts
        v = Value::Float(d);
      }
    }
  }
  if (v) *pos = at;
  return v;
}

std::optional<std::vector<IndexKeyRange>> IndexSeekRanges(const PropertySeek& seek) {
  std::vector<IndexKeyRange> ranges;
  switch (seek.kind) {
    case PropertySeek::Kind::kEquals:
      for (const Value& v : seek.values) {
        if (v.IsNull() || IsNaN(v)) continue;  // equal to nothing
        if (!IsIndexable(v)) return std::nullopt;
        ranges.push_back(EqualRange(v));
      }
      break;
    case PropertySeek::Kind::kRange:
      return RangeSeek(seek);
    case PropertySeek::Kind::kPrefix: {
      if (seek.values.empty() || !seek.values[0].IsString()) break;  // STARTS WITH non-string: null
      std::string lower(1, kIndexKeyString);
      AppendStringBody(seek.values[0].AsString(), lower);
      std::string upper = PrefixEnd(lower);
      ranges.push_back({std::move(lower), std::move(upper)});
      break;
    }
  }
  // Equal values (1 and 1.0, or a repeated IN element) give the same range: once.
  std::sort(ranges.begin(), ranges.end(), [](const auto& a, const auto& b) { return a.lower < b.lower; });
  ranges.erase(std::unique(ranges.begin(), ranges.end()), ranges.end());
  return ranges;
}

std::optional<std::vector<IndexKeyRange>> CompositeSeekRanges(const PropertySeek& seek) {
  std::string prefix;
  for (const Value& v : seek.leading) {
    if (v.IsNull() || IsNaN(v)) return std::vector<IndexKeyRange>{};  // equal to nothing
    if (!IsIndexable(v)) return std::nullopt;
    AppendIndexKey(v, prefix);
  }
  auto ranges = IndexSeekRanges(seek);
  if (!ranges || prefix.empty()) return ranges;
  for (IndexKeyRange& r : *ranges) {
    r.lower.insert(0, prefix);
    r.upper.insert(0, prefix);
  }
  return ranges;
}

}  // namespace quiver::storage
