// `quiver compact DB [--json]`: merges the database's delta (its write log past the live
// generation) and its relationship segments (incremental imports') into a new generation,
// publishes it and truncates the log
// (docs/format/log.md, "Compaction"). Exit 1 naming the failure; the database is left
// as it was unless the new generation was published. The build goes through the ingest
// construction session (ingest/compaction_build.h): relationships spill to sorted runs
// past --memory-budget.
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "common/file/env.h"
#include "quiver/byte_size.h"
#include "ingest/compaction_build.h"
#include "json_text.h"
#include "storage/txn/transactional_store.h"

namespace quiver::cli {
namespace {

struct CompactOptions {
  std::string db;
  bool json = false;
  std::string memory_budget;  // empty: the resource policy's
  uint32_t threads = 0;       // 0: the resource policy's
};

int RunCompact(const CompactOptions& options) {
  const std::string& db_path = options.db;
  const bool json = options.json;
  ingest::SessionOptions build;
  build.workers = options.threads;
  if (!options.memory_budget.empty()) {
    auto budget = ParseByteSize(options.memory_budget);
    if (!budget.ok()) {
      std::cerr << "quiver compact: --memory-budget: " << budget.status().ToString() << "\n";
      return kExitUsage;
    }
    build.memory_budget = *budget;
  }
  storage::StoreOptions o;
  o.compaction_builder = ingest::MakeSessionCompactionBuilder(build);
  o.create_if_missing = false;
  o.auto_compact = false;
  o.memory_budget = uint64_t{1} << 40;  // replay holds the whole delta anyway; do not throttle the tool
  auto store = storage::TransactionalStore::Open(Env::Default(), db_path, o);
  if (!store.ok()) {
    std::cerr << "quiver compact: " << db_path << ": " << store.status().ToString() << "\n";
    return kExitFailure;
  }
  const storage::StoreStats before = (*store)->Stats();
  const storage::RecoveryReport& recovery = (*store)->recovery();
  const auto started = std::chrono::steady_clock::now();
  const Status s = (*store)->Compact();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const storage::StoreStats after = (*store)->Stats();
  const bool compacted = after.compactions > before.compactions;
  if (json) {
    nlohmann::json out;
    out["database"] = db_path;
    out["ok"] = s.ok();
    out["generation_before"] = before.generation;
    out["generation_after"] = after.generation;
    out["log_records_merged"] = recovery.records_replayed;
    out["torn_tail_dropped_bytes"] = recovery.truncated ? recovery.truncated_bytes : 0;
    out["compacted"] = compacted;
    out["nodes"] = after.compacted_nodes;
    out["edges"] = after.compacted_edges;
    out["seconds"] = seconds;
    if (!s.ok()) out["error"] = s.ToString();
    std::cout << JsonText(out) << "\n";
  } else {
    std::cout << "recovery: " << recovery.ToString() << "\n";
    if (!s.ok()) {
      std::cout << "FAILED: " << s.ToString() << "\n";
    } else if (!compacted) {
      std::cout << "nothing to compact: generation " << after.generation
                << " holds every commit, one segment per relationship type\n";
    } else {
      std::cout << "compacted generation " << before.generation << " -> " << after.generation << ": "
                << after.compacted_nodes << " nodes, " << after.compacted_edges << " edges in " << seconds
                << " s ("
                << static_cast<uint64_t>(static_cast<double>(after.compacted_edges) / std::max(seconds, 1e-9))
                << " edges/s); the log was truncated\n";
    }
  }
  return s.ok() ? kExitOk : kExitFailure;
}

}  // namespace

void RegisterCompactCommand(CLI::App& app, CommandHandler& handler) {
  auto* cmd =
      app.add_subcommand("compact", "Merge the write log into a new generation and truncate the log; relationship "
                            "segments (from incremental imports) are built into one CSR per type.");
  auto o = std::make_shared<CompactOptions>();
  cmd->add_option("DB", o->db, "Database directory")->required();
  cmd->add_flag("--json", o->json, "Print the report as JSON");
  cmd->add_option("--memory-budget", o->memory_budget,
                  "Memory the build may use (512M, 4G, ...); past it, relationships spill to sorted runs in "
                  "DB/scratch. Default: the resource policy's budget (see 'quiver info')");
  cmd->add_option("--threads", o->threads, "Workers of the build (default: the resource policy's)");
  cmd->callback([&handler, o] { handler = [o] { return RunCompact(*o); }; });
}

}  // namespace quiver::cli
