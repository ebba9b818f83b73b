// The property index's key encoding (storage/index_key.h): memcmp order of the bytes is
// Cypher's orderability, the two value models encode alike, and every PropertySeek
// becomes the byte ranges of exactly the values it matches.

#include "storage/index_key.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "quiver/value_ops.h"

namespace quiver::storage {
namespace {

std::string Enc(const Value& v) {
  std::string out;
  AppendIndexKey(v, out);
  return out;
}

int Sign(int x) { return (x > 0) - (x < 0); }

int MemCompare(const std::string& a, const std::string& b) { return Sign(a.compare(b)); }

// Ints, doubles (zeros, infinities, NaN, around 2^53 and 2^63, fractions of both signs),
// strings (empty, prefixes, NUL bytes, non-ASCII) and booleans.
std::vector<Value> Sample() {
  std::vector<Value> v;
  const double inf = std::numeric_limits<double>::infinity();
  const int64_t two53 = int64_t{1} << 53;
  for (int64_t i : {int64_t{0}, int64_t{1}, int64_t{-1}, int64_t{2}, int64_t{-2}, int64_t{42}, two53 - 1, two53,
                    two53 + 1, -two53 - 1, std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::min(),
                    std::numeric_limits<int64_t>::max() - 1, std::numeric_limits<int64_t>::min() + 1}) {
    v.push_back(Value::Int(i));
  }
  for (double d : {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 0.3, -0.3, 1.5, -1.5, 2.0, 41.999999999, 42.0, 42.5,
                   9007199254740992.0, 9007199254740994.0, -9007199254740992.0, 4503599627370495.5,
                   -4503599627370495.5, 9223372036854775808.0, -9223372036854775808.0, 1.8446744073709552e19,
                   -1.8446744073709552e19, 1e300, -1e300, inf, -inf, std::nan(""),
                   std::numeric_limits<double>::min(), -std::numeric_limits<double>::denorm_min(),
                   std::nextafter(1.0, 0.0), std::nextafter(-0.3, 0.0), std::nextafter(-0.3, -1.0)}) {
    v.push_back(Value::Float(d));
  }
  std::mt19937_64 rng(7);
  for (int i = 0; i < 200; ++i) {
    v.push_back(Value::Int(static_cast<int64_t>(rng()) >> (rng() % 64)));
    const double d = std::ldexp(static_cast<double>(static_cast<int64_t>(rng())), static_cast<int>(rng() % 80) - 70);
    v.push_back(Value::Float(d));
  }
  for (const char* s : {"", "a", "ab", "abc", "b", "B", "aa", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "z"}) {
    v.push_back(Value::String(s));
  }
  v.push_back(Value::String(std::string("a\0", 2)));
  v.push_back(Value::String(std::string("a\0b", 3)));
  v.push_back(Value::String(std::string("\0", 1)));
  v.push_back(Value::String(std::string("a\xff", 2)));
  v.push_back(Value::Bool(false));
  v.push_back(Value::Bool(true));
  return v;
}

TEST(IndexKey, ByteOrderIsCypherOrderability) {
  const std::vector<Value> values = Sample();
  for (const Value& a : values) {
    for (const Value& b : values) {
      ASSERT_EQ(MemCompare(Enc(a), Enc(b)), Sign(OrderCompare(a, b))) << ToTckString(a) << " vs " << ToTckString(b);
      const bool nan = (a.IsFloat() && std::isnan(a.AsFloat())) || (b.IsFloat() && std::isnan(b.AsFloat()));
      if (!nan) {
        // Equal bytes exactly when Cypher's = holds: 1 = 1.0, 2^53 + 1 <> 2^53 (a float).
        ASSERT_EQ(Enc(a) == Enc(b), Equals(a, b) == Ternary::kTrue) << ToTckString(a) << " vs " << ToTckString(b);
      }
    }
  }
  EXPECT_EQ(Enc(Value::Int(1)), Enc(Value::Float(1.0)));
  EXPECT_EQ(Enc(Value::Float(-0.0)), Enc(Value::Int(0)));
  EXPECT_NE(Enc(Value::Int((int64_t{1} << 53) + 1)), Enc(Value::Float(9007199254740992.0)));
}

TEST(IndexKey, TuplesCompareElementByElement) {
  // A shorter string sorts first in a tuple whatever follows it.
  auto tuple = [](const Value& a, const Value& b) { return Enc(a) + Enc(b); };
  EXPECT_LT(tuple(Value::String("a"), Value::String("zzz")), tuple(Value::String(std::string("a\0", 2)), Value::String("")));
  EXPECT_LT(tuple(Value::String("a"), Value::Int(9)), tuple(Value::String("ab"), Value::Int(0)));
  std::string absent = Enc(Value::String("a"));
  absent.push_back(kIndexKeyAbsent);
  EXPECT_LT(tuple(Value::String("a"), Value::Float(std::nan(""))), absent);
  EXPECT_LT(absent, Enc(Value::String(std::string("a\0", 2))));
}

TEST(IndexKey, PropertyValueEncodesLikeValue) {
  for (const Value& v : Sample()) {
    PropertyValue p;
    if (v.IsInt()) p = v.AsInt();
    else if (v.IsFloat()) p = v.AsFloat();
    else if (v.IsString()) p = std::string(v.AsString());
    else p = v.AsBool();
    ASSERT_TRUE(IsIndexable(p));
    std::string a;
    AppendIndexKey(p, a);
    ASSERT_EQ(a, Enc(v)) << ToTckString(v);
  }
  EXPECT_FALSE(IsIndexable(PropertyValue()));
  EXPECT_FALSE(IsIndexable(PropertyValue(PropertyValue::List{1})));
  EXPECT_FALSE(IsIndexable(PropertyValue(DateValue{3})));
  EXPECT_FALSE(IsIndexable(Value::List({Value::Int(1)})));
  EXPECT_FALSE(IsIndexable(Value::Null()));
}

TEST(IndexKey, DecodeRoundTripsAndRefusesDamage) {
  for (const Value& v : Sample()) {
    const std::string e = Enc(v);
    size_t pos = 0;
    auto d = DecodeIndexKey(e, &pos);
    ASSERT_TRUE(d.has_value()) << ToTckString(v);
    EXPECT_EQ(pos, e.size());
    EXPECT_EQ(OrderCompare(*d, v), 0) << ToTckString(v) << " decoded as " << ToTckString(*d);
    for (size_t cut = 0; cut < e.size(); ++cut) {
      size_t p = 0;
      EXPECT_FALSE(DecodeIndexKey(e.substr(0, cut), &p).has_value()) << ToTckString(v) << " cut at " << cut;
    }
  }
  size_t pos = 0;
  EXPECT_FALSE(DecodeIndexKey(std::string("\x07", 1), &pos));
  EXPECT_FALSE(DecodeIndexKey(std::string("\x20\x02", 2), &pos));          // a boolean 2
  EXPECT_FALSE(DecodeIndexKey(std::string("\x10" "a\0\x01", 4), &pos));     // a bad escape
  std::string minus_zero = Enc(Value::Int(0));
  minus_zero[10] = 0x7f;  // the fraction -0.0: not what any number writes
  for (size_t i = 11; i < minus_zero.size(); ++i) minus_zero[i] = static_cast<char>(0xff);
  EXPECT_FALSE(DecodeIndexKey(minus_zero, &pos));
  EXPECT_EQ(pos, 0u);
}

// Every seek's ranges hold exactly the encodings of the sample values it matches.
std::vector<Value> Matches(const PropertySeek& seek) {
  auto ranges = IndexSeekRanges(seek);
  EXPECT_TRUE(ranges.has_value());
  std::vector<Value> out;
  for (const Value& v : Sample()) {
    const std::string e = Enc(v);
    int hits = 0;
    for (const auto& r : *ranges) hits += e >= r.lower && e < r.upper ? 1 : 0;
    EXPECT_LE(hits, 1) << "ranges overlap at " << ToTckString(v);
    if (hits != 0) out.push_back(v);
  }
  return out;
}

std::vector<Value> Expected(const std::function<bool(const Value&)>& matches) {
  std::vector<Value> out;
  for (const Value& v : Sample()) {
    if (matches(v)) out.push_back(v);
  }
  return out;
}

void ExpectSame(const std::vector<Value>& got, const std::vector<Value>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_EQ(OrderCompare(got[i], want[i]), 0) << i;
}

PropertySeek Range(std::optional<PropertyBound> lower, std::optional<PropertyBound> upper) {
  PropertySeek s;
  s.kind = PropertySeek::Kind::kRange;
  s.lower = std::move(lower);
  s.upper = std::move(upper);
  return s;
}

TEST(IndexKey, EqualityAndInSeeks) {
  const std::vector<Value> probes = {Value::Int(42), Value::Float(42.0), Value::Float(-0.0),
                                     Value::String("a"), Value::String(""), Value::Bool(true),
                                     Value::Int(int64_t{1} << 53), Value::Float(std::nan("")), Value::Null()};
  for (const Value& p : probes) {
    PropertySeek s{PropertySeek::Kind::kEquals, {p}, {}, {}};
    ExpectSame(Matches(s), Expected([&](const Value& v) { return Equals(v, p) == Ternary::kTrue; }));
  }
  PropertySeek in{PropertySeek::Kind::kEquals, {Value::Int(1), Value::Float(1.0), Value::String("b"), Value::Null()}, {}, {}};
  EXPECT_EQ(IndexSeekRanges(in)->size(), 2u);  // 1 and 1.0 are one range
  ExpectSame(Matches(in), Expected([](const Value& v) {
               return Equals(v, Value::Int(1)) == Ternary::kTrue || Equals(v, Value::String("b")) == Ternary::kTrue;
             }));
  EXPECT_TRUE(IndexSeekRanges({PropertySeek::Kind::kEquals, {Value::Float(std::nan(""))}, {}, {}})->empty());
  EXPECT_FALSE(IndexSeekRanges({PropertySeek::Kind::kEquals, {Value::Int(1), Value::List({})}, {}, {}}).has_value());
  EXPECT_FALSE(IndexSeekRanges({PropertySeek::Kind::kEquals, {Value::Date(DateValue{1})}, {}, {}}).has_value());
}

TEST(IndexKey, RangeSeeksAreExactAtTheirBounds) {
  const std::vector<Value> bounds = {Value::Int(42), Value::Float(42.0), Value::Float(41.5), Value::Int(-1),
                                     Value::Float(-std::numeric_limits<double>::infinity()),
                                     Value::Float(std::numeric_limits<double>::infinity()),
                                     Value::Int(std::numeric_limits<int64_t>::max()), Value::String("a"),
                                     Value::String(""), Value::Bool(false), Value::Bool(true)};
  auto within = [](const Value& v, const std::optional<PropertyBound>& lo, const std::optional<PropertyBound>& hi) {
    auto ok = [&](const PropertyBound& b, bool lower) {
      const Ternary t = lower ? (b.inclusive ? GreaterOrEqual(v, b.value) : GreaterThan(v, b.value))
                              : (b.inclusive ? LessOrEqual(v, b.value) : LessThan(v, b.value));
      return t == Ternary::kTrue;
    };
    return (!lo || ok(*lo, true)) && (!hi || ok(*hi, false));
  };
  for (const Value& a : bounds) {
    for (bool ai : {true, false}) {
      const PropertyBound lo{a, ai};
      ExpectSame(Matches(Range(lo, std::nullopt)), Expected([&](const Value& v) { return within(v, lo, std::nullopt); }));
      ExpectSame(Matches(Range(std::nullopt, lo)), Expected([&](const Value& v) { return within(v, std::nullopt, lo); }));
      for (const Value& b : bounds) {
        for (bool bi : {true, false}) {
          const PropertyBound hi{b, bi};
          ExpectSame(Matches(Range(lo, hi)), Expected([&](const Value& v) { return within(v, lo, hi); }));
        }
      }
    }
  }
  EXPECT_TRUE(IndexSeekRanges(Range(PropertyBound{Value::Int(1)}, PropertyBound{Value::String("z")}))->empty());
  EXPECT_TRUE(IndexSeekRanges(Range(PropertyBound{Value::Float(std::nan(""))}, std::nullopt))->empty());
  EXPECT_TRUE(IndexSeekRanges(Range(PropertyBound{Value::Null()}, std::nullopt))->empty());
  EXPECT_FALSE(IndexSeekRanges(Range(PropertyBound{Value::Date(DateValue{1})}, std::nullopt)).has_value());
  EXPECT_FALSE(IndexSeekRanges(Range(std::nullopt, std::nullopt)).has_value());
}

TEST(IndexKey, PrefixSeeks) {
  for (std::string p : {std::string(""), std::string("a"), std::string("a\0", 2), std::string("\xc3"), std::string("a\xff", 2)}) {
    PropertySeek s{PropertySeek::Kind::kPrefix, {Value::String(p)}, {}, {}};
    ExpectSame(Matches(s), Expected([&](const Value& v) { return v.IsString() && v.AsString().starts_with(p); }));
  }
  EXPECT_TRUE(IndexSeekRanges({PropertySeek::Kind::kPrefix, {Value::Int(1)}, {}, {}})->empty());
  EXPECT_TRUE(IndexSeekRanges({PropertySeek::Kind::kPrefix, {Value::Null()}, {}, {}})->empty());
}

}  // namespace
}  // namespace quiver::storage
