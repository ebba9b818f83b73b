#include "ingest/run_options.h"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "quiver/byte_size.h"
#include "common/resource/resource_policy.h"
#include "ingest/worker_budget.h"

namespace quiver::ingest {

Result<Resources> ResolveResources(const RunOptions& o, uint64_t estimated_edges) {
  ResourceOverrides overrides;
  if (!o.memory_budget.empty()) {
    auto budget = ParseByteSize(o.memory_budget);
    if (!budget.ok()) return Status::InvalidArgument("--memory-budget: " + budget.status().message());
    if (*budget == 0) return Status::InvalidArgument("--memory-budget must be positive");
    overrides.memory_budget_bytes = *budget;
  }
  std::optional<uint32_t> fixed;
  std::string error;
  if (!ParseThreads(o.threads, &fixed, &error)) return Status::InvalidArgument(error);
  if (!(o.threads_fraction > 0 && o.threads_fraction <= 64)) {
    return Status::InvalidArgument("--threads-fraction must be in (0, 64]");
  }
  QUIVER_ASSIGN_OR_RETURN(ResourcePolicy policy, ResourcePolicy::FromMachine(overrides));
  Resources r;
  r.memory_budget = policy.memory_budget().value;
  if (fixed) {
    r.workers = *fixed;
    r.workers_source = "--threads " + std::to_string(*fixed);
    return r;
  }
  if (policy.workers().source == PolicySource::kEnvironment) {
    r.workers = policy.workers().value;
    r.workers_source = policy.workers().description;
    return r;
  }
  AutoWorkerInputs in;
  in.cores = policy.cores().value;
  in.fraction = o.threads_fraction;
  in.edges = estimated_edges == 0 ? UINT64_MAX / 2 : estimated_edges;
  in.min_edges_per_worker = o.min_edges_per_worker;
  const uint32_t by_auto = AutoWorkers(in);
  const uint32_t by_memory = MemoryBoundWorkers(r.memory_budget, 0, policy.worker_buffer().value);
  r.workers = std::min(by_auto, by_memory);
  char buf[256];
  std::snprintf(
      buf, sizeof(buf), "auto: min(%u cores x %g, %s / %llu min edges per worker, %s budget / %s per worker)",
      in.cores, in.fraction, estimated_edges == 0 ? "unknown edges" : std::to_string(estimated_edges).c_str(),
      static_cast<unsigned long long>(in.min_edges_per_worker), FormatBytes(r.memory_budget).c_str(),
      FormatBytes(policy.worker_buffer().value).c_str());
  r.workers_source = buf;
  return r;
}

namespace {

double Per(uint64_t v, uint64_t n) {
  return n == 0 ? 0.0 : static_cast<double>(v) / static_cast<double>(n);
}

}  // namespace

std::string FormatSummary(const Summary& s) {
  const PhaseMetrics& t = s.total;
  const double secs = t.wall_seconds();
  char buf[1024];
  std::snprintf(buf, sizeof(buf),
                "nodes            %llu\n"
                "edges            %llu\n"
                "seconds          %.3f (wall), %.3f CPU, %.2f effective cores, %u workers\n"
                "edges/s          %.0f\n"
                "CPU per edge     %.4f us\n"
                "read per edge    %.2f bytes (input %.2f)\n"
                "written per edge %.2f bytes (published %.2f, scratch %.2f)\n"
                "peak RSS         %s (budget %s%s)\n",
                static_cast<unsigned long long>(s.nodes), static_cast<unsigned long long>(s.edges), secs,
                static_cast<double>(t.cpu_us()) / 1e6, t.EffectiveCores(), s.workers,
                secs > 0 ? static_cast<double>(s.edges) / secs : 0.0, t.CpuMicrosPer(s.edges),
                t.RcharPer(s.edges), Per(s.input_bytes, s.edges), t.WcharPer(s.edges),
                Per(s.published_bytes, s.edges), Per(s.scratch_bytes, s.edges),
                t.rss_available ? FormatBytes(t.peak_rss_bytes).c_str() : "unknown",
                FormatBytes(s.memory_budget).c_str(), s.spilled ? ", spilled" : "");
  std::string out = buf;
  // Node-proportional memory does not spill yet: say so when it is what broke the budget.
  if (s.spilled && s.memory_floor > s.memory_budget / 2) {
    out += "note             " + FormatBytes(s.memory_floor) +
           " of node data and per-node arrays does not spill; under a budget of about "
           "twice that, peak RSS exceeds the budget\n";
  }
  return out;
}

Status WriteMetrics(const std::string& path, const Summary& s, const PhaseCollector& phases) {
  nlohmann::json total = s.total.ToJson();
  nlohmann::json out = {
      {"summary",
       {{"nodes", s.nodes},
        {"edges", s.edges},
        {"input_bytes", s.input_bytes},
        {"published_bytes", s.published_bytes},
        {"scratch_bytes", s.scratch_bytes},
        {"spilled", s.spilled},
        {"workers", s.workers},
        {"memory_budget_bytes", s.memory_budget},
        {"memory_floor_bytes", s.memory_floor},
        {"total", total}}},
      {"phases", phases.ToJson()},
  };
  // replace: a path that is not UTF-8 must not make the report throw (type_error.316).
  return WriteFileAtomically(Env::Default(), path,
                             out.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
}

}  // namespace quiver::ingest
