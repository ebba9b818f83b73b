// Cypher values on the Bolt wire (src/server/bolt/bolt_values.h): the structures' bytes,
// round trips of every kind a client may send in every DateTime encoding, compared with
// the values the engine itself makes, and a path's indices. Malformed input:
// bolt_messages_test.cpp.

#include "server/bolt/bolt_values.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "quiver/database.h"
#include "quiver/result.h"
#include "test_util/value_identity.h"
#include "unit/server/wire_bytes.h"

namespace quiver::server::bolt {
namespace {

using quiver::testing::IdenticalValues;
using testing::Bytes;
using testing::Hex;
using testing::kBolt44;
using testing::kBolt44Utc;
using testing::kBolt54;
using testing::Packed;

const BoltVersion kVersions[] = {kBolt44, kBolt44Utc, kBolt54};

Bytes Encode(const Value& v, const BoltVersion& version) {
  return Packed([&](PackWriter& w) { EncodeValue(w, v, version); });
}

Value Decode(const Bytes& bytes, const BoltVersion& version) {
  PackReader r(bytes);
  Value v = DecodeValue(r, version);
  EXPECT_TRUE(r.AtEnd()) << "bytes left after the value";
  return v;
}

void ExpectRoundTrip(const Value& v, const BoltVersion& version) {
  const Value back = Decode(Encode(v, version), version);
  EXPECT_TRUE(IdenticalValues(v, back)) << v << " came back as " << back << " in Bolt " << version.ToString()
                                        << (version.utc_patch ? " utc" : "");
}

// Values made by the engine: what the server will encode for real.
class EngineValues : public ::testing::Test {
 protected:
  Value Eval(const std::string& expression) {
    QueryResult r = conn_->Query("RETURN " + expression);
    EXPECT_TRUE(r.Next());
    return r.row()[0];
  }

  std::unique_ptr<Database> db_ = Database::OpenInMemory();
  std::unique_ptr<Connection> conn_ = db_->Connect();
};

// ---- encodings ------------------------------------------------------------------------

TEST(BoltValuesTest, ScalarsListsAndMaps) {
  EXPECT_EQ(Encode(Value::Null(), kBolt54), Hex("C0"));
  EXPECT_EQ(Encode(Value::Int(-17), kBolt54), Hex("C8 EF"));
  EXPECT_EQ(Encode(Value::String("größer"), kBolt54), Hex("88 67 72 C3 B6 C3 9F 65 72"));
  EXPECT_EQ(Encode(Value::List({Value::Int(1), Value::Bool(true), Value::Null()}), kBolt54),
            Hex("93 01 C3 C0"));
  // Map entries go out in the map's (sorted) order.
  EXPECT_EQ(Encode(Value::Map(ValueMap{{"b", Value::Int(2)}, {"a", Value::Int(1)}}), kBolt54),
            Hex("A2 81 61 01 81 62 02"));
}

TEST(BoltValuesTest, NodeWithAndWithoutElementId) {
  const Value node = Value::Node(NodeValue{1, {"A"}, ValueMap{{"name", Value::String("x")}}});
  EXPECT_EQ(Encode(node, kBolt44), Hex("B3 4E 01 91 81 41 A1 84 6E 61 6D 65 81 78"));
  EXPECT_EQ(Encode(node, kBolt54), Hex("B4 4E 01 91 81 41 A1 84 6E 61 6D 65 81 78 81 31"));
}

TEST(BoltValuesTest, RelationshipWithAndWithoutElementIds) {
  const Value rel = Value::Relationship(RelationshipValue{7, "T", 1, 2, {}});
  EXPECT_EQ(Encode(rel, kBolt44), Hex("B5 52 07 01 02 81 54 A0"));
  EXPECT_EQ(Encode(rel, kBolt54), Hex("B8 52 07 01 02 81 54 A0 81 37 81 31 81 32"));
}

TEST(BoltValuesTest, TemporalStructures) {
  EXPECT_EQ(Encode(Value::Date(DateValue{1}), kBolt54), Hex("B1 44 01"));
  EXPECT_EQ(Encode(Value::Date(DateValue{-1}), kBolt54), Hex("B1 44 FF"));
  EXPECT_EQ(Encode(Value::LocalTime(LocalTimeValue{1}), kBolt54), Hex("B1 74 01"));
  EXPECT_EQ(Encode(Value::Time(TimeValue{0, 3600}), kBolt54), Hex("B2 54 00 C9 0E 10"));
  EXPECT_EQ(Encode(Value::LocalDateTime(LocalDateTimeValue{1, 2}), kBolt54), Hex("B2 64 01 02"));
  EXPECT_EQ(Encode(Value::Duration(DurationValue{14, 16, 12, 5}), kBolt54), Hex("B4 45 0E 10 0C 05"));

  const Value offset = Value::DateTime(DateTimeValue{0, 5, 3600, ""});
  EXPECT_EQ(Encode(offset, kBolt54), Hex("B3 49 00 05 C9 0E 10"));
  EXPECT_EQ(Encode(offset, kBolt44Utc), Hex("B3 49 00 05 C9 0E 10"));
  EXPECT_EQ(Encode(offset, kBolt44), Hex("B3 46 C9 0E 10 05 C9 0E 10"));  // wall-clock seconds

  const Value zoned = Value::DateTime(DateTimeValue{0, 0, 3600, "Europe/Paris"});
  const std::string paris = " 8C 45 75 72 6F 70 65 2F 50 61 72 69 73";
  EXPECT_EQ(Encode(zoned, kBolt54), Hex("B3 69 00 00" + paris));
  EXPECT_EQ(Encode(zoned, kBolt44), Hex("B3 66 C9 0E 10 00" + paris));
}

// What a Path structure says, read back with the PackReader (a client may not send one).
struct WirePath {
  std::vector<int64_t> node_ids;
  std::vector<int64_t> rel_ids;
  std::vector<int64_t> indices;
};

WirePath ReadPath(const Bytes& bytes, const BoltVersion& version) {
  WirePath path;
  PackReader r(bytes);
  uint8_t tag = 0;
  EXPECT_EQ(r.StructHeader(tag), 3);
  EXPECT_EQ(tag, 'P');
  const auto read_entities = [&](uint8_t expected_tag, uint8_t expected_fields, std::vector<int64_t>& ids) {
    for (uint32_t n = r.ListHeader(); n > 0; --n) {
      const uint8_t fields = r.StructHeader(tag);
      EXPECT_EQ(tag, expected_tag);
      EXPECT_EQ(fields, expected_fields);
      ids.push_back(r.Int());
      for (uint8_t i = 1; i < fields; ++i) r.Skip();
    }
  };
  read_entities('N', version.ElementIds() ? 4 : 3, path.node_ids);
  read_entities('r', version.ElementIds() ? 4 : 3, path.rel_ids);
  for (uint32_t n = r.ListHeader(); n > 0; --n) path.indices.push_back(r.Int());
  EXPECT_TRUE(r.AtEnd());
  return path;
}

NodeValue N(uint64_t id) {
  return NodeValue{id, {"L"}, {}};
}
RelationshipValue R(uint64_t id, uint64_t start, uint64_t end) {
  return RelationshipValue{id, "T", start, end, {}};
}

TEST(BoltValuesTest, PathIndicesWithAReversedStepAndARepeatedNode) {
  // (1)-[10]->(2)<-[11]-(3)-[12]->(2): node 2 appears twice, and the second step runs
  // against relationship 11 (from its end, 2, to its start, 3).
  const Value path =
      Value::Path(PathValue{{N(1), N(2), N(3), N(2)}, {R(10, 1, 2), R(11, 3, 2), R(12, 3, 2)}});
  for (const BoltVersion& version : kVersions) {
    const WirePath wire = ReadPath(Encode(path, version), version);
    EXPECT_EQ(wire.node_ids, (std::vector<int64_t>{1, 2, 3}));
    EXPECT_EQ(wire.rel_ids, (std::vector<int64_t>{10, 11, 12}));
    EXPECT_EQ(wire.indices, (std::vector<int64_t>{1, 1, -2, 2, 3, 1}));
  }
}

TEST(BoltValuesTest, PathThatTraversesARelationshipBothWays) {
  const Value path = Value::Path(PathValue{{N(1), N(2), N(1)}, {R(10, 1, 2), R(10, 1, 2)}});
  const WirePath wire = ReadPath(Encode(path, kBolt54), kBolt54);
  EXPECT_EQ(wire.node_ids, (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(wire.rel_ids, (std::vector<int64_t>{10}));
  EXPECT_EQ(wire.indices, (std::vector<int64_t>{1, 1, -1, 0}));
}

TEST(BoltValuesTest, PathOfOneNode) {
  const WirePath wire = ReadPath(Encode(Value::Path(PathValue{{N(5)}, {}}), kBolt44), kBolt44);
  EXPECT_EQ(wire.node_ids, (std::vector<int64_t>{5}));
  EXPECT_TRUE(wire.rel_ids.empty());
  EXPECT_TRUE(wire.indices.empty());
}

TEST_F(EngineValues, PathFromAQuery) {
  QueryResult r = conn_->Query("CREATE p = (a:A)-[:T]->(b:B)<-[:U]-(c:C) RETURN p, id(a), id(b), id(c)");
  ASSERT_TRUE(r.Next());
  const Value path = r.row()[0];
  const WirePath wire = ReadPath(Encode(path, kBolt54), kBolt54);
  EXPECT_EQ(wire.node_ids,
            (std::vector<int64_t>{r.row()[1].AsInt(), r.row()[2].AsInt(), r.row()[3].AsInt()}));
  EXPECT_EQ(wire.indices, (std::vector<int64_t>{1, 1, -2, 2}));
}

// ---- round trips ----------------------------------------------------------------------

// The round trips below are only as strict as the comparison they use.
TEST(BoltValuesTest, IdentityIsBitForBit) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(IdenticalValues(Value::Float(nan), Value::Float(nan)));
  EXPECT_FALSE(IdenticalValues(Value::Float(nan), Value::Float(-nan)));
  EXPECT_FALSE(IdenticalValues(Value::Float(0.0), Value::Float(-0.0)));
  EXPECT_FALSE(IdenticalValues(Value::Int(1), Value::Float(1.0)));
  EXPECT_FALSE(IdenticalValues(Value::DateTime(DateTimeValue{0, 0, 3600, "Europe/Paris"}),
                               Value::DateTime(DateTimeValue{0, 0, 3600, ""})));
  EXPECT_FALSE(IdenticalValues(Value::DateTime(DateTimeValue{0, 0, 3600, ""}),
                               Value::DateTime(DateTimeValue{0, 0, 0, ""})));
  EXPECT_FALSE(IdenticalValues(Value::List({Value::Int(1)}), Value::List({Value::Int(1), Value::Null()})));
  EXPECT_FALSE(IdenticalValues(Value::Map(ValueMap{{"a", Value::Null()}}),
                               Value::Map(ValueMap{{"b", Value::Null()}})));
  EXPECT_TRUE(IdenticalValues(Value::Map(ValueMap{{"a", Value::List({Value::String("x")})}}),
                              Value::Map(ValueMap{{"a", Value::List({Value::String("x")})}})));
}

TEST(BoltValuesTest, ScalarsRoundTrip) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<Value> values = {
      Value::Null(),       Value::Bool(true),       Value::Bool(false),
      Value::String(""),   Value::String("größer"), Value::String(std::string(70'000, 'q')),
      Value::Float(nan),   Value::Float(-nan),      Value::Float(inf),
      Value::Float(-inf),  Value::Float(-0.0),      Value::Float(0.0),
      Value::Float(1e308), Value::Float(-5e-324)};
  for (const int64_t i :
       {int64_t{0}, int64_t{-16}, int64_t{-17}, int64_t{127}, int64_t{128}, int64_t{-129}, int64_t{40'000},
        int64_t{-3'000'000'000}, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()}) {
    values.push_back(Value::Int(i));
  }
  values.push_back(Value::List(values));
  values.push_back(Value::Map(ValueMap{{"", Value::Null()}, {"list", values.back()}, {"ä", Value::Map({})}}));
  for (const BoltVersion& version : kVersions) {
    for (const Value& v : values) ExpectRoundTrip(v, version);
  }
}

TEST_F(EngineValues, TemporalsRoundTripInEveryEncoding) {
  const char* expressions[] = {
      "date('2024-03-31')",
      "date('-999999999-01-01')",
      "date('+999999999-12-31')",
      "localtime('23:59:59.999999999')",
      "localtime('00:00')",
      "time('12:34:56.123456789+01:00')",
      "time('00:00-18:00')",
      "localdatetime('1969-12-31T23:59:59.5')",
      "datetime('2024-03-31T02:30:00[Europe/Stockholm]')",  // a gap: 03:30+02:00
      "datetime('2024-10-27T02:30:00[Europe/Stockholm]')",  // an overlap: the earlier, +02:00
      "datetime('2024-06-01T12:00:00.000000001+05:30')",
      "datetime('1900-01-01T00:00:00Z')",
      "datetime('1500-06-30T23:59:59.999-00:25:21')",
      "datetime('2024-01-01T00:00[America/New_York]')",
      "duration('P1Y2M3DT4H5M6.7S')",
      "duration('-PT0.5S')",
      "duration({months: -5, days: 3})",
  };
  for (const char* expression : expressions) {
    const Value v = Eval(expression);
    ASSERT_TRUE(v.IsTemporal()) << expression;
    for (const BoltVersion& version : kVersions) ExpectRoundTrip(v, version);
  }
}

// The legacy encoding sends wall-clock seconds and a zone: in a fall-back overlap the
// later of the two instants cannot be told apart from the earlier (the reason Bolt 5 and
// 4.4's "utc" patch send UTC seconds). Decoding picks the earlier, as java.time does.
TEST_F(EngineValues, LegacyEncodingLosesTheLaterInstantOfAnOverlap) {
  const Value later = Eval("datetime('2024-10-27T02:30:00+01:00[Europe/Stockholm]')");
  ASSERT_EQ(later.AsDateTime().offset_seconds, 3600);
  ExpectRoundTrip(later, kBolt54);
  ExpectRoundTrip(later, kBolt44Utc);
  const Value earlier = Eval("datetime('2024-10-27T02:30:00+02:00[Europe/Stockholm]')");
  EXPECT_TRUE(IdenticalValues(Decode(Encode(later, kBolt44), kBolt44), earlier));
}

TEST_F(EngineValues, ZoneIdDateTimesDecodeAsTheEngineMakesThem) {
  const Value gap = Eval("datetime('2024-03-31T02:30:00[Europe/Stockholm]')");
  ASSERT_EQ(gap.AsDateTime().offset_seconds, 7200);
  const int64_t wall_clock = DaysFromCivil(2024, 3, 31) * 86'400 + 2 * 3600 + 30 * 60;  // 02:30, in the gap
  const Bytes legacy = Packed([&](PackWriter& w) {
    w.StructHeader(3, 'f');
    w.Int(wall_clock);
    w.Int(0);
    w.String("Europe/Stockholm");
  });
  EXPECT_TRUE(IdenticalValues(Decode(legacy, kBolt44), gap)) << Decode(legacy, kBolt44);
  const Bytes utc = Packed([&](PackWriter& w) {
    w.StructHeader(3, 'i');
    w.Int(gap.AsDateTime().seconds);
    w.Int(0);
    w.String("Europe/Stockholm");
  });
  EXPECT_TRUE(IdenticalValues(Decode(utc, kBolt54), gap));

  const Value overlap = Eval("datetime('2024-10-27T02:30:00[Europe/Stockholm]')");
  const Bytes overlap_legacy = Packed([&](PackWriter& w) {
    w.StructHeader(3, 'f');
    w.Int(DaysFromCivil(2024, 10, 27) * 86'400 + 2 * 3600 + 30 * 60);
    w.Int(0);
    w.String("Europe/Stockholm");
  });
  EXPECT_TRUE(IdenticalValues(Decode(overlap_legacy, kBolt44), overlap));
}

TEST(BoltValuesTest, OffsetDateTimesDecodeInBothEncodings) {
  const Value expected = Value::DateTime(DateTimeValue{1000, 7, -3600, ""});
  const Bytes utc = Packed([](PackWriter& w) {
    w.StructHeader(3, 'I');
    w.Int(1000);
    w.Int(7);
    w.Int(-3600);
  });
  EXPECT_TRUE(IdenticalValues(Decode(utc, kBolt54), expected));
  EXPECT_TRUE(IdenticalValues(Decode(utc, kBolt44Utc), expected));
  const Bytes legacy = Packed([](PackWriter& w) {
    w.StructHeader(3, 'F');
    w.Int(1000 - 3600);
    w.Int(7);
    w.Int(-3600);
  });
  EXPECT_TRUE(IdenticalValues(Decode(legacy, kBolt44), expected));
  // An offset given as a zone id is an offset: no zone name.
  const Bytes offset_id = Packed([](PackWriter& w) {
    w.StructHeader(3, 'i');
    w.Int(1000);
    w.Int(7);
    w.String("-01:00");
  });
  EXPECT_TRUE(IdenticalValues(Decode(offset_id, kBolt54), expected));
}

TEST(BoltValuesTest, EachVersionTakesOnlyItsDateTimeEncoding) {
  const Bytes utc = Hex("B3 49 00 00 00");
  const Bytes legacy = Hex("B3 46 00 00 00");
  EXPECT_THROW(Decode(utc, kBolt44), PackStreamError);
  EXPECT_THROW(Decode(legacy, kBolt54), PackStreamError);
  EXPECT_THROW(Decode(legacy, kBolt44Utc), PackStreamError);
  EXPECT_NO_THROW(Decode(utc, kBolt44Utc));
}

TEST(BoltValuesTest, DurationNanosecondsCarryIntoSeconds) {
  const Bytes bytes = Hex("B4 45 01 02 03 FF");  // 1 month, 2 days, 3 s, -1 ns
  EXPECT_TRUE(IdenticalValues(Decode(bytes, kBolt54), Value::Duration(DurationValue{1, 2, 2, 999'999'999})));
  const Bytes overflow = Packed([](PackWriter& w) {
    w.StructHeader(4, 'E');
    w.Int(0);
    w.Int(0);
    w.Int(std::numeric_limits<int64_t>::max());
    w.Int(1'000'000'000);
  });
  EXPECT_THROW(Decode(overflow, kBolt54), PackStreamError);
}

}  // namespace
}  // namespace quiver::server::bolt
