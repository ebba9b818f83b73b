#include <gtest/gtest.h>

#include <cstring>
#include <limits>

#include "storage/property_value.h"

namespace quiver::storage {
namespace {

using PV = PropertyValue;

PV RoundTrip(const PV& v) {
  std::string bytes;
  EncodeValue(v, &bytes);
  uint64_t pos = 0;
  auto out = DecodeValue(bytes, &pos);
  EXPECT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_EQ(pos, bytes.size());
  return out.ok() ? *out : PV();
}

TEST(PropertyValueTest, EveryTypeRoundTrips) {
  const std::vector<PV> values = {
      PV(),
      PV(true),
      PV(false),
      PV(std::numeric_limits<int64_t>::min()),
      PV(std::numeric_limits<int64_t>::max()),
      PV(-0.0),
      PV(std::numeric_limits<double>::infinity()),
      PV(std::numeric_limits<double>::quiet_NaN()),
      PV(""),
      PV(std::string("a\0b", 3)),
      PV("ünïcode"),
      PV(PV::List{}),
      PV(PV::List{PV(1), PV("x"), PV(), PV(PV::List{PV(2.5)})}),
      PV(PV::Map{}),
      PV(PV::Map{{"b", PV(1)}, {"a", PV(PV::Map{{"", PV(true)}})}}),
  };
  for (const PV& v : values) EXPECT_TRUE(RoundTrip(v) == v) << v.ToString();
}

TEST(PropertyValueTest, EqualityIsStructuralAndTyped) {
  EXPECT_FALSE(PV(1) == PV(1.0));
  EXPECT_FALSE(PV(0.0) == PV(-0.0));  // bit patterns differ
  EXPECT_TRUE(PV(std::numeric_limits<double>::quiet_NaN()) == PV(std::numeric_limits<double>::quiet_NaN()));
  EXPECT_FALSE(PV(PV::List{PV(1)}) == PV(PV::List{PV(2)}));
}

TEST(PropertyValueTest, MalformedInputIsCorruptionNeverACrash) {
  std::string good;
  EncodeValue(PV(PV::Map{{"k", PV(PV::List{PV("s"), PV(3)})}}), &good);
  // Every truncation fails cleanly.
  for (size_t n = 0; n < good.size(); ++n) {
    uint64_t pos = 0;
    auto r = DecodeValue(std::string_view(good).substr(0, n), &pos);
    EXPECT_TRUE(r.status().IsCorruption()) << "truncated to " << n;
  }
  // Every single-byte change either decodes or fails with Corruption.
  for (size_t i = 0; i < good.size(); ++i) {
    for (int b : {0x00, 0x08, 0x7f, 0xff}) {
      std::string bad = good;
      bad[i] = static_cast<char>(b);
      uint64_t pos = 0;
      auto r = DecodeValue(bad, &pos);
      if (!r.ok()) {
        EXPECT_TRUE(r.status().IsCorruption());
      }
    }
  }
  uint64_t pos = 0;
  EXPECT_TRUE(DecodeValue(std::string(1, '\0'), &pos).status().IsCorruption());  // tag 0 is invalid
  pos = 0;
  EXPECT_TRUE(DecodeValue(std::string("\x02\x05"), &pos).status().IsCorruption());  // bool byte 5
  // A list claiming 2^32-1 elements must not reserve memory for them.
  pos = 0;
  EXPECT_TRUE(DecodeValue(std::string("\x06\xff\xff\xff\xff", 5), &pos).status().IsCorruption());
  // Nesting past the limit.
  std::string deep;
  for (int i = 0; i < 100; ++i) deep += std::string("\x06\x01\x00\x00\x00", 5);
  deep += '\x01';
  pos = 0;
  EXPECT_TRUE(DecodeValue(deep, &pos).status().IsCorruption());
  // Map keys out of order.
  std::string map("\x07\x02\x00\x00\x00", 5);
  map += std::string("\x01\x00\x00\x00" "b" "\x01", 6);
  map += std::string("\x01\x00\x00\x00" "a" "\x01", 6);
  pos = 0;
  EXPECT_TRUE(DecodeValue(map, &pos).status().IsCorruption());
  pos = 100;
  EXPECT_TRUE(DecodeValue(good, &pos).status().IsCorruption());  // offset past the heap
}

}  // namespace
}  // namespace quiver::storage
