// String functions. Positions and lengths count code points; TCK rows cite their feature.

#include "unit/exec/function_test_util.h"

namespace quiver::testing {
namespace {

TEST(FunctionStringTest, Substring) {
  EXPECT_EQ(Eval("substring", {S("0123456789"), I(1)}), "'123456789'");  // String1 #1
  EXPECT_EQ(Eval("substring", {S("0123456789"), I(1), I(3)}), "'123'");
  EXPECT_EQ(Eval("substring", {S("0123456789"), I(8), I(5)}), "'89'");
  EXPECT_EQ(Eval("substring", {S("abc"), I(10)}), "''");
  EXPECT_EQ(Eval("substring", {S("äöü€x"), I(1), I(3)}), "'öü€'");  // code points, not bytes
  EXPECT_EQ(Eval("substring", {Null(), I(1)}), "null");
  EXPECT_EQ(ErrorOf("substring", {S("abc"), I(-1)}), "ArgumentError/NegativeIntegerArgument");
  EXPECT_EQ(ErrorOf("substring", {S("abc"), I(0), I(-1)}), "ArgumentError/NegativeIntegerArgument");
  EXPECT_EQ(ErrorOf("substring", {S("abc"), Null()}), "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(ErrorOf("substring", {S("abc"), F(1.0)}), "TypeError/InvalidArgumentType");
  EXPECT_EQ(ErrorOf("substring", {I(123), I(1)}), "TypeError/InvalidArgumentType");
}

TEST(FunctionStringTest, LeftAndRight) {
  EXPECT_EQ(Eval("left", {S("hello"), I(3)}), "'hel'");
  EXPECT_EQ(Eval("left", {S("hello"), I(30)}), "'hello'");
  EXPECT_EQ(Eval("left", {S("ñandú"), I(2)}), "'ña'");
  EXPECT_EQ(Eval("right", {S("hello"), I(3)}), "'llo'");
  EXPECT_EQ(Eval("right", {S("hello"), I(0)}), "''");
  EXPECT_EQ(Eval("right", {S("hello"), I(9)}), "'hello'");
  EXPECT_EQ(Eval("right", {S("ñandú"), I(2)}), "'dú'");
  EXPECT_EQ(Eval("left", {Null(), I(3)}), "null");
  EXPECT_EQ(Eval("left", {Null(), Null()}), "null");
  EXPECT_EQ(ErrorOf("left", {S("hello"), Null()}), "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(ErrorOf("right", {S("hello"), I(-1)}), "ArgumentError/NegativeIntegerArgument");
}

TEST(FunctionStringTest, CaseConversion) {
  EXPECT_EQ(Eval("toUpper", {S("hello World 42")}), "'HELLO WORLD 42'");
  EXPECT_EQ(Eval("toLower", {S("HELLO World")}), "'hello world'");
  EXPECT_EQ(Eval("toLower", {S("Foo")}), "'foo'");  // List12 #5 matches toLower(label) against names
  EXPECT_EQ(Eval("upper", {S("abc")}), "'ABC'");
  EXPECT_EQ(Eval("lower", {S("ABC")}), "'abc'");
  EXPECT_EQ(Eval("toUpper", {S("àéîõü ÿ")}), "'ÀÉÎÕÜ Ÿ'");
  EXPECT_EQ(Eval("toLower", {S("ÀÉÎÕÜ Ÿ")}), "'àéîõü ÿ'");
  EXPECT_EQ(Eval("toUpper", {S("straße")}), "'STRASSE'");
  EXPECT_EQ(Eval("toUpper", {S("αβγ ωσς")}), "'ΑΒΓ ΩΣΣ'");
  EXPECT_EQ(Eval("toLower", {S("ΑΒΓ Ω")}), "'αβγ ω'");
  EXPECT_EQ(Eval("toUpper", {S("привет ёж")}), "'ПРИВЕТ ЁЖ'");
  EXPECT_EQ(Eval("toLower", {S("ПРИВЕТ ЁЖ")}), "'привет ёж'");
  EXPECT_EQ(Eval("toUpper", {S("łódź")}), "'ŁÓDŹ'");
  EXPECT_EQ(Eval("toUpper", {S("日本")}), "'日本'");
  EXPECT_EQ(Eval("toUpper", {Null()}), "null");
  EXPECT_EQ(ErrorOf("toUpper", {I(1)}), "TypeError/InvalidArgumentType");
  EXPECT_EQ(ErrorOf("toLower", {L({S("A")})}), "TypeError/InvalidArgumentType");
  // Malformed UTF-8 bytes pass through untouched.
  EXPECT_EQ(Call("toUpper", {Value::String(std::string("a\xff"
                                                       "b"))})
                .AsString(),
            "A\xff"
            "B");
}

TEST(FunctionStringTest, Trim) {
  EXPECT_EQ(Eval("trim", {S("  hello \t\n")}), "'hello'");
  EXPECT_EQ(Eval("ltrim", {S("  hello  ")}), "'hello  '");
  EXPECT_EQ(Eval("rtrim", {S("  hello  ")}), "'  hello'");
  EXPECT_EQ(Eval("trim", {S("\u3000x y\u2003")}), "'x y'");          // Unicode spaces
  EXPECT_EQ(Eval("trim", {S("\u00a0x\u00a0")}), "'\u00a0x\u00a0'");  // no-break space stays, as Java
  EXPECT_EQ(Eval("trim", {S("   ")}), "''");
  EXPECT_EQ(Eval("trim", {Null()}), "null");
  EXPECT_EQ(ErrorOf("trim", {I(1)}), "TypeError/InvalidArgumentType");
}

TEST(FunctionStringTest, TrimCharacters) {
  // Neo4j 5's btrim / ltrim / rtrim with the optional characters to strip (any order).
  EXPECT_EQ(Eval("btrim", {S("  hello  ")}), "'hello'");
  EXPECT_EQ(Eval("btrim", {S("xxhelloxx"), S("x")}), "'hello'");
  EXPECT_EQ(Eval("btrim", {S("xyhelloyx"), S("yx")}), "'hello'");
  EXPECT_EQ(Eval("ltrim", {S("xxhelloxx"), S("x")}), "'helloxx'");
  EXPECT_EQ(Eval("rtrim", {S("xxhelloxx"), S("x")}), "'xxhello'");
  EXPECT_EQ(Eval("btrim", {S("  x  "), S("x")}), "'  x  '");  // only the given characters
  EXPECT_EQ(Eval("btrim", {S("€€ä€"), S("€")}), "'ä'");       // code points, not bytes
  EXPECT_EQ(Eval("btrim", {S("xxx"), S("x")}), "''");
  EXPECT_EQ(Eval("btrim", {S("abc"), S("")}), "'abc'");
  EXPECT_EQ(Eval("btrim", {Null(), S("x")}), "null");
  EXPECT_EQ(Eval("btrim", {S("abc"), Null()}), "null");
  EXPECT_EQ(ErrorOf("btrim", {S("abc"), I(1)}), "TypeError/InvalidArgumentType");
  EXPECT_EQ(ErrorOf("ltrim", {I(1), S("x")}), "TypeError/InvalidArgumentType");
}

TEST(FunctionStringTest, Normalize) {
  // U+212B ANGSTROM SIGN; U+00C5 Å; U+FB01 the fi ligature.
  EXPECT_EQ(Eval("normalize", {S("\u212B")}), "'\u00C5'");
  EXPECT_EQ(Eval("normalize", {S("A\u030A")}), "'\u00C5'");
  EXPECT_EQ(Eval("normalize", {S("\u00C5"), S("NFD")}), "'A\u030A'");
  EXPECT_EQ(Eval("normalize", {S("\uFB01"), S("NFC")}), "'\uFB01'");
  EXPECT_EQ(Eval("normalize", {S("\uFB01"), S("NFKC")}), "'fi'");
  EXPECT_EQ(Eval("normalize", {S("\u00C5\uFB01"), S("nfkd")}), "'A\u030Afi'");
  EXPECT_EQ(Eval("normalize", {S("plain")}), "'plain'");
  EXPECT_EQ(Eval("normalize", {Null()}), "null");
  EXPECT_EQ(Eval("normalize", {S("a"), Null()}), "null");
  EXPECT_EQ(ErrorOf("normalize", {S("a"), S("NFX")}), "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(ErrorOf("normalize", {I(1)}), "TypeError/InvalidArgumentType");
}

TEST(FunctionStringTest, Replace) {
  EXPECT_EQ(Eval("replace", {S("hello"), S("l"), S("w")}), "'hewwo'");
  EXPECT_EQ(Eval("replace", {S("aaa"), S("aa"), S("b")}), "'ba'");
  EXPECT_EQ(Eval("replace", {S("abc"), S(""), S("-")}), "'-a-b-c-'");  // Java's String.replace
  EXPECT_EQ(Eval("replace", {S("hello"), S("x"), S("y")}), "'hello'");
  EXPECT_EQ(Eval("replace", {S("hello"), Null(), S("y")}), "null");
  EXPECT_EQ(Eval("replace", {Null(), S("x"), S("y")}), "null");
  EXPECT_EQ(ErrorOf("replace", {S("hello"), I(1), S("y")}), "TypeError/InvalidArgumentType");
}

TEST(FunctionStringTest, Split) {
  EXPECT_EQ(Eval("split", {S("one1two"), S("1")}), "['one', 'two']");  // String4 #1: two items
  EXPECT_EQ(Eval("split", {S("a,b,,c,"), S(",")}), "['a', 'b', '', 'c', '']");
  EXPECT_EQ(Eval("split", {S(",a"), S(",")}), "['', 'a']");
  EXPECT_EQ(Eval("split", {S("abc"), S("")}), "['a', 'b', 'c']");
  EXPECT_EQ(Eval("split", {S("añb"), S("")}), "['a', 'ñ', 'b']");
  EXPECT_EQ(Eval("split", {S("a--b"), S("--")}), "['a', 'b']");
  EXPECT_EQ(Eval("split", {S("no delimiter"), S(";")}), "['no delimiter']");
  EXPECT_EQ(Eval("split", {S("a,b;c"), L({S(","), S(";")})}), "['a', 'b', 'c']");
  EXPECT_EQ(Eval("split", {Null(), S(",")}), "null");
  EXPECT_EQ(Eval("split", {S("a"), Null()}), "null");
  EXPECT_EQ(ErrorOf("split", {S("a"), I(1)}), "TypeError/InvalidArgumentType");
  EXPECT_EQ(ErrorOf("split", {S("a"), L({I(1)})}), "TypeError/InvalidArgumentType");
}

TEST(FunctionStringTest, CharLengthCountsCodePoints) {
  EXPECT_EQ(Eval("char_length", {S("héllo")}), "5");
  EXPECT_EQ(Eval("character_length", {S("")}), "0");
  EXPECT_EQ(Eval("char_length", {Null()}), "null");
  EXPECT_EQ(ErrorOf("char_length", {I(1)}), "TypeError/InvalidArgumentType");
}

}  // namespace
}  // namespace quiver::testing
