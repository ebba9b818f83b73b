#include "bench/ladder.h"

#include <ctime>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bench/child_process.h"
#include "bench/machine_info.h"
#include "bench/rung_figures.h"
#include "quiver/byte_size.h"

namespace quiver::bench {
namespace {

std::string UtcNow() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

std::string Seconds(double s) {
  std::ostringstream o;
  o.precision(3);
  o << std::fixed << s << " s";
  return o.str();
}

// Runs one stage; on success returns its evidence file's content in *evidence.
ChildOutcome RunStage(const LadderOptions& o, const RungSpec& spec, RungStage stage,
                      std::chrono::milliseconds time_left, nlohmann::json* evidence, std::string* failure) {
  const bool ingest = stage == RungStage::kIngest;
  std::vector<std::string> argv{o.quiver_binary};
  for (std::string& a : spec.ToArgs(stage)) argv.push_back(std::move(a));
  SupervisorLimits limits;
  limits.memory_bytes = o.memory_limit;
  limits.wall_time = time_left;
  limits.try_cgroup = o.try_cgroup;
  const std::string log_path = spec.dir + (ingest ? "/ingest.log" : "/query.log");
  ChildOutcome outcome = RunSupervised(argv, log_path, limits);
  const std::string name = ingest ? "ingest" : "query";
  if (!outcome.ok()) {
    *failure = name + ": " + outcome.Describe(limits);
    const std::string tail = FileTail(log_path, 600);
    if (!tail.empty()) *failure += "; log: " + tail;
    return outcome;
  }
  auto parsed = ReadJsonFile(ingest ? spec.IngestJsonPath() : spec.QueryJsonPath());
  if (!parsed.ok()) {
    *failure = name + ": exited 0 but its evidence is unreadable: " + parsed.status().ToString();
    outcome.end = ChildEnd::kSignaled;  // not ok
    outcome.exit_code = -1;
    return outcome;
  }
  *evidence = std::move(parsed).value();
  return outcome;
}

}  // namespace

Result<nlohmann::json> ReadJsonFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Status::NotFound("cannot read " + path);
  try {
    return nlohmann::json::parse(in, nullptr, true, /*ignore_comments=*/true);
  } catch (const std::exception& e) {
    return Status::Corruption(path + ": " + e.what());
  }
}

Status WriteJsonFile(const std::string& path, const nlohmann::json& j) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << j.dump(2) << "\n";
    out.close();
    if (!out) return Status::IOError("cannot write " + tmp);
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) return Status::IOError("cannot rename " + tmp + ": " + ec.message());
  return Status::OK();
}

nlohmann::json RunRung(const LadderOptions& o, uint32_t scale, const LadderLog& log) {
  RungSpec spec;
  spec.scale = scale;
  spec.edge_factor = o.edge_factor;
  spec.seed = o.seed;
  spec.threads = o.threads;
  spec.memory_limit = o.memory_limit;
  spec.dir = o.out_dir + "/rung-" + std::to_string(scale);
  spec.db_path = spec.dir + "/db";
  spec.queries = o.queries;
  std::error_code ec;
  std::filesystem::remove_all(spec.dir, ec);
  std::filesystem::create_directories(spec.dir, ec);

  nlohmann::json rung;
  rung["scale"] = scale;
  rung["edge_factor"] = o.edge_factor;
  rung["seed"] = o.seed;
  rung["nodes"] = spec.vertex_count();
  rung["edges"] = spec.edge_count();
  rung["load_average_start"] = LoadAverageJson(ReadLoadAverage());
  const auto start = std::chrono::steady_clock::now();
  const auto limit = std::chrono::duration_cast<std::chrono::milliseconds>(o.time_limit);
  std::string failure;

  log("rung " + std::to_string(scale) + ": " + std::to_string(spec.edge_count()) + " edges, ingest stage");
  nlohmann::json ingest, query;
  ChildOutcome in = RunStage(o, spec, RungStage::kIngest, limit, &ingest, &failure);
  SupervisorLimits shown;
  shown.memory_bytes = o.memory_limit;
  shown.wall_time = limit;
  rung["stages"]["ingest"] = in.ToJson(shown);
  if (in.ok()) {
    rung["ingest"] = ingest;
    const auto used = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    const auto left = std::max(std::chrono::milliseconds(1), limit - used);
    log("rung " + std::to_string(scale) + ": ingest ok (" + Seconds(in.wall_seconds) + "), query stage");
    ChildOutcome q = RunStage(o, spec, RungStage::kQuery, left, &query, &failure);
    shown.wall_time = left;
    rung["stages"]["query"] = q.ToJson(shown);
    if (q.ok()) rung["query"] = query;
  }
  rung["status"] = failure.empty() ? "ok" : failure;
  rung["load_average_end"] = LoadAverageJson(ReadLoadAverage());
  rung["figures"] = RungFigures::FromRungJson(rung).ToJson();
  if (!o.keep_db) std::filesystem::remove_all(spec.db_path, ec);
  (void)WriteJsonFile(spec.dir + "/rung.json", rung);
  log("rung " + std::to_string(scale) + ": " + (failure.empty() ? std::string("ok") : "FAILED: " + failure));
  return rung;
}

Result<nlohmann::json> RunLadder(const LadderOptions& o, const LadderLog& log) {
  if (o.from > o.to) return Status::InvalidArgument("--from must not exceed --to");
  if (o.quiver_binary.empty()) return Status::InvalidArgument("no quiver binary to run the rungs with");
  std::error_code ec;
  std::filesystem::create_directories(o.out_dir, ec);
  if (ec) return Status::IOError("cannot create " + o.out_dir + ": " + ec.message());

  nlohmann::json ladder;
  ladder["kind"] = "quiver-ladder";
  ladder["format_version"] = 1;
  ladder["started_utc"] = UtcNow();
  ladder["build"] = BuildJson();
  ladder["machine"] = MachineInfo::Probe().ToJson();
  ladder["options"] = {{"from", o.from},
                       {"to", o.to},
                       {"edge_factor", o.edge_factor},
                       {"seed", o.seed},
                       {"threads", o.threads},
                       {"memory_limit_bytes", o.memory_limit},
                       {"memory_limit", o.memory_limit == 0 ? "none" : FormatBytes(o.memory_limit)},
                       {"time_limit_s", o.time_limit.count()},
                       {"queries", {{"1hop", o.queries.one_hop}, {"2hop", o.queries.two_hop}, {"khop", o.queries.k_hop}}}};
  ladder["measures"] = {
      {"bytes_read", "ingest rchar (/proc/self/io) over begin..commit, per edge: gated"},
      {"bytes_written", "ingest wchar (/proc/self/io) over begin..commit, per edge: gated"},
      {"disk_bytes", "read_bytes/write_bytes: reported only (page cache and writeback dependent)"},
      {"cpu", "user + sys of every thread (getrusage RUSAGE_SELF)"},
      {"peak_rss", "VmHWM of the stage's process"}};
  nlohmann::json rungs = nlohmann::json::array();
  for (uint32_t s = o.from; s <= o.to; ++s) {
    rungs.push_back(RunRung(o, s, log));
    ladder["rungs"] = rungs;
    (void)WriteJsonFile(o.out_dir + "/ladder.json", ladder);  // partial evidence survives an interrupt
  }
  ladder["finished_utc"] = UtcNow();
  ladder["machine"]["load_average_end"] = LoadAverageJson(ReadLoadAverage());
  QUIVER_RETURN_IF_ERROR(WriteJsonFile(o.out_dir + "/ladder.json", ladder));
  return ladder;
}

}  // namespace quiver::bench
