#include "bench/rung_query.h"

#include <chrono>
#include <nlohmann/json.hpp>

#include "bench/latency_stats.h"
#include "bench/query_sources.h"
#include "common/file/env.h"
#include "common/metrics/phase_recorder.h"
#include "quiver/database.h"
#include "storage/checker.h"

namespace quiver::bench {
namespace {

using Clock = std::chrono::steady_clock;

uint64_t Nanos(Clock::time_point a, Clock::time_point b) {
  return static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(b - a).count());
}

// The single integer a count query returns.
int64_t SingleCount(const QueryResult& r, std::string_view text) {
  if (r.size() != 1 || r.rows()[0].size() != 1 || !r.rows()[0][0].IsInt()) {
    throw std::runtime_error("'" + std::string(text) + "' did not return one integer");
  }
  return r.rows()[0][0].AsInt();
}

struct ShapeResult {
  std::vector<uint64_t> latencies_ns;
  int64_t count_sum = 0;
};

ShapeResult RunShape(Connection& conn, std::string_view text, const std::vector<uint64_t>& sources, uint32_t n) {
  ShapeResult r;
  r.latencies_ns.reserve(n);
  for (uint32_t i = 0; i < n && i < sources.size(); ++i) {
    const ValueMap params{{"id", Value::Int(static_cast<int64_t>(sources[i]))}};
    const auto t0 = Clock::now();
    QueryResult result = conn.Query(text, params);
    const auto t1 = Clock::now();
    r.latencies_ns.push_back(Nanos(t0, t1));
    r.count_sum += SingleCount(result, text);
  }
  return r;
}

nlohmann::json ShapeJson(std::string_view text, const ShapeResult& r) {
  nlohmann::json j = LatencySummary::Of(r.latencies_ns).ToJson();
  j["query"] = text;
  j["count_sum"] = r.count_sum;
  return j;
}

}  // namespace

Result<nlohmann::json> RunQueryStage(const RungSpec& spec) {
  QUIVER_ASSIGN_OR_RETURN(std::vector<uint64_t> sources, ReadSources(spec.SourcesPath()));
  PhaseCollector phases;
  nlohmann::json out;
  out["stage"] = "query";
  try {
    std::unique_ptr<Database> db;
    std::unique_ptr<Connection> conn;
    const auto open_start = Clock::now();
    {
      ScopedPhase phase(phases, "reopen");
      DatabaseOptions o;
      o.read_only = true;
      o.create_if_missing = false;
      db = Database::Open(spec.db_path, o);
      conn = db->Connect();
    }
    const auto open_end = Clock::now();

    ShapeResult one, two, khop;
    {
      ScopedPhase phase(phases, "query-1hop");
      one = RunShape(*conn, kQuery1Hop, sources, spec.queries.one_hop);
      phase.SetUnits("query", one.latencies_ns.size());
    }
    {
      ScopedPhase phase(phases, "query-2hop");
      two = RunShape(*conn, kQuery2Hop, sources, spec.queries.two_hop);
      phase.SetUnits("query", two.latencies_ns.size());
    }
    {
      ScopedPhase phase(phases, "query-khop");
      khop = RunShape(*conn, kQueryKHop, sources, spec.queries.k_hop);
      phase.SetUnits("query", khop.latencies_ns.size());
    }
    out["queries"] = {{"1hop", ShapeJson(kQuery1Hop, one)},
                      {"2hop", ShapeJson(kQuery2Hop, two)},
                      {"khop", ShapeJson(kQueryKHop, khop)}};
    const uint64_t first_ns = one.latencies_ns.empty() ? 0 : one.latencies_ns.front();
    out["cold"] = {{"reopen_us", static_cast<double>(Nanos(open_start, open_end)) / 1000.0},
                   {"first_query_us", static_cast<double>(first_ns) / 1000.0},
                   {"reopen_plus_first_query_us", static_cast<double>(Nanos(open_start, open_end) + first_ns) / 1000.0}};

    int64_t nodes = 0, edges = 0;
    {
      ScopedPhase phase(phases, "count");
      nodes = SingleCount(conn->Query("MATCH (n) RETURN count(n)"), "MATCH (n) RETURN count(n)");
      edges = SingleCount(conn->Query("MATCH ()-[r]->() RETURN count(r)"), "MATCH ()-[r]->() RETURN count(r)");
      phase.SetUnits("edge", static_cast<uint64_t>(edges));
    }
    out["count"] = {{"nodes", nodes}, {"edges", edges}};
    conn.reset();
    db.reset();
    out["phases"] = phases.ToJson();
    if (static_cast<uint64_t>(nodes) != spec.vertex_count() || static_cast<uint64_t>(edges) != spec.edge_count()) {
      return Status::Corruption("count: " + std::to_string(nodes) + " nodes and " + std::to_string(edges) +
                                " edges, expected " + std::to_string(spec.vertex_count()) + " and " +
                                std::to_string(spec.edge_count()));
    }
  } catch (const std::exception& e) {
    return Status::Aborted(std::string("query stage: ") + e.what());
  }

  {
    ScopedPhase phase(phases, "check");
    phase.SetUnits("edge", spec.edge_count());
    const storage::CheckReport report = storage::CheckDatabase(Env::Default(), spec.db_path);
    if (!report.ok()) return report.status.WithContext("check: " + report.file);
    out["check"] = {{"ok", true}, {"generation", report.generation}, {"files", report.files.size()}};
  }
  out["phases"] = phases.ToJson();
  return out;
}

}  // namespace quiver::bench
