#include "bench/gate.h"

#include <gtest/gtest.h>

#include "bench/rung_figures.h"
#include "fake_ladder.h"

namespace quiver::bench {
namespace {

using testing::FakeLadder;
using testing::FakeRung;

constexpr const char* kLimits = R"(// the real file's shape, comments included
{
  "read_bytes_per_edge_max": 1.0,            // bytes read per edge
  "written_bytes_per_edge_max": 14.0,
  /* block comments too */
  "published_bytes_per_edge_max": 13.5,
  "read_bytes_per_edge_growth_max": 1.1,
  "read_bytes_per_edge_growth_floor": 0.5,
  "edges_per_second_min": 100000,
  "cpu_us_per_edge_max": 5.0
})";

GateLimits Limits() {
  auto l = GateLimits::Parse(kLimits);
  EXPECT_TRUE(l.ok()) << l.status().ToString();
  return *l;
}

TEST(GateLimitsTest, ParsesJsonWithComments) {
  const GateLimits l = Limits();
  EXPECT_DOUBLE_EQ(l.read_bytes_per_edge_max, 1.0);
  EXPECT_DOUBLE_EQ(l.written_bytes_per_edge_max, 14.0);
  EXPECT_DOUBLE_EQ(l.read_growth_floor, 0.5);
  EXPECT_DOUBLE_EQ(l.edges_per_second_min, 100000);
}

TEST(GateLimitsTest, FailsClosedOnAnUnknownMissingOrNonNumericLimit) {
  std::string typo = kLimits;
  typo.replace(typo.find("read_bytes_per_edge_max"), 23, "read_bytes_per_edge_mx");
  auto a = GateLimits::Parse(typo);
  ASSERT_FALSE(a.ok());
  EXPECT_NE(a.status().message().find("read_bytes_per_edge_mx"), std::string::npos);
  auto b = GateLimits::Parse(R"({"read_bytes_per_edge_max": 1})");
  ASSERT_FALSE(b.ok());
  EXPECT_NE(b.status().message().find("missing"), std::string::npos);
  std::string text = kLimits;
  text.replace(text.find("13.5"), 4, "\"13\"");
  EXPECT_FALSE(GateLimits::Parse(text).ok());
  EXPECT_FALSE(GateLimits::Parse("not json").ok());
  EXPECT_FALSE(GateLimits::Load("/nonexistent/limits.json").ok());
}

TEST(GateTest, PassesWithinEveryLimit) {
  const auto ladder = FakeLadder({FakeRung(12, 0.03, 13.2, 13.1), FakeRung(13, 0.02, 13.1, 13.08)});
  const GateReport r = EvaluateGate(ladder, Limits());
  EXPECT_TRUE(r.passed()) << r.Format();
  EXPECT_TRUE(r.breaches().empty());
  EXPECT_NE(r.Format().find("gate: passed"), std::string::npos);
}

TEST(GateTest, ABreachNamesLimitValueAndRung) {
  const auto ladder = FakeLadder({FakeRung(12, 0.03, 13.2, 13.1), FakeRung(13, 0.02, 15.5, 13.08)});
  const GateReport r = EvaluateGate(ladder, Limits());
  EXPECT_FALSE(r.passed());
  ASSERT_EQ(r.breaches().size(), 1u);
  const GateCheck& b = *r.breaches()[0];
  EXPECT_EQ(b.limit, "written_bytes_per_edge_max");
  EXPECT_EQ(b.rung, "13");
  EXPECT_DOUBLE_EQ(b.value, 15.5);
  EXPECT_NE(b.message.find("rung 13"), std::string::npos);
  EXPECT_NE(b.message.find("15.5"), std::string::npos);
  EXPECT_NE(r.Format().find("FAILED: 1 breach"), std::string::npos);
}

TEST(GateTest, ReadGrowthUsesTheFloorForNearZeroReads) {
  GateLimits l = Limits();
  // 0.03 -> 0.02 bytes an edge: both under the floor, ratio 1.
  EXPECT_TRUE(EvaluateGate(FakeLadder({FakeRung(12, 0.03, 13, 13), FakeRung(16, 0.02, 13, 13)}), l).passed());
  // A spill at the top rung (reads 0.9 bytes an edge): 0.9 / 0.5 = 1.8 > 1.1.
  const GateReport r = EvaluateGate(FakeLadder({FakeRung(12, 0.03, 13, 13), FakeRung(16, 0.9, 13, 13)}), l);
  ASSERT_EQ(r.breaches().size(), 1u);
  EXPECT_EQ(r.breaches()[0]->limit, "read_bytes_per_edge_growth_max");
  EXPECT_EQ(r.breaches()[0]->rung, "12->16");
  EXPECT_NEAR(r.breaches()[0]->value, 1.8, 1e-9);
}

TEST(GateTest, FailsClosedOnAFailedRungAMissingFigureOrNoRungs) {
  auto failed = FakeRung(13, 0.02, 13, 13);
  failed["status"] = "query: killed: time limit 600 s passed";
  GateReport r = EvaluateGate(FakeLadder({FakeRung(12, 0.02, 13, 13), failed}), Limits());
  ASSERT_FALSE(r.passed());
  EXPECT_EQ(r.breaches()[0]->limit, "rung_passed");
  EXPECT_NE(r.breaches()[0]->message.find("killed"), std::string::npos);

  auto unmeasured = FakeRung(12, 0.02, 13, 13);
  unmeasured["ingest"]["ingest"]["io_available"] = false;  // /proc/self/io unreadable
  r = EvaluateGate(FakeLadder({unmeasured}), Limits());
  ASSERT_FALSE(r.passed());
  EXPECT_NE(r.Format().find("not measured"), std::string::npos);

  r = EvaluateGate(FakeLadder({}), Limits());
  EXPECT_FALSE(r.passed());
  r = EvaluateGate(nlohmann::json::object(), Limits());
  EXPECT_FALSE(r.passed());
}

TEST(GateTest, SlowIngestBreachesTheGenerousFloors) {
  // 16 << 12 edges in 10 s is 6.5K edges/s; 100 CPU seconds is far past 5 µs an edge.
  const GateReport r = EvaluateGate(FakeLadder({FakeRung(12, 0.02, 13, 13, 10.0, 100.0)}), Limits());
  std::vector<std::string> limits;
  for (const auto* b : r.breaches()) limits.push_back(b->limit);
  EXPECT_EQ(limits, (std::vector<std::string>{"edges_per_second_min", "cpu_us_per_edge_max"}));
}

TEST(RungFiguresTest, DerivesTheHeadlineFigures) {
  const RungFigures f = RungFigures::FromRungJson(FakeRung(12, 0.5, 13.5, 13.1, 0.25, 0.5));
  EXPECT_TRUE(f.ok);
  EXPECT_EQ(f.edges, uint64_t{16} << 12);
  EXPECT_NEAR(*f.edges_per_s, 65536 / 0.25, 1e-6);
  EXPECT_NEAR(*f.cpu_us_per_edge, 0.5e6 / 65536, 1e-9);
  EXPECT_DOUBLE_EQ(*f.read_per_edge, 0.5);
  EXPECT_DOUBLE_EQ(*f.published_per_edge, 13.1);
  EXPECT_DOUBLE_EQ(*f.one_hop_median_us, 50.0);
  EXPECT_DOUBLE_EQ(*f.check_s, 0.002);
  const RungFigures missing = RungFigures::FromRungJson({{"scale", 3}, {"status", "ingest: exit 1"}});
  EXPECT_FALSE(missing.ok);
  EXPECT_FALSE(missing.edges_per_s.has_value());
  EXPECT_TRUE(missing.ToJson()["edges_per_s"].is_null());
}

}  // namespace
}  // namespace quiver::bench
