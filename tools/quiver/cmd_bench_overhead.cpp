// `quiver bench query-overhead --db DB`: the per-query overhead of a one-hop key seek in
// this (fresh) process and after a warm-up (src/bench/query_overhead.h,
// docs/benchmarks.md).
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "bench/ladder.h"
#include "bench/query_overhead.h"
#include "cmd_bench_flags.h"

namespace quiver::cli {
namespace {

struct OverheadFlags {
  bench::OverheadOptions options;
  std::string json_path;
};

int RunOverheadCommand(const OverheadFlags& f) {
  auto report = bench::RunQueryOverhead(f.options);
  if (!report.ok()) {
    std::cerr << "quiver bench query-overhead: " << report.status().message() << "\n";
    return kExitFailure;
  }
  std::cout << bench::FormatOverhead(*report);
  if (!f.json_path.empty()) {
    Status s = bench::WriteJsonFile(f.json_path, *report);
    if (!s.ok()) {
      std::cerr << "quiver bench query-overhead: " << s.message() << "\n";
      return kExitFailure;
    }
  }
  return kExitOk;
}

}  // namespace

void RegisterBenchOverheadCommand(CLI::App* bench_cmd, CommandHandler& handler) {
  auto f = std::make_shared<OverheadFlags>();
  auto* cmd = bench_cmd->add_subcommand(
      "query-overhead",
      "Latency of a one-hop key seek in this fresh process (the first queries) and after a warm-up.");
  cmd->add_option("--db", f->options.db_path, "A Graph500 database (quiver generate g500 --db)")->required();
  cmd->add_option("--queries", f->options.queries, "Queries measured per phase (default 1000)")
      ->check(CLI::Range(1u, 100000000u));
  cmd->add_option("--warmup", f->options.warmup,
                  "Unmeasured prepared queries before the warm phases (default 10000)");
  cmd->add_option("--id-range", f->options.id_range,
                  "Keys are drawn from [0, N): 2^S for a Graph500 graph of scale S (default 65536)")
      ->check(CLI::Range(uint64_t{1}, UINT64_MAX));
  cmd->add_option("--seed", f->options.seed, "Key stream seed (default 1)");
  cmd->add_option("--query", f->options.query,
                  "The statement, with parameter $id (default the one-hop count)");
  cmd->add_flag("--unprepared", f->options.unprepared,
                "The fresh phase calls Query(text) each time instead of executing a prepared statement");
  cmd->add_flag("--fresh-only", f->options.fresh_only,
                "Stop after the fresh phase (to count the system calls of just those queries: strace -c)");
  cmd->add_option("--json", f->json_path, "Also write the report as JSON to this file");
  cmd->footer(
      "Phases, in one process: open; fresh (the first --queries executions of the prepared statement, or of\n"
      "Query(text) with --unprepared); --warmup unmeasured executions; warm_prepared; warm_unprepared.\n"
      "A query's latency runs from the call until its result (every row read) is destroyed.");
  cmd->callback([&handler, f] { handler = [f] { return RunOverheadCommand(*f); }; });
}

}  // namespace quiver::cli
