#include "bench/peer_kuzu.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <vector>

#include "bench/child_process.h"
#include "bench/rung_figures.h"

namespace quiver::bench {
namespace {

namespace fs = std::filesystem;

// Kùzu interrupts a query past this; the script records it at the timeout (a lower bound)
// instead of letting one pathological *1..3 query use up the whole step's time limit.
constexpr int kKuzuQueryTimeoutMs = 60000;

std::optional<double> Num(const nlohmann::json& j, const char* pointer) {
  const nlohmann::json::json_pointer p(pointer);
  if (!j.contains(p) || !j.at(p).is_number()) return std::nullopt;
  return j.at(p).get<double>();
}

std::optional<double> PhaseWall(const nlohmann::json& phases, const std::string& name) {
  if (!phases.is_array()) return std::nullopt;
  for (const auto& p : phases) {
    if (p.value("name", "") == name && p.contains("wall_s")) return p["wall_s"].get<double>();
  }
  return std::nullopt;
}

nlohmann::json Opt(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

std::optional<double> Ratio(const std::optional<double>& quiver, const std::optional<double>& kuzu) {
  if (!quiver || !kuzu || *kuzu <= 0) return std::nullopt;
  return *quiver / *kuzu;
}

// Runs a step under the ladder's limits; "" on success, else what went wrong.
std::string Step(const std::string& name, const std::vector<std::string>& argv, const std::string& log_path,
                 const LadderOptions& o) {
  SupervisorLimits limits;
  limits.memory_bytes = o.memory_limit;
  limits.wall_time = std::chrono::duration_cast<std::chrono::milliseconds>(o.time_limit);
  limits.try_cgroup = o.try_cgroup;
  const ChildOutcome c = RunSupervised(argv, log_path, limits);
  if (c.ok()) return "";
  return name + ": " + c.Describe(limits) + "; log: " + FileTail(log_path, 400);
}

}  // namespace

std::string FindInPath(const std::string& name) {
  if (name.find('/') != std::string::npos) return name;
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return name;
}

Status EnsureKuzuInstalled(const PeerOptions& peer, const LadderLog& log) {
  std::error_code ec;
  fs::create_directories(peer.scratch_dir, ec);
  if (ec) return Status::IOError("cannot create " + peer.scratch_dir + ": " + ec.message());
  for (const char* f : {"package.json", "run.mjs", "queries.mjs"}) {
    fs::copy_file(peer.source_dir + "/" + f, peer.scratch_dir + "/" + f, fs::copy_options::overwrite_existing, ec);
    if (ec) return Status::IOError(std::string("cannot copy ") + f + " from " + peer.source_dir + ": " + ec.message());
  }
  if (fs::exists(peer.scratch_dir + "/node_modules/kuzu/package.json")) return Status::OK();
  log("peer: npm install kuzu into " + peer.scratch_dir);
  SupervisorLimits limits;
  limits.wall_time = std::chrono::minutes(10);
  const std::string npm = FindInPath(peer.npm);
  const ChildOutcome c = RunSupervised(
      {npm, "install", "--prefix", peer.scratch_dir, "--no-audit", "--no-fund"}, peer.scratch_dir + "/npm.log", limits);
  if (!c.ok()) {
    return Status::IOError("npm install failed (" + c.Describe(limits) + "): " +
                           FileTail(peer.scratch_dir + "/npm.log", 800));
  }
  return Status::OK();
}

nlohmann::json RunKuzuPeer(const LadderOptions& o, const PeerOptions& peer, const nlohmann::json& rung,
                           const LadderLog& log) {
  const uint32_t scale = rung.value("scale", 0u);
  const std::string s = std::to_string(scale);
  const std::string dir = o.out_dir + "/peer-" + s;
  const std::string rung_dir = o.out_dir + "/rung-" + s;
  std::error_code ec;
  fs::remove_all(dir, ec);
  fs::create_directories(dir, ec);
  nlohmann::json out;
  out["scale"] = scale;
  out["edges"] = rung.value("edges", uint64_t{0});
  std::string failure;

  // 2. csv
  log("peer " + s + ": quiver generate g500 --out");
  failure = Step("csv", {o.quiver_binary, "generate", "g500", "--scale", s, "--edge-factor", std::to_string(o.edge_factor),
                         "--seed", std::to_string(o.seed), "--out", dir + "/csv", "--quiet"},
                 dir + "/csv.log", o);
  // 3. quiver import of the same files
  if (failure.empty()) {
    log("peer " + s + ": quiver import (CSV)");
    failure = Step("quiver-import",
                   {o.quiver_binary, "import", dir + "/quiver.db", "--nodes", dir + "/csv/nodes.csv", "--relationships",
                    dir + "/csv/edges.csv", "--threads", o.threads, "--metrics", dir + "/quiver-import.json", "--quiet"},
                   dir + "/quiver-import.log", o);
  }
  // 4. kuzu
  if (failure.empty()) {
    log("peer " + s + ": kuzu COPY and queries");
    failure = Step("kuzu",
                   {FindInPath(peer.node), peer.scratch_dir + "/run.mjs", "--csv", dir + "/csv", "--db", dir + "/kuzu.db",
                    "--sources", rung_dir + "/sources.json", "--q1", std::to_string(o.queries.one_hop), "--q2",
                    std::to_string(o.queries.two_hop), "--qk", std::to_string(o.queries.k_hop), "--out",
                    dir + "/kuzu.json", "--query-timeout-ms", std::to_string(kKuzuQueryTimeoutMs)},
                   dir + "/kuzu.log", o);
  }
  nlohmann::json import_json, kuzu_json;
  if (auto j = ReadJsonFile(dir + "/quiver-import.json"); j.ok()) import_json = *j;
  if (auto j = ReadJsonFile(dir + "/kuzu.json"); j.ok()) kuzu_json = *j;
  out["quiver_import"] = import_json;
  out["kuzu"] = kuzu_json;
  out["status"] = failure.empty() ? "ok" : failure;

  // 5. figures and ratios
  const RungFigures q = RungFigures::FromRungJson(rung);
  const double m = static_cast<double>(out["edges"].get<uint64_t>());
  std::optional<double> import_s, import_rss, published;
  if (auto us = Num(import_json, "/summary/total/wall_us")) import_s = *us / 1e6;
  import_rss = Num(import_json, "/summary/total/peak_rss_bytes");
  published = Num(import_json, "/summary/published_bytes");
  std::optional<double> kuzu_load_s;
  const nlohmann::json load_phases = kuzu_json.contains("load") ? kuzu_json["load"].value("phases", nlohmann::json()) : nlohmann::json();
  // Schema, both COPYs and the close that checkpoints them: durable on disk, as Quiver's
  // import is once it has published.
  auto schema = PhaseWall(load_phases, "schema"), cn = PhaseWall(load_phases, "copy-nodes"),
       ce = PhaseWall(load_phases, "copy-edges"), close = PhaseWall(load_phases, "close");
  if (schema && cn && ce && close) kuzu_load_s = *schema + *cn + *ce + *close;
  const std::optional<double> kuzu_rss = Num(kuzu_json, "/load/peak_rss_bytes");
  const std::optional<double> kuzu_bytes = Num(kuzu_json, "/database_bytes");
  auto kq = [&](const char* p) { return Num(kuzu_json, p); };
  nlohmann::json figures = {
      {"quiver_import_s", Opt(import_s)},
      {"quiver_import_edges_per_s", Opt(import_s && *import_s > 0 ? std::optional<double>(m / *import_s) : std::nullopt)},
      {"quiver_import_peak_rss_bytes", Opt(import_rss)},
      {"quiver_generator_ingest_s", Opt(q.ingest_s)},
      {"kuzu_load_s", Opt(kuzu_load_s)},
      {"kuzu_copy_nodes_s", Opt(cn)},
      {"kuzu_copy_edges_s", Opt(ce)},
      {"kuzu_close_s", Opt(close)},
      {"kuzu_edges_per_s", Opt(kuzu_load_s && *kuzu_load_s > 0 ? std::optional<double>(m / *kuzu_load_s) : std::nullopt)},
      {"kuzu_load_peak_rss_bytes", Opt(kuzu_rss)},
      {"kuzu_query_peak_rss_bytes", Opt(kq("/query/peak_rss_bytes"))},
      {"kuzu_database_bytes", Opt(kuzu_bytes)},
      {"kuzu_reopen_us", Opt(kq("/query/cold/reopen_us"))},
      {"kuzu_first_query_us", Opt(kq("/query/cold/first_query_us"))},
      {"kuzu_1hop_median_us", Opt(kq("/query/queries/1hop/median_us"))},
      {"kuzu_2hop_median_us", Opt(kq("/query/queries/2hop/median_us"))},
      {"kuzu_khop_median_us", Opt(kq("/query/queries/khop/median_us"))},
  };
  out["figures"] = figures;
  auto cold = [](const std::optional<double>& a, const std::optional<double>& b) {
    return a && b ? std::optional<double>(*a + *b) : std::nullopt;
  };
  // Quiver / Kùzu; one row per phase.
  nlohmann::json ratios = nlohmann::json::array();
  auto row = [&](const char* phase, std::optional<double> quiver, std::optional<double> kuzu, const char* unit) {
    ratios.push_back({{"phase", phase}, {"quiver", Opt(quiver)}, {"kuzu", Opt(kuzu)}, {"unit", unit},
                      {"ratio", Opt(Ratio(quiver, kuzu))}});
  };
  row("load CSV (import vs COPY)", import_s, kuzu_load_s, "s");
  row("load peak RSS", import_rss, kuzu_rss, "bytes");
  row("database size", published, kuzu_bytes, "bytes");
  row("reopen (new process)", q.reopen_us, kq("/query/cold/reopen_us"), "us");
  row("reopen + first 1-hop", cold(q.reopen_us, q.first_query_us), kq("/query/cold/reopen_plus_first_query_us"), "us");
  row("1-hop median", q.one_hop_median_us, kq("/query/queries/1hop/median_us"), "us");
  row("1-hop p99", q.one_hop_p99_us, kq("/query/queries/1hop/p99_us"), "us");
  row("2-hop median", q.two_hop_median_us, kq("/query/queries/2hop/median_us"), "us");
  row("2-hop p99", q.two_hop_p99_us, kq("/query/queries/2hop/p99_us"), "us");
  row("*1..3 median", q.k_hop_median_us, kq("/query/queries/khop/median_us"), "us");
  row("*1..3 p99", q.k_hop_p99_us, kq("/query/queries/khop/p99_us"), "us");
  row("query peak RSS", q.query_peak_rss, kq("/query/peak_rss_bytes"), "bytes");
  out["ratios"] = ratios;
  // Do the two systems give the same answers?
  nlohmann::json answers = nlohmann::json::object();
  for (const char* shape : {"1hop", "2hop", "khop"}) {
    const nlohmann::json::json_pointer qp(std::string("/query/queries/") + shape + "/count_sum");
    const nlohmann::json::json_pointer kp(std::string("/query/queries/") + shape + "/count_sum");
    const nlohmann::json quiver = rung.contains(qp) ? rung.at(qp) : nlohmann::json(nullptr);
    const nlohmann::json kuzu = kuzu_json.contains(kp) ? kuzu_json.at(kp) : nlohmann::json(nullptr);
    answers[shape] = {{"quiver", quiver},
                      {"kuzu", kuzu},
                      {"equal", quiver.is_number() && kuzu.is_number() && quiver.get<double>() == kuzu.get<double>()}};
  }
  out["answers"] = answers;
  if (!o.keep_db) {
    fs::remove_all(dir + "/quiver.db", ec);
    fs::remove_all(dir + "/kuzu.db", ec);
    fs::remove_all(dir + "/csv", ec);
  }
  (void)WriteJsonFile(dir + "/peer.json", out);
  log("peer " + s + ": " + (failure.empty() ? std::string("ok") : "FAILED: " + failure));
  return out;
}

std::string FormatPeerTable(const nlohmann::json& peer_rungs) {
  std::ostringstream out;
  for (const auto& r : peer_rungs) {
    out << "Quiver / Kuzu " << (r.contains("kuzu") && r["kuzu"].contains("version") ? r["kuzu"]["version"].get<std::string>() : "")
        << ", scale " << r.value("scale", 0u) << (r.value("status", "") == "ok" ? "" : " (FAILED: see peer-S/peer.json)")
        << "; below 1: Quiver ahead\n";
    char line[256];
    std::snprintf(line, sizeof(line), "  %-28s %14s %14s %8s\n", "phase", "quiver", "kuzu", "ratio");
    out << line;
    for (const auto& row : r.value("ratios", nlohmann::json::array())) {
      auto cell = [&](const char* k) -> std::string {
        if (!row[k].is_number()) return "-";
        char b[48];
        const double v = row[k].get<double>();
        const std::string unit = row.value("unit", "");
        if (std::string(k) == "ratio") std::snprintf(b, sizeof(b), "%.3f", v);
        else if (unit == "bytes") std::snprintf(b, sizeof(b), "%.1f MiB", v / (1 << 20));
        else if (unit == "s") std::snprintf(b, sizeof(b), "%.3f s", v);
        else std::snprintf(b, sizeof(b), "%.1f us", v);
        return b;
      };
      std::snprintf(line, sizeof(line), "  %-28s %14s %14s %8s\n", row.value("phase", "").c_str(), cell("quiver").c_str(),
                    cell("kuzu").c_str(), cell("ratio").c_str());
      out << line;
    }
    const nlohmann::json answers = r.value("answers", nlohmann::json::object());  // items() must not outlive it
    for (const auto& [shape, a] : answers.items()) {
      out << "  answers " << shape << ": quiver " << a["quiver"].dump() << ", kuzu " << a["kuzu"].dump()
          << (a.value("equal", false) ? " (equal)" : " (differ)") << "\n";
    }
  }
  return out.str();
}

}  // namespace quiver::bench
