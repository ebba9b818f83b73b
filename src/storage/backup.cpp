#include "storage/backup.h"

#include <algorithm>

#include "storage/checker.h"
#include "storage/checkpoints.h"
#include "storage/database_dir.h"
#include "storage/manifest.h"
#include "storage/txn/log_format.h"
#include "storage/txn/log_reader.h"
#include "storage/txn/log_segment.h"

namespace quiver::storage {
namespace {

DatabaseOptions ReadOnly() {
  DatabaseOptions o;
  o.read_only = true;
  return o;
}

constexpr int kMaxSnapshotAttempts = 8;
constexpr size_t kCopyPiece = size_t{4} << 20;

// A log segment of the source, open before any is read.
struct SourceSegment {
  uint64_t start = 0;
  std::string name;
  std::unique_ptr<RandomAccessFile> file;
};

// What the backup copies: the pinned live generation and its log, open.
struct Snapshot {
  std::shared_ptr<const Generation> generation;
  std::vector<SourceSegment> segments;  // ascending; the first starts at the generation's position
};

// Pins the live generation and opens the segments from its position on. A compaction
// between the pin and the listing may have removed the segment at the position (the
// generation is then no longer live): pin again.
Result<Snapshot> TakeSnapshot(Env* env, const DatabaseDir& dir) {
  for (int attempt = 0; attempt < kMaxSnapshotAttempts; ++attempt) {
    Snapshot s;
    QUIVER_ASSIGN_OR_RETURN(s.generation, dir.Pin());
    const uint64_t position = s.generation->manifest().write_log_position;
    QUIVER_ASSIGN_OR_RETURN(auto listed, ListSegments(env, dir.path()));
    bool lost = false;
    for (auto& [start, name] : listed) {
      if (start < position) continue;
      auto file = env->NewRandomAccessFile(JoinPath(dir.path(), name));
      if (!file.ok()) {
        if (!file.status().IsNotFound()) return file.status();
        lost = true;  // removed by a compaction since the listing
        break;
      }
      s.segments.push_back(SourceSegment{start, name, std::move(file).value()});
    }
    const bool has_head = !s.segments.empty() && s.segments.front().start == position;
    // A generation of format 1 or 2 at position 0 may have no segment at all (log.md).
    const bool legacy = s.segments.empty() && position == 0 && s.generation->manifest().format_version < 3;
    if (!lost && (has_head || legacy)) return s;
  }
  return Status::Busy("the database compacted " + std::to_string(kMaxSnapshotAttempts) +
                      " times while the backup was starting; try again");
}

// Copies in[from, in.Size()) to out at the same offsets (out: a new file, or one whose
// bytes below `from` are already those of in). Returns the bytes copied.
Result<uint64_t> CopyTail(const RandomAccessFile& in, uint64_t from, WritableFile& out, bool append,
                          const std::function<void(uint64_t)>& advanced) {
  std::string buffer(kCopyPiece, '\0');
  const uint64_t size = in.Size();
  uint64_t copied = 0;
  for (uint64_t at = from; at < size;) {
    QUIVER_ASSIGN_OR_RETURN(size_t n, in.ReadAt(at, static_cast<size_t>(std::min<uint64_t>(kCopyPiece, size - at)),
                                                buffer.data()));
    if (n == 0) break;  // the writer's file shrank under us: what was read is what there is
    QUIVER_RETURN_IF_ERROR(append ? out.Append({buffer.data(), n}) : out.WriteAt(at, {buffer.data(), n}));
    at += n;
    copied += n;
    if (advanced) advanced(n);
  }
  QUIVER_RETURN_IF_ERROR(out.Sync());
  return copied;
}

// Keeps `bytes_done` and reports it.
class Progress {
 public:
  Progress(const CopyProgress& report, uint64_t total) : report_(report), total_(total) {}
  void Advance(uint64_t bytes) {
    done_ = std::min(total_, done_ + bytes);
    if (report_) report_(done_, total_);
  }

 private:
  const CopyProgress& report_;
  uint64_t total_;
  uint64_t done_ = 0;
};

// The names a generation directory holds that the generation is made of: the MANIFEST
// and what it lists (not PIN, which is each copy's own lock).
std::vector<std::string> GenerationFileNames(const Manifest& manifest) {
  std::vector<std::string> names{std::string(kManifestFileName)};
  for (const FileInfo& info : manifest.files) names.push_back(info.name);
  return names;
}

// The bytes of a generation's files (a copy's progress total).
Result<uint64_t> GenerationBytes(Env* env, const Generation& gen) {
  uint64_t bytes = 0;
  for (const std::string& file : GenerationFileNames(gen.manifest())) {
    QUIVER_ASSIGN_OR_RETURN(uint64_t size, env->FileSize(JoinPath(gen.dir(), file)));
    bytes += size;
  }
  return bytes;
}

// Gives dest_dir the generation's files (linked, else copied), through a temporary
// directory renamed into place, so a directory named gen-N is always whole.
Status CarryGeneration(Env* env, const Generation& gen, const std::string& dest_root, Progress& progress,
                       uint64_t* linked, uint64_t* copied, uint64_t* bytes) {
  const std::string name = GenerationDirName(gen.generation());
  const std::string final_dir = JoinPath(dest_root, name), partial = final_dir + ".partial";
  for (const std::string& dir : {partial, final_dir}) {
    QUIVER_ASSIGN_OR_RETURN(bool exists, env->FileExists(dir));
    if (exists) QUIVER_RETURN_IF_ERROR(env->RemoveDirRecursive(dir));
  }
  QUIVER_RETURN_IF_ERROR(env->CreateDirs(partial));
  for (const std::string& file : GenerationFileNames(gen.manifest())) {
    const std::string from = JoinPath(gen.dir(), file);
    QUIVER_ASSIGN_OR_RETURN(uint64_t size, env->FileSize(from));
    QUIVER_ASSIGN_OR_RETURN(uint64_t n, LinkOrCopyFile(env, from, JoinPath(partial, file)));
    ++(n == 0 && size != 0 ? *linked : *copied);
    *bytes += n;
    progress.Advance(size);
  }
  QUIVER_RETURN_IF_ERROR(env->SyncDir(partial));
  QUIVER_RETURN_IF_ERROR(env->RenameFile(partial, final_dir));
  return env->SyncDir(dest_root);
}

// The named checkpoints of `from` (a database or a backup) whose generations are still
// there, pinned, besides the live one: what a backup and a restore carry with it. A name
// dropped meanwhile (its generation collected) is left out.
struct CarriedCheckpoints {
  std::vector<Checkpoint> names;
  std::vector<std::shared_ptr<const Generation>> generations;  // those not the live one
};
Result<CarriedCheckpoints> PinCheckpoints(Env* env, const DatabaseDir& from, const std::string& path,
                                          uint64_t live) {
  CarriedCheckpoints out;
  QUIVER_ASSIGN_OR_RETURN(std::vector<Checkpoint> all, ReadCheckpoints(env, path));
  for (const Checkpoint& c : all) {
    if (c.generation != live) {
      auto gen = from.PinGeneration(c.generation);
      if (!gen.ok() && gen.status().code() == StatusCode::kNotFound) continue;
      QUIVER_RETURN_IF_ERROR(gen.status());
      out.generations.push_back(std::move(gen).value());
    }
    out.names.push_back(c);
  }
  return out;
}

// Gives dest the checkpoints' generations (those already there kept: generations do not
// change) and their CHECKPOINTS file.
Status CarryCheckpoints(Env* env, const CarriedCheckpoints& checkpoints, const std::string& dest, Progress& progress,
                        uint64_t* linked, uint64_t* copied, uint64_t* kept, uint64_t* bytes) {
  for (const auto& gen : checkpoints.generations) {
    QUIVER_ASSIGN_OR_RETURN(bool there, env->FileExists(JoinPath(dest, GenerationDirName(gen->generation()))));
    if (there) {
      *kept += GenerationFileNames(gen->manifest()).size();
      QUIVER_ASSIGN_OR_RETURN(uint64_t b, GenerationBytes(env, *gen));
      progress.Advance(b);
      continue;
    }
    QUIVER_RETURN_IF_ERROR(CarryGeneration(env, *gen, dest, progress, linked, copied, bytes));
  }
  return WriteCheckpoints(env, dest, checkpoints.names);
}

// Zeroes the copy's log after its last valid record, so it ends there cleanly: what the
// writer was writing while the segment was read. Damage before the last segment is the
// source's own (sealed segments do not change): an error.
Status EndLogCleanly(Env* env, const std::string& dest, const DatabaseId& id, const Generation& gen,
                     const SourceSegment& last) {
  const Manifest& m = gen.manifest();
  QUIVER_ASSIGN_OR_RETURN(LogScan scan, ScanLog(env, dest, id, m.write_log_position, m.format_version,
                                                [](const RecordView&, uint64_t, const std::string&) {
                                                  return Status::OK();
                                                },
                                                /*salvage=*/true));
  if (!scan.salvage_stop.ok() && scan.end_position < last.start) return scan.salvage_stop;
  if (scan.no_segment || (scan.salvage_stop.ok() && !scan.torn)) return Status::OK();
  const std::string path = JoinPath(dest, last.name);
  QUIVER_ASSIGN_OR_RETURN(uint64_t length, env->FileSize(path));
  LogScan cut = scan;
  cut.torn = true;
  cut.last_segment_start = last.start;
  const uint64_t offset = kSegmentHeaderSize + (scan.end_position - last.start);
  cut.torn_bytes = length > offset ? length - offset : 0;
  return RepairTornTail(env, dest, cut);
}

// Removes what dest holds that the backup of `generation`, with these segments and these
// checkpoints, does not.
Status RemoveStale(Env* env, const std::string& dest, uint64_t generation, const std::vector<SourceSegment>& keep,
                   const CarriedCheckpoints& checkpoints) {
  auto named = [&](uint64_t g) {
    return std::any_of(checkpoints.generations.begin(), checkpoints.generations.end(),
                       [&](const auto& gen) { return gen->generation() == g; });
  };
  QUIVER_ASSIGN_OR_RETURN(auto names, env->ListDir(dest));
  for (const std::string& name : names) {
    if (auto g = ParseGenerationDirName(name); g && *g != generation && !named(*g)) {
      QUIVER_RETURN_IF_ERROR(env->RemoveDirRecursive(JoinPath(dest, name)));
    } else if (ParseSegmentFileName(name) &&
               std::none_of(keep.begin(), keep.end(), [&](const SourceSegment& s) { return s.name == name; })) {
      QUIVER_RETURN_IF_ERROR(env->RemoveFile(JoinPath(dest, name)));
    }
  }
  return env->SyncDir(dest);
}

// The check that makes a copy a backup: any failure names the file and offset.
Status CheckCopy(Env* env, const std::string& dir, CheckReport* report) {
  *report = CheckDatabase(env, dir);
  if (report->ok()) return Status::OK();
  std::string where = report->file.empty() ? dir : JoinPath(dir, report->file);
  if (report->has_location) where += " at offset " + std::to_string(report->offset);
  return report->status.WithContext("checking " + where);
}

// Whether `dir` is absent, or an empty directory.
Result<bool> AbsentOrEmpty(Env* env, const std::string& dir) {
  QUIVER_ASSIGN_OR_RETURN(bool exists, env->FileExists(dir));
  if (!exists) return true;
  QUIVER_ASSIGN_OR_RETURN(auto names, env->ListDir(dir));
  return names.empty();
}

// What dest holds of an earlier backup: its generation and where its log ends, when it is
// a whole backup of this database; nullopt for a new backup.
struct EarlierBackup {
  uint64_t generation = 0;
  std::optional<LogScan> log;  // nullopt: its log is not reused
};

Result<std::optional<EarlierBackup>> ReadEarlierBackup(Env* env, const std::string& dest, const DatabaseId& id) {
  QUIVER_ASSIGN_OR_RETURN(bool empty, AbsentOrEmpty(env, dest));
  if (empty) return std::optional<EarlierBackup>();
  auto dest_id = ReadDatabaseId(env, dest);
  if (!dest_id.ok()) {
    return Status::InvalidArgument(dest + " is neither empty nor a Quiver backup (" + dest_id.status().ToString() +
                                   ")");
  }
  if (*dest_id != id) {
    return Status::InvalidArgument(dest + " holds a backup of another database (id " + DatabaseIdToString(*dest_id) +
                                   ", this one is " + DatabaseIdToString(id) + ")");
  }
  QUIVER_ASSIGN_OR_RETURN(bool unfinished, env->FileExists(JoinPath(dest, kBackupMarkerFileName)));
  auto current = ReadCurrent(env, dest);
  if (unfinished || !current.ok()) return std::optional<EarlierBackup>(EarlierBackup{});
  EarlierBackup earlier{*current, std::nullopt};
  auto dir = DatabaseDir::Open(env, dest, ReadOnly());
  if (!dir.ok()) return std::optional<EarlierBackup>(earlier);
  auto gen = (*dir)->Pin();
  if (!gen.ok()) return std::optional<EarlierBackup>(earlier);
  const Manifest& m = (*gen)->manifest();
  auto scan = ScanLog(env, dest, id, m.write_log_position, m.format_version,
                      [](const RecordView&, uint64_t, const std::string&) { return Status::OK(); });
  if (scan.ok() && !scan->torn) earlier.log = std::move(scan).value();
  return std::optional<EarlierBackup>(std::move(earlier));
}

}  // namespace

Result<BackupResult> BackupDatabase(Env* env, const std::string& db_path, const std::string& dest,
                                    const CopyProgress& report) {
  QUIVER_ASSIGN_OR_RETURN(auto source, DatabaseDir::Open(env, db_path, ReadOnly()));
  QUIVER_ASSIGN_OR_RETURN(Snapshot snapshot, TakeSnapshot(env, *source));
  const Generation& gen = *snapshot.generation;
  const DatabaseId& id = source->database_id();
  QUIVER_ASSIGN_OR_RETURN(CarriedCheckpoints checkpoints, PinCheckpoints(env, *source, db_path, gen.generation()));

  QUIVER_ASSIGN_OR_RETURN(std::optional<EarlierBackup> earlier, ReadEarlierBackup(env, dest, id));
  QUIVER_RETURN_IF_ERROR(env->CreateDirs(dest));
  // One backup into dest at a time, and no writer opens it meanwhile.
  QUIVER_ASSIGN_OR_RETURN(auto lock, env->LockFile(JoinPath(dest, kLockFileName), LockMode::kExclusive));
  QUIVER_RETURN_IF_ERROR(WriteFileAtomically(env, JoinPath(dest, kBackupMarkerFileName), ""));

  BackupResult result;
  result.generation = gen.generation();
  result.incremental = earlier.has_value();
  QUIVER_ASSIGN_OR_RETURN(const uint64_t generation_bytes, GenerationBytes(env, gen));
  uint64_t other_bytes = 0;  // the log's and the checkpoints' generations'
  for (const SourceSegment& s : snapshot.segments) other_bytes += s.file->Size();
  for (const auto& g : checkpoints.generations) {
    QUIVER_ASSIGN_OR_RETURN(uint64_t bytes, GenerationBytes(env, *g));
    other_bytes += bytes;
  }
  Progress progress(report, generation_bytes + other_bytes);

  QUIVER_ASSIGN_OR_RETURN(bool has_id, env->FileExists(JoinPath(dest, kDatabaseIdFileName)));
  if (!has_id) {
    QUIVER_RETURN_IF_ERROR(
        LinkOrCopyFile(env, JoinPath(db_path, kDatabaseIdFileName), JoinPath(dest, kDatabaseIdFileName)).status());
  }
  const bool same_generation = earlier && earlier->generation == gen.generation();
  QUIVER_ASSIGN_OR_RETURN(bool gen_there, env->FileExists(JoinPath(dest, GenerationDirName(gen.generation()))));
  if (same_generation && gen_there) {
    result.files_kept += GenerationFileNames(gen.manifest()).size();
    progress.Advance(generation_bytes);
  } else {
    QUIVER_RETURN_IF_ERROR(CarryGeneration(env, gen, dest, progress, &result.files_linked, &result.files_copied,
                                           &result.bytes_copied));
  }

  QUIVER_RETURN_IF_ERROR(CarryCheckpoints(env, checkpoints, dest, progress, &result.files_linked,
                                         &result.files_copied, &result.files_kept, &result.bytes_copied));

  // The log: sealed segments whole (kept when the backup has them), the last one's bytes.
  const std::optional<LogScan>* earlier_log = same_generation ? &earlier->log : nullptr;
  for (size_t i = 0; i < snapshot.segments.size(); ++i) {
    const SourceSegment& s = snapshot.segments[i];
    const bool sealed = i + 1 < snapshot.segments.size();
    const std::string to = JoinPath(dest, s.name);
    QUIVER_ASSIGN_OR_RETURN(bool there, env->FileExists(to));
    uint64_t from = 0;
    if (there && earlier_log != nullptr && earlier_log->has_value()) {
      const LogScan& e = **earlier_log;
      QUIVER_ASSIGN_OR_RETURN(uint64_t have, env->FileSize(to));
      if (sealed && s.start < e.last_segment_start && have == s.file->Size()) {
        ++result.files_kept;  // sealed in the earlier backup too: the same bytes
        progress.Advance(have);
        continue;
      }
      // The earlier backup's valid records are the source's: only what follows is new.
      if (s.start == e.last_segment_start) from = kSegmentHeaderSize + (e.end_position - s.start);
    }
    std::unique_ptr<WritableFile> out;
    if (from > 0) {
      QUIVER_ASSIGN_OR_RETURN(out, env->OpenWritableFile(to));
    } else {
      if (there) QUIVER_RETURN_IF_ERROR(env->RemoveFile(to));
      QUIVER_ASSIGN_OR_RETURN(out, env->NewWritableFile(to));
    }
    progress.Advance(from);
    QUIVER_ASSIGN_OR_RETURN(uint64_t n, CopyTail(*s.file, from, *out, /*append=*/from == 0,
                                                 [&](uint64_t bytes) { progress.Advance(bytes); }));
    QUIVER_RETURN_IF_ERROR(out->Close());
    ++result.files_copied;
    result.bytes_copied += n;
  }
  QUIVER_RETURN_IF_ERROR(env->SyncDir(dest));
  if (!snapshot.segments.empty()) QUIVER_RETURN_IF_ERROR(EndLogCleanly(env, dest, id, gen, snapshot.segments.back()));

  QUIVER_RETURN_IF_ERROR(
      WriteFileAtomically(env, JoinPath(dest, kCurrentFileName), GenerationDirName(gen.generation()) + "\n"));
  QUIVER_RETURN_IF_ERROR(RemoveStale(env, dest, gen.generation(), snapshot.segments, checkpoints));
  CheckReport check;
  QUIVER_RETURN_IF_ERROR(CheckCopy(env, dest, &check));
  result.log_end_position = check.log.end_position;
  result.last_sequence = check.log.last_sequence;
  QUIVER_RETURN_IF_ERROR(env->RemoveFile(JoinPath(dest, kBackupMarkerFileName)));
  QUIVER_RETURN_IF_ERROR(env->SyncDir(dest));
  return result;
}

Result<RestoreResult> RestoreDatabase(Env* env, const std::string& backup, const std::string& db_path,
                                      const CopyProgress& report) {
  QUIVER_ASSIGN_OR_RETURN(bool unfinished, env->FileExists(JoinPath(backup, kBackupMarkerFileName)));
  if (unfinished) {
    return Status::InvalidArgument(backup + " is a backup that did not finish (" + std::string(kBackupMarkerFileName) +
                                   "): run the backup again");
  }
  QUIVER_ASSIGN_OR_RETURN(bool free, AbsentOrEmpty(env, db_path));
  if (!free) return Status::InvalidArgument(db_path + " exists and is not empty: restore makes a new database");
  CheckReport check;
  QUIVER_RETURN_IF_ERROR(CheckCopy(env, backup, &check));
  QUIVER_ASSIGN_OR_RETURN(auto dir, DatabaseDir::Open(env, backup, ReadOnly()));
  QUIVER_ASSIGN_OR_RETURN(auto gen, dir->Pin());
  QUIVER_ASSIGN_OR_RETURN(CarriedCheckpoints checkpoints, PinCheckpoints(env, *dir, backup, gen->generation()));
  QUIVER_ASSIGN_OR_RETURN(auto segments, ListSegments(env, backup));
  std::erase_if(segments, [&](const auto& s) { return s.first < gen->manifest().write_log_position; });

  QUIVER_ASSIGN_OR_RETURN(uint64_t total, GenerationBytes(env, *gen));
  for (const auto& g : checkpoints.generations) {
    QUIVER_ASSIGN_OR_RETURN(uint64_t bytes, GenerationBytes(env, *g));
    total += bytes;
  }
  for (const auto& [start, name] : segments) {
    QUIVER_ASSIGN_OR_RETURN(uint64_t size, env->FileSize(JoinPath(backup, name)));
    total += size;
  }
  Progress progress(report, total);

  const std::string staging = db_path + ".restoring";
  QUIVER_ASSIGN_OR_RETURN(bool stale, env->FileExists(staging));
  if (stale) QUIVER_RETURN_IF_ERROR(env->RemoveDirRecursive(staging));
  QUIVER_RETURN_IF_ERROR(env->CreateDirs(staging));
  RestoreResult result;
  result.generation = gen->generation();
  QUIVER_RETURN_IF_ERROR(
      LinkOrCopyFile(env, JoinPath(backup, kDatabaseIdFileName), JoinPath(staging, kDatabaseIdFileName)).status());
  QUIVER_RETURN_IF_ERROR(CarryGeneration(env, *gen, staging, progress, &result.files_linked, &result.files_copied,
                                         &result.bytes_copied));
  uint64_t kept = 0;
  QUIVER_RETURN_IF_ERROR(CarryCheckpoints(env, checkpoints, staging, progress, &result.files_linked,
                                         &result.files_copied, &kept, &result.bytes_copied));
  for (const auto& [start, name] : segments) {
    QUIVER_ASSIGN_OR_RETURN(uint64_t n, CopyFile(env, JoinPath(backup, name), JoinPath(staging, name)));
    ++result.files_copied;
    result.bytes_copied += n;
    progress.Advance(n);
  }
  QUIVER_RETURN_IF_ERROR(
      WriteFileAtomically(env, JoinPath(staging, kCurrentFileName), GenerationDirName(gen->generation()) + "\n"));
  QUIVER_ASSIGN_OR_RETURN(bool exists, env->FileExists(db_path));
  if (exists) QUIVER_RETURN_IF_ERROR(env->RemoveDirRecursive(db_path));  // empty, checked above
  QUIVER_RETURN_IF_ERROR(env->RenameFile(staging, db_path));
  QUIVER_RETURN_IF_ERROR(env->SyncDir(ParentDir(db_path)));
  return result;
}

}  // namespace quiver::storage
