#include "bench/svg_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bench/rung_figures.h"

namespace quiver::bench {
namespace {

constexpr double kPanelWidth = 380, kPanelHeight = 300;
constexpr double kLeft = 70, kRight = 15, kTop = 30, kBottom = 95;  // margins inside a panel

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.1f", v);
  return buf;
}

// "1.5M", "20K", "350", "0.2".
std::string Tick(double v) {
  char buf[32];
  const double a = std::fabs(v);
  if (a >= 1e9) std::snprintf(buf, sizeof(buf), "%gG", v / 1e9);
  else if (a >= 1e6) std::snprintf(buf, sizeof(buf), "%gM", v / 1e6);
  else if (a >= 1e3) std::snprintf(buf, sizeof(buf), "%gK", v / 1e3);
  else std::snprintf(buf, sizeof(buf), "%g", v);
  return buf;
}

// Round tick values covering [lo, hi]: 1-2-5 steps on a linear axis, powers of ten on a log one.
std::vector<double> Ticks(double lo, double hi, bool log) {
  std::vector<double> t;
  if (log) {
    for (double p = std::floor(std::log10(lo)); p <= std::ceil(std::log10(hi)); p += 1) t.push_back(std::pow(10, p));
    return t;
  }
  const double raw = (hi - lo) / 5;
  const double mag = std::pow(10, std::floor(std::log10(raw > 0 ? raw : 1)));
  double step = mag;
  for (double m : {1.0, 2.0, 5.0, 10.0}) {
    if (raw <= m * mag) {
      step = m * mag;
      break;
    }
  }
  for (double v = std::floor(lo / step) * step; v <= hi + step * 1e-9; v += step) t.push_back(v);
  return t;
}

void RenderPanel(std::ostringstream& svg, const PlotPanel& p, double x0) {
  double xmin = std::numeric_limits<double>::max(), xmax = -xmin, ymin = xmin, ymax = -xmin;
  for (const auto& s : p.series) {
    for (auto [x, y] : s.points) {
      if (p.log_y && y <= 0) continue;
      xmin = std::min(xmin, x), xmax = std::max(xmax, x), ymin = std::min(ymin, y), ymax = std::max(ymax, y);
    }
  }
  const double w = kPanelWidth - kLeft - kRight, h = kPanelHeight - kTop - kBottom;
  svg << "<g transform=\"translate(" << Num(x0) << ",0)\">\n";
  svg << "<text x=\"" << Num(kPanelWidth / 2) << "\" y=\"18\" text-anchor=\"middle\" font-weight=\"bold\">"
      << XmlEscape(p.title) << "</text>\n";
  svg << "<rect x=\"" << Num(kLeft) << "\" y=\"" << Num(kTop) << "\" width=\"" << Num(w) << "\" height=\"" << Num(h)
      << "\" fill=\"none\" stroke=\"#444\"/>\n";
  if (xmin > xmax) {
    svg << "<text x=\"" << Num(kLeft + w / 2) << "\" y=\"" << Num(kTop + h / 2) << "\" text-anchor=\"middle\">no data</text>\n</g>\n";
    return;
  }
  if (xmax == xmin) xmin -= 1, xmax += 1;
  if (p.log_y) {
    ymin = std::pow(10, std::floor(std::log10(ymin)));
    ymax = std::pow(10, std::ceil(std::log10(ymax)));
    if (ymax <= ymin) ymax = ymin * 10;
  } else {
    ymin = 0;
    if (ymax <= 0) ymax = 1;
    ymax *= 1.1;
  }
  auto to_x = [&](double x) { return kLeft + (x - xmin) / (xmax - xmin) * w; };
  auto to_y = [&](double y) {
    const double f = p.log_y ? (std::log10(y) - std::log10(ymin)) / (std::log10(ymax) - std::log10(ymin))
                             : (y - ymin) / (ymax - ymin);
    return kTop + h - f * h;
  };
  for (double t : Ticks(ymin, ymax, p.log_y)) {
    if (t < ymin || t > ymax) continue;
    svg << "<line x1=\"" << Num(kLeft) << "\" x2=\"" << Num(kLeft + w) << "\" y1=\"" << Num(to_y(t)) << "\" y2=\""
        << Num(to_y(t)) << "\" stroke=\"#ddd\"/>\n";
    svg << "<text x=\"" << Num(kLeft - 5) << "\" y=\"" << Num(to_y(t) + 4) << "\" text-anchor=\"end\" font-size=\"11\">"
        << Tick(t) << "</text>\n";
  }
  for (double x = std::ceil(xmin); x <= xmax; x += 1) {
    svg << "<text x=\"" << Num(to_x(x)) << "\" y=\"" << Num(kTop + h + 15) << "\" text-anchor=\"middle\" font-size=\"11\">"
        << Tick(x) << "</text>\n";
  }
  svg << "<text x=\"" << Num(kLeft + w / 2) << "\" y=\"" << Num(kTop + h + 32) << "\" text-anchor=\"middle\" font-size=\"12\">"
      << XmlEscape(p.x_label) << "</text>\n";
  svg << "<text transform=\"translate(14," << Num(kTop + h / 2) << ") rotate(-90)\" text-anchor=\"middle\" font-size=\"12\">"
      << XmlEscape(p.y_label) << "</text>\n";
  double legend_y = kTop + h + 50;
  double legend_x = kLeft;
  for (const auto& s : p.series) {
    std::ostringstream pts;
    for (auto [x, y] : s.points) {
      if (p.log_y && y <= 0) continue;
      pts << Num(to_x(x)) << "," << Num(to_y(y)) << " ";
      svg << "<circle cx=\"" << Num(to_x(x)) << "\" cy=\"" << Num(to_y(y)) << "\" r=\"3\" fill=\"" << s.color << "\"/>\n";
    }
    svg << "<polyline points=\"" << pts.str() << "\" fill=\"none\" stroke=\"" << s.color << "\" stroke-width=\"2\""
        << (s.dashed ? " stroke-dasharray=\"6,4\"" : "") << "/>\n";
    svg << "<line x1=\"" << Num(legend_x) << "\" x2=\"" << Num(legend_x + 18) << "\" y1=\"" << Num(legend_y - 4)
        << "\" y2=\"" << Num(legend_y - 4) << "\" stroke=\"" << s.color << "\" stroke-width=\"2\""
        << (s.dashed ? " stroke-dasharray=\"6,4\"" : "") << "/>\n";
    svg << "<text x=\"" << Num(legend_x + 22) << "\" y=\"" << Num(legend_y) << "\" font-size=\"11\">" << XmlEscape(s.name)
        << "</text>\n";
    legend_x += 150;
    if (legend_x > kPanelWidth - 100) legend_x = kLeft, legend_y += 15;
  }
  svg << "</g>\n";
}

void AddPoint(PlotSeries* s, double x, const std::optional<double>& y, double divisor = 1) {
  if (y) s->points.emplace_back(x, *y / divisor);
}

}  // namespace

std::string XmlEscape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string RenderSvg(const std::vector<PlotPanel>& panels) {
  std::ostringstream svg;
  const double width = kPanelWidth * static_cast<double>(std::max<size_t>(1, panels.size()));
  svg << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << Num(width) << "\" height=\"" << Num(kPanelHeight)
      << "\" viewBox=\"0 0 " << Num(width) << " " << Num(kPanelHeight) << "\" font-family=\"sans-serif\">\n"
      << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  for (size_t i = 0; i < panels.size(); ++i) RenderPanel(svg, panels[i], kPanelWidth * static_cast<double>(i));
  svg << "</svg>\n";
  return svg.str();
}

std::vector<PlotPanel> LadderPanels(const nlohmann::json& ladder) {
  PlotPanel rate{"Ingest rate", "Graph500 scale", "edges per second", false, {}};
  PlotPanel rss{"Peak RSS", "Graph500 scale", "MiB", false, {}};
  PlotPanel latency{"Query latency (median)", "Graph500 scale", "microseconds (log)", true, {}};
  PlotSeries q_rate{"Quiver ingest", "#1f77b4", false, {}};
  PlotSeries q_rss_in{"Quiver ingest", "#1f77b4", false, {}}, q_rss_q{"Quiver query", "#2ca02c", false, {}};
  PlotSeries l1{"1-hop", "#1f77b4", false, {}}, l2{"2-hop", "#ff7f0e", false, {}}, lk{"*1..3", "#2ca02c", false, {}};
  for (const auto& rung : ladder.value("rungs", nlohmann::json::array())) {
    const RungFigures f = RungFigures::FromRungJson(rung);
    const double x = f.scale;
    AddPoint(&q_rate, x, f.edges_per_s);
    AddPoint(&q_rss_in, x, f.ingest_peak_rss, 1 << 20);
    AddPoint(&q_rss_q, x, f.query_peak_rss, 1 << 20);
    AddPoint(&l1, x, f.one_hop_median_us);
    AddPoint(&l2, x, f.two_hop_median_us);
    AddPoint(&lk, x, f.k_hop_median_us);
  }
  rate.series.push_back(q_rate);
  rss.series = {q_rss_in, q_rss_q};
  latency.series = {l1, l2, lk};
  // A peer's figures (peer_kuzu.h), dashed.
  if (ladder.contains("peer") && ladder["peer"].contains("rungs")) {
    PlotSeries p_rate{"Kuzu COPY", "#d62728", true, {}}, p_rss{"Kuzu load", "#d62728", true, {}};
    PlotSeries p1{"Kuzu 1-hop", "#9467bd", true, {}};
    for (const auto& r : ladder["peer"]["rungs"]) {
      if (!r.contains("figures")) continue;
      const auto& f = r["figures"];
      const double x = r.value("scale", 0.0);
      auto get = [&](const char* k) -> std::optional<double> {
        return f.contains(k) && f[k].is_number() ? std::optional<double>(f[k].get<double>()) : std::nullopt;
      };
      AddPoint(&p_rate, x, get("kuzu_edges_per_s"));
      AddPoint(&p_rss, x, get("kuzu_load_peak_rss_bytes"), 1 << 20);
      AddPoint(&p1, x, get("kuzu_1hop_median_us"));
    }
    rate.series.push_back(p_rate);
    rss.series.push_back(p_rss);
    latency.series.push_back(p1);
  }
  return {rate, rss, latency};
}

}  // namespace quiver::bench
