#include "bench/summary_table.h"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <vector>

#include "bench/rung_figures.h"

namespace quiver::bench {
namespace {

std::string Fixed(const std::optional<double>& v, int decimals, double scale = 1.0) {
  if (!v) return "-";
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, *v / scale);
  return buf;
}

std::string Rate(const std::optional<double>& v) {
  if (!v) return "-";
  char buf[64];
  if (*v >= 1e6) {
    std::snprintf(buf, sizeof(buf), "%.2fM", *v / 1e6);
  } else {
    std::snprintf(buf, sizeof(buf), "%.0fK", *v / 1e3);
  }
  return buf;
}

std::string Pair(const std::optional<double>& a, const std::optional<double>& b, int decimals) {
  return Fixed(a, decimals) + "/" + Fixed(b, decimals);
}

}  // namespace

std::string FormatSummaryTable(const nlohmann::json& ladder) {
  const std::vector<std::string> header{"scale",    "edges",   "ingest s", "edges/s",  "CPU us/e", "cores",
                                        "read B/e", "wrtn B/e", "pub B/e", "RSS MiB in/q", "reopen+1st ms",
                                        "1hop med/p99 us", "2hop med/p99 us", "khop med/p99 us", "check s", "status"};
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> failures;
  for (const auto& rung : ladder.value("rungs", nlohmann::json::array())) {
    const RungFigures f = RungFigures::FromRungJson(rung);
    std::optional<double> cold;
    if (f.reopen_us && f.first_query_us) cold = (*f.reopen_us + *f.first_query_us) / 1000.0;
    rows.push_back({std::to_string(f.scale), std::to_string(f.edges), Fixed(f.ingest_s, 3), Rate(f.edges_per_s),
                    Fixed(f.cpu_us_per_edge, 3), Fixed(f.effective_cores, 2), Fixed(f.read_per_edge, 2),
                    Fixed(f.write_per_edge, 2), Fixed(f.published_per_edge, 2),
                    Fixed(f.ingest_peak_rss, 0, 1 << 20) + "/" + Fixed(f.query_peak_rss, 0, 1 << 20), Fixed(cold, 2),
                    Pair(f.one_hop_median_us, f.one_hop_p99_us, 0), Pair(f.two_hop_median_us, f.two_hop_p99_us, 0),
                    Pair(f.k_hop_median_us, f.k_hop_p99_us, 0), Fixed(f.check_s, 3), f.ok ? "ok" : "FAILED"});
    if (!f.ok) failures.push_back("rung " + std::to_string(f.scale) + ": " + f.status);
  }
  std::vector<size_t> width(header.size());
  for (size_t c = 0; c < header.size(); ++c) {
    width[c] = header[c].size();
    for (const auto& r : rows) width[c] = std::max(width[c], r[c].size());
  }
  std::ostringstream out;
  auto line = [&](const std::vector<std::string>& cells) {
    for (size_t c = 0; c < cells.size(); ++c) {
      if (c) out << "  ";
      const size_t pad = width[c] - cells[c].size();
      if (c + 1 == cells.size()) {
        out << cells[c];
      } else {
        out << std::string(pad, ' ') << cells[c];
      }
    }
    out << "\n";
  };
  line(header);
  for (const auto& r : rows) line(r);
  for (const auto& f : failures) out << f << "\n";
  return out.str();
}

}  // namespace quiver::bench
