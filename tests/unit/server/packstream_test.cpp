// PackStream v1 (src/server/bolt/packstream.h): the bytes the specification gives for
// each type and size boundary, and a reader that refuses every lie a peer can tell.

#include "server/bolt/packstream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "unit/server/wire_bytes.h"

namespace quiver::server::bolt {
namespace {

using testing::Bytes;
using testing::Hex;
using testing::NestedLists;
using testing::Packed;

// The marker and header bytes of a written value (its payload left out).
Bytes Head(const Bytes& bytes, size_t n) {
  return Bytes(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(std::min(n, bytes.size())));
}

TEST(PackStreamTest, IntegersTakeTheSmallestForm) {
  const std::vector<std::pair<int64_t, std::string>> cases = {
      {0, "00"},
      {1, "01"},
      {42, "2A"},
      {127, "7F"},
      {-1, "FF"},
      {-16, "F0"},
      {-17, "C8 EF"},
      {-128, "C8 80"},
      {128, "C9 00 80"},
      {-129, "C9 FF 7F"},
      {32767, "C9 7F FF"},
      {-32768, "C9 80 00"},
      {32768, "CA 00 00 80 00"},
      {-32769, "CA FF FF 7F FF"},
      {2147483647, "CA 7F FF FF FF"},
      {-2147483648LL, "CA 80 00 00 00"},
      {2147483648LL, "CB 00 00 00 00 80 00 00 00"},
      {-2147483649LL, "CB FF FF FF FF 7F FF FF FF"},
      {std::numeric_limits<int64_t>::max(), "CB 7F FF FF FF FF FF FF FF"},
      {std::numeric_limits<int64_t>::min(), "CB 80 00 00 00 00 00 00 00"},
  };
  for (const auto& [value, hex] : cases) {
    const Bytes bytes = Packed([&](PackWriter& w) { w.Int(value); });
    EXPECT_EQ(bytes, Hex(hex)) << value;
    PackReader r(bytes);
    EXPECT_EQ(r.Peek(), PackType::kInt);
    EXPECT_EQ(r.Int(), value);
    EXPECT_TRUE(r.AtEnd());
  }
}

TEST(PackStreamTest, IntegersInALargerFormThanNeededAreRead) {
  for (const char* hex : {"C8 01", "C9 00 01", "CA 00 00 00 01", "CB 00 00 00 00 00 00 00 01"}) {
    const Bytes bytes = Hex(hex);
    PackReader r(bytes);
    EXPECT_EQ(r.Int(), 1) << hex;
  }
}

TEST(PackStreamTest, NullBooleansAndFloats) {
  EXPECT_EQ(Packed([](PackWriter& w) { w.Null(); }), Hex("C0"));
  EXPECT_EQ(Packed([](PackWriter& w) { w.Bool(true); }), Hex("C3"));
  EXPECT_EQ(Packed([](PackWriter& w) { w.Bool(false); }), Hex("C2"));
  EXPECT_EQ(Packed([](PackWriter& w) { w.Float(1.1); }), Hex("C1 3F F1 99 99 99 99 99 9A"));
  EXPECT_EQ(Packed([](PackWriter& w) { w.Float(-1.1); }), Hex("C1 BF F1 99 99 99 99 99 9A"));
  const Bytes bytes = Hex("C0 C3 C2 C1 3F F1 99 99 99 99 99 9A");
  PackReader r(bytes);
  r.Null();
  EXPECT_TRUE(r.Bool());
  EXPECT_FALSE(r.Bool());
  EXPECT_EQ(r.Float(), 1.1);
  EXPECT_EQ(r.Peek(), PackType::kEnd);
}

TEST(PackStreamTest, SpecialFloatsKeepTheirBits) {
  const double specials[] = {
      std::numeric_limits<double>::quiet_NaN(),
      -std::numeric_limits<double>::quiet_NaN(),
      std::bit_cast<double>(uint64_t{0x7FF0000000000001}),  // a signalling NaN's payload
      std::numeric_limits<double>::infinity(),
      -std::numeric_limits<double>::infinity(),
      -0.0,
      0.0,
      std::numeric_limits<double>::denorm_min()};
  for (const double d : specials) {
    const Bytes bytes = Packed([&](PackWriter& w) { w.Float(d); });
    PackReader r(bytes);
    EXPECT_EQ(std::bit_cast<uint64_t>(r.Float()), std::bit_cast<uint64_t>(d));
  }
  EXPECT_EQ(Packed([](PackWriter& w) { w.Float(-0.0); }), Hex("C1 80 00 00 00 00 00 00 00"));
}

TEST(PackStreamTest, StringsChooseTheirMarkerBySize) {
  EXPECT_EQ(Packed([](PackWriter& w) { w.String(""); }), Hex("80"));
  EXPECT_EQ(Packed([](PackWriter& w) { w.String("A"); }), Hex("81 41"));
  // UTF-8 bytes are counted, not characters.
  EXPECT_EQ(Packed([](PackWriter& w) { w.String("größer"); }), Hex("88 67 72 C3 B6 C3 9F 65 72"));
  EXPECT_EQ(Packed([](PackWriter& w) { w.String("Größenmaßstäbe"); }),
            Hex("D0 12 47 72 C3 B6 C3 9F 65 6E 6D 61 C3 9F 73 74 C3 A4 62 65"));
  const std::vector<std::pair<size_t, std::string>> sizes = {{15, "8F"},          {16, "D0 10"},
                                                             {255, "D0 FF"},      {256, "D1 01 00"},
                                                             {65535, "D1 FF FF"}, {65536, "D2 00 01 00 00"}};
  for (const auto& [size, head] : sizes) {
    const std::string text(size, 'x');
    const Bytes bytes = Packed([&](PackWriter& w) { w.String(text); });
    EXPECT_EQ(Head(bytes, Hex(head).size()), Hex(head)) << size;
    EXPECT_EQ(bytes.size(), Hex(head).size() + size);
    PackReader r(bytes);
    EXPECT_EQ(r.String(), text);
    EXPECT_TRUE(r.AtEnd());
  }
}

TEST(PackStreamTest, BytesHaveNoTinyForm) {
  EXPECT_EQ(Packed([](PackWriter& w) { w.Bytes({}); }), Hex("CC 00"));
  const Bytes three = {1, 2, 3};
  EXPECT_EQ(Packed([&](PackWriter& w) { w.Bytes(three); }), Hex("CC 03 01 02 03"));
  for (const auto& [size, head] : std::vector<std::pair<size_t, std::string>>{
           {255, "CC FF"}, {256, "CD 01 00"}, {65536, "CE 00 01 00 00"}}) {
    const Bytes payload(size, 0xAB);
    const Bytes bytes = Packed([&](PackWriter& w) { w.Bytes(payload); });
    EXPECT_EQ(Head(bytes, Hex(head).size()), Hex(head)) << size;
    PackReader r(bytes);
    EXPECT_EQ(r.Bytes(), std::string(size, '\xAB'));
  }
}

TEST(PackStreamTest, ListMapAndStructureHeaders) {
  EXPECT_EQ(Packed([](PackWriter& w) { w.ListHeader(0); }), Hex("90"));
  EXPECT_EQ(Packed([](PackWriter& w) {
              w.ListHeader(3);
              w.Int(1);
              w.Int(2);
              w.Int(3);
            }),
            Hex("93 01 02 03"));
  EXPECT_EQ(Packed([](PackWriter& w) {
              w.MapHeader(1);
              w.String("one");
              w.String("eins");
            }),
            Hex("A1 83 6F 6E 65 84 65 69 6E 73"));
  const std::vector<std::tuple<uint32_t, std::string, std::string>> sizes = {
      {15, "9F", "AF"},
      {16, "D4 10", "D8 10"},
      {255, "D4 FF", "D8 FF"},
      {256, "D5 01 00", "D9 01 00"},
      {65535, "D5 FF FF", "D9 FF FF"},
      {65536, "D6 00 01 00 00", "DA 00 01 00 00"}};
  for (const auto& [size, list, map] : sizes) {
    EXPECT_EQ(Packed([&](PackWriter& w) { w.ListHeader(size); }), Hex(list)) << size;
    EXPECT_EQ(Packed([&](PackWriter& w) { w.MapHeader(size); }), Hex(map)) << size;
  }
  EXPECT_EQ(Packed([](PackWriter& w) { w.StructHeader(3, 0x4E); }), Hex("B3 4E"));
  EXPECT_EQ(Packed([](PackWriter& w) { w.StructHeader(15, 0x01); }), Hex("BF 01"));
  EXPECT_THROW(Packed([](PackWriter& w) { w.StructHeader(16, 0x01); }), PackStreamError);
}

TEST(PackStreamTest, HeadersReadBack) {
  Bytes bytes = Hex("D5 01 00");
  bytes.resize(bytes.size() + 256, 0x01);
  PackReader r(bytes);
  EXPECT_EQ(r.Peek(), PackType::kList);
  EXPECT_EQ(r.ListHeader(), 256u);
  const Bytes map = Hex("A1 81 61 01 B2 7A 01 02");
  PackReader m(map);
  EXPECT_EQ(m.MapHeader(), 1u);
  EXPECT_EQ(m.String(), "a");
  EXPECT_EQ(m.Int(), 1);
  uint8_t tag = 0;
  EXPECT_EQ(m.StructHeader(tag), 2);
  EXPECT_EQ(tag, 0x7A);
}

TEST(PackStreamTest, EveryMarkerIsATypeOrRefused) {
  const std::vector<uint8_t> undefined = {0xC4, 0xC5, 0xC6, 0xC7, 0xCF, 0xD3,
                                          0xD7, 0xDB, 0xDC, 0xDD, 0xDE, 0xDF};
  for (int m = 0; m < 256; ++m) {
    const Bytes bytes = {static_cast<uint8_t>(m)};
    PackReader r(bytes);
    const bool refused = (m >= 0xE0 && m <= 0xEF) || std::find(undefined.begin(), undefined.end(),
                                                               static_cast<uint8_t>(m)) != undefined.end();
    if (refused) {
      EXPECT_THROW(r.Peek(), PackStreamError) << m;
      EXPECT_THROW(r.Skip(), PackStreamError) << m;
    } else {
      EXPECT_NO_THROW(r.Peek()) << m;
    }
  }
}

TEST(PackStreamTest, ReadingTheWrongTypeIsAnError) {
  const Bytes bytes = Hex("81 41");
  PackReader r(bytes);
  EXPECT_THROW(r.Int(), PackStreamError);
  EXPECT_THROW(r.ListHeader(), PackStreamError);
  EXPECT_THROW(r.Bytes(), PackStreamError);
  EXPECT_EQ(r.position(), 0u);  // nothing consumed
  EXPECT_EQ(r.String(), "A");
  EXPECT_THROW(r.Null(), PackStreamError);  // at the end
}

TEST(PackStreamTest, SizesThatLieAreRefusedBeforeAllocating) {
  // A string, byte array, list or map claiming more than the bytes that follow.
  for (const char* hex : {"D2 FF FF FF FF 41 41 41 41 41", "CE FF FF FF FF 00", "D0 05 41 41",
                          "85 41 41 41 41", "D6 FF FF FF FF 01 01", "DA FF FF FF FF 81 61 01", "94 01 01 01",
                          "A3 81 61 01 81 62",  // three entries need at least six bytes
                          "BF 01 01 01"}) {
    const Bytes bytes = Hex(hex);
    PackReader r(bytes);
    EXPECT_THROW(r.Skip(), PackStreamError) << hex;
  }
  const Bytes huge_list = Hex("D6 FF FF FF FF 01");
  PackReader r(huge_list);
  EXPECT_THROW(r.ListHeader(), PackStreamError);
}

TEST(PackStreamTest, TruncatedHeadersAndPayloads) {
  for (const char* hex : {"C1 3F F1", "C8", "C9 00", "CA 00 00 00", "CB 00", "D0", "D1 00", "D2 00 00 00",
                          "CC", "D4", "D8 01", "B1"}) {
    const Bytes bytes = Hex(hex);
    PackReader r(bytes);
    EXPECT_THROW(r.Skip(), PackStreamError) << hex;
  }
}

TEST(PackStreamTest, StringsMustBeUtf8) {
  for (const char* hex : {"81 FF", "82 C0 80", "83 ED A0 80", "84 F4 90 80 80", "82 E2 82", "81 80",
                          "83 E0 80 80", "84 F0 80 80 80", "82 C3 41"}) {
    const Bytes bytes = Hex(hex);
    PackReader r(bytes);
    EXPECT_THROW(r.String(), PackStreamError) << hex;
  }
  for (const char* hex : {"82 C3 B6", "83 ED 9F BF", "84 F4 8F BF BF", "84 F0 9F 98 80", "83 EF BF BD"}) {
    const Bytes bytes = Hex(hex);
    PackReader r(bytes);
    EXPECT_NO_THROW(r.String()) << hex;
  }
}

TEST(PackStreamTest, SkipLimitsTheNesting) {
  const Bytes deepest = NestedLists(kMaxDepth);
  PackReader ok(deepest);
  EXPECT_NO_THROW(ok.Skip());
  EXPECT_TRUE(ok.AtEnd());
  const Bytes too_deep = NestedLists(kMaxDepth + 1);
  PackReader refused(too_deep);
  EXPECT_THROW(refused.Skip(), PackStreamError);
}

TEST(PackStreamTest, SkipPassesOverAWholeValue) {
  // {a: [1, 2.5, "x", null, true], b: bytes 01, c: structure 0x44 (7)}, then 5.
  const Bytes bytes =
      Hex("A3 81 61 95 01 C1 40 04 00 00 00 00 00 00 81 78 C0 C3 81 62 CC 01 01 81 63 B1 44 07 05");
  PackReader r(bytes);
  r.Skip();
  EXPECT_EQ(r.Int(), 5);
  EXPECT_TRUE(r.AtEnd());
  const Bytes int_key = Hex("A1 01 01");
  PackReader bad(int_key);
  EXPECT_THROW(bad.Skip(), PackStreamError);
}

}  // namespace
}  // namespace quiver::server::bolt
