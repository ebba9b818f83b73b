// quiver_tck: runs the openCypher TCK against Database::OpenInMemory() (or, with
// --on-disk, a fresh Database::Open(<temp dir>) per scenario) and reports.
// See docs/testing.md for the options, the output and the ratchet.

#include <sys/resource.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "quiver/byte_size.h"
#include "gherkin.h"
#include "parallel_runner.h"
#include "quiver/database.h"
#include "ratchet.h"
#include "scenario_runner.h"
#include "tck_paths.h"

namespace quiver::tck {
namespace {

namespace fs = std::filesystem;

// Temporal values are another issue; their directory is skipped unless asked for.
constexpr std::string_view kTemporalDir = "expressions/temporal";

struct Options {
  std::string filter;
  bool verbose = false;
  bool update_ratchet = false;
  std::string ratchet;
  int jobs = 1;
  double timeout_s = 10;
  bool strict_phase = true;  // every scenario passes strictly today; keep it that way
  bool include_temporal = true;
  std::string memory_limit = "4G";
  bool on_disk = false;
  // The execution configuration (DatabaseOptions): results must not depend on it.
  uint32_t workers = 1;
  uint32_t vector_size = 0;
  uint32_t morsel_nodes = 0;
  bool row_engine = false;
};

// --on-disk: every scenario gets its own database directory under one scratch
// directory, removed when the scenario's database is closed (and the scratch directory
// at the end of the run). The database is durable (the default), so each commit goes
// through the write log exactly as a user's would.
class ScratchDirs {
 public:
  ScratchDirs() : root_(fs::temp_directory_path() / ("quiver_tck." + std::to_string(::getpid()))) {
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  ~ScratchDirs() {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }
  fs::path Next() { return root_ / std::to_string(next_.fetch_add(1)); }
  const fs::path& root() const { return root_; }

 private:
  fs::path root_;
  std::atomic<uint64_t> next_{0};
};

// Sanitizers reserve terabytes of address space for their shadow memory: an address-
// space cap would break them, so sanitized builds run without one.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

// Caps the process's address space, so a query whose memory runs away (one scenario of
// the TCK once took 23 GiB and the OOM killer) fails with std::bad_alloc — reported as
// that scenario's failure — instead of taking the machine down.
void ApplyMemoryLimit(const std::string& text) {
  const Result<uint64_t> bytes = ParseByteSize(text);
  if (!bytes.ok()) throw std::runtime_error("--memory-limit: " + bytes.status().ToString());
  if (*bytes == 0 || kSanitized) return;
  rlimit limit{};
  limit.rlim_cur = *bytes;
  limit.rlim_max = RLIM_INFINITY;
  if (getrlimit(RLIMIT_AS, &limit) == 0) limit.rlim_cur = std::min<rlim_t>(*bytes, limit.rlim_max);
  if (setrlimit(RLIMIT_AS, &limit) != 0) throw std::runtime_error("--memory-limit: setrlimit failed");
}

// A reason's first line (engine messages may add a caret line under the query).
std::string_view FirstLine(std::string_view text) {
  return text.substr(0, text.find('\n'));
}

struct Entry {
  Scenario scenario;
  std::string id;
  std::string dir;  // relative to features/, e.g. "clauses/match"
  bool selected = false;
};

std::vector<Entry> LoadTck(const fs::path& features) {
  if (!fs::is_directory(features)) {
    throw std::runtime_error("TCK features not found at " + features.string() + " (set QUIVER_TCK_DIR)");
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(features)) {
    if (entry.path().extension() == ".feature") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<Entry> entries;
  for (const auto& file : files) {
    std::ifstream in(file);
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string dir = fs::relative(file.parent_path(), features).generic_string();
    for (auto& scenario : ParseFeature(file.string(), buffer.str())) {
      Entry e{std::move(scenario), "", dir, false};
      e.id = e.scenario.Id();
      entries.push_back(std::move(e));
    }
  }
  return entries;
}

bool Passed(const ScenarioResult& r, const Options& options) {
  return r.passed && !(options.strict_phase && r.lenient_phase);
}

int Main(int argc, char** argv) {
  Options options;
  CLI::App app{"Runs the openCypher TCK against Quiver's in-memory database.", "quiver_tck"};
  app.add_option("--filter", options.filter,
                 "Run only scenarios whose id or feature path contains this text");
  app.add_flag("--verbose", options.verbose, "Print query, expected and actual for each failure");
  app.add_option("--ratchet", options.ratchet,
                 "Check mode: exit 1 only if a scenario listed in FILE fails (or FILE names an unknown one)");
  app.add_flag(
      "--update-ratchet", options.update_ratchet,
      "Rewrite the ratchet file (--ratchet FILE, else tests/tck/passing.txt) with the passing scenarios");
  app.add_option("--jobs,-j", options.jobs, "Worker threads, each scenario on its own database")
      ->check(CLI::Range(1, 256));
  app.add_option("--timeout", options.timeout_s, "Seconds before a scenario counts as hung (default 10)")
      ->check(CLI::PositiveNumber);
  app.add_flag("--strict-phase,!--lenient-phase", options.strict_phase,
               "Count a runtime error where the TCK expects one at compile time as a failure (default); "
               "--lenient-phase accepts it when class and detail match");
  app.add_flag("--include-temporal,!--skip-temporal", options.include_temporal,
               "Run features/expressions/temporal too (default); --skip-temporal leaves it out");
  app.add_flag("--on-disk", options.on_disk,
               "Run each scenario on a fresh Database::Open(<temp dir>) instead of OpenInMemory()");
  app.add_option(
      "--memory-limit", options.memory_limit,
      "Address-space cap for the whole run, e.g. 4G; 0 for none (default 4G; none under sanitizers)");
  app.add_option("--workers", options.workers, "Workers per statement (DatabaseOptions::query_workers; default 1)")
      ->check(CLI::Range(1, 256));
  app.add_option("--vector-size", options.vector_size, "Rows per vector; 0: the default (tests use tiny ones)");
  app.add_option("--morsel-nodes", options.morsel_nodes, "Node ids per morsel; 0: the default");
  app.add_flag("--row-engine", options.row_engine, "Run every operator row at a time (no vectorized fragments)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }

  if (!TckAvailable()) {
    std::cout << "quiver_tck: skipped: " << TckMissingReason() << "\n";
    return kSkipExitCode;
  }
  ApplyMemoryLimit(options.memory_limit);
  const auto start = std::chrono::steady_clock::now();
  std::vector<Entry> entries = LoadTck(fs::path(TckFeaturesDir()));
  std::vector<const Scenario*> to_run;
  std::vector<std::string> run_ids;
  std::vector<Entry*> run_entries;
  size_t skipped_temporal = 0;
  for (auto& e : entries) {
    const bool matches = options.filter.empty() || e.id.find(options.filter) != std::string::npos ||
                         e.scenario.file.find(options.filter) != std::string::npos;
    if (!matches) continue;
    if (!options.include_temporal && e.dir.starts_with(kTemporalDir)) {
      ++skipped_temporal;
      continue;
    }
    e.selected = true;
    to_run.push_back(&e.scenario);
    run_ids.push_back(e.id);
    run_entries.push_back(&e);
  }

  InstallCrashReporter();
  const std::string graphs = TckGraphsDir();
  std::optional<ScratchDirs> scratch;
  if (options.on_disk) scratch.emplace();
  DatabaseOptions db_options;
  db_options.query_workers = options.workers;
  db_options.vector_size = options.vector_size;
  db_options.morsel_nodes = options.morsel_nodes;
  db_options.vectorize = !options.row_engine;
  const std::function<ScenarioResult(const Scenario&)> run_one = [&graphs, &scratch,
                                                                  &db_options](const Scenario& s) {
    if (!scratch) {
      return RunScenario(
          s, [&db_options] { return Database::OpenInMemory(db_options); }, graphs);
    }
    const fs::path dir = scratch->Next();
    // RunScenario closes the database before it returns, so the directory can go then.
    ScenarioResult result = RunScenario(
        s, [&dir, &db_options] { return Database::Open(dir.string(), db_options); }, graphs);
    std::error_code ignored;
    fs::remove_all(dir, ignored);
    return result;
  };
  ParallelOptions parallel;
  parallel.jobs = options.jobs;
  parallel.timeout = std::chrono::milliseconds(static_cast<int64_t>(options.timeout_s * 1000));
  ParallelRun run = RunAll(to_run, run_ids, run_one, parallel);

  // ---- report ----
  std::map<std::string, std::pair<int, int>> per_dir;  // dir -> (passed, total)
  std::map<std::string, int> categories;
  std::set<std::string> passing;
  int passed = 0, failed = 0, lenient_only = 0;
  for (size_t i = 0; i < run_entries.size(); ++i) {
    const ScenarioResult& r = run.results[i];
    const bool ok = Passed(r, options);
    auto& [dir_passed, dir_total] = per_dir[run_entries[i]->dir];
    ++dir_total;
    if (r.passed && r.lenient_phase) ++lenient_only;
    if (ok) {
      ++passed;
      ++dir_passed;
      passing.insert(run_ids[i]);
      continue;
    }
    ++failed;
    if (r.passed) {  // failed only under --strict-phase
      ++categories["error raised at runtime, expected at compile time (strict)"];
      std::cout << "FAIL " << run_ids[i] << " — error raised at runtime, expected at compile time\n";
      continue;
    }
    ++categories[r.category];
    std::cout << "FAIL " << run_ids[i] << " — " << FirstLine(r.reason) << "\n";
    if (options.verbose && !r.details.empty()) {
      std::cout << r.details << "\n";
    }
  }

  std::cout << "\nper directory (passed/total):\n";
  for (const auto& [dir, counts] : per_dir) {
    std::cout << "  " << dir << ": " << counts.first << "/" << counts.second << "\n";
  }
  std::vector<std::pair<int, std::string>> top;
  for (const auto& [category, count] : categories) top.emplace_back(count, category);
  std::sort(top.begin(), top.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  if (!top.empty()) {
    std::cout << "\ntop failure reasons:\n";
    for (size_t i = 0; i < top.size() && i < 15; ++i) {
      std::cout << "  " << top[i].first << "  " << top[i].second << "\n";
    }
  }
  // Both verdicts of the phase rule (expected_error.h): lenient is the default.
  const int strict_passed = options.strict_phase ? passed : passed - lenient_only;
  const int lenient_passed = options.strict_phase ? passed + lenient_only : passed;
  const int total = passed + failed;
  std::cout << "\nerror phase: " << lenient_only
            << " scenarios pass only by accepting a runtime error where the TCK says compile time; strict: "
            << strict_passed << " passed, " << total - strict_passed << " failed; lenient: " << lenient_passed
            << " passed, " << total - lenient_passed << " failed (the totals below are "
            << (options.strict_phase ? "strict" : "lenient") << ")\n";
  // The slowest scenarios, to keep the run inside its time budget (docs/testing.md).
  std::vector<size_t> by_time(run_entries.size());
  for (size_t i = 0; i < by_time.size(); ++i) by_time[i] = i;
  std::sort(by_time.begin(), by_time.end(),
            [&](size_t a, size_t b) { return run.results[a].seconds > run.results[b].seconds; });
  std::cout << "slowest:";
  for (size_t i = 0; i < by_time.size() && i < 5; ++i) {
    std::printf("%s %.2f s %s", i == 0 ? "" : ",", run.results[by_time[i]].seconds,
                run_ids[by_time[i]].c_str());
  }
  std::cout << "\n";
  if (skipped_temporal > 0) {
    std::cout << "skipped " << skipped_temporal << " scenarios in features/" << kTemporalDir
              << " (--skip-temporal was given)\n";
  }
  if (run.hung > 0) {
    std::cout << run.hung << " scenarios timed out" << (run.aborted ? "; the run stopped early" : "") << "\n";
  }

  // ---- ratchet ----
  int exit_code = failed > 0 ? 1 : 0;
  std::string ratchet_path = options.ratchet;
  if (options.update_ratchet) {
    if (ratchet_path.empty()) ratchet_path = QUIVER_TCK_RATCHET_FILE;
    // Scenarios outside this run (filtered or skipped) keep their previous standing.
    std::set<std::string> previous;
    if (fs::exists(ratchet_path)) {
      for (auto& id : ReadRatchet(ratchet_path)) previous.insert(std::move(id));
    }
    std::vector<std::string> ids;
    int added = 0, removed = 0;
    for (const auto& e : entries) {
      const bool keep = e.selected ? passing.count(e.id) > 0 : previous.count(e.id) > 0;
      if (keep) ids.push_back(e.id);
      if (e.selected && keep && !previous.count(e.id)) ++added;
      if (e.selected && !keep && previous.count(e.id)) ++removed;
    }
    WriteRatchet(ratchet_path, ids);
    std::cout << "ratchet " << ratchet_path << " updated: " << ids.size() << " scenarios (+" << added << ", -"
              << removed << ")\n";
    exit_code = 0;
  } else if (!ratchet_path.empty()) {
    std::map<std::string, const Entry*> by_id;
    for (const auto& e : entries) by_id[e.id] = &e;
    int regressions = 0, unknown = 0;
    for (const auto& id : ReadRatchet(ratchet_path)) {
      auto it = by_id.find(id);
      if (it == by_id.end()) {
        std::cout << "RATCHET unknown scenario (stale entry?): " << id << "\n";
        ++unknown;
      } else if (it->second->selected && !passing.count(id)) {
        std::cout << "RATCHET regression: " << id << "\n";
        ++regressions;
      }
    }
    const size_t listed = passing.size();
    std::cout << "ratchet " << ratchet_path << ": " << regressions << " regressions, " << unknown
              << " unknown entries";
    if (regressions == 0 && unknown == 0) std::cout << " (" << listed << " passing now)";
    std::cout << "\n";
    exit_code = (regressions > 0 || unknown > 0) ? 1 : 0;
  }

  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("wall time: %.2f s (%d jobs, %s)\n", wall, options.jobs,
              options.on_disk ? "on disk" : "in memory");
  std::printf("%d passed, %d failed", passed, failed);
  if (skipped_temporal > 0) std::printf(", %zu skipped", skipped_temporal);
  std::printf("\n");
  std::cout.flush();
  std::fflush(stdout);
  if (run.hung > 0) {
    // Hung threads may still use their directories: leave the scratch root behind.
    if (scratch) std::cout << "scratch directories left in " << scratch->root() << "\n";
    std::_Exit(exit_code);
  }  // abandoned threads may still run: no normal exit
  return exit_code;
}

}  // namespace
}  // namespace quiver::tck

int main(int argc, char** argv) {
  try {
    return quiver::tck::Main(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "quiver_tck: " << e.what() << "\n";
    return 2;
  }
}
