#include "storage/checker.h"

#include "storage/checkpoints.h"
#include "storage/database_dir.h"
#include "storage/generation.h"
#include "storage/manifest.h"
#include "storage/txn/recovery.h"

namespace quiver::storage {
namespace {

// Checks one file's size and whole-file checksum against its MANIFEST entry.
Status CheckFileChecksum(Env* env, const std::string& gen_dir, const std::string& display, const FileInfo& info,
                         const Manifest& m) {
  QUIVER_ASSIGN_OR_RETURN(auto map, env->MapReadOnly(JoinPath(gen_dir, info.name)));
  if (map->size() != info.size) {
    return CorruptionAt(display, std::min<uint64_t>(map->size(), info.size),
                        "file is " + std::to_string(map->size()) + " bytes, MANIFEST says " + std::to_string(info.size));
  }
  if (Checksum64(map->data(), map->size()) == info.checksum) return Status::OK();
  QUIVER_ASSIGN_OR_RETURN(SectionFile f, SectionFile::Parse(map->bytes(), display, ExpectedFileIdentity(m, info)));
  QUIVER_RETURN_IF_ERROR(f.VerifyBody());
  // Body, header and footer are self-consistent, yet the file is not the one the
  // MANIFEST recorded (e.g. a whole file swapped for another valid one).
  return CorruptionAt(display, 0, "whole-file checksum differs from the MANIFEST's");
}

void Fail(CheckReport* r, Status s) {
  if (auto loc = ParseCorruptionLocation(s)) {
    r->file = loc->file;
    r->offset = loc->offset;
    r->has_location = true;
  }
  r->status = std::move(s);
}

// The write log past the generation, read and replayed as a read-only open would.
void CheckLog(Env* env, const std::string& db_path, const DatabaseId& id,
              const std::shared_ptr<const Generation>& gen, CheckReport* r) {
  MemoryAccount account;  // outlives the replayed state below, whose structures report to it
  RecoveryReport report;
  auto recovered = RecoverLog(env, db_path, id, DeltaState::OverBase(gen, 0, gen->manifest().write_log_position),
                              /*read_only=*/true, EditContext{1, &account, nullptr}, &report);
  if (!recovered.ok()) {
    Fail(r, recovered.status());
    const std::string& message = recovered.status().message();
    if (!r->has_location && message.starts_with("log-")) r->file = message.substr(0, message.find(':'));
    return;
  }
  LogCheck& log = r->log;
  log.checked = true;
  log.segments = report.segments_read;
  log.records = report.records_replayed;
  log.start_position = report.start_position;
  log.end_position = report.end_position;
  log.last_sequence = report.last_sequence;
  log.torn = report.truncated;
  log.torn_bytes = report.truncated_bytes;
  log.torn_reason = report.truncated_reason;
  log.stale_segments = report.stale_segments;
}

// Generation `generation` of the database: its MANIFEST, every file's size and checksum,
// and its structure, pinned meanwhile so a concurrent writer does not delete it. `what`
// names it in messages ("checkpoint 'monday'"), empty for the live one. Records the
// files checked; returns the opened generation, or null after a Fail.
std::shared_ptr<const Generation> CheckGeneration(Env* env, const std::string& db_path, const DatabaseId& id,
                                                  uint64_t generation, const std::string& what, CheckReport* r) {
  const std::string gen_name = GenerationDirName(generation);
  const std::string gen_dir = JoinPath(db_path, gen_name);
  auto fail = [&](Status s) {
    Fail(r, std::move(s));  // the location parsed from the message as it came
    if (!what.empty()) r->status = r->status.WithContext(what);
    return nullptr;
  };
  auto exists = env->FileExists(gen_dir);
  if (exists.ok() && !*exists) {
    return fail(CorruptionAt(std::string(what.empty() ? kCurrentFileName : kCheckpointsFileName), 0,
                             "names " + gen_name + ", which does not exist"));
  }
  auto pin = env->LockFile(JoinPath(gen_dir, kPinFileName), LockMode::kShared);
  if (!pin.ok()) return fail(pin.status().WithContext("pinning " + gen_name));

  const std::string manifest_name = gen_name + "/" + std::string(kManifestFileName);
  auto bytes = ReadFileToString(env, JoinPath(gen_dir, kManifestFileName));
  if (!bytes.ok()) {
    fail(bytes.status());
    r->file = manifest_name;
    return nullptr;
  }
  auto manifest = ParseManifest({reinterpret_cast<const std::byte*>(bytes->data()), bytes->size()}, manifest_name,
                                {FileKind::kManifest, id, generation, std::nullopt});
  if (!manifest.ok()) {
    fail(manifest.status());
    if (!r->has_location) r->file = manifest_name;
    return nullptr;
  }
  r->files.push_back({manifest_name, bytes->size()});
  for (const FileInfo& info : manifest->files) {
    const std::string display = gen_name + "/" + info.name;
    Status s = CheckFileChecksum(env, gen_dir, display, info, *manifest);
    if (!s.ok()) {
      fail(s);
      if (!r->has_location) r->file = display;
      return nullptr;
    }
    r->files.push_back({display, info.size});
  }
  auto gen = Generation::Open(env, gen_dir, generation, id, OpenOptions{}, std::move(pin).value());
  if (!gen.ok()) return fail(gen.status());
  if (Status s = (*gen)->VerifyStructure(); !s.ok()) return fail(s);
  return std::move(gen).value();
}

}  // namespace

CheckReport CheckDatabase(Env* env, const std::string& db_path) {
  CheckReport r;
  auto id = ReadDatabaseId(env, db_path);
  if (!id.ok()) {
    Fail(&r, id.status());
    if (!r.has_location) r.file = std::string(kDatabaseIdFileName);
    return r;
  }
  r.files.push_back({std::string(kDatabaseIdFileName), 0});
  auto current = ReadCurrent(env, db_path);
  if (!current.ok()) {
    Fail(&r, current.status());
    if (!r.has_location) r.file = std::string(kCurrentFileName);
    return r;
  }
  r.generation = *current;
  std::shared_ptr<const Generation> gen = CheckGeneration(env, db_path, *id, *current, "", &r);
  if (gen == nullptr) return r;
  CheckLog(env, db_path, *id, gen, &r);
  if (!r.ok()) return r;
  // The named checkpoints' generations: what `--at` and `revert` would open.
  auto checkpoints = ReadCheckpoints(env, db_path);
  if (!checkpoints.ok()) {
    Fail(&r, checkpoints.status());
    if (!r.has_location) r.file = std::string(kCheckpointsFileName);
    return r;
  }
  for (const Checkpoint& c : *checkpoints) {
    if (c.generation == *current) continue;
    if (CheckGeneration(env, db_path, *id, c.generation, "checkpoint '" + c.name + "'", &r) == nullptr) return r;
    r.checkpoints_checked.push_back(c.name);
  }
  return r;
}

}  // namespace quiver::storage
