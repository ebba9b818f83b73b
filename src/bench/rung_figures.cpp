#include "bench/rung_figures.h"

#include <nlohmann/json.hpp>

namespace quiver::bench {
namespace {

std::optional<double> Number(const nlohmann::json& j, const nlohmann::json::json_pointer& p) {
  if (!j.contains(p)) return std::nullopt;
  const nlohmann::json& v = j.at(p);
  if (!v.is_number()) return std::nullopt;
  return v.get<double>();
}

std::optional<double> PhaseField(const nlohmann::json& phases, std::string_view name, const char* field) {
  if (!phases.is_array()) return std::nullopt;
  for (const auto& p : phases) {
    if (p.value("name", "") == name && p.contains(field) && p[field].is_number()) return p[field].get<double>();
  }
  return std::nullopt;
}

nlohmann::json Opt(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

}  // namespace

RungFigures RungFigures::FromRungJson(const nlohmann::json& rung) {
  using P = nlohmann::json::json_pointer;
  RungFigures f;
  f.scale = rung.value("scale", 0u);
  f.edges = rung.value("edges", uint64_t{0});
  f.status = rung.value("status", "missing");
  f.ok = f.status == "ok";
  const double m = static_cast<double>(f.edges);
  if (rung.contains("ingest") && rung["ingest"].is_object()) {
    const nlohmann::json& in = rung["ingest"];
    if (auto us = PhaseField(in.value("phases", nlohmann::json()), "generate", "wall_us")) f.generate_s = *us / 1e6;
    if (auto us = Number(in, P("/ingest/wall_us"))) {
      f.ingest_s = *us / 1e6;
      if (*us > 0) f.edges_per_s = m / (*us / 1e6);
    }
    if (auto cpu = Number(in, P("/ingest/cpu_us")); cpu && m > 0) f.cpu_us_per_edge = *cpu / m;
    f.effective_cores = Number(in, P("/ingest/effective_cores"));
    const bool io = in.contains(P("/ingest/io_available")) && in.at(P("/ingest/io_available")) == true;
    if (io && m > 0) {
      f.read_per_edge = Number(in, P("/ingest/rchar_per_unit"));
      f.write_per_edge = Number(in, P("/ingest/wchar_per_unit"));
      f.disk_read_per_edge = Number(in, P("/ingest/read_bytes_per_unit"));
      f.disk_write_per_edge = Number(in, P("/ingest/write_bytes_per_unit"));
    }
    f.published_per_edge = Number(in, P("/commit/published_bytes_per_edge"));
    f.ingest_peak_rss = Number(in, P("/ingest/peak_rss_bytes"));
  }
  if (rung.contains("query") && rung["query"].is_object()) {
    const nlohmann::json& q = rung["query"];
    f.reopen_us = Number(q, P("/cold/reopen_us"));
    f.first_query_us = Number(q, P("/cold/first_query_us"));
    f.one_hop_median_us = Number(q, P("/queries/1hop/median_us"));
    f.one_hop_p95_us = Number(q, P("/queries/1hop/p95_us"));
    f.one_hop_p99_us = Number(q, P("/queries/1hop/p99_us"));
    f.two_hop_median_us = Number(q, P("/queries/2hop/median_us"));
    f.two_hop_p95_us = Number(q, P("/queries/2hop/p95_us"));
    f.two_hop_p99_us = Number(q, P("/queries/2hop/p99_us"));
    f.k_hop_median_us = Number(q, P("/queries/khop/median_us"));
    f.k_hop_p95_us = Number(q, P("/queries/khop/p95_us"));
    f.k_hop_p99_us = Number(q, P("/queries/khop/p99_us"));
    const nlohmann::json phases = q.value("phases", nlohmann::json());
    if (auto us = PhaseField(phases, "check", "wall_us")) f.check_s = *us / 1e6;
    double peak = 0;
    if (phases.is_array()) {
      for (const auto& p : phases) peak = std::max(peak, p.value("peak_rss_bytes", 0.0));
    }
    if (peak > 0) f.query_peak_rss = peak;
  }
  return f;
}

nlohmann::json RungFigures::ToJson() const {
  return {{"scale", scale},
          {"edges", edges},
          {"ok", ok},
          {"status", status},
          {"generate_s", Opt(generate_s)},
          {"ingest_s", Opt(ingest_s)},
          {"edges_per_s", Opt(edges_per_s)},
          {"cpu_us_per_edge", Opt(cpu_us_per_edge)},
          {"effective_cores", Opt(effective_cores)},
          {"read_bytes_per_edge", Opt(read_per_edge)},
          {"written_bytes_per_edge", Opt(write_per_edge)},
          {"disk_read_bytes_per_edge", Opt(disk_read_per_edge)},
          {"disk_written_bytes_per_edge", Opt(disk_write_per_edge)},
          {"published_bytes_per_edge", Opt(published_per_edge)},
          {"ingest_peak_rss_bytes", Opt(ingest_peak_rss)},
          {"query_peak_rss_bytes", Opt(query_peak_rss)},
          {"reopen_us", Opt(reopen_us)},
          {"first_query_us", Opt(first_query_us)},
          {"query_1hop_median_us", Opt(one_hop_median_us)},
          {"query_1hop_p95_us", Opt(one_hop_p95_us)},
          {"query_1hop_p99_us", Opt(one_hop_p99_us)},
          {"query_2hop_median_us", Opt(two_hop_median_us)},
          {"query_2hop_p95_us", Opt(two_hop_p95_us)},
          {"query_2hop_p99_us", Opt(two_hop_p99_us)},
          {"query_khop_median_us", Opt(k_hop_median_us)},
          {"query_khop_p95_us", Opt(k_hop_p95_us)},
          {"query_khop_p99_us", Opt(k_hop_p99_us)},
          {"check_s", Opt(check_s)}};
}

}  // namespace quiver::bench
