// ValueVector's string vectors (kString): views that gather, compact and box like the
// other typed kinds, a broadcast string whose bytes the vector owns (and shares with
// what is gathered or copied from it), and a row set to a string Value making the
// vector boxed (a vector never owns per-row strings).

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace quiver
