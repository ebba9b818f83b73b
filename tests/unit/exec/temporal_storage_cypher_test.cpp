// Temporal properties through Cypher on a persistent database: what CREATE stores, a
// reopen (log replay) gives back unchanged. The byte-level and compaction tests are in
// tests/unit/storage/temporal_storage_test.cpp.

#include <gtest/gtest.h>

#include "quiver/database.h"
#include "quiver/value_ops.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

std::vector<std::string> Row(Connection& conn, const std::string& query) {
  const QueryResult result = conn.Query(query);
  EXPECT_EQ(result.size(), 1u) << query;
  std::vector<std::string> row;
  if (result.size() == 1) {
    for (const Value& v : result.rows()[0]) row.push_back(ToTckString(v));
  }
  return row;
}

TEST(TemporalStorageCypherTest, TemporalPropertiesSurviveAReopen) {
  quiver::testing::TempDir dir;
  const std::string path = dir.Join("db");
  const std::string read = "MATCH (t:T) RETURN t.d, t.dt, t.du";
  const std::vector<std::string> expected = {"'2015-07-21'", "'2015-07-21T21:40:32.142+01:00[Europe/London]'",
                                             "'P14DT16H12M'"};
  {
    auto db = Database::Open(path);
    auto conn = db->Connect();
    conn->Query(
        "CREATE (:T {d: date('2015-07-21'), dt: datetime('2015-07-21T21:40:32.142+01:00[Europe/London]'), "
        "du: duration('P14DT16H12M')})");
    EXPECT_EQ(Row(*conn, read), expected);
  }
  auto db = Database::Open(path);
  auto conn = db->Connect();
  EXPECT_EQ(Row(*conn, read), expected);
  // The values are temporals again, not their text: functions and comparisons work.
  EXPECT_EQ(Row(*conn,
                "MATCH (t:T) RETURN t.dt.timezone, t.dt.offset, t.d + t.du, "
                "t.dt = datetime('2015-07-21T20:40:32.142Z')"),
            (std::vector<std::string>{"'Europe/London'", "'+01:00'", "'2015-08-04'", "true"}));
}

TEST(TemporalStorageCypherTest, ListsOfTemporalsAndEveryKindSurviveAReopen) {
  quiver::testing::TempDir dir;
  const std::string path = dir.Join("db");
  const std::string read = "MATCH (t:T) RETURN t.lt, t.t, t.ldt, t.list";
  std::vector<std::string> before;
  {
    auto db = Database::Open(path);
    auto conn = db->Connect();
    conn->Query(
        "CREATE (:T {lt: localtime('23:59:59.999999999'), t: time('00:00:00.000000001-12:00'), "
        "ldt: localdatetime('-999999999-01-01T00:00'), "
        "list: [date('+999999999-12-31'), duration('-PT0.000000001S'), "
        "datetime('2015-10-25T01:30+00:00[Europe/London]')]})");
    before = Row(*conn, read);
  }
  ASSERT_EQ(before.size(), 4u);
  EXPECT_EQ(before[0], "'23:59:59.999999999'");
  EXPECT_EQ(before[1], "'00:00:00.000000001-12:00'");
  auto db = Database::Open(path);
  auto conn = db->Connect();
  EXPECT_EQ(Row(*conn, read), before);
}

}  // namespace
}  // namespace quiver
