// `quiver bench rung --stage ingest|query ...`: one stage of one ladder rung, in this
// process; the ladder runs it as a child (src/bench/ladder.h). Hidden from --help: it
// is the ladder's protocol, not a user command. Writes the stage's evidence to
// DIR/ingest.json or DIR/query.json; exit 1 naming the phase that failed.
#include <charconv>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "bench/ladder.h"
#include "bench/rung_ingest.h"
#include "bench/rung_query.h"
#include "cmd_bench_flags.h"

namespace quiver::cli {
namespace {

struct RungFlags {
  bench::RungSpec spec;
  std::string stage;
};

int RunRungStage(const RungFlags& f) {
  const bool ingest = f.stage == "ingest";
  if (!ingest && f.stage != "query") {
    std::cerr << "quiver bench rung: --stage must be ingest or query\n";
    return kExitUsage;
  }
  auto evidence = ingest ? bench::RunIngestStage(f.spec) : bench::RunQueryStage(f.spec);
  if (!evidence.ok()) {
    std::cerr << "quiver bench rung " << f.spec.scale << " " << f.stage << ": " << evidence.status().ToString() << "\n";
    return kExitFailure;
  }
  (*evidence)["scale"] = f.spec.scale;
  Status s = bench::WriteJsonFile(ingest ? f.spec.IngestJsonPath() : f.spec.QueryJsonPath(), *evidence);
  if (!s.ok()) {
    std::cerr << "quiver bench rung: " << s.ToString() << "\n";
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace

void RegisterBenchRungCommand(CLI::App* bench_cmd, CommandHandler& handler) {
  auto f = std::make_shared<RungFlags>();
  auto* cmd = bench_cmd->add_subcommand("rung", "One stage of one ladder rung (run by 'bench ladder').");
  cmd->group("");  // hidden
  cmd->add_option("--stage", f->stage, "ingest or query")->required();
  cmd->add_option("--scale", f->spec.scale)->required()->check(CLI::Range(1, 31));
  cmd->add_option("--edge-factor", f->spec.edge_factor);
  cmd->add_option("--seed", f->spec.seed);
  cmd->add_option("--threads", f->spec.threads);
  cmd->add_option("--memory-limit", f->spec.memory_limit);
  cmd->add_option("--db", f->spec.db_path)->required();
  cmd->add_option("--dir", f->spec.dir)->required();
  cmd->add_option("--queries-1hop", f->spec.queries.one_hop);
  cmd->add_option("--queries-2hop", f->spec.queries.two_hop);
  cmd->add_option("--queries-khop", f->spec.queries.k_hop);
  cmd->callback([&handler, f] { handler = [f] { return RunRungStage(*f); }; });
}

}  // namespace quiver::cli
