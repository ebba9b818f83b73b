#include "bench/query_bench.h"

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "bench/child_process.h"
#include "bench/machine_info.h"
#include "bench/props_graph.h"
#include "bench/query_report.h"
#include "bench/query_runner.h"
#include "bench/query_set.h"
#include "bench/query_sources.h"

namespace quiver::bench {
namespace {

namespace fs = std::filesystem;

// Bumped when the files a graph folder holds change meaning, so old folders are rebuilt.
constexpr int kGraphFormat = 1;

std::string UtcNow() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

struct Graph {
  std::string kind;  // "g500" or "props"
  std::string dir;
  nlohmann::json params;  // what the files are a function of
  uint64_t nodes = 0, edges = 0;
  std::vector<std::string> import_args;  // after `quiver import DB`
  std::vector<uint64_t> sources;
  nlohmann::json evidence;  // how it was built, for the run's evidence

  std::string Csv() const { return dir + "/csv"; }
  std::string QuiverDb() const { return dir + "/quiver.db"; }
  std::string KuzuDb() const { return dir + "/kuzu.db"; }
};

Graph MakeGraph(const std::string& kind, const QueryBenchOptions& o) {
  Graph g;
  g.kind = kind;
  g.dir = o.out_dir + "/" + kind + "-" + std::to_string(o.scale);
  g.params = {{"graph", kind},
              {"scale", o.scale},
              {"edge_factor", o.edge_factor},
              {"seed", o.seed},
              {"format", kGraphFormat}};
  return g;
}

// The stamp file's "params" equal `params` (and every file named exists).
bool StampMatches(const std::string& stamp_path, const nlohmann::json& params,
                  const std::vector<std::string>& files, nlohmann::json* stamp_out = nullptr) {
  auto stamp = ReadJsonFile(stamp_path);
  if (!stamp.ok() || !stamp->contains("params") || (*stamp)["params"] != params) return false;
  for (const auto& f : files) {
    if (!fs::exists(f)) return false;
  }
  if (stamp_out) *stamp_out = *stamp;
  return true;
}

// Runs one build step (generate, import, the Kùzu load) as a supervised child.
Status Step(const std::string& what, const std::vector<std::string>& argv, const std::string& log_path,
            double* wall_s) {
  SupervisorLimits limits;
  limits.wall_time = std::chrono::hours(2);  // a backstop only: scale 20 builds in a minute
  const ChildOutcome c = RunSupervised(argv, log_path, limits);
  if (wall_s) *wall_s = c.wall_seconds;
  if (c.ok()) return Status::OK();
  return Status::Aborted(what + ": " + c.Describe(limits) + "; log " + log_path + ": " +
                         FileTail(log_path, 600));
}

Status PrepareG500(const QueryBenchOptions& o, Graph& g, const LadderLog& log) {
  const std::string s = std::to_string(o.scale);
  g.nodes = uint64_t{1} << o.scale;
  g.edges = uint64_t{o.edge_factor} << o.scale;
  g.import_args = {"--nodes", g.Csv() + "/nodes.csv", "--relationships", g.Csv() + "/edges.csv"};
  if (StampMatches(g.dir + "/graph.json", g.params, {g.Csv() + "/nodes.csv", g.Csv() + "/edges.csv"})) {
    g.evidence["csv"] = "reused";
    return Status::OK();
  }
  std::error_code ec;
  fs::remove_all(g.dir, ec);
  fs::create_directories(g.dir, ec);
  log("g500-" + s + ": quiver generate g500 --out");
  double wall = 0;
  QUIVER_RETURN_IF_ERROR(
      Step("generate",
           {o.quiver_binary, "generate", "g500", "--scale", s, "--edge-factor", std::to_string(o.edge_factor),
            "--seed", std::to_string(o.seed), "--out", g.Csv(), "--quiet"},
           g.dir + "/generate.log", &wall));
  g.evidence["csv"] = {{"generate_s", wall}};
  return WriteJsonFile(g.dir + "/graph.json", {{"params", g.params}, {"nodes", g.nodes}, {"edges", g.edges}});
}

Status PrepareProps(const QueryBenchOptions& o, const Graph& g500, Graph& g, const LadderLog& log) {
  g.import_args = {"--nodes=Person", g.Csv() + "/person.csv", "--relationships=KNOWS",
                   g.Csv() + "/knows.csv"};
  nlohmann::json stamp;
  if (StampMatches(g.dir + "/graph.json", g.params, {g.Csv() + "/person.csv", g.Csv() + "/knows.csv"},
                   &stamp)) {
    g.nodes = stamp.value("nodes", uint64_t{0});
    g.edges = stamp.value("edges", uint64_t{0});
    g.evidence["csv"] = "reused";
    return Status::OK();
  }
  std::error_code ec;
  fs::remove_all(g.dir, ec);
  fs::create_directories(g.dir, ec);
  log("props-" + std::to_string(o.scale) + ": person.csv, knows.csv from the g500 edges");
  const auto t0 = std::chrono::steady_clock::now();
  QUIVER_ASSIGN_OR_RETURN(PropsGraphFiles files,
                          WritePropsGraph(g500.Csv() + "/edges.csv", g500.nodes, o.seed, g.Csv()));
  g.nodes = files.persons;
  g.edges = files.knows;
  g.evidence["csv"] = {
      {"write_s", std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()}};
  // The sources come from the same pass; written now, so the scan is not repeated.
  QUIVER_RETURN_IF_ERROR(
      WriteSources(g.dir + "/sources.json", o.seed, PickSources(files.has_out, o.seed, o.point_sources)));
  return WriteJsonFile(g.dir + "/graph.json", {{"params", g.params}, {"nodes", g.nodes}, {"edges", g.edges}});
}

// The first `count` seeded sources (a prefix of a longer list is the shorter list).
Status PrepareSources(const QueryBenchOptions& o, Graph& g, const std::string& edges_csv) {
  const std::string path = g.dir + "/sources.json";
  if (auto cached = ReadSources(path); cached.ok() && cached->size() >= o.point_sources) {
    g.sources.assign(cached->begin(), cached->begin() + o.point_sources);
    return Status::OK();
  }
  QUIVER_ASSIGN_OR_RETURN(std::vector<uint8_t> has_out, OutEdgeFlags(edges_csv, g.nodes));
  if (g.kind == kGraphProps) {  // self-loops are not KNOWS edges
    has_out.assign(g.nodes, 0);
    QUIVER_RETURN_IF_ERROR(ForEachCsvEdge(edges_csv, [&](uint64_t s, uint64_t d) {
      if (s != d && s < has_out.size()) has_out[s] = 1;
    }));
  }
  g.sources = PickSources(has_out, o.seed, o.point_sources);
  return WriteSources(path, o.seed, g.sources);
}

// Which Quiver built a database. The recorded commit only changes when CMake reconfigures,
// so the binary's size and modification time are part of it: any rebuild re-imports.
nlohmann::json QuiverBuildStamp(const std::string& binary) {
  const nlohmann::json b = BuildJson();
  std::error_code ec;
  const auto size = fs::file_size(binary, ec);
  const auto mtime = fs::last_write_time(binary, ec).time_since_epoch().count();
  return {{"version", b["version"]},
          {"git_commit", b["git_commit"]},
          {"build_type", b["build_type"]},
          {"binary_size", ec ? 0 : size},
          {"binary_mtime", ec ? 0 : static_cast<int64_t>(mtime)}};
}

Status BuildQuiverDb(const QueryBenchOptions& o, Graph& g, const LadderLog& log) {
  const nlohmann::json params = {{"graph", g.params}, {"quiver", QuiverBuildStamp(o.quiver_binary)}};
  const std::string stamp = g.dir + "/quiver-db.json";
  if (!o.rebuild && StampMatches(stamp, params, {g.QuiverDb()})) {
    g.evidence["quiver_db"] = "reused";
    return Status::OK();
  }
  std::error_code ec;
  fs::remove_all(g.QuiverDb(), ec);
  fs::remove(stamp, ec);
  log(g.kind + ": quiver import");
  std::vector<std::string> argv{o.quiver_binary, "import", g.QuiverDb()};
  argv.insert(argv.end(), g.import_args.begin(), g.import_args.end());
  for (const char* a : {"--quiet", "--threads"}) argv.emplace_back(a);
  argv.push_back(o.threads);
  argv.insert(argv.end(), {"--metrics", g.dir + "/quiver-import.json"});
  double wall = 0;
  QUIVER_RETURN_IF_ERROR(Step("quiver import", argv, g.dir + "/quiver-import.log", &wall));
  g.evidence["quiver_db"] = {{"import_s", wall}};
  return WriteJsonFile(stamp, {{"params", params}, {"import_s", wall}});
}

std::string KuzuVersion(const PeerOptions& peer) {
  auto pkg = ReadJsonFile(peer.scratch_dir + "/node_modules/kuzu/package.json");
  return pkg.ok() ? pkg->value("version", "unknown") : "unknown";
}

Status BuildKuzuDb(const QueryBenchOptions& o, Graph& g, const LadderLog& log) {
  const nlohmann::json params = {{"graph", g.params}, {"kuzu", KuzuVersion(o.peer_options)}};
  const std::string stamp = g.dir + "/kuzu-db.json";
  if (!o.rebuild && StampMatches(stamp, params, {g.KuzuDb()})) {
    g.evidence["kuzu_db"] = "reused";
    return Status::OK();
  }
  std::error_code ec;
  fs::remove_all(g.KuzuDb(), ec);
  fs::remove(stamp, ec);
  log(g.kind + ": kuzu CREATE TABLE + COPY");
  double wall = 0;
  QUIVER_RETURN_IF_ERROR(
      Step("kuzu load",
           {FindInPath(o.peer_options.node), o.peer_options.scratch_dir + "/queries.mjs", "--stage", "load",
            "--graph", g.kind, "--csv", g.Csv(), "--db", g.KuzuDb(), "--out", g.dir + "/kuzu-load.json"},
           g.dir + "/kuzu-load.log", &wall));
  auto load = ReadJsonFile(g.dir + "/kuzu-load.json");
  g.evidence["kuzu_db"] = {{"load_s", wall},
                           {"phases", load.ok() ? (*load)["phases"] : nlohmann::json(nullptr)}};
  return WriteJsonFile(stamp, {{"params", params}, {"load_s", wall}});
}

std::string Join(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ",") + n;
  return s;
}

using ArgvFor =
    std::function<std::vector<std::string>(const std::vector<std::string>& only, const std::string& out)>;

// Runs an engine's runner over `names` until every query has a result: a process that
// dies has the query it was running recorded (crashed, or hung after its watchdog) and a
// new process starts after it.
nlohmann::json RunEngine(const std::string& engine, const ArgvFor& argv_for,
                         const std::vector<std::string>& names, const std::string& dir,
                         const QueryBenchOptions& o, const LadderLog& log) {
  std::map<std::string, nlohmann::json> done;
  nlohmann::json attempts = nlohmann::json::array();
  nlohmann::json info;
  std::vector<std::string> remaining = names;
  const std::string log_path = dir + "/" + engine + "-queries.log";
  std::error_code ec;
  fs::remove(log_path, ec);
  for (int attempt = 1; !remaining.empty(); ++attempt) {
    std::string out = dir + "/" + engine + "-results";
    if (attempt > 1) {
      out += '-';
      out += std::to_string(attempt);
    }
    out += ".json";
    fs::remove(out, ec);
    // A backstop over the runner's own timeouts: every run of every query at its timeout.
    const auto per_query = o.query_timeout * (o.repeat + 1) + std::chrono::seconds(10);
    SupervisorLimits limits;
    limits.wall_time =
        per_query * static_cast<int64_t>(remaining.size()) + 2 * o.query_timeout + std::chrono::seconds(60);
    log(engine + ": " + std::to_string(remaining.size()) + " queries" +
        (attempt > 1 ? " (new process)" : ""));
    const ChildOutcome c =
        RunSupervised(argv_for(attempt == 1 ? std::vector<std::string>{} : remaining, out), log_path, limits);
    nlohmann::json a = c.ToJson(limits);
    a["results_file"] = out;
    attempts.push_back(a);
    auto results = ReadJsonFile(out);
    std::string running;
    if (results.ok()) {
      for (const auto& r : (*results)["results"]) done[r.value("name", "")] = r;
      if ((*results)["running"].is_string()) running = (*results)["running"].get<std::string>();
      if (info.is_null()) {
        info = *results;
        info.erase("results");
        info.erase("running");
      }
    }
    std::vector<std::string> left;
    for (const auto& n : remaining) {
      if (!done.count(n)) left.push_back(n);
    }
    if (c.ok() && left.empty()) break;
    if (!results.ok()) {  // it failed before its first query: no new process would do better
      const std::string why = "the runner failed before its first query: " + c.Describe(limits) +
                              "; log: " + FileTail(log_path, 400);
      log(engine + ": " + why);
      for (const auto& n : left) done[n] = {{"name", n}, {"status", "crashed"}, {"error", why}};
      break;
    }
    // The process ended early: blame the query it was running, or the first not done.
    const std::string culprit = !running.empty() ? running : (left.empty() ? "" : left.front());
    const bool hung = c.end == ChildEnd::kExited && c.exit_code == kHungExitCode;
    std::string why = hung ? "hung: ran past twice its timeout, the runner's watchdog ended the process"
                           : "crashed: the runner process " + c.Describe(limits);
    if (!hung) why += "; log: " + FileTail(log_path, 300);
    if (culprit.empty()) break;
    log(engine + ": " + culprit + " " + why);
    done[culprit] = {{"name", culprit}, {"status", hung ? "hung" : "crashed"}, {"error", why}};
    remaining.clear();
    for (const auto& n : left) {
      if (n != culprit) remaining.push_back(n);
    }
  }
  nlohmann::json ordered = nlohmann::json::object();
  for (const auto& n : names) ordered[n] = done.count(n) ? done[n] : nlohmann::json(nullptr);
  return {{"engine", engine}, {"info", info}, {"attempts", attempts}, {"results", ordered}};
}

std::vector<const QueryDef*> Selected(const QueryBenchOptions& o, const std::string& graph) {
  std::vector<const QueryDef*> out;
  const std::regex re(o.filter.empty() ? std::string(".") : o.filter, std::regex::ECMAScript);
  for (const QueryDef& q : AllQueries()) {
    if (q.graph != graph) continue;
    if (!std::regex_search(graph + "/" + std::string(q.name), re)) continue;
    out.push_back(&q);
  }
  return out;
}

}  // namespace

std::string QueryBenchEvidencePath(const QueryBenchOptions& o) {
  return o.out_dir + "/bench-queries-" + std::to_string(o.scale) + ".json";
}

std::vector<std::string> SelectedQueryNames(const QueryBenchOptions& o) {
  std::vector<std::string> names;
  for (const auto& g : o.graphs) {
    for (const QueryDef* q : Selected(o, g)) names.push_back(g + "/" + std::string(q->name));
  }
  return names;
}

Result<nlohmann::json> RunQueryBench(const QueryBenchOptions& o, const LadderLog& log) {
  if (o.quiver_binary.empty()) return Status::InvalidArgument("no quiver binary to run the queries with");
  const bool peer = o.peer == "kuzu";
  std::error_code ec;
  fs::create_directories(o.out_dir, ec);
  if (ec) return Status::IOError("cannot create " + o.out_dir + ": " + ec.message());
  nlohmann::json evidence;
  evidence["started_utc"] = UtcNow();
  evidence["build"] = BuildJson();
  evidence["machine_start"] = MachineInfo::Probe().ToJson();
  evidence["options"] = {{"scale", o.scale},
                         {"edge_factor", o.edge_factor},
                         {"seed", o.seed},
                         {"graphs", o.graphs},
                         {"repeat", o.repeat},
                         {"peer", o.peer},
                         {"query_timeout_ms", o.query_timeout.count()},
                         {"filter", o.filter},
                         {"point_sources", o.point_sources},
                         {"threads", o.threads},
                         {"rebuild", o.rebuild}};
  if (peer) {
    QUIVER_RETURN_IF_ERROR(EnsureKuzuInstalled(o.peer_options, log));
    evidence["kuzu_version"] = KuzuVersion(o.peer_options);
  }
  const std::string s = std::to_string(o.scale);
  // g500's CSV files are also props' input: prepared whenever either graph runs.
  Graph g500 = MakeGraph("g500", o);
  std::vector<Graph> graphs;
  bool g500_ready = false;
  for (const std::string& kind : o.graphs) {
    if (Selected(o, kind).empty()) continue;
    if (!g500_ready) {
      QUIVER_RETURN_IF_ERROR(PrepareG500(o, g500, log));
      g500_ready = true;
    }
    if (kind == kGraphG500) {
      QUIVER_RETURN_IF_ERROR(PrepareSources(o, g500, g500.Csv() + "/edges.csv"));
      graphs.push_back(g500);
    } else {
      Graph props = MakeGraph("props", o);
      QUIVER_RETURN_IF_ERROR(PrepareProps(o, g500, props, log));
      QUIVER_RETURN_IF_ERROR(PrepareSources(o, props, g500.Csv() + "/edges.csv"));
      graphs.push_back(std::move(props));
    }
  }
  nlohmann::json rows = nlohmann::json::array();
  nlohmann::json graph_evidence = nlohmann::json::array();
  for (Graph& g : graphs) {
    QUIVER_RETURN_IF_ERROR(BuildQuiverDb(o, g, log));
    if (peer) QUIVER_RETURN_IF_ERROR(BuildKuzuDb(o, g, log));
    const std::vector<const QueryDef*> defs = Selected(o, g.kind);
    const nlohmann::json set =
        QuerySetJson(g.kind, defs, g.sources, o.repeat, static_cast<uint64_t>(o.query_timeout.count()));
    const std::string set_path = g.dir + "/queryset.json";
    QUIVER_RETURN_IF_ERROR(WriteJsonFile(set_path, set));
    std::vector<std::string> names;
    for (const QueryDef* q : defs) names.emplace_back(q->name);

    nlohmann::json ge = {{"graph", g.kind},
                         {"dir", g.dir},
                         {"nodes", g.nodes},
                         {"edges", g.edges},
                         {"sources", g.sources.size()},
                         {"build", g.evidence}};
    ge["load_average_before_queries"] = LoadAverageJson(ReadLoadAverage());
    const nlohmann::json quiver = RunEngine(
        "quiver",
        [&](const std::vector<std::string>& only, const std::string& out) {
          std::vector<std::string> argv{o.quiver_binary, "bench",  "queries-engine", "--db", g.QuiverDb(),
                                        "--queries",     set_path, "--out",          out};
          if (!only.empty()) argv.insert(argv.end(), {"--only", Join(only)});
          return argv;
        },
        names, g.dir, o, log);
    nlohmann::json kuzu;
    if (peer) {
      kuzu = RunEngine(
          "kuzu",
          [&](const std::vector<std::string>& only, const std::string& out) {
            std::vector<std::string> argv{FindInPath(o.peer_options.node),
                                          o.peer_options.scratch_dir + "/queries.mjs",
                                          "--stage",
                                          "query",
                                          "--db",
                                          g.KuzuDb(),
                                          "--queries",
                                          set_path,
                                          "--out",
                                          out};
            if (!only.empty()) argv.insert(argv.end(), {"--only", Join(only)});
            return argv;
          },
          names, g.dir, o, log);
    }
    ge["load_average_after_queries"] = LoadAverageJson(ReadLoadAverage());
    ge["quiver_runner"] = {{"info", quiver["info"]}, {"attempts", quiver["attempts"]}};
    if (peer) ge["kuzu_runner"] = {{"info", kuzu["info"]}, {"attempts", kuzu["attempts"]}};
    graph_evidence.push_back(ge);
    for (const nlohmann::json& def : set["queries"]) {
      const std::string n = def["name"].get<std::string>();
      rows.push_back(CompareQuery(g.kind, def, quiver["results"][n],
                                  peer ? kuzu["results"][n] : nlohmann::json(nullptr)));
    }
  }
  evidence["graphs"] = graph_evidence;
  evidence["queries"] = rows;
  evidence["summary"] = SummarizeQueries(rows);
  evidence["machine_end"] = MachineInfo::Probe().ToJson();
  evidence["finished_utc"] = UtcNow();
  QUIVER_RETURN_IF_ERROR(WriteJsonFile(QueryBenchEvidencePath(o), evidence));
  return evidence;
}

}  // namespace quiver::bench
