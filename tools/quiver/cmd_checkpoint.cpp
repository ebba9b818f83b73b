// `quiver checkpoint DB NAME [--drop]`, `quiver checkpoints DB [--json]` and `quiver
// revert DB NAME` (docs/ingest.md, "Named checkpoints"), over the public API
// (quiver/checkpoint.h). `quiver query --at NAME` reads one.
#include <ctime>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "guarded.h"
#include "json_text.h"
#include "quiver/byte_size.h"
#include "quiver/checkpoint.h"
#include "quiver/error.h"

namespace quiver::cli {
namespace {

struct CheckpointFlags {
  std::string db, name;
  bool drop = false, json = false;
};

std::string TimeText(int64_t unix_seconds) {
  const std::time_t t = static_cast<std::time_t>(unix_seconds);
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

void PrintList(const std::string& db, bool json) {
  const std::vector<CheckpointInfo> all = ListCheckpoints(db);
  if (json) {
    nlohmann::json out = nlohmann::json::array();
    for (const CheckpointInfo& c : all) {
      out.push_back({{"name", c.name},
                     {"generation", c.generation},
                     {"created", TimeText(c.created_unix_seconds)},
                     {"bytes", c.bytes},
                     {"live", c.live}});
    }
    std::cout << JsonText(out) << "\n";
    return;
  }
  if (all.empty()) {
    std::cout << "no checkpoints in " << db << " ('quiver checkpoint DB NAME' makes one)\n";
    return;
  }
  for (const CheckpointInfo& c : all) {
    std::cout << c.name << "  generation " << c.generation << (c.live ? " (live)" : "") << "  "
              << TimeText(c.created_unix_seconds) << "  " << FormatBytes(c.bytes) << "\n";
  }
}

}  // namespace

void RegisterCheckpointCommands(CLI::App& app, CommandHandler& handler) {
  auto flags = std::make_shared<CheckpointFlags>();
  CLI::App* make = app.add_subcommand(
      "checkpoint",
      "Name the database's graph as it is now: the write log is folded into a generation (a compaction) that the "
      "name keeps from the garbage collector, to be read with 'quiver query --at NAME' or reverted to with "
      "'quiver revert'. --drop forgets a name and frees its generation unless it is live or named again. Takes "
      "the writer's lock: the database must not be open for writing elsewhere.");
  make->add_option("db", flags->db, "The database directory")->required();
  make->add_option("name", flags->name, "1 to 64 letters, digits, '.', '_' or '-'")->required();
  make->add_flag("--drop", flags->drop, "Forget the checkpoint NAME and free its generation");
  make->callback([&handler, flags] {
    handler = [flags] {
      return Guarded("checkpoint", [&] {
        if (flags->drop) {
          const uint64_t freed = DropCheckpoint(flags->db, flags->name);
          std::cout << "dropped checkpoint " << flags->name << "; " << FormatBytes(freed) << " freed\n";
          return;
        }
        const CheckpointInfo c = CreateCheckpoint(flags->db, flags->name);
        std::cout << "checkpoint " << c.name << ": generation " << c.generation << ", " << FormatBytes(c.bytes)
                  << "\n";
      });
    };
  });

  auto list_flags = std::make_shared<CheckpointFlags>();
  CLI::App* list = app.add_subcommand("checkpoints", "List the database's named checkpoints with their sizes");
  list->add_option("db", list_flags->db, "The database directory")->required();
  list->add_flag("--json", list_flags->json, "One JSON array");
  list->callback([&handler, list_flags] {
    handler = [list_flags] { return Guarded("checkpoints", [&] { PrintList(list_flags->db, list_flags->json); }); };
  });

  auto revert_flags = std::make_shared<CheckpointFlags>();
  CLI::App* revert = app.add_subcommand(
      "revert",
      "Make the database's graph the named checkpoint's again: a new generation equal to it (its files hard-linked) "
      "with a new write log. Everything committed since the checkpoint is gone from the database, unless a later "
      "checkpoint keeps it. Takes the writer's lock.");
  revert->add_option("db", revert_flags->db, "The database directory")->required();
  revert->add_option("name", revert_flags->name, "The checkpoint to return to")->required();
  revert->callback([&handler, revert_flags] {
    handler = [revert_flags] {
      return Guarded("revert", [&] {
        const uint64_t g = RevertToCheckpoint(revert_flags->db, revert_flags->name);
        std::cout << "reverted " << revert_flags->db << " to checkpoint " << revert_flags->name
                  << ": published generation " << g << "\n";
      });
    };
  });
}

}  // namespace quiver::cli
