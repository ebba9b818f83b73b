// `quiver query`: run openCypher against a database directory (--db; --create makes one
// where there is none) or, without --db, a fresh in-memory database, and print the
// results. Statements that only read open the database read-only, so they run beside
// one writing process (docs/concurrency.md); --read-only refuses writes, --timeout ends
// a statement that runs longer, --memory-limit one that would hold more (sorts, hash
// tables, collected lists) with ResourceExhausted. A statement that changed the graph prints what it changed ("created 1 node,
// set 2 properties") after its rows, in table format, or alone when it returns none;
// --timing (or a terminal) adds each statement's rows and elapsed time on stderr.
//
//   quiver query --db /data/graph "MATCH (n) RETURN count(n)"
//   quiver query --param name="'Ann'" --param limit=10 "MATCH (n {name: $name}) RETURN n LIMIT $limit"
//   quiver query --file script.cypher --format csv
//
// A --param value is a Cypher expression (`10`, `'Ann'`, `[1, 2]`, `{a: 1}`). A --file
// holds statements separated by `;`; each runs in turn (auto-commit) and the results of
// those that return columns are printed. An error prints its class, detail and message
// and exits 1.
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <optional>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "commands.h"
#include "statements.h"
#include "value_json.h"
#include "quiver/byte_size.h"
#include "csv_text.h"
#include "index_progress.h"
#include "json_text.h"
#include "quiver/database.h"

namespace quiver::cli {
namespace {

struct QueryOptions {
  std::string format = "table";
  std::vector<std::string> params;
  std::string file;
  std::string db;
  std::string query;
  bool create = false;
  bool timing = false;
  bool read_only = false;
  std::string timeout;     // as given: 500ms, 30s, 5m
  int64_t timeout_ms = 0;  // parsed
  std::string memory_limit;                   // as given: 512M, 4GiB, 0 (none)
  std::optional<uint64_t> memory_limit_bytes;  // parsed; unset: the database's default
  std::string memory_budget;                   // as given; empty: the database's default
  std::optional<uint64_t> memory_budget_bytes;  // parsed
  uint32_t workers = 0;                        // 0: the resource policy's cores
  bool row_engine = false;
  std::string import_dir;  // LOAD CSV's; empty: ./import
  std::string at;          // a named checkpoint to read instead of the live graph
};

// The execution settings the flags give, on top of `base`.
DatabaseOptions WithExecution(DatabaseOptions base, const QueryOptions& options) {
  base.query_workers = options.workers;
  base.vectorize = !options.row_engine;
  base.import_directory = options.import_dir;
  if (options.memory_budget_bytes) base.memory_budget = *options.memory_budget_bytes;
  return base;
}

std::string CellText(const Value& v, bool raw_strings) {
  if (raw_strings && v.IsString()) return std::string(v.AsString());
  return ToTckString(v);
}

void PrintTable(const QueryResult& result, std::ostream& os) {
  const auto& columns = result.columns();
  std::vector<size_t> widths;
  for (const auto& c : columns) widths.push_back(c.size());
  std::vector<std::vector<std::string>> cells;
  for (const auto& row : result.rows()) {
    std::vector<std::string> line;
    for (size_t i = 0; i < row.size(); ++i) {
      line.push_back(CellText(row[i], false));
      widths[i] = std::max(widths[i], line.back().size());
    }
    cells.push_back(std::move(line));
  }
  auto rule = [&] {
    os << "+";
    for (size_t w : widths) os << std::string(w + 2, '-') << "+";
    os << "\n";
  };
  auto line = [&](const std::vector<std::string>& values) {
    os << "|";
    for (size_t i = 0; i < values.size(); ++i)
      os << " " << values[i] << std::string(widths[i] - values[i].size(), ' ') << " |";
    os << "\n";
  };
  rule();
  line(columns);
  rule();
  for (const auto& row : cells) line(row);
  rule();
  os << result.size() << (result.size() == 1 ? " row\n" : " rows\n");
}

void PrintResult(const QueryResult& result, const std::string& format, std::ostream& os) {
  if (format == "json") {
    Json rows = Json::array();
    for (const auto& row : result.rows()) {
      Json obj = Json::object();
      for (size_t i = 0; i < row.size(); ++i) obj[result.columns()[i]] = ToJson(row[i]);
      rows.push_back(std::move(obj));
    }
    os << JsonText(rows) << "\n";
  } else if (format == "csv") {
    for (size_t i = 0; i < result.columns().size(); ++i)
      os << (i ? "," : "") << CsvField(result.columns()[i]);
    os << "\n";
    for (const auto& row : result.rows()) {
      for (size_t i = 0; i < row.size(); ++i) os << (i ? "," : "") << CsvField(CellText(row[i], true));
      os << "\n";
    }
  } else {
    PrintTable(result, os);
  }
}

int RunQuery(QueryOptions options) {
  if (!options.timeout.empty()) {
    const auto ms = ParseDurationMs(options.timeout);
    if (!ms) {
      std::cerr << "quiver query: --timeout: '" << options.timeout << "' is not a duration (500ms, 30s, 5m)\n";
      return kExitUsage;
    }
    options.timeout_ms = *ms;
  }
  if (!options.memory_limit.empty()) {
    auto bytes = ParseByteLimit(options.memory_limit);
    if (!bytes.ok()) {
      std::cerr << "quiver query: --memory-limit: " << bytes.status().message() << "\n";
      return kExitUsage;
    }
    options.memory_limit_bytes = *bytes;
  }
  if (!options.memory_budget.empty()) {
    auto bytes = ParseByteSize(options.memory_budget);
    if (!bytes.ok() || *bytes == 0) {
      std::cerr << "quiver query: --memory-budget: "
                << (bytes.ok() ? std::string("must be positive") : bytes.status().message()) << "\n";
      return kExitUsage;
    }
    options.memory_budget_bytes = *bytes;
  }
  std::vector<std::string> statements;
  if (!options.file.empty()) {
    std::ifstream in(options.file);
    if (!in) {
      std::cerr << "quiver query: cannot read " << options.file << "\n";
      return kExitUsage;
    }
    std::stringstream text;
    text << in.rdbuf();
    statements = SplitStatements(text.str());
  }
  if (!options.query.empty()) statements.push_back(options.query);
  if (statements.empty()) {
    std::cerr << "quiver query: give a query or --file\n";
    return kExitUsage;
  }
  try {
    // Parameters are constant expressions: evaluated in memory, before any database opens.
    ValueMap params;
    {
      // The database outlives its connection (a connection of a destroyed database is
      // a dangling one: every --param crashed while the temporary owned it).
      auto scratch_db = Database::OpenInMemory();
      auto scratch = scratch_db->Connect();
      for (const auto& param : options.params) {
        size_t eq = param.find('=');
        if (eq == std::string::npos || eq == 0) {
          std::cerr << "quiver query: --param takes name=value, got '" << param << "'\n";
          return kExitUsage;
        }
        auto value = scratch->Query("RETURN " + param.substr(eq + 1));
        params.Set(param.substr(0, eq), value.rows()[0][0]);
      }
    }
    std::unique_ptr<Database> db;
    // Statements planned on the read-only open run as planned; after a reopen for a
    // write they are planned again there.
    std::vector<std::unique_ptr<PreparedStatement>> prepared;
    if (options.db.empty()) {
      db = Database::OpenInMemory(WithExecution({}, options));
    } else {
      // Statements that only read run on a read-only open: it takes no lock, so any
      // number of them run beside one process that writes (docs/concurrency.md). A
      // script with a write opens read-write (the database's one writer).
      DatabaseOptions read_only;
      read_only.read_only = true;
      read_only.at_checkpoint = options.at;
      try {
        db = Database::Open(options.db, WithExecution(read_only, options));
      } catch (const StorageError& e) {
        // A mistyped path must not silently become a new, empty database that answers 0.
        if (e.detail() != "NotFound") throw;
        if (!options.create) {
          std::cerr << "error: " << e.message() << "; to make a new database there, add --create\n";
          return kExitFailure;
        }
      }
      bool writes = db == nullptr;
      for (size_t i = 0; db != nullptr && i < statements.size() && !writes; ++i) {
        prepared.push_back(db->Connect()->Prepare(statements[i], params));
        writes = !prepared.back()->read_only();
      }
      if (writes && (options.read_only || !options.at.empty())) {
        std::cerr << "error: ClientError/ReadOnly: a statement writes, and "
                  << (options.at.empty() ? "--read-only was given" : "a checkpoint (--at) is read-only") << "\n";
        return kExitFailure;
      }
      if (writes) {
        prepared.clear();
        db.reset();
        DatabaseOptions read_write;
        read_write.create_if_missing = options.create;
        read_write.index_build_progress = IndexBuildProgressOnStderr();
        db = Database::Open(options.db, WithExecution(read_write, options));
      }
    }
    auto conn = db->Connect();
    if (options.timeout_ms > 0) conn->SetQueryTimeout(std::chrono::milliseconds(options.timeout_ms));
    if (options.memory_limit_bytes) conn->SetQueryMemoryLimit(*options.memory_limit_bytes);
    const bool timing = options.timing || ::isatty(STDERR_FILENO) != 0;
    for (size_t i = 0; i < statements.size(); ++i) {
      QueryResult result =
          i < prepared.size() ? conn->Execute(*prepared[i], params) : conn->Query(statements[i], params);
      (void)result.rows();  // read before the summary, which says whether it was EXPLAIN
      const QuerySummary& summary = result.summary();
      const bool explain = summary.plan != nullptr && !summary.plan->profiled;
      // EXPLAIN's plan is its output: stdout. PROFILE's follows its rows: on stdout in a
      // table, on stderr with --format csv/json, so that the output stays CSV/JSON.
      if (explain) {
        std::cout << FormatPlan(*summary.plan);
      } else if (!result.columns().empty()) {
        PrintResult(result, options.format, std::cout);
      }
      if (summary.plan != nullptr && !explain) (options.format == "table" ? std::cout : std::cerr) << FormatPlan(*summary.plan);
      for (const Notification& n : summary.notifications) std::cerr << FormatNotification(n) << "\n";
      if (summary.counters.ContainsUpdates() && (result.columns().empty() || options.format == "table")) {
        std::cout << summary.counters.ToString() << "\n";
      }
      if (timing) {
        char elapsed[32];
        std::snprintf(elapsed, sizeof(elapsed), "%.3g", std::chrono::duration<double, std::milli>(summary.elapsed).count());
        std::cerr << "(" << summary.rows << (summary.rows == 1 ? " row, " : " rows, ") << elapsed << " ms)\n";
      }
    }
  } catch (const QuiverError& e) {
    std::cerr << "error: " << ErrorClassName(e.error_class());
    if (!e.detail().empty()) std::cerr << "/" << e.detail();
    std::cerr << ": " << e.message() << "\n";
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace

void RegisterQueryCommand(CLI::App& app, CommandHandler& handler) {
  auto options = std::make_shared<QueryOptions>();
  auto* cmd =
      app.add_subcommand("query", "Run openCypher against a database (or in memory) and print the results.");
  cmd->add_option("--db", options->db, "A database directory; default: a fresh in-memory database");
  cmd->add_flag("--create", options->create, "Create the --db database if there is none (else that is an error)");
  cmd->add_flag("--read-only", options->read_only, "Refuse statements that write (reads never take the writer's lock)");
  cmd->add_option("--at", options->at,
                  "Read the graph of a named checkpoint ('quiver checkpoints DB' lists them) instead of the live one; "
                  "read-only");
  cmd->add_option("--timeout", options->timeout, "End a statement that runs longer (500ms, 30s, 5m)");
  cmd->add_option("--memory-limit", options->memory_limit,
                  "What one statement may hold (sorts, hash tables, collected lists) before it fails with "
                  "ResourceExhausted: 512M, 4GiB, 0 for none; default half the memory budget (quiver info)");
  cmd->add_option("--memory-budget", options->memory_budget,
                  "The database's memory budget (64M, 1GiB): its delta, compactions, index builds, which "
                  "spill to <db>/scratch past it; default 256 MiB");
  cmd->add_flag("--timing", options->timing, "Print each statement's rows and elapsed time on stderr (default on a terminal)");
  cmd->add_option("--format", options->format, "Output format")
      ->check(CLI::IsMember({"table", "csv", "json"}));
  cmd->add_option("--param", options->params, "A parameter, name=<Cypher expression>; repeatable")
      ->allow_extra_args(false);
  cmd->add_option("--file", options->file, "A script of ;-separated statements");
  cmd->add_option("--workers", options->workers,
                  "Workers one statement's scans, expands and aggregations use (1..4096); default: the cores (quiver info)")
      ->check(CLI::Range(0u, 4096u));
  cmd->add_flag("--row-engine", options->row_engine,
                "Run every operator a row at a time, not vectorized (to compare; results are the same)");
  cmd->add_option("--import-dir", options->import_dir, "The directory LOAD CSV reads file:/// URLs from (nothing outside it); default: ./import");
  cmd->add_option("query", options->query, "The statement to run");
  cmd->callback([&handler, options] { handler = [options] { return RunQuery(*options); }; });
}

}  // namespace quiver::cli
