#include "bench/rung_ingest.h"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "bench/query_sources.h"
#include "common/metrics/phase_recorder.h"
#include "common/resource/resource_policy.h"
#include "ingest/construction_session.h"
#include "ingest/g500_generator.h"
#include "ingest/g500_output.h"
#include "ingest/run_options.h"
#include "ingest/worker_pool.h"

namespace quiver::bench {
namespace {

uint32_t LongestQueryList(const QueryCounts& q) {
  return std::max({q.one_hop, q.two_hop, q.k_hop});
}

Status Phase(std::string_view name, const Status& s) {
  return s.ok() ? s : s.WithContext(name);
}

// Every vertex with an outgoing edge, from the generated batches.
std::vector<uint8_t> OutEdgeMap(const std::vector<ingest::EdgeBatch>& batches, uint64_t vertices) {
  std::vector<uint8_t> has(vertices, 0);
  for (const auto& b : batches) {
    for (uint32_t v : b.src) has[v] = 1;
  }
  return has;
}

}  // namespace

Result<nlohmann::json> RunIngestStage(const RungSpec& spec) {
  ResourceOverrides overrides;
  if (spec.memory_limit != 0) overrides.memory_limit_bytes = spec.memory_limit;
  QUIVER_ASSIGN_OR_RETURN(ResourcePolicy policy, ResourcePolicy::FromMachine(overrides));
  ingest::RunOptions run;
  run.threads = spec.threads;
  run.memory_budget = std::to_string(policy.memory_budget().value);
  run.quiet = true;
  QUIVER_ASSIGN_OR_RETURN(ingest::Resources resources, ingest::ResolveResources(run, spec.edge_count()));

  const ingest::G500Generator g({spec.scale, spec.edge_factor, spec.seed});
  const uint64_t n = g.vertex_count(), m = g.edge_count();
  PhaseCollector phases, session_phases;

  // ---- generate
  std::vector<ingest::EdgeBatch> batches;
  {
    ScopedPhase phase(phases, "generate");
    phase.SetUnits("edge", m);
    ingest::WorkerPool pool(resources.workers);
    const uint64_t task_edges = ingest::kG500TaskEdges;
    batches.resize((m + task_edges - 1) / task_edges);
    pool.ParallelFor(batches.size(), [&](size_t i, uint32_t) {
      const uint64_t b = i * task_edges, e = std::min(m, b + task_edges);
      ingest::EdgeBatch& batch = batches[i];
      batch.src.resize(e - b);
      batch.dst.resize(e - b);
      g.Generate(b, e, batch.src.data(), batch.dst.data());
    });
  }
  const std::vector<uint64_t> sources = PickSources(OutEdgeMap(batches, n), spec.seed, LongestQueryList(spec.queries));
  QUIVER_RETURN_IF_ERROR(WriteSources(spec.SourcesPath(), spec.seed, sources));

  // ---- begin
  const ProcessSnapshot ingest_start = ProcessSnapshot::Take();
  std::unique_ptr<storage::DatabaseDir> db;
  std::unique_ptr<ingest::ConstructionSession> session;
  {
    ScopedPhase phase(phases, "begin");
    std::error_code ec;
    std::filesystem::remove_all(spec.db_path, ec);  // the rung replaces any earlier database
    storage::DatabaseOptions o;
    o.create_if_missing = true;
    auto opened = storage::DatabaseDir::Open(Env::Default(), spec.db_path, o);
    if (!opened.ok()) return Phase("begin", opened.status());
    db = std::move(opened).value();
    ingest::SessionOptions so;
    so.workers = resources.workers;
    so.memory_budget = resources.memory_budget;
    so.phases = &session_phases;
    auto begun = ingest::ConstructionSession::Begin(db.get(), so);
    if (!begun.ok()) return Phase("begin", begun.status());
    session = std::move(begun).value();
    // No ReserveProducerMemory for the generated batches: AddEdges moves their arrays into
    // the session's edge buffer, so they are the memory the session counts as buffered
    // edges; reserving them too would count every edge twice and spill early.
  }

  // ---- register-nodes: the same node batch as GenerateIntoSession
  {
    ScopedPhase phase(phases, "register-nodes");
    phase.SetUnits("node", n);
    const uint32_t label = session->Label(ingest::kG500Label);
    session->RelType(ingest::kG500Type);
    const uint32_t id_key = session->PropertyKey(ingest::kG500KeyProperty);
    auto space = session->IdSpace("", ingest::KeyType::kInteger);
    if (!space.ok()) return Phase("register-nodes", space.status());
    ingest::NodeBatch nodes;
    nodes.count = n;
    nodes.label_sets = {{label}};
    nodes.id_space = *space;
    nodes.keys.type = ingest::KeyType::kInteger;
    nodes.keys.sequence = true;
    nodes.keys.first = 0;
    nodes.keys.count = n;
    nodes.key_property = id_key;
    std::vector<ingest::NodeBatch> node_batches;
    node_batches.push_back(std::move(nodes));
    QUIVER_RETURN_IF_ERROR(Phase("register-nodes", session->AddNodes(std::move(node_batches))));
    QUIVER_RETURN_IF_ERROR(Phase("register-nodes", session->FinishNodes(false, nullptr)));
  }

  // ---- register-edges: waves of four batches per worker, as the streaming path hands them
  {
    ScopedPhase phase(phases, "register-edges");
    phase.SetUnits("edge", m);
    const size_t wave = size_t{session->workers()} * 4;
    for (size_t first = 0; first < batches.size(); first += wave) {
      const size_t end = std::min(batches.size(), first + wave);
      std::vector<ingest::EdgeBatch> chunk;
      chunk.reserve(end - first);
      for (size_t i = first; i < end; ++i) chunk.push_back(std::move(batches[i]));
      QUIVER_RETURN_IF_ERROR(Phase("register-edges", session->AddEdges(std::move(chunk))));
    }
    batches = {};
  }

  // ---- validate
  {
    ScopedPhase phase(phases, "validate");
    QUIVER_RETURN_IF_ERROR(Phase("validate", session->Validate()));
  }

  // ---- commit (build + publish)
  ingest::CommitResult committed;
  {
    ScopedPhase phase(phases, "commit");
    phase.SetUnits("edge", m);
    auto result = session->Commit();
    if (!result.ok()) return Phase("commit", result.status());
    committed = *result;
  }
  PhaseMetrics total = PhaseMetrics::Between("ingest", ingest_start, ProcessSnapshot::Take());
  total.units = UnitCount{"edge", m};
  session.reset();
  db.reset();

  nlohmann::json out;
  out["stage"] = "ingest";
  out["path"] = "generator into memory batches, then a ConstructionSession (quiver generate g500 --db)";
  out["resources"] = {{"workers", resources.workers},
                      {"workers_source", resources.workers_source},
                      {"memory_budget_bytes", resources.memory_budget},
                      {"memory_limit_bytes", policy.memory_limit().value}};
  out["policy"] = policy.ToJson();
  out["phases"] = phases.ToJson();
  out["session_phases"] = session_phases.ToJson();
  out["ingest"] = total.ToJson();
  out["commit"] = {{"generation", committed.generation},
                   {"nodes", committed.nodes},
                   {"edges", committed.edges},
                   {"spilled", committed.spilled},
                   {"scratch_bytes_written", committed.scratch_bytes_written},
                   {"published_bytes", committed.published_bytes},
                   {"published_bytes_per_edge",
                    m == 0 ? 0.0 : static_cast<double>(committed.published_bytes) / static_cast<double>(m)}};
  out["sources"] = sources.size();
  return out;
}

}  // namespace quiver::bench
