#pragma once
// A synthetic ladder.json for the gate, table and plot tests: the shape RunRung writes,
// with chosen figures.

#include <nlohmann/json.hpp>

namespace quiver::bench::testing {

inline nlohmann::json FakeRung(uint32_t scale, double rchar_per_edge, double wchar_per_edge, double published_per_edge,
                               double wall_s = 0.05, double cpu_s = 0.01) {
  const uint64_t edges = uint64_t{16} << scale;
  const double m = static_cast<double>(edges);
  nlohmann::json ingest_total = {{"name", "ingest"},
                                 {"wall_us", wall_s * 1e6},
                                 {"cpu_us", cpu_s * 1e6},
                                 {"effective_cores", cpu_s / wall_s},
                                 {"io_available", true},
                                 {"rchar_per_unit", rchar_per_edge},
                                 {"wchar_per_unit", wchar_per_edge},
                                 {"read_bytes_per_unit", 0.0},
                                 {"write_bytes_per_unit", wchar_per_edge},
                                 {"peak_rss_bytes", 50.0 * (1 << 20)}};
  nlohmann::json rung = {
      {"scale", scale},
      {"edges", edges},
      {"status", "ok"},
      {"ingest",
       {{"phases", nlohmann::json::array({{{"name", "generate"}, {"wall_us", 1000}}})},
        {"ingest", ingest_total},
        {"commit", {{"published_bytes_per_edge", published_per_edge}, {"published_bytes", published_per_edge * m}}}}},
      {"query",
       {{"cold", {{"reopen_us", 800.0}, {"first_query_us", 200.0}}},
        {"queries",
         {{"1hop", {{"median_us", 50.0}, {"p95_us", 80.0}, {"p99_us", 90.0}, {"count_sum", 1000}}},
          {"2hop", {{"median_us", 500.0}, {"p95_us", 800.0}, {"p99_us", 900.0}, {"count_sum", 9000}}},
          {"khop", {{"median_us", 5000.0}, {"p95_us", 8000.0}, {"p99_us", 9000.0}, {"count_sum", 90000}}}}},
        {"phases", nlohmann::json::array({{{"name", "check"}, {"wall_us", 2000}, {"peak_rss_bytes", 30.0 * (1 << 20)}}})}}}};
  return rung;
}

inline nlohmann::json FakeLadder(std::vector<nlohmann::json> rungs) {
  return {{"kind", "quiver-ladder"}, {"rungs", rungs}};
}

}  // namespace quiver::bench::testing
