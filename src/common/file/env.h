#pragma once
// Env: every file operation Quiver performs goes through this interface (LevelDB's Env),
// so that tests can substitute FaultInjectionEnv to drop unsynced data, tear the last
// write, fail an fsync, or "crash" at a chosen step, and check what recovery sees.
//
// All methods return Status / Result (include/quiver/status.h); none throws.
// Paths are plain std::string file-system paths.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "quiver/status.h"

namespace quiver {

// A file opened for sequential writing (new file or append). Data reaches durable storage
// only after Sync() returns OK.
class WritableFile {
 public:
  virtual ~WritableFile() = default;
  virtual Status Append(std::string_view data) = 0;
  // Writes data at `offset` (pwrite) without moving the append position; Size() becomes
  // at least offset + data.size(). Calls for disjoint ranges may run concurrently, which
  // is how several workers fill one new file (storage/parallel_section_writer.h).
  // NotSupported in this base class.
  virtual Status WriteAt(uint64_t offset, std::string_view data);
  // Makes the file at least `size` bytes long, the new bytes zero and their disk space
  // reserved (posix_fallocate), so that later writes into them cannot fail for space:
  // running out of space is reported here, before anything was written. The new size is
  // durable only after Sync(). NotSupported in this base class.
  virtual Status Allocate(uint64_t size);
  // Asks the OS to start writing [offset, offset + length) to disk without waiting
  // (sync_file_range WRITE), so that a large file's final Sync finds little left. A hint:
  // it makes nothing durable. The default does nothing.
  virtual Status StartWriteback(uint64_t offset, uint64_t length);
  // fsync (or fdatasync) of the file's data.
  virtual Status Sync() = 0;
  // Closes without syncing. Safe to call twice; the destructor closes too.
  virtual Status Close() = 0;
  // Bytes appended so far, including any pre-existing content for append mode.
  virtual uint64_t Size() const = 0;
  virtual const std::string& path() const = 0;
};

// A file opened for positional reads (pread).
class RandomAccessFile {
 public:
  virtual ~RandomAccessFile() = default;
  // Reads up to n bytes at offset into scratch; returns the number read (short at EOF).
  virtual Result<size_t> ReadAt(uint64_t offset, size_t n, char* scratch) const = 0;
  virtual uint64_t Size() const = 0;
  virtual const std::string& path() const = 0;
};

// A read-only memory mapping of a whole file; unmapped by the destructor (RAII).
class MappedFile {
 public:
  virtual ~MappedFile() = default;
  virtual const std::byte* data() const = 0;
  virtual size_t size() const = 0;
  std::span<const std::byte> bytes() const { return {data(), size()}; }
  virtual const std::string& path() const = 0;
};

// An advisory lock (flock) held until destruction.
class FileLock {
 public:
  virtual ~FileLock() = default;
};

enum class LockMode : uint8_t { kShared, kExclusive };

class Env {
 public:
  virtual ~Env() = default;

  // The process-wide POSIX implementation. Stateless, so sharing it is not global
  // mutable state.
  static Env* Default();

  // Creates or truncates path.
  virtual Result<std::unique_ptr<WritableFile>> NewWritableFile(const std::string& path) = 0;
  // Opens path for writing without truncating it, creating it if absent: Append continues
  // at its end, WriteAt writes anywhere (the write log fills its preallocated segments so).
  virtual Result<std::unique_ptr<WritableFile>> OpenWritableFile(const std::string& path) = 0;
  virtual Result<std::unique_ptr<RandomAccessFile>> NewRandomAccessFile(const std::string& path) = 0;
  // Maps the whole file read-only. An empty file maps to an empty region.
  virtual Result<std::unique_ptr<MappedFile>> MapReadOnly(const std::string& path) = 0;

  // Atomically replaces `to` with `from` (rename(2)). Durable only after SyncDir of the
  // parent directory.
  virtual Status RenameFile(const std::string& from, const std::string& to) = 0;
  // Gives the file at `from` a second name `to` (link(2)), which must not exist: the
  // same bytes, no copy. Durable only after SyncDir of to's directory. NotSupported
  // where the Env or the file system has no hard links (callers then copy).
  virtual Status LinkFile(const std::string& from, const std::string& to);
  virtual Status RemoveFile(const std::string& path) = 0;
  virtual Status TruncateFile(const std::string& path, uint64_t size) = 0;
  // Creates the directory and any missing parents; OK if it exists.
  virtual Status CreateDirs(const std::string& path) = 0;
  // Removes a directory and everything under it; OK if absent.
  virtual Status RemoveDirRecursive(const std::string& path) = 0;
  // fsync of a directory, making renames and creations in it durable.
  virtual Status SyncDir(const std::string& path) = 0;

  virtual Result<bool> FileExists(const std::string& path) = 0;
  virtual Result<uint64_t> FileSize(const std::string& path) = 0;
  // Names (not paths) of the entries in a directory, sorted, without "." and "..".
  virtual Result<std::vector<std::string>> ListDir(const std::string& path) = 0;

  // Takes an flock on path (created if absent). Non-blocking: Busy if another holder
  // conflicts, with the holder's pid in the message when it wrote one into the file.
  virtual Result<std::unique_ptr<FileLock>> LockFile(const std::string& path, LockMode mode) = 0;
};

// Convenience helpers built on any Env.
Result<std::string> ReadFileToString(Env* env, const std::string& path);
// Writes data to path via a temporary file, fsyncs it, renames it into place and fsyncs
// the directory: the file is either wholly old or wholly new after a crash.
Status WriteFileAtomically(Env* env, const std::string& path, std::string_view data);

// Copies the file at `from` to a new file `to` and fsyncs it (not the directory).
// Returns the bytes copied. Reads in pieces: memory does not grow with the file.
Result<uint64_t> CopyFile(Env* env, const std::string& from, const std::string& to);
// Gives `to` the bytes of `from`: a hard link where the file system allows (no bytes
// copied; for immutable files only, since the two names share the bytes), else
// CopyFile. Returns the bytes copied (0 for a link).
Result<uint64_t> LinkOrCopyFile(Env* env, const std::string& from, const std::string& to);

std::string JoinPath(std::string_view dir, std::string_view name);
std::string ParentDir(std::string_view path);

}  // namespace quiver
