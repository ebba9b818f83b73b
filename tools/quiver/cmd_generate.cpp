// `quiver generate g500 --scale S [--edge-factor 16] [--seed X] (--out DIR | --db DB)`:
// the Graph500 Kronecker graph, streamed straight into a database's construction
// session (no CSV on disk) or written as nodes.csv/edges.csv in the import format.
#include <unistd.h>

#include <iostream>
#include <memory>

#include "commands.h"
#include "common/metrics/phase_recorder.h"
#include "ingest/g500_output.h"
#include "ingest/progress_reporter.h"
#include "ingest/run_options.h"

namespace quiver::cli {
namespace {

struct GenerateOptions {
  std::string kind;
  uint32_t scale = 0;
  uint32_t edge_factor = 16;
  uint64_t seed = 1;
  std::string out_dir;
  std::string db;
  bool replace = false;
  ingest::RunOptions run;
};

std::unique_ptr<ingest::ProgressReporter> MakeProgress(bool quiet) {
  if (quiet) return nullptr;
  const bool tty = ::isatty(STDERR_FILENO) != 0;
  return std::make_unique<ingest::ProgressReporter>(stderr, tty, std::chrono::milliseconds(tty ? 200 : 5000));
}

int Fail(const std::string& what) {
  std::cerr << "quiver generate: " << what << "\n";
  return kExitFailure;
}

// Opens DB for writing, refusing to replace a non-empty graph without --replace.
Result<std::unique_ptr<storage::DatabaseDir>> OpenTarget(const std::string& path, bool replace) {
  storage::DatabaseOptions o;
  o.create_if_missing = true;
  QUIVER_ASSIGN_OR_RETURN(auto db, storage::DatabaseDir::Open(Env::Default(), path, o));
  QUIVER_ASSIGN_OR_RETURN(auto gen, db->Pin());
  if (!replace && (gen->NodeCount() > 0 || gen->EdgeCount() > 0)) {
    return Status::InvalidArgument(path + " already holds a graph (" + std::to_string(gen->NodeCount()) +
                                   " nodes, " + std::to_string(gen->EdgeCount()) +
                                   " relationships); pass --replace to replace it");
  }
  return db;
}

int RunGenerate(const GenerateOptions& o) {
  if (o.kind != "g500") {
    std::cerr << "quiver generate: unknown generator '" << o.kind << "' (available: g500)\n";
    return kExitUsage;
  }
  if (o.out_dir.empty() == o.db.empty()) {
    std::cerr << "quiver generate: give exactly one of --out DIR and --db DB\n";
    return kExitUsage;
  }
  const ingest::G500Generator g({o.scale, o.edge_factor, o.seed});
  auto resources = ingest::ResolveResources(o.run, g.edge_count());
  if (!resources.ok()) {
    std::cerr << "quiver generate: " << resources.status().message() << "\n";
    return kExitUsage;
  }
  auto progress = MakeProgress(o.run.quiet);
  PhaseCollector phases;
  const ProcessSnapshot start = ProcessSnapshot::Take();
  ingest::Summary summary;
  summary.nodes = g.vertex_count();
  summary.edges = g.edge_count();
  summary.workers = resources->workers;
  summary.memory_budget = resources->memory_budget;
  if (!o.db.empty()) {
    auto db = OpenTarget(o.db, o.replace);
    if (!db.ok()) return Fail(db.status().ToString());
    ingest::SessionOptions so;
    so.workers = resources->workers;
    so.memory_budget = resources->memory_budget;
    so.progress = progress.get();
    so.phases = &phases;
    auto session = ingest::ConstructionSession::Begin(db->get(), so);
    if (!session.ok()) return Fail(session.status().ToString());
    {
      ScopedPhase phase(phases, "generate");
      phase.SetUnits("edge", g.edge_count());
      Status s = ingest::GenerateIntoSession(g, session->get());
      if (!s.ok()) return Fail(s.ToString());
    }
    auto result = (*session)->Commit();
    if (!result.ok()) return Fail(result.status().ToString());
    summary.published_bytes = result->published_bytes;
    summary.scratch_bytes = result->scratch_bytes_written;
    summary.spilled = result->spilled;
    summary.memory_floor = result->memory_floor_bytes;
    if (!o.run.quiet) std::cout << "published generation " << result->generation << " of " << o.db << "\n";
  } else {
    ingest::WorkerPool pool(resources->workers);
    ScopedPhase phase(phases, "write_csv");
    phase.SetUnits("edge", g.edge_count());
    auto out = ingest::WriteG500Csv(g, Env::Default(), o.out_dir, &pool, progress.get());
    if (!out.ok()) return Fail(out.status().ToString());
    summary.published_bytes = out->nodes_bytes + out->edges_bytes;
    if (!o.run.quiet) {
      std::cout << "wrote " << o.out_dir
                << "/nodes.csv and edges.csv; import with:\n  quiver import DB --nodes " << o.out_dir
                << "/nodes.csv --relationships " << o.out_dir << "/edges.csv\n";
    }
  }
  progress.reset();
  return ReportIngestRun("generate", summary, start, phases, o.run);
}

}  // namespace

int ReportIngestRun(const char* command, ingest::Summary& summary, const ProcessSnapshot& start,
                    const PhaseCollector& phases, const ingest::RunOptions& run) {
  summary.total = PhaseMetrics::Between("total", start, ProcessSnapshot::Take());
  summary.total.units = UnitCount{"edge", summary.edges};
  std::cout << ingest::FormatSummary(summary);
  if (!run.metrics_path.empty()) {
    Status s = ingest::WriteMetrics(run.metrics_path, summary, phases);
    if (!s.ok()) {
      std::cerr << "quiver " << command << ": " << s.ToString() << "\n";
      return kExitFailure;
    }
  }
  return kExitOk;
}

void AddIngestRunOptions(CLI::App* cmd, ingest::RunOptions* run) {
  cmd->add_option(
      "--threads", run->threads,
      "Workers: a number, or 'auto' = min(cores x --threads-fraction, edges / --min-edges-per-worker), "
      "bounded by the memory budget (each worker's buffers count against it). Default: auto; "
      "QUIVER_THREADS sets a fixed default");
  cmd->add_option("--threads-fraction", run->threads_fraction,
                  "auto: the share of the cores to use (default 1.0)");
  cmd->add_option("--min-edges-per-worker", run->min_edges_per_worker,
                  "auto: fewer edges than this per worker do not pay for the worker (default 65536)");
  cmd->add_option("--memory-budget", run->memory_budget,
                  "Memory the build may use (512M, 4G, ...); past it, sorted runs spill to DB/scratch. "
                  "Default: the resource policy's budget (see 'quiver info')");
  cmd->add_flag("--quiet", run->quiet, "No progress output (the summary is still printed)");
  cmd->add_option("--metrics", run->metrics_path, "Write per-phase measurements (JSON) to this file");
}

void RegisterGenerateCommand(CLI::App& app, CommandHandler& handler) {
  auto o = std::make_shared<GenerateOptions>();
  auto* cmd = app.add_subcommand("generate",
                                 "Generate a synthetic graph (Graph500 Kronecker) into a database or CSV.");
  cmd->add_option("GENERATOR", o->kind, "The generator: g500")->required();
  cmd->add_option("--scale", o->scale, "log2 of the vertex count (1..31)")
      ->required()
      ->check(CLI::Range(1, 31));
  cmd->add_option("--edge-factor", o->edge_factor, "Edges per vertex (default 16)")
      ->check(CLI::Range(1, 1 << 20));
  cmd->add_option("--seed", o->seed, "Seed: the same seed gives the same graph (default 1)");
  cmd->add_option("--out", o->out_dir, "Write DIR/nodes.csv and DIR/edges.csv in the import format");
  cmd->add_option("--db", o->db, "Build straight into the database DB (created if missing), no CSV");
  cmd->add_flag("--replace", o->replace, "Replace the graph of a database that already holds one");
  AddIngestRunOptions(cmd, &o->run);
  cmd->footer(
      "Vertices have label V and key property id (0..2^scale-1, a permuted Graph500 numbering); edges have "
      "type E.\n"
      "Self-loops and duplicate edges are kept, as Graph500 keeps them.");
  cmd->callback([&handler, o] { handler = [o] { return RunGenerate(*o); }; });
}

}  // namespace quiver::cli
