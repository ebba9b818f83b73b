// Parameters of every value type bound through Connection::Query: echoed unchanged,
// compared, used in every place a parameter may stand (predicates, UNWIND, property
// maps, SKIP/LIMIT, map and list access), stored as properties and read back from both
// stores (in memory and on disk, across a reopen), and a missing one reported.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "quiver/database.h"
#include "quiver/value_ops.h"
#include "test_util/temp_dir.h"
#include "unit/exec/value_matchers.h"

namespace quiver {
namespace {

struct Case {
  std::string name;
  Value value;
  bool storable;  // a property may hold it
};

std::vector<Case> Cases() {
  std::vector<Case> c;
  c.push_back({"null", Value::Null(), false});
  c.push_back({"true", Value::Bool(true), true});
  c.push_back({"false", Value::Bool(false), true});
  c.push_back({"zero", Value::Int(0), true});
  c.push_back({"int_min", Value::Int(std::numeric_limits<int64_t>::min()), true});
  c.push_back({"int_max", Value::Int(std::numeric_limits<int64_t>::max()), true});
  c.push_back({"float", Value::Float(1.5), true});
  c.push_back({"negative_zero", Value::Float(-0.0), true});
  c.push_back({"huge_float", Value::Float(1e300), true});
  c.push_back({"infinity", Value::Float(std::numeric_limits<double>::infinity()), true});
  c.push_back({"empty_string", Value::String(""), true});
  c.push_back({"unicode_string", Value::String("Grüße, 世界 \"quoted\" 'single' \\ \n"), true});
  c.push_back({"empty_list", Value::List({}), true});
  c.push_back({"int_list", Value::List({Value::Int(1), Value::Int(2), Value::Int(3)}), true});
  c.push_back({"string_list", Value::List({Value::String("a"), Value::String("")}), true});
  c.push_back({"mixed_list", Value::List({Value::Int(1), Value::String("a"), Value::Null(), Value::Bool(true)}),
               false});
  c.push_back({"empty_map", Value::Map(ValueMap{}), false});
  c.push_back({"map", Value::Map(ValueMap{{"a", Value::Int(1)}, {"b", Value::String("x")}}), false});
  c.push_back({"nested",
               Value::Map(ValueMap{
                   {"list", Value::List({Value::Map(ValueMap{{"k", Value::List({Value::Float(2.5)})}}),
                                         Value::List({Value::List({})})})},
                   {"null", Value::Null()}}),
               false});
  c.push_back({"date", Value::Date(DateValue{18262}), false});  // 2020-01-01
  c.push_back({"local_time", Value::LocalTime(LocalTimeValue{int64_t{37800} * 1'000'000'000 + 5}), false});
  c.push_back({"time", Value::Time(TimeValue{int64_t{3600} * 1'000'000'000, 7200}), false});
  c.push_back({"local_datetime", Value::LocalDateTime(LocalDateTimeValue{1'600'000'000, 123}), false});
  c.push_back({"datetime", Value::DateTime(DateTimeValue{1'600'000'000, 0, 3600, ""}), false});
  c.push_back({"duration", Value::Duration(DurationValue{14, 3, 3661, 500}), false});
  return c;
}

// Same kind and same value (GroupEquals: null equals null, -0.0 keeps its print).
void ExpectSame(const Value& got, const Value& want, const std::string& what) {
  EXPECT_EQ(got.kind(), want.kind()) << what;
  EXPECT_TRUE(GroupEquals(got, want)) << what << ": got " << ToTckString(got) << ", want " << ToTckString(want);
  EXPECT_EQ(ToTckString(got), ToTckString(want)) << what;
}

void CheckEcho(Connection& conn) {
  for (const auto& c : Cases()) {
    auto r = conn.Query("RETURN $p AS p, $p IS NULL AS is_null, [$p][0] AS in_list, {k: $p}.k AS in_map",
                        ValueMap{{"p", c.value}});
    ASSERT_EQ(r.size(), 1u) << c.name;
    ExpectSame(r.rows()[0][0], c.value, c.name + " echoed");
    EXPECT_EQ(r.rows()[0][1], Value::Bool(c.value.IsNull())) << c.name;
    ExpectSame(r.rows()[0][2], c.value, c.name + " through a list");
    ExpectSame(r.rows()[0][3], c.value, c.name + " through a map");
    // Equality with itself: null for null (and for lists/maps holding null), else true.
    auto eq = conn.Query("RETURN $p = $q AS eq", ValueMap{{"p", c.value}, {"q", c.value}});
    EXPECT_TRUE(GroupEquals(eq.rows()[0][0], [&] {
      switch (Equals(c.value, c.value)) {
        case Ternary::kTrue: return Value::Bool(true);
        case Ternary::kFalse: return Value::Bool(false);
        default: return Value::Null();
      }
    }())) << c.name;
  }
}

TEST(Parameters, EveryTypeIsEchoedUnchanged) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  CheckEcho(*conn);
}

TEST(Parameters, EveryTypeIsEchoedUnchangedOnDisk) {
  quiver::testing::TempDir dir;
  auto db = Database::Open(dir.Join("db"));
  auto conn = db->Connect();
  CheckEcho(*conn);
}

TEST(Parameters, TypeSensitiveComparison) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  auto r = conn->Query("RETURN $i = $f, $i = $s, $i < $f2, $l = $l2, $m = $m2",
                       ValueMap{{"i", Value::Int(1)},
                                {"f", Value::Float(1.0)},
                                {"s", Value::String("1")},
                                {"f2", Value::Float(1.5)},
                                {"l", Value::List({Value::Int(1), Value::Int(2)})},
                                {"l2", Value::List({Value::Float(1.0), Value::Int(2)})},
                                {"m", Value::Map(ValueMap{{"a", Value::Int(1)}})},
                                {"m2", Value::Map(ValueMap{{"a", Value::Float(1.0)}})}});
  EXPECT_EQ(r.rows()[0],
            (std::vector<Value>{Value::Bool(true), Value::Bool(false), Value::Bool(true), Value::Bool(true),
                                Value::Bool(true)}));
}

TEST(Parameters, UsedInEveryPosition) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  conn->Query("UNWIND $rows AS row CREATE (:N {id: row.id, tags: row.tags})",
              ValueMap{{"rows", Value::List({Value::Map(ValueMap{{"id", Value::Int(1)},
                                                                 {"tags", Value::List({Value::String("a")})}}),
                                             Value::Map(ValueMap{{"id", Value::Int(2)},
                                                                 {"tags", Value::List({})}}),
                                             Value::Map(ValueMap{{"id", Value::Int(3)}})})}});
  conn->Query("CREATE (n:N $props)", ValueMap{{"props", Value::Map(ValueMap{{"id", Value::Int(4)},
                                                                          {"name", Value::String("four")}})}});
  auto r = conn->Query(
      "MATCH (n:N) WHERE n.id IN $ids AND n.id <> $not RETURN n.id ORDER BY n.id SKIP $skip LIMIT $limit",
      ValueMap{{"ids", Value::List({Value::Int(1), Value::Int(2), Value::Int(3), Value::Int(4)})},
               {"not", Value::Int(2)},
               {"skip", Value::Int(1)},
               {"limit", Value::Int(2)}});
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r.rows()[0][0], Value::Int(3));
  EXPECT_EQ(r.rows()[1][0], Value::Int(4));
  auto m = conn->Query("MATCH (n:N {id: $id}) RETURN n.name, $m.k[1], $m['k'][0], $l[-1], size($l)",
                       ValueMap{{"id", Value::Int(4)},
                                {"m", Value::Map(ValueMap{{"k", Value::List({Value::Int(7), Value::Int(8)})}})},
                                {"l", Value::List({Value::String("x"), Value::String("y")})}});
  EXPECT_EQ(m.rows().at(0),
            (std::vector<Value>{Value::String("four"), Value::Int(8), Value::Int(7), Value::String("y"),
                                Value::Int(2)}));
}

TEST(Parameters, StoredAsPropertiesAndReadBackAfterReopen) {
  quiver::testing::TempDir dir;
  {
    auto db = Database::Open(dir.Join("db"));
    auto conn = db->Connect();
    int64_t i = 0;
    for (const auto& c : Cases()) {
      if (c.storable) conn->Query("CREATE (:S {i: $i, v: $p})", ValueMap{{"i", Value::Int(i)}, {"p", c.value}});
      ++i;
    }
  }
  auto db = Database::Open(dir.Join("db"));
  auto conn = db->Connect();
  auto r = conn->Query("MATCH (s:S) RETURN s.i, s.v ORDER BY s.i");
  size_t row = 0;
  int64_t i = 0;
  for (const auto& c : Cases()) {
    if (c.storable) {
      ASSERT_LT(row, r.size());
      EXPECT_EQ(r.rows()[row][0], Value::Int(i));
      ExpectSame(r.rows()[row][1], c.value, c.name + " stored");
      ++row;
    }
    ++i;
  }
  EXPECT_EQ(row, r.size());
}

TEST(Parameters, MissingOneIsACompileTimeError) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  try {
    conn->Query("RETURN $present, $absent", ValueMap{{"present", Value::Int(1)}});
    FAIL() << "no error";
  } catch (const QuiverError& e) {
    EXPECT_EQ(e.detail(), "MissingParameter");
    EXPECT_NE(std::string(e.what()).find("$absent"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace quiver
