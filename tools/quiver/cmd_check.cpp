// `quiver check DB [--json]`: verifies every checksum and structural invariant of the
// database's current generation and the write log past it (storage/checker.h); exit 1
// naming the first broken file and byte offset.
//
// `quiver check DB --repair OUT [--report FILE]` (off by default): when DB is damaged,
// salvages what is intact into a new database OUT (ingest/salvage.h) and reports every
// fact it had to leave out, on stdout by kind and line by line in the report file.
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "common/file/env.h"
#include "ingest/run_options.h"
#include "ingest/salvage.h"
#include "json_text.h"
#include "storage/checker.h"

namespace quiver::cli {
namespace {

struct CheckOptions {
  std::string db;
  bool json = false;
  std::string repair;  // OUT, or empty: check only
  std::string report;  // default OUT + ".repair-report"
};

const char* KindName(storage::SalvageLosses::Kind kind) {
  using Kind = storage::SalvageLosses::Kind;
  switch (kind) {
    case Kind::kFile: return "files left out whole";
    case Kind::kNodeLabels: return "nodes whose labels were lost";
    case Kind::kNodeProperty: return "node properties lost";
    case Kind::kNodeKey: return "node external ids lost";
    case Kind::kRelationship: return "relationships lost";
    case Kind::kRelationshipProperty: return "relationship properties lost";
    case Kind::kLog: return "damaged write-log tails (their commits lost)";
  }
  return "?";
}

int RunRepair(const CheckOptions& o) {
  const std::string report_path = o.report.empty() ? o.repair + ".repair-report" : o.report;
  auto salvaged = ingest::SalvageDatabase(Env::Default(), o.db, o.repair, ingest::SessionOptions{});
  if (!salvaged.ok()) {
    std::cout << "REPAIR FAILED: " << salvaged.status().ToString() << "\n";
    return kExitFailure;
  }
  const storage::SalvageLosses& losses = *salvaged->losses;
  std::ofstream report(report_path);
  report << "quiver check --repair: " << o.db << " (generation " << salvaged->source_generation << ") -> "
         << o.repair << "\n";
  for (const std::string& line : losses.lines()) report << "LOST " << line << "\n";
  if (losses.lines().size() == storage::SalvageLosses::kMaxListed) {
    report << "... (the first " << storage::SalvageLosses::kMaxListed << " losses; the counts below are complete)\n";
  }
  std::cout << "repaired " << o.db << " into " << o.repair << " (generation " << salvaged->generation << "): "
            << salvaged->nodes << " nodes, " << salvaged->relationships << " relationships, "
            << salvaged->log.records_replayed << (salvaged->log.records_replayed == 1 ? " commit" : " commits")
            << " of the write log replayed\n";
  if (losses.recovered() > 0) {
    std::cout << "  recovered " << losses.recovered()
              << " relationships from the reverse CSR where the forward one was damaged\n";
  }
  for (int k = 0; k < storage::SalvageLosses::kKinds; ++k) {
    const auto kind = static_cast<storage::SalvageLosses::Kind>(k);
    if (losses.count(kind) > 0) std::cout << "  LOST " << losses.count(kind) << " " << KindName(kind) << "\n";
    report << "total " << KindName(kind) << ": " << losses.count(kind) << "\n";
  }
  std::cout << (losses.total() == 0 ? "nothing was lost" : "every loss is listed in " + report_path) << "\n";
  return kExitOk;
}

int RunCheck(const CheckOptions& o) {
  const std::string& db_path = o.db;
  const bool json = o.json;
  const storage::CheckReport r = storage::CheckDatabase(Env::Default(), db_path);
  if (json) {
    nlohmann::json out;
    out["database"] = db_path;
    out["generation"] = r.generation;
    out["ok"] = r.ok();
    nlohmann::json files = nlohmann::json::array();
    for (const auto& f : r.files) files.push_back({{"file", f.name}, {"size", f.size}});
    out["files_verified"] = files;
    out["checkpoints_verified"] = r.checkpoints_checked;
    if (r.log.checked) {
      out["write_log"] = {{"segments", r.log.segments},       {"records", r.log.records},
                          {"start_position", r.log.start_position}, {"end_position", r.log.end_position},
                          {"last_sequence", r.log.last_sequence}, {"torn_tail_bytes", r.log.torn ? r.log.torn_bytes : 0},
                          {"stale_segments", r.log.stale_segments}};
    }
    if (!r.ok()) {
      out["error"] = r.status.ToString();
      out["file"] = r.file;
      if (r.has_location) out["offset"] = r.offset;
    }
    std::cout << JsonText(out) << "\n";
  } else {
    std::cout << "checking " << db_path;
    if (r.generation != 0) std::cout << " (generation " << r.generation << ")";
    std::cout << "\n";
    for (const auto& f : r.files) std::cout << "  ok  " << f.name << "\n";
    if (r.log.checked) {
      std::cout << "  ok  write log: " << r.log.segments << (r.log.segments == 1 ? " segment, " : " segments, ")
                << r.log.records << (r.log.records == 1 ? " commit" : " commits") << " since the generation (log positions "
                << r.log.start_position << ".." << r.log.end_position << ", last sequence " << r.log.last_sequence
                << "), each replayed\n";
      if (r.log.torn) {
        std::cout << "  note: the log ends in a torn tail, " << r.log.torn_bytes << " bytes of commits a crash left "
                  << "unfinished (" << r.log.torn_reason << "); none was acknowledged as durable, and the next "
                  << "write open drops them\n";
      }
      if (!r.log.stale_segments.empty()) {
        std::cout << "  note: " << r.log.stale_segments.size()
                  << " stale log segments before the generation's position (ignored; the next writer deletes them)\n";
      }
    }
    if (!r.checkpoints_checked.empty()) {
      std::cout << "  ok  the generations of the checkpoints";
      for (const std::string& name : r.checkpoints_checked) std::cout << " '" << name << "'";
      std::cout << "\n";
    }
    if (r.ok()) {
      std::cout << "OK: " << r.files.size() << " files and the write log";
      if (!r.checkpoints_checked.empty()) {
        std::cout << " (with " << r.checkpoints_checked.size()
                  << (r.checkpoints_checked.size() == 1 ? " checkpoint's generation)" : " checkpoints' generations)");
      }
      std::cout << "; every checksum and structural invariant holds\n";
    } else {
      std::cout << "BROKEN: " << (r.file.empty() ? "(database)" : r.file);
      if (r.has_location) std::cout << " at byte offset " << r.offset;
      std::cout << "\n  " << r.status.ToString() << "\n";
    }
  }
  if (!o.repair.empty()) {
    if (r.ok()) {
      std::cout << "nothing to repair: " << o.repair << " not written\n";
      return kExitOk;
    }
    return RunRepair(o);
  }
  return r.ok() ? kExitOk : kExitFailure;
}

}  // namespace

void RegisterCheckCommand(CLI::App& app, CommandHandler& handler) {
  auto* cmd = app.add_subcommand(
      "check",
      "Verify every checksum and structural invariant of a database and its write log.\n"
      "With --repair OUT, salvage a damaged database into a new one and report what was lost.");
  auto o = std::make_shared<CheckOptions>();
  cmd->add_option("DB", o->db, "Database directory")->required();
  cmd->add_flag("--json", o->json, "Print the report as JSON");
  cmd->add_option("--repair", o->repair,
                  "If DB is damaged, write what is intact into a new database OUT (DB is only read)");
  cmd->add_option("--report", o->report, "Where --repair lists every lost fact (default OUT.repair-report)");
  cmd->callback([&handler, o] { handler = [o] { return RunCheck(*o); }; });
}

}  // namespace quiver::cli
