// `quiver check DB [--json]`: verifies every checksum and structural invariant of the
// database's current generation and the write log past it (storage/checker.h); exit 1
// naming the first broken file and byte offset.
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "common/file/env.h"
#include "storage/checker.h"

namespace quiver::cli {
namespace {

int RunCheck(const std::string& db_path, bool json) {
  const storage::CheckReport r = storage::CheckDatabase(Env::Default(), db_path);
  if (json) {
    nlohmann::json out;
    out["database"] = db_path;
    out["generation"] = r.generation;
    out["ok"] = r.ok();
    nlohmann::json files = nlohmann::json::array();
    for (const auto& f : r.files) files.push_back({{"file", f.name}, {"size", f.size}});
    out["files_verified"] = files;
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
    std::cout << out.dump(2) << "\n";
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
    if (r.ok()) {
      std::cout << "OK: " << r.files.size() << " files and the write log; every checksum and structural invariant holds\n";
    } else {
      std::cout << "BROKEN: " << (r.file.empty() ? "(database)" : r.file);
      if (r.has_location) std::cout << " at byte offset " << r.offset;
      std::cout << "\n  " << r.status.ToString() << "\n";
    }
  }
  return r.ok() ? kExitOk : kExitFailure;
}

}  // namespace

void RegisterCheckCommand(CLI::App& app, CommandHandler& handler) {
  auto* cmd = app.add_subcommand("check", "Verify every checksum and structural invariant of a database.");
  auto db = std::make_shared<std::string>();
  auto json = std::make_shared<bool>(false);
  cmd->add_option("DB", *db, "Database directory")->required();
  cmd->add_flag("--json", *json, "Print the report as JSON");
  cmd->callback([&handler, db, json] { handler = [db, json] { return RunCheck(*db, *json); }; });
}

}  // namespace quiver::cli
