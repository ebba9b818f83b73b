#pragma once
// SVG line charts, written directly (no gnuplot or other dependency): panels side by
// side, each with axes, ticks, one polyline + markers per series and a legend. The
// ladder's plot (LadderSvg) has three: ingest edges/s, peak RSS, and median query
// latency (log scale), all against the Graph500 scale; a peer's series are drawn dashed.

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <utility>
#include <vector>

namespace quiver::bench {

struct PlotSeries {
  std::string name;
  std::string color;  // any SVG colour
  bool dashed = false;
  std::vector<std::pair<double, double>> points;  // (x, y); y <= 0 is skipped on a log axis
};

struct PlotPanel {
  std::string title;
  std::string x_label;
  std::string y_label;
  bool log_y = false;
  std::vector<PlotSeries> series;
};

// A complete SVG document; panels laid out left to right.
std::string RenderSvg(const std::vector<PlotPanel>& panels);

// The ladder's three panels from ladder.json's content (rungs, and peer rungs if any).
std::vector<PlotPanel> LadderPanels(const nlohmann::json& ladder);
inline std::string LadderSvg(const nlohmann::json& ladder) { return RenderSvg(LadderPanels(ladder)); }

// Escapes &, <, >, " for SVG text.
std::string XmlEscape(const std::string& text);

}  // namespace quiver::bench
