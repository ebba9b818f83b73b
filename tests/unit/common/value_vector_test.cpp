// ValueVector's string vectors (kString): views that gather, compact and box like the
// other typed kinds, a broadcast string whose bytes the vector owns (and shares with
// what is gathered or copied from it), and a row set to a string Value making the
// vector boxed (a vector never owns per-row strings). CountSet and Compact, whose word
// and block paths must agree with a plain count at every length.

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "common/value/value_vector.h"

namespace quiver {
namespace {

// Row i as text: the string, or "<null>" / "<not a string>".
std::string StringAt(const ValueVector& v, size_t i) {
  const Value value = v.Get(i);
  if (value.IsNull()) return "<null>";
  return value.IsString() ? std::string(value.AsString()) : "<not a string>";
}

ValueVector Strings(const std::vector<std::string>& backing) {
  ValueVector v;
  v.Reset(VectorKind::kString, backing.size());
  for (size_t i = 0; i < backing.size(); ++i) {
    if (backing[i] == "<null>") continue;
    v.strings[i] = backing[i];
    v.valid[i] = 1;
  }
  return v;
}

TEST(ValueVectorTest, StringRowsReadAsStringValuesAndNulls) {
  const std::vector<std::string> backing = {"Oslo", "<null>", "", "Lima"};
  const ValueVector v = Strings(backing);
  EXPECT_TRUE(v.typed());
  EXPECT_EQ(StringAt(v, 0), "Oslo");
  EXPECT_TRUE(v.Get(1).IsNull());
  EXPECT_EQ(StringAt(v, 2), "");  // empty, not null
  EXPECT_EQ(StringAt(v, 3), "Lima");
}

TEST(ValueVectorTest, StringVectorsGatherAndCompactAsViews) {
  const std::vector<std::string> backing = {"a", "bb", "<null>", "dddd"};
  ValueVector v = Strings(backing);
  ValueVector g;
  const std::vector<uint32_t> rows = {3, 3, 0, 2};
  g.Gather(v, rows);
  ASSERT_EQ(g.kind, VectorKind::kString);
  ASSERT_EQ(g.size(), 4u);
  EXPECT_EQ(g.strings[0].data(), backing[3].data());  // a view, not a copy
  EXPECT_EQ(StringAt(g, 1), "dddd");
  EXPECT_EQ(StringAt(g, 2), "a");
  EXPECT_TRUE(g.Get(3).IsNull());
  v.Compact(std::vector<uint8_t>{0, 1, 1, 1});
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(StringAt(v, 0), "bb");
  EXPECT_TRUE(v.Get(1).IsNull());
  EXPECT_EQ(StringAt(v, 2), "dddd");
}

TEST(ValueVectorTest, ABroadcastStringOutlivesTheValueItCameFromAndIsShared) {
  ValueVector copy;
  ValueVector gathered;
  {
    ValueVector v;
    std::string temporary = "a string longer than the small-string buffer";
    v.BroadcastString(temporary, 3);
    temporary.assign(temporary.size(), 'x');  // the vector's bytes are its own
    copy = v;
    gathered.Gather(v, std::vector<uint32_t>{2, 0});
  }
  ASSERT_EQ(copy.size(), 3u);
  EXPECT_EQ(StringAt(copy, 1), "a string longer than the small-string buffer");
  EXPECT_EQ(StringAt(gathered, 0), "a string longer than the small-string buffer");
  EXPECT_TRUE(gathered.string_owner != nullptr);
}

TEST(ValueVectorTest, SettingAStringRowBoxesTheVector) {
  const std::vector<std::string> backing = {"x", "y"};
  ValueVector v = Strings(backing);
  v.Set(1, Value::String("owned elsewhere"));
  EXPECT_EQ(v.kind, VectorKind::kBoxed);
  EXPECT_TRUE(v.strings.empty());
  EXPECT_EQ(StringAt(v, 0), "x");
  EXPECT_EQ(StringAt(v, 1), "owned elsewhere");
  ValueVector w = Strings(backing);
  w.Set(0, Value());  // null stays typed
  EXPECT_EQ(w.kind, VectorKind::kString);
  EXPECT_TRUE(w.Get(0).IsNull());
  w.Append(Value::String("z"));
  EXPECT_EQ(w.kind, VectorKind::kBoxed);
  EXPECT_EQ(StringAt(w, 2), "z");
}

// Lengths around the word (8) and block (255 words) boundaries, flags of any nonzero byte
// value: the count is the plain loop's.
TEST(ValueVectorTest, CountSetCountsNonzeroBytesAtEveryLength) {
  std::mt19937_64 random(7);
  for (size_t n : {0, 1, 7, 8, 9, 63, 64, 2039, 2040, 2041, 2048, 4087, 5000}) {
    std::vector<uint8_t> flags(n);
    size_t expected = 0;
    for (auto& f : flags) {
      const uint64_t r = random();
      f = (r & 1) != 0 ? static_cast<uint8_t>(r >> 8) : 0;  // 0, or any byte (0 sometimes too)
      expected += f != 0;
    }
    EXPECT_EQ(CountSet(flags), expected) << "n=" << n;
    std::vector<uint8_t> all(n, 0xFF);
    EXPECT_EQ(CountSet(all), n) << "n=" << n;
  }
}

// Compacting keeps the rows flagged, with their validity, whether every row is valid
// (the flags then are not compacted but cut) or some are null.
TEST(ValueVectorTest, CompactKeepsFlaggedRowsAndTheirValidity) {
  for (bool with_null : {false, true}) {
    ValueVector v;
    v.Reset(VectorKind::kInt64, 10);
    for (size_t i = 0; i < 10; ++i) {
      v.ints[i] = static_cast<int64_t>(i * 10);
      v.valid[i] = with_null && i == 4 ? 0 : 1;
    }
    const std::vector<uint8_t> keep = {1, 0, 0, 1, 1, 0, 1, 0, 0, 1};
    v.Compact(keep);
    ASSERT_EQ(v.size(), 5u);
    EXPECT_EQ(v.Get(0).AsInt(), 0);
    EXPECT_EQ(v.Get(1).AsInt(), 30);
    EXPECT_EQ(v.Get(2).IsNull(), with_null);
    if (!with_null) EXPECT_EQ(v.Get(2).AsInt(), 40);
    EXPECT_EQ(v.Get(3).AsInt(), 60);
    EXPECT_EQ(v.Get(4).AsInt(), 90);
  }
}

}  // namespace
}  // namespace quiver
