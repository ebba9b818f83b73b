#include "storage/database_dir.h"

#include <algorithm>

#include "storage/checkpoints.h"
#include "storage/txn/log_reader.h"
#include "storage/txn/log_segment.h"

#include <random>

#include "common/assert.h"

namespace quiver::storage {
namespace {

constexpr int kMaxPinAttempts = 16;

Status WriteDatabaseIdFile(Env* env, const std::string& db_path, const DatabaseId& id) {
  const std::string tmp = JoinPath(db_path, std::string(kDatabaseIdFileName) + ".tmp");
  FileIdentity identity;
  identity.kind = FileKind::kDatabaseId;
  identity.database_id = id;
  QUIVER_ASSIGN_OR_RETURN(auto w, SectionFileWriter::Create(env, tmp, identity));
  QUIVER_RETURN_IF_ERROR(w->Finish().status());
  QUIVER_RETURN_IF_ERROR(env->RenameFile(tmp, JoinPath(db_path, kDatabaseIdFileName)));
  return env->SyncDir(db_path);
}

DatabaseId RandomDatabaseId() {
  std::random_device rd;
  DatabaseId id;
  for (size_t i = 0; i < id.size(); i += 4) {
    const uint32_t r = rd();
    for (size_t j = 0; j < 4; ++j) id[i + j] = static_cast<uint8_t>(r >> (8 * j));
  }
  return id;
}

}  // namespace

std::string DatabaseIdToString(const DatabaseId& id) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s;
  for (uint8_t b : id) {
    s.push_back(kHex[b >> 4]);
    s.push_back(kHex[b & 15]);
  }
  return s;
}

Result<uint64_t> ReadCurrent(Env* env, const std::string& db_path) {
  QUIVER_ASSIGN_OR_RETURN(std::string text, ReadFileToString(env, JoinPath(db_path, kCurrentFileName)));
  if (text.empty() || text.back() != '\n') return CorruptionAt("CURRENT", text.size(), "does not end in a newline");
  text.pop_back();
  const auto g = ParseGenerationDirName(text);
  if (!g) return CorruptionAt("CURRENT", 0, "does not name a generation directory");
  return *g;
}

Result<DatabaseId> ReadDatabaseId(Env* env, const std::string& db_path) {
  auto read = ReadFileToString(env, JoinPath(db_path, kDatabaseIdFileName));
  if (read.status().IsNotFound()) {
    // Every database has one from its creation on (it is written before CURRENT).
    return CorruptionAt(std::string(kDatabaseIdFileName), 0, "is missing (" + read.status().message() + ")");
  }
  QUIVER_ASSIGN_OR_RETURN(std::string bytes, std::move(read));
  QUIVER_ASSIGN_OR_RETURN(SectionFile f, SectionFile::Parse({reinterpret_cast<const std::byte*>(bytes.data()), bytes.size()},
                                                            std::string(kDatabaseIdFileName),
                                                            {FileKind::kDatabaseId, std::nullopt, std::nullopt, std::nullopt}));
  QUIVER_RETURN_IF_ERROR(f.VerifyBody());
  return f.header().database_id;
}

Result<std::unique_ptr<DatabaseDir>> DatabaseDir::Open(Env* env, const std::string& path,
                                                       const DatabaseOptions& options) {
  std::unique_ptr<DatabaseDir> db(new DatabaseDir(env, path));
  db->open_options_ = options.open;
  QUIVER_ASSIGN_OR_RETURN(bool has_current, env->FileExists(JoinPath(path, kCurrentFileName)));
  if (options.read_only) {
    if (!has_current) return Status::NotFound("no Quiver database at '" + path + "' (no CURRENT)");
  } else {
    if (!has_current && !options.create_if_missing) {
      return Status::NotFound("no Quiver database at '" + path + "' (no CURRENT)");
    }
    QUIVER_RETURN_IF_ERROR(env->CreateDirs(path));
    QUIVER_ASSIGN_OR_RETURN(db->lock_, env->LockFile(JoinPath(path, kLockFileName), LockMode::kExclusive));
    // Re-check under the lock: another writer may have created it meanwhile.
    QUIVER_ASSIGN_OR_RETURN(has_current, env->FileExists(JoinPath(path, kCurrentFileName)));
    if (!has_current) QUIVER_RETURN_IF_ERROR(db->Create(options));
  }
  QUIVER_ASSIGN_OR_RETURN(db->database_id_, ReadDatabaseId(env, path));
  if (!db->read_only()) QUIVER_RETURN_IF_ERROR(db->CollectGarbage());
  return db;
}

Status DatabaseDir::Create(const DatabaseOptions& options) {
  // A crash during creation can leave DBID without CURRENT: keep that id.
  QUIVER_ASSIGN_OR_RETURN(bool has_id, env_->FileExists(JoinPath(path_, kDatabaseIdFileName)));
  if (has_id) {
    QUIVER_ASSIGN_OR_RETURN(database_id_, ReadDatabaseId(env_, path_));
  } else {
    database_id_ = options.database_id.value_or(RandomDatabaseId());
    QUIVER_RETURN_IF_ERROR(env_->SyncDir(ParentDir(path_)));  // the database directory itself
    QUIVER_RETURN_IF_ERROR(WriteDatabaseIdFile(env_, path_, database_id_));
  }
  // Every generation's log segment exists before the generation is published (generation
  // format 3, docs/format/log.md "Files"): the empty log of an empty database. A crash
  // may have left it already; it must then hold nothing.
  QUIVER_ASSIGN_OR_RETURN(auto segments, ListSegments(env_, path_));
  if (segments.empty()) {
    QUIVER_RETURN_IF_ERROR(CreateSegment(env_, path_, database_id_, 0, 0));
  } else {
    auto scan = ScanLog(env_, path_, database_id_, 0, kFormatVersion,
                        [](const RecordView&, uint64_t, const std::string&) { return Status::OK(); });
    if (segments.size() != 1 || !scan.ok() || scan->records != 0 || scan->torn) {
      return Status::Corruption("'" + path_ + "' holds a write log but no CURRENT");
    }
  }
  QUIVER_ASSIGN_OR_RETURN(auto writer, BeginGeneration(0));
  return Publish(writer.get(), 0).status();
}

Result<uint64_t> DatabaseDir::CurrentGeneration() const { return ReadCurrent(env_, path_); }

Result<std::shared_ptr<const Generation>> DatabaseDir::Pin() const {
  Status last;
  for (int attempt = 0; attempt < kMaxPinAttempts; ++attempt) {
    QUIVER_ASSIGN_OR_RETURN(uint64_t g, ReadCurrent(env_, path_));
    const std::string gen_dir = JoinPath(path_, GenerationDirName(g));
    auto pin = env_->LockFile(JoinPath(gen_dir, kPinFileName), LockMode::kShared);
    if (!pin.ok()) {
      // NotFound: the generation was deleted after we read CURRENT; Busy: it is being
      // deleted. Either way CURRENT should have moved on: read it again.
      last = pin.status();
      if (!last.IsNotFound() && last.code() != StatusCode::kBusy) return last;
      QUIVER_ASSIGN_OR_RETURN(uint64_t again, ReadCurrent(env_, path_));
      if (again == g && last.IsNotFound()) {
        return CorruptionAt("CURRENT", 0, "names " + GenerationDirName(g) + ", which does not exist");
      }
      continue;
    }
    auto gen = Generation::Open(env_, gen_dir, g, database_id_, open_options_, std::move(pin).value());
    if (gen.ok()) return gen;
    last = gen.status();
    if (!last.IsNotFound()) return last;
    QUIVER_ASSIGN_OR_RETURN(uint64_t again, ReadCurrent(env_, path_));
    if (again == g) {
      // Not a race with the writer: the generation is broken, and a file its MANIFEST
      // lists (or the MANIFEST itself) that is not there is damage, not "no data".
      if (last.IsNotFound()) {
        return Status::Corruption(GenerationDirName(g) + ": a file of the live generation is missing (" +
                                  last.message() + ")");
      }
      return last;
    }
  }
  return Status::Busy("could not pin a generation of '" + path_ + "': CURRENT kept changing (" + last.ToString() + ")");
}

Result<std::shared_ptr<const Generation>> DatabaseDir::PinGeneration(uint64_t generation) const {
  const std::string gen_dir = JoinPath(path_, GenerationDirName(generation));
  auto pin = env_->LockFile(JoinPath(gen_dir, kPinFileName), LockMode::kShared);
  if (!pin.ok()) {
    if (pin.status().IsNotFound() || pin.status().code() == StatusCode::kBusy) {
      return Status::NotFound(GenerationDirName(generation) + " of '" + path_ + "' is not there (collected)");
    }
    return pin.status();
  }
  return Generation::Open(env_, gen_dir, generation, database_id_, open_options_, std::move(pin).value());
}

Result<std::unique_ptr<GenerationWriter>> DatabaseDir::BeginGeneration(uint64_t node_count,
                                                                       GenerationWriter::Options options) {
  if (read_only()) return Status::ReadOnly("database opened read-only");
  uint64_t next = 0;
  auto current = ReadCurrent(env_, path_);
  if (current.ok()) next = *current;
  QUIVER_ASSIGN_OR_RETURN(auto names, env_->ListDir(path_));
  for (const auto& name : names) {
    if (auto g = ParseGenerationDirName(name)) next = std::max(next, *g);
  }
  ++next;
  const std::string dir = JoinPath(path_, GenerationDirName(next));
  QUIVER_RETURN_IF_ERROR(env_->CreateDirs(dir));
  QUIVER_RETURN_IF_ERROR(env_->SyncDir(path_));
  return std::make_unique<GenerationWriter>(env_, dir, database_id_, next, node_count, options);
}

Result<uint64_t> DatabaseDir::Publish(GenerationWriter* writer, uint64_t write_log_position) {
  if (read_only()) return Status::ReadOnly("database opened read-only");
  QUIVER_RETURN_IF_ERROR(writer->Finish(write_log_position).status());
  QUIVER_RETURN_IF_ERROR(MakeCurrent(writer->generation()));
  return writer->generation();
}

Status DatabaseDir::MakeCurrent(uint64_t generation) {
  if (read_only()) return Status::ReadOnly("database opened read-only");
  const std::string name = GenerationDirName(generation);
  QUIVER_ASSIGN_OR_RETURN(bool complete, env_->FileExists(JoinPath(JoinPath(path_, name), kManifestFileName)));
  if (!complete) return Status::NotFound(path_ + ": " + name + " has no MANIFEST: it cannot be made current");
  QUIVER_RETURN_IF_ERROR(WriteFileAtomically(env_, JoinPath(path_, kCurrentFileName), name + "\n"));
  // The generation is live. Failing to delete old ones is not a failed publish: the next
  // pass retries.
  (void)CollectGarbage();
  return Status::OK();
}

Status DatabaseDir::CollectGarbage() {
  if (read_only()) return Status::ReadOnly("database opened read-only");
  QUIVER_ASSIGN_OR_RETURN(uint64_t current, ReadCurrent(env_, path_));
  // CURRENT is the one file without a checksum. Deleting every other generation on its
  // word alone would let one flipped digit ("gen-000003" for "gen-000002") delete the
  // live generation at the next writer's open: first make sure it names one that is
  // there (publish writes the MANIFEST before CURRENT names the generation).
  const std::string live = GenerationDirName(current);
  QUIVER_ASSIGN_OR_RETURN(bool live_exists,
                          env_->FileExists(JoinPath(JoinPath(path_, live), kManifestFileName)));
  if (!live_exists) return CorruptionAt("CURRENT", 0, "names " + live + ", which has no MANIFEST");
  // A generation a named checkpoint keeps is not garbage. Should the list not read, no
  // generation is deleted: better space kept than a checkpoint lost.
  QUIVER_ASSIGN_OR_RETURN(std::vector<Checkpoint> checkpoints, ReadCheckpoints(env_, path_));
  QUIVER_ASSIGN_OR_RETURN(auto names, env_->ListDir(path_));
  Status result;
  for (const auto& name : names) {
    const std::string full = JoinPath(path_, name);
    if (name == std::string(kCurrentFileName) + ".tmp" || name == std::string(kDatabaseIdFileName) + ".tmp") {
      (void)env_->RemoveFile(full);
      continue;
    }
    const auto g = ParseGenerationDirName(name);
    if (!g || *g == current) continue;
    if (std::any_of(checkpoints.begin(), checkpoints.end(), [&](const Checkpoint& c) { return c.generation == *g; })) {
      continue;
    }
    // A reader holds PIN shared for as long as it uses the generation; exclusive without
    // waiting succeeds only when nobody does.
    auto lock = env_->LockFile(JoinPath(full, kPinFileName), LockMode::kExclusive);
    if (!lock.ok()) continue;  // pinned (Busy) or already gone
    // MANIFEST first: a reader that slips in sees NotFound and re-reads CURRENT.
    (void)env_->RemoveFile(JoinPath(full, kManifestFileName));
    Status s = env_->RemoveDirRecursive(full);
    if (!s.ok() && result.ok()) result = s;
  }
  return result;
}

}  // namespace quiver::storage
