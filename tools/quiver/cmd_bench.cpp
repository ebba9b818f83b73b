// `quiver bench ladder` and `quiver bench gate`: the Graph500 scale ladder with per-phase
// evidence, its ingest gate, and the Kùzu peer (docs/benchmarks.md). The hidden
// `quiver bench rung` that the ladder runs in its child processes is cmd_bench_rung.cpp.
#include <unistd.h>

#include <climits>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "bench/gate.h"
#include "bench/ladder.h"
#include "bench/peer_kuzu.h"
#include "bench/source_paths.h"
#include "bench/summary_table.h"
#include "bench/svg_plot.h"
#include "cmd_bench_flags.h"
#include "commands.h"
#include "quiver/byte_size.h"

namespace quiver::cli {
namespace {

struct LadderFlags {
  bench::LadderOptions ladder;
  std::string memory_limit = "4G";
  std::string time_limit = "600s";
  std::string gate_path;
  bool gate = false;
  std::string peer;
  bench::PeerOptions peer_options{bench::DefaultKuzuPeerDir(), bench::DefaultKuzuScratchDir()};
};

int GateLadder(const nlohmann::json& ladder, const std::string& limits_path, nlohmann::json* report_out) {
  auto limits = bench::GateLimits::Load(limits_path);
  if (!limits.ok()) {
    std::cerr << "quiver bench gate: " << limits.status().message() << "\n";
    return kExitFailure;
  }
  const bench::GateReport report = bench::EvaluateGate(ladder, *limits);
  std::cout << "gate limits: " << limits_path << "\n" << report.Format();
  if (report_out) *report_out = report.ToJson();
  if (!report.passed()) {
    for (const auto* b : report.breaches()) std::cerr << "quiver bench gate: breach: " << b->message << "\n";
    return kExitFailure;
  }
  return kExitOk;
}

int RunLadderCommand(LadderFlags f) {
  bench::LadderOptions& o = f.ladder;
  auto bytes = ParseByteLimit(f.memory_limit);
  if (!bytes.ok()) {
    std::cerr << "quiver bench ladder: --memory-limit: " << bytes.status().message() << "\n";
    return kExitUsage;
  }
  o.memory_limit = *bytes;
  auto seconds = ParseDurationSeconds(f.time_limit);
  if (!seconds) {
    std::cerr << "quiver bench ladder: --time-limit: '" << f.time_limit << "' is not a duration (600s, 10m, 1h)\n";
    return kExitUsage;
  }
  o.time_limit = std::chrono::seconds(*seconds);
  if (!f.peer.empty() && f.peer != "kuzu") {
    std::cerr << "quiver bench ladder: unknown peer '" << f.peer << "' (available: kuzu)\n";
    return kExitUsage;
  }
  o.quiver_binary = SelfExecutablePath();
  const auto log = [](const std::string& line) { std::cerr << "bench: " << line << "\n"; };
  if (!f.peer.empty()) {
    Status s = bench::EnsureKuzuInstalled(f.peer_options, log);
    if (!s.ok()) {
      std::cerr << "quiver bench ladder: peer: " << s.message() << "\n";
      return kExitFailure;
    }
  }
  auto ladder = bench::RunLadder(o, log);
  if (!ladder.ok()) {
    std::cerr << "quiver bench ladder: " << ladder.status().message() << "\n";
    return kExitFailure;
  }
  nlohmann::json& j = *ladder;
  if (!f.peer.empty()) {
    nlohmann::json peers = nlohmann::json::array();
    for (const auto& rung : j["rungs"]) {
      if (rung.value("status", "") != "ok") continue;
      peers.push_back(bench::RunKuzuPeer(o, f.peer_options, rung, log));
      // The peer runs after every Quiver rung, so neither competes with the other for the machine.
    }
    j["peer"] = {{"system", "kuzu"}, {"rungs", peers}};
  }
  int rc = kExitOk;
  for (const auto& rung : j["rungs"]) {
    if (rung.value("status", "") != "ok") rc = kExitFailure;
  }
  std::cout << bench::FormatSummaryTable(j);
  if (j.contains("peer")) std::cout << "\n" << bench::FormatPeerTable(j["peer"]["rungs"]);
  if (f.gate) {
    const std::string limits = f.gate_path.empty() ? bench::DefaultGateLimitsPath() : f.gate_path;
    std::cout << "\n";
    nlohmann::json report;
    if (GateLadder(j, limits, &report) != kExitOk) rc = kExitFailure;
    j["gate"] = report;
    j["gate"]["limits_file"] = limits;
  }
  Status s = bench::WriteJsonFile(o.out_dir + "/ladder.json", j);
  std::ofstream svg(o.out_dir + "/ladder.svg", std::ios::trunc);
  svg << bench::LadderSvg(j);
  svg.close();
  if (!s.ok() || !svg) {
    std::cerr << "quiver bench ladder: cannot write the evidence under " << o.out_dir << "\n";
    return kExitFailure;
  }
  std::cout << "\nevidence: " << o.out_dir << "/ladder.json, " << o.out_dir << "/ladder.svg, " << o.out_dir
            << "/rung-S/\n";
  return rc;
}

int RunGateCommand(const std::string& ladder_path, const std::string& limits_path) {
  auto ladder = bench::ReadJsonFile(ladder_path);
  if (!ladder.ok()) {
    std::cerr << "quiver bench gate: " << ladder.status().message() << "\n";
    return kExitFailure;
  }
  return GateLadder(*ladder, limits_path.empty() ? bench::DefaultGateLimitsPath() : limits_path, nullptr);
}

void RegisterLadder(CLI::App* bench_cmd, CommandHandler& handler) {
  auto f = std::make_shared<LadderFlags>();
  auto* cmd = bench_cmd->add_subcommand(
      "ladder",
      "Run the Graph500 scale ladder: one rung per scale, each in child processes under a memory and a time limit.");
  cmd->add_option("--from", f->ladder.from, "Smallest Graph500 scale (2^S vertices; default 16)")
      ->check(CLI::Range(1, 31));
  cmd->add_option("--to", f->ladder.to, "Largest scale (default 22)")->check(CLI::Range(1, 31));
  cmd->add_option("--edge-factor", f->ladder.edge_factor, "Edges per vertex (default 16)")
      ->check(CLI::Range(1, 1 << 20));
  cmd->add_option("--seed", f->ladder.seed, "Graph and query-source seed (default 1)");
  cmd->add_option("--memory-limit", f->memory_limit,
                  "Memory each rung process may use (4G, 512M, 'none'); enforced by a cgroup v2 group when one "
                  "can be created, else by an RSS watchdog that kills the rung. Also sets the ingest budget "
                  "(half of it, as the resource policy does). Default 4G");
  cmd->add_option("--threads", f->ladder.threads,
                  "Ingest workers: a number or 'auto' (the resource policy's, as 'quiver generate'). Default auto");
  cmd->add_option("--time-limit", f->time_limit,
                  "Wall time per rung, both stages together (600s, 10m, 1h); a rung past it is killed and "
                  "reported, the ladder goes on. Default 600s");
  cmd->add_option("--out", f->ladder.out_dir,
                  "Folder for the evidence: ladder.json, ladder.svg, rung-S/ (default build/bench/ladder)");
  cmd->add_option("--gate", f->gate_path,
                  "Check the ladder against the ingest gate's limits (default file bench/gate_limits.json); exit 1 "
                  "on a breach")
      ->expected(0, 1);
  cmd->add_option("--peer", f->peer,
                  "Run a peer on the same graphs and queries after each rung and print Quiver/peer ratios per "
                  "phase: kuzu (npm package, installed into --peer-dir on first use)");
  cmd->add_option("--peer-dir", f->peer_options.scratch_dir,
                  "Where the peer is installed (default build/peers/kuzu in the source tree)");
  cmd->add_option("--peer-source", f->peer_options.source_dir,
                  "The peer's package and script (default bench/peers/kuzu in the source tree)");
  cmd->add_option("--queries-1hop", f->ladder.queries.one_hop, "1-hop queries per rung (default 1000)");
  cmd->add_option("--queries-2hop", f->ladder.queries.two_hop, "2-hop queries per rung (default 300)");
  cmd->add_option("--queries-khop", f->ladder.queries.k_hop, "*1..3 queries per rung (default 100)");
  cmd->add_flag("--keep-db", f->ladder.keep_db, "Keep each rung's database (rung-S/db) and the peer's files");
  cmd->add_flag("--no-cgroup", [f](int64_t) { f->ladder.try_cgroup = false; },
                "Enforce the memory limit with the RSS watchdog only, even where a cgroup could be made");
  cmd->footer(
      "Each rung runs generate, begin, register-nodes, register-edges, validate, commit (publish) in one child "
      "process,\nthen reopen (cold: a new process), query-1hop, query-2hop, query-khop, count and check in "
      "another.\nThe exit status is 1 when a rung failed or the gate found a breach. See docs/benchmarks.md.");
  cmd->callback([&handler, f, cmd] {
    f->gate = cmd->count("--gate") > 0;
    handler = [f] { return RunLadderCommand(*f); };
  });
}

void RegisterGate(CLI::App* bench_cmd, CommandHandler& handler) {
  auto ladder = std::make_shared<std::string>();
  auto limits = std::make_shared<std::string>();
  auto* cmd = bench_cmd->add_subcommand("gate", "Check a ladder's evidence against the ingest gate's limits.");
  cmd->add_option("LADDER_JSON", *ladder, "A ladder.json written by 'quiver bench ladder'")->required();
  cmd->add_option("--limits", *limits, "The limits file (default bench/gate_limits.json in the source tree)");
  cmd->footer(
      "Gated: bytes read and written per edge (rchar/wchar over the ingest phases), published bytes per edge,\n"
      "the growth of bytes read per edge from the smallest to the largest rung, every rung passing; with\n"
      "generous floors: edges/s and CPU us per edge. Exit 1 on any breach, naming limit, value and rung.");
  cmd->callback([&handler, ladder, limits] { handler = [ladder, limits] { return RunGateCommand(*ladder, *limits); }; });
}

}  // namespace

std::string SelfExecutablePath() {
  char buf[PATH_MAX];
  const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof(buf) - 1);
  if (n <= 0) return "";
  return std::string(buf, static_cast<size_t>(n));
}

void RegisterBenchCommand(CLI::App& app, CommandHandler& handler) {
  auto* cmd = app.add_subcommand("bench", "Benchmarks: the Graph500 scale ladder, its ingest gate, a peer, the per-query overhead, analytical queries.");
  cmd->require_subcommand(1);
  RegisterLadder(cmd, handler);
  RegisterGate(cmd, handler);
  RegisterBenchOverheadCommand(cmd, handler);
  RegisterBenchQueriesCommands(cmd, handler);
  RegisterBenchRungCommand(cmd, handler);
}

}  // namespace quiver::cli
