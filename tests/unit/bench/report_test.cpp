// The ladder's reports for people: the summary table and the SVG plot.
#include <gtest/gtest.h>

#include "bench/peer_kuzu.h"
#include "bench/summary_table.h"
#include "bench/svg_plot.h"
#include "fake_ladder.h"

namespace quiver::bench {
namespace {

size_t Count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1)) ++n;
  return n;
}

TEST(SummaryTableTest, OneRowPerRungAndTheFailuresBelow) {
  auto failed = testing::FakeRung(13, 0.02, 13, 13);
  failed["status"] = "ingest: killed: memory limit 1 GiB passed";
  failed.erase("query");
  const std::string t = FormatSummaryTable(testing::FakeLadder({testing::FakeRung(12, 0.02, 13.2, 13.1), failed}));
  EXPECT_EQ(Count(t, "\n"), 4u) << t;  // header, two rungs, one failure line
  EXPECT_NE(t.find("13.20"), std::string::npos) << t;
  EXPECT_NE(t.find("FAILED"), std::string::npos);
  EXPECT_NE(t.find("rung 13: ingest: killed: memory limit"), std::string::npos);
  EXPECT_NE(t.find("50/90"), std::string::npos) << t;  // 1-hop median/p99
}

TEST(SvgPlotTest, ThreePanelsWithASeriesPerLine) {
  const std::string svg =
      LadderSvg(testing::FakeLadder({testing::FakeRung(12, 0.02, 13, 13), testing::FakeRung(13, 0.02, 13, 13)}));
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  EXPECT_EQ(Count(svg, "<polyline"), 6u);  // edges/s; RSS ingest + query; 1-hop, 2-hop, *1..3
  EXPECT_EQ(Count(svg, "<circle"), 12u);
  EXPECT_NE(svg.find("Ingest rate"), std::string::npos);
  EXPECT_NE(svg.find("Peak RSS"), std::string::npos);
  EXPECT_NE(svg.find("Query latency"), std::string::npos);
}

TEST(SvgPlotTest, LogAxisSkipsNonPositiveValuesAndTextIsEscaped) {
  PlotPanel p{"a < b & c", "x", "y", true, {{"s", "red", false, {{1, 10}, {2, 0}, {3, 1000}}}}};
  const std::string svg = RenderSvg({p});
  EXPECT_EQ(Count(svg, "<circle"), 2u);
  EXPECT_NE(svg.find("a &lt; b &amp; c"), std::string::npos);
  EXPECT_NE(RenderSvg({PlotPanel{"empty", "x", "y", false, {}}}).find("no data"), std::string::npos);
}

}  // namespace
}  // namespace quiver::bench

namespace quiver::bench {
namespace {

TEST(PeerTableTest, PrintsRatiosAndAnswersEvenForAFailedPeer) {
  nlohmann::json ok = {{"scale", 16},
                       {"status", "ok"},
                       {"kuzu", {{"version", "0.11.3"}}},
                       {"ratios", nlohmann::json::array({{{"phase", "1-hop median"}, {"quiver", 50.0}, {"kuzu", 200.0},
                                                          {"unit", "us"}, {"ratio", 0.25}}})},
                       {"answers", {{"1hop", {{"quiver", 10}, {"kuzu", 10}, {"equal", true}}}}}};
  nlohmann::json failed = {{"scale", 17},
                           {"status", "kuzu: killed: time limit 600 s passed"},
                           {"kuzu", nullptr},
                           {"ratios", nlohmann::json::array({{{"phase", "load CSV (import vs COPY)"}, {"quiver", 0.25},
                                                              {"kuzu", nullptr}, {"unit", "s"}, {"ratio", nullptr}}})},
                           {"answers", {{"1hop", {{"quiver", 10}, {"kuzu", nullptr}, {"equal", false}}}}}};
  const std::string t = FormatPeerTable(nlohmann::json::array({ok, failed}));
  EXPECT_NE(t.find("Quiver / Kuzu 0.11.3, scale 16; below 1"), std::string::npos) << t;
  EXPECT_NE(t.find("0.250"), std::string::npos) << t;
  EXPECT_NE(t.find("answers 1hop: quiver 10, kuzu 10 (equal)"), std::string::npos) << t;
  EXPECT_NE(t.find("scale 17 (FAILED"), std::string::npos) << t;
  EXPECT_NE(t.find("answers 1hop: quiver 10, kuzu null (differ)"), std::string::npos) << t;
}

}  // namespace
}  // namespace quiver::bench
