#pragma once
// MemEnv: a whole Env in memory, for the fuzz targets (LevelDB's helpers/memenv idea).
// A target opens thousands of databases a second; on disk every one costs file
// creations and fsyncs, and a shared machine pays for them. In memory they cost
// nothing, and a mapping is an exact-size heap copy, so AddressSanitizer reports a read
// one byte past a file's end, which a real page-granular mmap would let pass.
//
// What it models: files (bytes) and directories (names), created, appended, truncated,
// renamed and removed as POSIX does; flock-style locks (a second exclusive lock on the
// same path is Busy, as a second open file description would be). Syncs do nothing and
// nothing is ever lost: crashes are FaultInjectionEnv's business, not this one's.
//
// Snapshot()/Restore() copy every file, so a target builds its valid database once and
// starts each input from a copy of it.
//
// Threads: every method may be called from any thread (one mutex; the transactional
// store's flusher writes from its own thread).

#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "common/file/env.h"

namespace quiver::fuzz {

class MemEnv final : public Env {
 public:
  struct FileData;
  // Every file and directory, by path.
  struct State {
    std::map<std::string, std::string> files;
    std::set<std::string> dirs;
  };

  Result<std::unique_ptr<WritableFile>> NewWritableFile(const std::string& path) override;
  Result<std::unique_ptr<WritableFile>> OpenWritableFile(const std::string& path) override;
  Result<std::unique_ptr<RandomAccessFile>> NewRandomAccessFile(const std::string& path) override;
  Result<std::unique_ptr<MappedFile>> MapReadOnly(const std::string& path) override;
  Status RenameFile(const std::string& from, const std::string& to) override;
  Status RemoveFile(const std::string& path) override;
  Status TruncateFile(const std::string& path, uint64_t size) override;
  Status CreateDirs(const std::string& path) override;
  Status RemoveDirRecursive(const std::string& path) override;
  Status SyncDir(const std::string& path) override;
  Result<bool> FileExists(const std::string& path) override;
  Result<uint64_t> FileSize(const std::string& path) override;
  Result<std::vector<std::string>> ListDir(const std::string& path) override;
  Result<std::unique_ptr<FileLock>> LockFile(const std::string& path, LockMode mode) override;

  State Snapshot() const;
  // Replaces every file and directory; writers and locks still open must be gone.
  void Restore(const State& state);
  // Direct access for targets: the bytes of a file (NotFound when absent), or a new content.
  Result<std::string> Read(const std::string& path) const;
  void Write(const std::string& path, std::string data);

 private:
  friend class MemWritableFile;
  friend class MemFileLock;
  Result<std::unique_ptr<WritableFile>> Open(const std::string& path, bool truncate);
  bool ParentExists(const std::string& path) const;  // caller holds mu_

  mutable std::mutex mu_;
  std::map<std::string, std::shared_ptr<FileData>> files_;
  std::set<std::string> dirs_;
  struct LockState {
    int shared = 0;
    bool exclusive = false;
  };
  std::map<std::string, LockState> locks_;
};

}  // namespace quiver::fuzz
