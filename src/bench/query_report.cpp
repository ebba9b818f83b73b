#include "bench/query_report.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

namespace quiver::bench {
namespace {

std::string StatusOf(const nlohmann::json& r) {
  return r.is_object() ? r.value("status", "missing") : "not run";
}

bool Ran(const nlohmann::json& r) {
  const std::string s = StatusOf(r);
  return s == "ok" || s == "unstable";
}

std::optional<double> Median(const nlohmann::json& r) {
  if (!r.is_object() || !r.contains("median_us") || !r["median_us"].is_number()) return std::nullopt;
  return r["median_us"].get<double>();
}

// 17.5 us, 3.21 ms, 1.20 s: each figure in the unit that reads best.
std::string Time(double us) {
  char b[32];
  if (us < 1000)
    std::snprintf(b, sizeof(b), "%.1f us", us);
  else if (us < 1e6)
    std::snprintf(b, sizeof(b), "%.2f ms", us / 1000);
  else
    std::snprintf(b, sizeof(b), "%.2f s", us / 1e6);
  return b;
}

std::string Cell(const nlohmann::json& r, const char* key) {
  if (r.is_null()) return "-";
  const std::string s = StatusOf(r);
  if (s == "ok" && r.contains(key) && r[key].is_number()) return Time(r[key].get<double>());
  if (s == "unstable" && r.contains(key) && r[key].is_number()) return Time(r[key].get<double>()) + "!";
  std::string up = s;
  for (char& c : up) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return up;
}

std::string Short(std::string s, size_t n) {
  for (char& c : s) {
    if (c == '\n') c = ' ';
  }
  return s.size() > n ? s.substr(0, n) + "..." : s;
}

}  // namespace

nlohmann::json CompareQuery(const std::string& graph, const nlohmann::json& def, const nlohmann::json& quiver,
                            const nlohmann::json& kuzu) {
  nlohmann::json row = {{"graph", graph},
                        {"name", def.value("name", "")},
                        {"kind", def.value("kind", "")},
                        {"covers", def.value("covers", "")},
                        {"ordered", def.value("ordered", false)},
                        {"text", def.value("text", "")},
                        {"executions", def.contains("sources") ? def["sources"].size() : size_t{0}},
                        {"quiver", quiver},
                        {"kuzu", kuzu}};
  std::string answer = "n/a";
  if (Ran(quiver) && Ran(kuzu)) {
    const bool same = quiver.value("rows", uint64_t{0}) == kuzu.value("rows", uint64_t{0}) &&
                      quiver.value("hash", "") == kuzu.value("hash", "");
    answer = same ? "equal" : "DIFFER";
  }
  row["answer"] = answer;
  row["ratio"] = nullptr;
  const auto q = Median(quiver), k = Median(kuzu);
  if (StatusOf(quiver) == "ok" && StatusOf(kuzu) == "ok" && q && k && *k > 0) row["ratio"] = *q / *k;
  // One side past its timeout: the ratio is bounded by the timeout.
  if (StatusOf(quiver) == "ok" && StatusOf(kuzu) == "timeout" && q && kuzu.contains("timeout_ms")) {
    row["ratio_at_most"] = *q / (kuzu["timeout_ms"].get<double>() * 1000.0);
  }
  if (StatusOf(quiver) == "timeout" && StatusOf(kuzu) == "ok" && k && *k > 0 &&
      quiver.contains("timeout_ms")) {
    row["ratio_at_least"] = quiver["timeout_ms"].get<double>() * 1000.0 / *k;
  }
  return row;
}

nlohmann::json SummarizeQueries(const nlohmann::json& rows) {
  nlohmann::json slower = nlohmann::json::array(), mismatches = nlohmann::json::array(),
                 quiver_failures = nlohmann::json::array(), kuzu_failures = nlohmann::json::array(),
                 quiver_timeouts = nlohmann::json::array(), kuzu_timeouts = nlohmann::json::array();
  double log_sum = 0;
  size_t compared = 0;
  for (const auto& r : rows) {
    const std::string id = r.value("graph", "") + "/" + r.value("name", "");
    const std::string qs = StatusOf(r["quiver"]), ks = StatusOf(r["kuzu"]);
    if (qs == "timeout")
      quiver_timeouts.push_back(id);
    else if (qs != "ok")
      quiver_failures.push_back(id + ": " + qs);
    // Quiver past its timeout where Kùzu finished is slower, by at least this much.
    if (r.contains("ratio_at_least"))
      slower.push_back({{"query", id}, {"ratio_at_least", r["ratio_at_least"]}});
    if (!r["kuzu"].is_null()) {
      if (ks == "timeout")
        kuzu_timeouts.push_back(id);
      else if (ks != "ok")
        kuzu_failures.push_back(id + ": " + ks);
    }
    if (r.value("answer", "") == "DIFFER") mismatches.push_back(id);
    if (r["ratio"].is_number() && r.value("answer", "") == "equal") {
      const double ratio = r["ratio"].get<double>();
      log_sum += std::log(ratio);
      ++compared;
      if (ratio > 1) slower.push_back({{"query", id}, {"ratio", ratio}});
    }
  }
  return {{"queries", rows.size()},
          {"queries_compared", compared},
          {"geomean_ratio", compared ? nlohmann::json(std::exp(log_sum / static_cast<double>(compared)))
                                     : nlohmann::json(nullptr)},
          {"slower_than_kuzu", slower},
          {"mismatches", mismatches},
          {"quiver_failures", quiver_failures},
          {"quiver_timeouts", quiver_timeouts},
          {"kuzu_failures", kuzu_failures},
          {"kuzu_timeouts", kuzu_timeouts}};
}

std::string FormatQueryTable(const nlohmann::json& e) {
  std::ostringstream out;
  const nlohmann::json& o = e["options"];
  const bool peer = o.value("peer", "") == "kuzu";
  out << "Quiver " << e["build"].value("git_commit", "?");
  if (peer) out << " vs Kuzu " << e.value("kuzu_version", "?");
  out << ", scale " << o.value("scale", 0u) << ": median of " << o.value("repeat", 0u)
      << " runs after a cold run; point queries: median of one execution over their sources x runs\n";
  for (const auto& g : e["graphs"]) {
    out << "  " << g.value("graph", "") << ": " << g.value("nodes", uint64_t{0}) << " nodes, "
        << g.value("edges", uint64_t{0}) << " edges\n";
  }
  const auto& load = e["machine_start"]["load_average"];
  if (load.is_object()) {
    char b[96];
    std::snprintf(b, sizeof(b), "  load average at start %.2f %.2f %.2f, %u logical CPUs\n",
                  load.value("1m", 0.0), load.value("5m", 0.0), load.value("15m", 0.0),
                  e["machine_start"].value("logical_cpus", 0u));
    out << b;
  }
  out << "\n";
  char line[256];
  // Without a peer the Kùzu columns are left out.
  const auto print_row = [&](const std::string& graph, const std::string& name, const std::string& q,
                             const std::string& k, const std::string& ratio, const std::string& cold_q,
                             const std::string& cold_k, const std::string& rows, const std::string& answer) {
    if (peer) {
      std::snprintf(line, sizeof(line), "%-6s %-26s %11s %11s %8s %11s %11s %8s  %s\n", graph.c_str(),
                    name.c_str(), q.c_str(), k.c_str(), ratio.c_str(), cold_q.c_str(), cold_k.c_str(),
                    rows.c_str(), answer.c_str());
    } else {
      std::snprintf(line, sizeof(line), "%-6s %-26s %11s %11s %8s\n", graph.c_str(), name.c_str(), q.c_str(),
                    cold_q.c_str(), rows.c_str());
    }
    out << line;
  };
  print_row("graph", "query", "quiver", "kuzu", "q/k", "cold quiver", "cold kuzu", "rows", "answer");
  for (const auto& r : e["queries"]) {
    std::string ratio = "-";
    char b[32];
    if (r["ratio"].is_number()) {
      std::snprintf(b, sizeof(b), "%.3f", r["ratio"].get<double>());
      ratio = b;
    } else if (r.contains("ratio_at_most")) {
      std::snprintf(b, sizeof(b), "<=%.3f", r["ratio_at_most"].get<double>());
      ratio = b;
    } else if (r.contains("ratio_at_least")) {
      std::snprintf(b, sizeof(b), ">=%.3f", r["ratio_at_least"].get<double>());
      ratio = b;
    }
    const nlohmann::json& q = r["quiver"];
    const std::string rows =
        q.is_object() && q.contains("rows") ? std::to_string(q["rows"].get<uint64_t>()) : "-";
    const std::string answer = r.value("answer", "");
    print_row(r.value("graph", ""), r.value("name", ""), Cell(q, "median_us"), Cell(r["kuzu"], "median_us"),
              ratio, Cell(q, "cold_us"), Cell(r["kuzu"], "cold_us"), rows,
              answer == "DIFFER" ? "DIFFER <<<" : answer);
  }
  const nlohmann::json& s = e["summary"];
  out << "\n";
  if (peer) {
    if (s["geomean_ratio"].is_number()) {
      const double g = s["geomean_ratio"].get<double>();
      std::snprintf(line, sizeof(line),
                    "geometric mean of Quiver/Kuzu over %zu queries with equal answers: %.3f (%.2fx %s)\n",
                    s.value("queries_compared", size_t{0}), g, g < 1 ? 1 / g : g,
                    g < 1 ? "faster" : "slower");
      out << line;
    }
    out << "slower than Kuzu:";
    if (s["slower_than_kuzu"].empty()) out << " none";
    for (const auto& x : s["slower_than_kuzu"]) {
      if (x.contains("ratio_at_least")) {
        std::snprintf(line, sizeof(line), " %s (>= %.2fx, timeout)", x.value("query", "").c_str(),
                      x.value("ratio_at_least", 0.0));
      } else {
        std::snprintf(line, sizeof(line), " %s (%.2fx)", x.value("query", "").c_str(), x.value("ratio", 0.0));
      }
      out << line;
    }
    out << "\n";
    if (!s["kuzu_timeouts"].empty()) out << "Kuzu timed out on: " << s["kuzu_timeouts"].dump() << "\n";
  }
  if (!s["quiver_timeouts"].empty()) out << "Quiver timed out on: " << s["quiver_timeouts"].dump() << "\n";
  for (const auto& r : e["queries"]) {
    const std::string id = r.value("graph", "") + "/" + r.value("name", "");
    if (r.value("answer", "") == "DIFFER") {
      out << "MISMATCH " << id << ": quiver " << r["quiver"].value("rows", uint64_t{0}) << " rows, hash "
          << r["quiver"].value("hash", "") << ", first rows " << Short(r["quiver"]["sample"].dump(), 160)
          << "\n"
          << "         " << std::string(id.size(), ' ') << "  kuzu   " << r["kuzu"].value("rows", uint64_t{0})
          << " rows, hash " << r["kuzu"].value("hash", "") << ", first rows "
          << Short(r["kuzu"]["sample"].dump(), 160) << "\n";
    }
    for (const char* engine : {"quiver", "kuzu"}) {
      const nlohmann::json& x = r[engine];
      if (x.is_object() && StatusOf(x) != "ok" && x.contains("error")) {
        out << engine << " " << StatusOf(x) << " " << id << ": " << Short(x["error"].get<std::string>(), 240)
            << "\n";
      }
    }
  }
  return out.str();
}

std::vector<std::string> QueryBenchProblems(const nlohmann::json& e) {
  std::vector<std::string> problems;
  const nlohmann::json& s = e["summary"];
  for (const auto& f : s["quiver_failures"]) problems.push_back("quiver: " + f.get<std::string>());
  for (const auto& m : s["mismatches"]) problems.push_back("answers differ: " + m.get<std::string>());
  for (const auto& f : s["kuzu_failures"]) problems.push_back("kuzu: " + f.get<std::string>());
  return problems;
}

}  // namespace quiver::bench
