// `quiver check DB [--json]`: verifies every checksum and structural invariant of the
// database's current generation; exit 1 naming the first broken file and byte offset.
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "common/file/env.h"
#include "json_text.h"
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
    if (r.ok()) {
      std::cout << "OK: " << r.files.size() << " files; every checksum and structural invariant holds\n";
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
