// `quiver bench queries`: the analytical query benchmark, Quiver and Kùzu side by side
// (src/bench/query_bench.h, docs/benchmarks.md), and the hidden `quiver bench
// queries-engine` that runs Quiver's side of it in a child process (query_runner.h).
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "bench/query_bench.h"
#include "bench/query_report.h"
#include "bench/query_runner.h"
#include "bench/source_paths.h"
#include "cmd_bench_flags.h"

namespace quiver::cli {
namespace {

struct QueriesFlags {
  bench::QueryBenchOptions options;
  std::string graphs = "g500,props";
  std::string timeout = "60s";
  bool list = false;
};

std::vector<std::string> SplitCommas(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

int RunQueriesCommand(QueriesFlags f) {
  bench::QueryBenchOptions& o = f.options;
  o.graphs = SplitCommas(f.graphs);
  std::set<std::string> seen;
  for (const auto& g : o.graphs) {
    if (g != "g500" && g != "props") {
      std::cerr << "quiver bench queries: unknown graph '" << g << "' (available: g500, props)\n";
      return kExitUsage;
    }
    if (!seen.insert(g).second) {
      std::cerr << "quiver bench queries: graph '" << g << "' named twice\n";
      return kExitUsage;
    }
  }
  if (o.graphs.empty()) {
    std::cerr << "quiver bench queries: --graphs names no graph\n";
    return kExitUsage;
  }
  if (o.peer != "kuzu" && o.peer != "none") {
    std::cerr << "quiver bench queries: unknown peer '" << o.peer << "' (available: kuzu, none)\n";
    return kExitUsage;
  }
  auto seconds = ParseDurationSeconds(f.timeout);
  if (!seconds) {
    std::cerr << "quiver bench queries: --query-timeout: '" << f.timeout << "' is not a duration (60s, 5m)\n";
    return kExitUsage;
  }
  o.query_timeout = std::chrono::seconds(*seconds);
  try {
    (void)std::regex(o.filter, std::regex::ECMAScript);
  } catch (const std::regex_error& e) {
    std::cerr << "quiver bench queries: --filter: '" << o.filter
              << "' is not a regular expression: " << e.what() << "\n";
    return kExitUsage;
  }
  const std::vector<std::string> names = bench::SelectedQueryNames(o);
  if (f.list) {
    for (const auto& n : names) std::cout << n << "\n";
    return kExitOk;
  }
  if (names.empty()) {
    std::cerr << "quiver bench queries: --filter '" << o.filter << "' selects no query (see --list)\n";
    return kExitUsage;
  }
  o.quiver_binary = SelfExecutablePath();
  const auto log = [](const std::string& line) { std::cerr << "bench: " << line << "\n"; };
  auto evidence = bench::RunQueryBench(o, log);
  if (!evidence.ok()) {
    std::cerr << "quiver bench queries: " << evidence.status().message() << "\n";
    return kExitFailure;
  }
  const std::string table = bench::FormatQueryTable(*evidence);
  std::cout << table;
  const std::string json_path = bench::QueryBenchEvidencePath(o);
  const std::string table_path = json_path.substr(0, json_path.size() - 5) + ".txt";
  std::ofstream(table_path, std::ios::trunc) << table;
  std::cout << "\nevidence: " << json_path << ", " << table_path << ", " << o.out_dir << "/<graph>-"
            << o.scale << "/\n";
  const std::vector<std::string> problems = bench::QueryBenchProblems(*evidence);
  for (const auto& p : problems) std::cerr << "quiver bench queries: " << p << "\n";
  return problems.empty() ? kExitOk : kExitFailure;
}

struct EngineFlags {
  bench::QueryRunOptions options;
  std::string only;
};

void RegisterQueries(CLI::App* bench_cmd, CommandHandler& handler) {
  auto f = std::make_shared<QueriesFlags>();
  f->options.peer_options = {bench::DefaultKuzuPeerDir(), bench::DefaultKuzuScratchDir()};
  auto* cmd =
      bench_cmd->add_subcommand("queries",
                                "Run the analytical query benchmark on Quiver and Kuzu side by side: scans, "
                                "groupings, top-k, multi-hop, "
                                "anti-joins, var-length, point queries; print Quiver/Kuzu per query.");
  cmd->add_option("--scale", f->options.scale, "Graph500 scale: 2^S nodes, 16 x 2^S edges (default 18)")
      ->check(CLI::Range(1, 30));
  cmd->add_option("--edge-factor", f->options.edge_factor, "Edges per node (default 16)")
      ->check(CLI::Range(1, 1 << 20));
  cmd->add_option("--seed", f->options.seed, "Graph, property and source seed (default 1)");
  cmd->add_option(
      "--graphs", f->graphs,
      "Comma-separated: g500 (V/E as 'quiver generate g500') and props (Person/KNOWS with int, float "
      "and string properties on the same edges). Default g500,props");
  cmd->add_option(
      "--out", f->options.out_dir,
      "Folder for the graphs, databases and evidence (default build/bench/queries); CSV files and "
      "databases already there with the same parameters are reused");
  cmd->add_option("--repeat", f->options.repeat, "Measured runs per query after the cold one (default 5)")
      ->check(CLI::Range(0u, 1000u));
  cmd->add_option(
      "--peer", f->options.peer,
      "kuzu (the npm package, installed into --peer-dir on first use) or none (Quiver alone). Default kuzu");
  cmd->add_option(
      "--query-timeout", f->timeout,
      "Per run (per execution for point queries) in each engine: 60s, 5m. A run past it is recorded as "
      "a timeout. Default 60s");
  cmd->add_option("--filter", f->options.filter,
                  "Only the queries whose 'graph/name' matches this regular expression (ECMAScript), e.g. "
                  "'g500/point_' or 'props/'");
  cmd->add_option("--point-sources", f->options.point_sources,
                  "Seeded sources each point query runs from (default 100; some use fewer)")
      ->check(CLI::Range(1u, 100000u));
  cmd->add_option("--threads", f->options.threads, "quiver import workers: a number or auto (default auto)");
  cmd->add_flag("--rebuild", f->options.rebuild,
                "Rebuild both databases even where the stamps say they are current");
  cmd->add_flag("--list", f->list, "Print the selected queries' names and exit");
  cmd->add_option("--peer-dir", f->options.peer_options.scratch_dir,
                  "Where the peer is installed (default build/peers/kuzu in the source tree)");
  cmd->add_option("--peer-source", f->options.peer_options.source_dir,
                  "The peer's package and scripts (default bench/peers/kuzu in the source tree)");
  cmd->footer(
      "Per graph: CSV files (quiver generate g500 --out; props derived from it), quiver import, Kuzu COPY of "
      "the\n"
      "same files; then every query in one long-lived process per engine: a cold run (also the warm-up), "
      "then\n"
      "--repeat runs, the median reported. Both engines' answers are compared (row count and a hash of the\n"
      "canonical rows); a difference is printed as MISMATCH. Exit 1 when a query errors, crashes or hangs "
      "in\n"
      "either engine, or answers differ; a timeout is recorded as one (a measurement, not a fault). "
      "Evidence: OUT/bench-queries-S.json\n(and the table, .txt).\n"
      "See docs/benchmarks.md, \"Analytical queries side by side with Kuzu\".");
  cmd->callback([&handler, f] { handler = [f] { return RunQueriesCommand(*f); }; });
}

void RegisterEngine(CLI::App* bench_cmd, CommandHandler& handler) {
  auto f = std::make_shared<EngineFlags>();
  auto* cmd = bench_cmd->add_subcommand("queries-engine", "Quiver's query runner (run by 'bench queries').");
  cmd->group("");  // hidden: the driver's protocol, not a user command
  cmd->add_option("--db", f->options.db_path)->required();
  cmd->add_option("--queries", f->options.queries_path)->required();
  cmd->add_option("--out", f->options.out_path)->required();
  cmd->add_option("--only", f->only);
  cmd->callback([&handler, f] {
    handler = [f] {
      bench::QueryRunOptions o = f->options;
      o.only = SplitCommas(f->only);
      Status s = bench::RunQuiverQueries(o);
      if (!s.ok()) {
        std::cerr << "quiver bench queries-engine: " << s.ToString() << "\n";
        return kExitFailure;
      }
      return kExitOk;
    };
  });
}

}  // namespace

void RegisterBenchQueriesCommands(CLI::App* bench_cmd, CommandHandler& handler) {
  RegisterQueries(bench_cmd, handler);
  RegisterEngine(bench_cmd, handler);
}

}  // namespace quiver::cli
