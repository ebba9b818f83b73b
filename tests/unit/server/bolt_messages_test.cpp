// Whole Bolt request messages (DecodeMessage) and the input a client must not be able to
// get past the decoder: truncation anywhere, sizes that lie, refused kinds and
// structures, values out of range, nesting too deep.

#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "server/bolt/bolt_values.h"
#include "unit/server/wire_bytes.h"

namespace quiver::server::bolt {
namespace {

using testing::Bytes;
using testing::kBolt44;
using testing::kBolt54;
using testing::NestedLists;
using testing::Packed;

// RUN "RETURN $p" {p: [every kind a client may send]} {} in `version`'s encoding.
Bytes RunWithEveryKind(const BoltVersion& version) {
  const std::vector<Value> kinds = {Value::Null(),
                                    Value::Bool(true),
                                    Value::Int(-40'000),
                                    Value::Float(2.5),
                                    Value::String("größer"),
                                    Value::List({Value::Int(1)}),
                                    Value::Map(ValueMap{{"k", Value::String("v")}}),
                                    Value::Date(DateValue{19'000}),
                                    Value::LocalTime(LocalTimeValue{1'000}),
                                    Value::Time(TimeValue{5, -3600}),
                                    Value::LocalDateTime(LocalDateTimeValue{86'400, 1}),
                                    Value::DateTime(DateTimeValue{100, 2, 3600, ""}),
                                    Value::DateTime(DateTimeValue{1'700'000'000, 0, 3600, "Europe/Berlin"}),
                                    Value::Duration(DurationValue{1, 2, 3, 4})};
  return Packed([&](PackWriter& w) {
    w.StructHeader(3, 0x10);
    w.String("RETURN $p");
    EncodeValue(w, Value::Map(ValueMap{{"p", Value::List(kinds)}}), version);
    w.MapHeader(0);
  });
}

BoltMessage DecodeBytes(const Bytes& bytes, const BoltVersion& version) {
  return DecodeMessage(bytes, version);
}

TEST(BoltMessagesTest, ARunMessageDecodes) {
  for (const BoltVersion& version : {kBolt44, kBolt54}) {
    const BoltMessage m = DecodeBytes(RunWithEveryKind(version), version);
    EXPECT_EQ(m.tag, 0x10);
    ASSERT_EQ(m.fields.size(), 3u);
    EXPECT_EQ(m.fields[0].AsString(), "RETURN $p");
    EXPECT_EQ(m.fields[1].AsMap().Find("p")->AsList().size(), 14u);
    EXPECT_TRUE(m.fields[2].AsMap().empty());
  }
}

TEST(BoltMessagesTest, EveryPrefixOfAMessageFailsCleanly) {
  for (const BoltVersion& version : {kBolt44, kBolt54}) {
    const Bytes full = RunWithEveryKind(version);
    for (size_t n = 0; n < full.size(); ++n) {
      const Bytes prefix(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
      EXPECT_THROW(DecodeBytes(prefix, version), PackStreamError) << n << " of " << full.size() << " bytes";
    }
    EXPECT_NO_THROW(DecodeBytes(full, version));
  }
}

TEST(BoltMessagesTest, AnyTagAndFieldCountIsAMessage) {
  const BoltMessage reset = DecodeBytes({0xB0, 0x0F}, kBolt54);
  EXPECT_EQ(reset.tag, 0x0F);
  EXPECT_TRUE(reset.fields.empty());
  const BoltMessage odd = DecodeBytes({0xB3, 0xEE, 0x01, 0x02, 0x03}, kBolt54);
  EXPECT_EQ(odd.tag, 0xEE);
  EXPECT_EQ(odd.fields.size(), 3u);
}

TEST(BoltMessagesTest, NotExactlyOneStructureIsRefused) {
  EXPECT_THROW(DecodeBytes({}, kBolt54), PackStreamError);
  EXPECT_THROW(DecodeBytes({0x01}, kBolt54), PackStreamError);
  EXPECT_THROW(DecodeBytes({0x91, 0x01}, kBolt54), PackStreamError);
  EXPECT_THROW(DecodeBytes({0xB0, 0x0F, 0x00}, kBolt54), PackStreamError);        // a byte left over
  EXPECT_THROW(DecodeBytes({0xB0, 0x0F, 0xB0, 0x0F}, kBolt54), PackStreamError);  // two messages
}

TEST(BoltMessagesTest, SizesThatLieAreRefused) {
  // A RUN whose query claims 4 GB, a parameter list of 4 billion items, a map of
  // 65,535 entries, in a few bytes.
  for (const Bytes& bytes : {Bytes{0xB1, 0x10, 0xD2, 0xFF, 0xFF, 0xFF, 0xFF, 0x41, 0x41},
                             Bytes{0xB1, 0x10, 0xD6, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x01},
                             Bytes{0xB1, 0x10, 0xD9, 0xFF, 0xFF, 0x81, 0x61, 0x01},
                             Bytes{0xB1, 0x10, 0xCE, 0xFF, 0xFF, 0xFF, 0xFF, 0x00}}) {
    EXPECT_THROW(DecodeBytes(bytes, kBolt54), PackStreamError);
  }
}

TEST(BoltMessagesTest, UndefinedMarkersAreRefused) {
  for (const uint8_t marker : {0xC4, 0xC7, 0xCF, 0xD3, 0xD7, 0xDB, 0xDF, 0xE0, 0xEF}) {
    EXPECT_THROW(DecodeBytes({0xB1, 0x10, marker}, kBolt54), PackStreamError) << int{marker};
  }
}

TEST(BoltMessagesTest, MapKeysAreStringsGivenOnce) {
  EXPECT_THROW(DecodeBytes({0xB1, 0x10, 0xA1, 0x01, 0x01}, kBolt54), PackStreamError);
  EXPECT_THROW(DecodeBytes({0xB1, 0x10, 0xA1, 0xC0, 0x01}, kBolt54), PackStreamError);
  EXPECT_THROW(DecodeBytes({0xB1, 0x10, 0xA2, 0x81, 0x61, 0x01, 0x81, 0x61, 0x02}, kBolt54), PackStreamError);
  const BoltMessage m = DecodeBytes({0xB1, 0x10, 0xA2, 0x81, 0x62, 0x01, 0x81, 0x61, 0x02}, kBolt54);
  EXPECT_EQ(m.fields[0].AsMap().Find("a")->AsInt(), 2);
}

TEST(BoltMessagesTest, NestingDeeperThanTheLimitIsRefused) {
  const Bytes deepest = NestedLists(kMaxDepth);
  PackReader ok(deepest);
  EXPECT_NO_THROW(DecodeValue(ok, kBolt54));
  const Bytes too_deep = NestedLists(kMaxDepth + 1);
  PackReader refused(too_deep);
  EXPECT_THROW(DecodeValue(refused, kBolt54), PackStreamError);

  // In a message the fields are the top level. Maps and structures count as lists do.
  Bytes message = {0xB1, 0x10};
  message.insert(message.end(), deepest.begin(), deepest.end());
  EXPECT_NO_THROW(DecodeBytes(message, kBolt54));
  message.insert(message.begin() + 2, 0x91);
  EXPECT_THROW(DecodeBytes(message, kBolt54), PackStreamError);
  Bytes maps = {0xB1, 0x10};
  for (int i = 0; i < kMaxDepth; ++i) maps.insert(maps.end(), {0xA1, 0x81, 0x6B});
  maps.push_back(0xB1);  // a Date at depth 64: one level too deep
  maps.insert(maps.end(), {0x44, 0x01});
  EXPECT_THROW(DecodeBytes(maps, kBolt54), PackStreamError);
  maps.erase(maps.end() - 3, maps.end());
  maps.push_back(0x01);
  EXPECT_NO_THROW(DecodeBytes(maps, kBolt54));
}

// Refused kinds name what was refused.
void ExpectRefused(const Bytes& value, const std::string& named, const BoltVersion& version = kBolt54) {
  Bytes message = {0xB1, 0x10};
  message.insert(message.end(), value.begin(), value.end());
  try {
    DecodeBytes(message, version);
    ADD_FAILURE() << named << " was accepted";
  } catch (const PackStreamError& e) {
    EXPECT_NE(std::string(e.what()).find(named), std::string::npos) << e.what();
  }
}

TEST(BoltMessagesTest, KindsAClientCannotSendAreRefusedByName) {
  ExpectRefused({0xCC, 0x01, 0x00}, "byte array");
  ExpectRefused({0xB4, 0x4E, 0x01, 0x90, 0xA0, 0x81, 0x31}, "Node");
  ExpectRefused({0xB3, 0x4E, 0x01, 0x90, 0xA0}, "Node", kBolt44);
  ExpectRefused({0xB5, 0x52, 0x01, 0x02, 0x03, 0x81, 0x54, 0xA0}, "Relationship");
  ExpectRefused({0xB3, 0x72, 0x01, 0x81, 0x54, 0xA0}, "UnboundRelationship");
  ExpectRefused({0xB3, 0x50, 0x90, 0x90, 0x90}, "Path");
  ExpectRefused({0xB3, 0x58, 0xC9, 0x10, 0xE6, 0xC1, 0, 0, 0, 0, 0, 0, 0, 0, 0xC1, 0, 0, 0, 0, 0, 0, 0, 0},
                "Point2D");
  ExpectRefused({0xB4, 0x59, 0xC9, 0x23, 0xC5, 0x01, 0x02, 0x03}, "Point3D");
  ExpectRefused({0xB0, 0x7A}, "unknown structure tag 0x7A");
}

TEST(BoltMessagesTest, TemporalStructuresWithTheWrongFieldCount) {
  const std::vector<std::pair<uint8_t, int>> structures = {{'D', 1}, {'T', 2}, {'t', 1}, {'d', 2},
                                                           {'I', 3}, {'i', 3}, {'E', 4}};
  for (const auto& [tag, fields] : structures) {
    for (const int wrong : {fields - 1, fields + 1}) {
      Bytes value = {static_cast<uint8_t>(0xB0 | wrong), tag};
      value.insert(value.end(), static_cast<size_t>(wrong), 0x00);
      ExpectRefused(value, "structure has " + std::to_string(fields) + " field");
    }
  }
  ExpectRefused({0xB2, 0x46, 0x00, 0x00}, "structure has 3 field", kBolt44);
}

TEST(BoltMessagesTest, TemporalFieldsOutOfRange) {
  const int64_t nanos_per_day = 86'400'000'000'000;
  const int64_t max = std::numeric_limits<int64_t>::max();
  const std::vector<std::pair<uint8_t, std::vector<int64_t>>> cases = {
      {'t', {nanos_per_day}},
      {'t', {-1}},
      {'T', {nanos_per_day, 0}},
      {'T', {0, 18 * 3600 + 1}},
      {'T', {0, -18 * 3600 - 1}},
      {'D', {max}},
      {'D', {-400'000'000'000}},
      {'d', {0, 1'000'000'000}},
      {'d', {0, -1}},
      {'d', {max, 0}},
      {'I', {0, 1'000'000'000, 0}},
      {'I', {0, -1, 0}},
      {'I', {0, 0, 64'801}},
      {'I', {max, 0, 3600}},
      {'I', {-max, 0, -3600}},
      {'I', {40'000'000'000'000'000, 0, 0}},
  };
  for (const auto& [tag, fields] : cases) {
    const Bytes value = Packed([&](PackWriter& w) {
      w.StructHeader(static_cast<uint8_t>(fields.size()), tag);
      for (const int64_t f : fields) w.Int(f);
    });
    ExpectRefused(value, "out");  // "... out of range" or "outside years"
  }
}

TEST(BoltMessagesTest, ZoneIdsMustBeKnownZones) {
  const auto zoned = [](uint8_t tag, const char* zone) {
    return Packed([&](PackWriter& w) {
      w.StructHeader(3, tag);
      w.Int(0);
      w.Int(0);
      w.String(zone);
    });
  };
  ExpectRefused(zoned('i', "Mars/Olympus_Mons"), "Mars/Olympus_Mons");
  ExpectRefused(zoned('i', ""), "DateTimeZoneId");
  ExpectRefused(zoned('i', "+25:00"), "DateTimeZoneId");
  ExpectRefused(zoned('f', "Nowhere/Atlantis"), "Nowhere/Atlantis", kBolt44);
  ExpectRefused({0xB3, 0x69, 0x00, 0x00, 0x01}, "expected a string");  // a zone that is no string
  ExpectRefused({0xB3, 0x69, 0x00, 0xCA, 0x3B, 0x9A, 0xCA, 0x00, 0x81, 0x5A}, "nanoseconds");  // 1e9 ns
}

}  // namespace
}  // namespace quiver::server::bolt
