// The UTF-8 validator every door uses (query text, parameters, procedure results, CSV
// import), against the strict decoder it is built on, and the search through values.

#include "common/utf8.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "common/value/value_utf8.h"

namespace quiver {
namespace {

// The reference: DecodeUtf8 one sequence at a time, no fast path.
size_t SlowFind(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    CodePoint cp = DecodeUtf8(s, i);
    if (!cp.valid) return i;
    i += cp.length;
  }
  return std::string_view::npos;
}

TEST(Utf8Test, FindInvalidUtf8RejectsWhatTheStrictDecoderRejects) {
  EXPECT_EQ(FindInvalidUtf8(""), std::string_view::npos);
  EXPECT_EQ(FindInvalidUtf8("plain ascii"), std::string_view::npos);
  EXPECT_EQ(FindInvalidUtf8("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"), std::string_view::npos);
  EXPECT_EQ(FindInvalidUtf8("\xF4\x8F\xBF\xBF"), std::string_view::npos);  // U+10FFFF
  EXPECT_EQ(FindInvalidUtf8(std::string_view("a\0b", 3)), std::string_view::npos);
  EXPECT_EQ(FindInvalidUtf8("ab\xFF"), 2u);
  EXPECT_EQ(FindInvalidUtf8("\x80"), 0u);               // a stray continuation byte
  EXPECT_EQ(FindInvalidUtf8("x\xC3"), 1u);              // cut short at the end
  EXPECT_EQ(FindInvalidUtf8("x\xC3(y"), 1u);            // a lead without its continuation
  EXPECT_EQ(FindInvalidUtf8("\xC0\x80"), 0u);           // overlong NUL
  EXPECT_EQ(FindInvalidUtf8("\xE0\x80\xAF"), 0u);       // overlong '/'
  EXPECT_EQ(FindInvalidUtf8("\xED\xA0\x80"), 0u);       // a UTF-16 surrogate
  EXPECT_EQ(FindInvalidUtf8("\xF4\x90\x80\x80"), 0u);   // past U+10FFFF
  EXPECT_EQ(FindInvalidUtf8("\xF8\x88\x80\x80\x80"), 0u);  // five-byte forms are not UTF-8
  EXPECT_EQ(DescribeInvalidUtf8Byte("ab\xFF", 2), "byte 0xFF");
}

TEST(Utf8Test, TheAsciiFastPathFindsABadByteAtEveryPosition) {
  // Around the 16-byte blocks: a bad byte (or sequence) at every offset of a long text.
  for (size_t length : {1u, 15u, 16u, 17u, 31u, 32u, 33u, 100u}) {
    for (size_t at = 0; at < length; ++at) {
      std::string text(length, 'a');
      text[at] = '\xFF';
      EXPECT_EQ(FindInvalidUtf8(text), at) << length << " " << at;
      if (at + 2 <= length) {
        text.replace(at, 2, "\xC3\xA9");  // valid where the bad byte was
        EXPECT_EQ(FindInvalidUtf8(text), std::string_view::npos) << length << " " << at;
      }
    }
  }
  // Random bytes, mostly ASCII: the same answer as the reference.
  std::mt19937 rng(7);
  for (int round = 0; round < 2000; ++round) {
    std::string text(rng() % 64, 'x');
    for (auto& c : text) c = static_cast<char>(rng() % 4 == 0 ? 0x80 + rng() % 0x80 : rng() % 0x80);
    EXPECT_EQ(FindInvalidUtf8(text), SlowFind(text));
  }
}

TEST(Utf8Test, FindInvalidUtf8TextSearchesEveryTextOfAValue) {
  EXPECT_FALSE(FindInvalidUtf8Text(Value::String("ok")));
  EXPECT_FALSE(FindInvalidUtf8Text(Value::Int(1)));
  auto bad = FindInvalidUtf8Text(Value::String("x\xFF"));
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->path, "");
  EXPECT_EQ(bad->offset, 1u);
  EXPECT_EQ(bad->byte, "byte 0xFF");

  Value nested = Value::List({Value::Int(1), Value::Map(ValueMap{{"k", Value::List({Value::String("\xC3")})}})});
  bad = FindInvalidUtf8Text(nested);
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->path, "[1].k[0]");

  bad = FindInvalidUtf8Text(Value::Map(ValueMap{{"a\xFF", Value::Int(1)}}));
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->path, " (a map key)");

  // Deeper than any recursion would go: walked with a stack of its own.
  Value deep = Value::String("\xFF");
  for (int i = 0; i < 100000; ++i) deep = Value::List({deep});
  bad = FindInvalidUtf8Text(deep);
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->path.size(), 300000u);
  // (Destroying the value recurses per level; flatten it first.)
  while (deep.IsList()) deep = Value(deep.AsList()[0]);
}

}  // namespace
}  // namespace quiver
