#pragma once
// FaultInjectionEnv: an Env wrapper for crash tests (LevelDB's fault_injection_test.cc idea).
// It passes every call to a base Env (normally Env::Default(), so the files are real) and
// records enough history to answer one question afterwards: "had the power gone out now,
// what would the disk hold?" DropUnsyncedData() then turns the real files into that answer,
// and the test reopens them as recovery would.
//
// A crash test therefore reads:
//   FaultInjectionEnv env(Env::Default());
//   env.SetCrashAfterOps(k);                 // the machine dies at the k+1-th mutating op
//   (void)Publish(&env, ...);                // fails from that op on
//   ASSERT_TRUE(env.DropUnsyncedData().ok()); // power loss: only durable state is left
//   env.Reset();                             // reboot
//   ... open and check what recovery sees ...
// and sweeps k over every step of the operation (see fault_injection_env_test.cpp).
//
// ---- What is modelled: ext4-like ordered data, at its worst -----------------------------
// Where POSIX leaves the outcome open, the model takes the outcome that breaks a careless
// publish protocol, so that a crash sweep finds the bug on any file system.
// * File data. A file's durable image is what it held at its last successful
//   WritableFile::Sync(): its length then (Allocate's zeros included once synced) and its
//   bytes. Every write since (Append, WriteAt) is unsynced until the next Sync, and what
//   survives power loss depends on how the power is lost:
//     DropUnsyncedData                  none of them;
//     DropUnsyncedDataTearingLastWrite  all but the last whole, and the first half of the
//                                       last (a torn write: the file stays a prefix);
//     DropUnsyncedDataReordering(seed)  each 4 KiB-aligned piece of each write, or not,
//                                       by a seeded coin: the disk wrote some pages of the
//                                       unsynced data and not others, in any order.
//   The file ends at its durable length, or at the end of the last surviving write if
//   that is further; bytes between that were never durably written read as zeros. An
//   Allocate that was not synced is lost with the length it gave. A file created (or
//   truncated by NewWritableFile) and never synced loses all its data. A WriteAt over
//   durable bytes (a repair zeroing a torn tail) is unsynced like any other: if it does
//   not survive, the bytes it covered are what they were.
// * Names. Creating a file, creating a directory (CreateDirs) and renaming are durable only
//   once the parent directory is SyncDir'd. On power loss, each name changed since the last
//   successful SyncDir of its directory reverts to what it named at that sync: a file created
//   since then disappears (a directory with everything under it), and a rename is undone —
//   the source name returns with its file, and a target that held a file gets that file's
//   durable content back. Each directory's changes become durable only with its own SyncDir
//   (a real journal often commits more at once; no such luck here), so the two sides of a
//   cross-directory rename become durable independently (POSIX promises no more).
// * Failed syncs. FailNextSync / SetFailAllSyncs / FailOpAfter make Sync or SyncDir fail
//   without making anything durable. As with Linux after a failed fsync ("fsyncgate"), the
//   writes that were not durable then are lost for good: a later successful Sync of the
//   same file does not bring them back (they read as zeros after power loss). So code that
//   retries fsync and carries on is caught; code that stops (read-only) is fine.
// * Failed operations and a full disk. FailOpAfter(n, errno) fails one chosen mutating
//   operation with that errno (EIO, ENOSPC, ...) without performing it; the ones after it
//   run normally. SetSpaceLimit(bytes) gives the disk that much room for growth: an
//   Append or WriteAt that would pass it writes what fits and fails with ENOSPC (as
//   write(2) does), an Allocate that would pass it fails and allocates nothing.
// * Crashes. Once crashed, every mutating op fails with IOError("simulated crash ..."), while
//   reads keep working and still see the data "in the page cache" until DropUnsyncedData.
//
// ---- What is not modelled ---------------------------------------------------------------
// * RemoveFile and RemoveDirRecursive are durable at once: power loss never brings a removed
//   file back. This is the pessimistic choice for the bug that matters ("deleted the old
//   generation before the new one was durable"); resurrected garbage is not simulated.
// * TruncateFile is durable at once (the durable length shrinks with it, never grows).
// * Renaming a directory is treated as durable at once (the tracking of the files under it
//   follows the new name) — except that a directory created since its parent's last SyncDir
//   stays lost under its new name too, until that name's directory is synced.
// * Corruption inside synced data, lost writes that a successful Sync covered, bit flips:
//   none happen here (tests damage files directly for those). Removing files does not give
//   space back under SetSpaceLimit: raise the limit to model freed space.
// * Files and directories this env has not seen written (made before it wrapped the base, or
//   through another Env, or before the last Reset) are assumed durable exactly as they are.
// * Paths are compared after lexical normalization ("a/./b" == "a/b"); symlinks are not
//   resolved. A LinkFile name is a new name (lost until its directory's SyncDir) for the
//   same tracked file.
// * A WritableFile opened before Reset() or DropUnsyncedData() is no longer tracked; close
//   every file before calling either.
//
// Thread safety: every mutating operation, together with its bookkeeping, runs under one
// mutex, so the recorded history is one total order that matches what the file system saw
// (the write log's flusher thread may call in concurrently). Reads go straight to the base.
// Tests only: serializing all writes and fsyncs is far too slow for production.

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/file/env.h"

namespace quiver {

class FaultInjectionWritableFile;

class FaultInjectionEnv final : public Env {
 public:
  explicit FaultInjectionEnv(Env* base);  // wraps, does not own; base must outlive this
  FaultInjectionEnv(const FaultInjectionEnv&) = delete;
  FaultInjectionEnv& operator=(const FaultInjectionEnv&) = delete;

  // ---- fault control --------------------------------------------------------------------

  // Mutating operations issued since construction or Reset(), whether they succeeded or not:
  // NewWritableFile, OpenWritableFile, WritableFile::Append, WritableFile::WriteAt,
  // WritableFile::Allocate, WritableFile::Sync, RenameFile,
  // RemoveFile, TruncateFile, CreateDirs, RemoveDirRecursive, SyncDir. WritableFile::Close,
  // LockFile and all reads are not counted.
  int64_t mutating_ops() const;

  // Arms a crash: the next n mutating ops are let through to the base (whether it then
  // succeeds or fails them); the one after them fails with IOError("simulated crash ...") and
  // so does every later one. n = 0 crashes at the very next op; n = -1 disarms. A crash that
  // has already happened lasts until Reset(). A sweep runs k = 0..N, N = mutating_ops() of a
  // clean run; k = N is the run that completes.
  void SetCrashAfterOps(int64_t n);
  bool crashed() const;

  // The next Sync or SyncDir fails with IOError (once).
  void FailNextSync();
  // While set, every Sync and SyncDir fails with IOError.
  void SetFailAllSyncs(bool fail);
  // The mutating op after the next n fails with Status::FromErrno(op, path, err) (EIO gives
  // IOError, ENOSPC ResourceExhausted) and is not performed; later ops run. Once.
  void FailOpAfter(int64_t n, int err);
  // Room left on the disk for files to grow, from now; nullopt (the default) for no limit.
  void SetSpaceLimit(std::optional<uint64_t> bytes);

  // Power loss: rewrites the real files, through the base Env, into what would survive
  // (see the model above). Afterwards this env tracks nothing — what is on disk is by
  // definition durable — but the crash and failure settings stay until Reset().
  Status DropUnsyncedData();
  // Like DropUnsyncedData, but every unsynced write of each file survives except the last,
  // of which the first half of the bytes (rounded down) survives: a torn write.
  Status DropUnsyncedDataTearingLastWrite();
  // Like DropUnsyncedData, but each 4 KiB-aligned piece of every unsynced write survives
  // or not by a coin seeded with `seed`: unsynced pages reached the disk in any order.
  Status DropUnsyncedDataReordering(uint64_t seed);

  // A new boot: forgets all tracking, zeroes mutating_ops(), disarms and clears the crash and
  // the sync failures. Does not touch the files.
  void Reset();

  // ---- Env --------------------------------------------------------------------------------
  // Reads and locks pass straight through: they are never counted, failed or crashed.
  Result<std::unique_ptr<WritableFile>> NewWritableFile(const std::string& path) override;
  Result<std::unique_ptr<WritableFile>> OpenWritableFile(const std::string& path) override;
  Result<std::unique_ptr<RandomAccessFile>> NewRandomAccessFile(const std::string& path) override {
    return base_->NewRandomAccessFile(path);
  }
  Result<std::unique_ptr<MappedFile>> MapReadOnly(const std::string& path) override {
    return base_->MapReadOnly(path);
  }
  Status RenameFile(const std::string& from, const std::string& to) override;
  Status LinkFile(const std::string& from, const std::string& to) override;
  Status RemoveFile(const std::string& path) override;
  Status TruncateFile(const std::string& path, uint64_t size) override;
  Status CreateDirs(const std::string& path) override;
  Status RemoveDirRecursive(const std::string& path) override;
  Status SyncDir(const std::string& path) override;
  Result<bool> FileExists(const std::string& path) override { return base_->FileExists(path); }
  Result<uint64_t> FileSize(const std::string& path) override { return base_->FileSize(path); }
  Result<std::vector<std::string>> ListDir(const std::string& path) override { return base_->ListDir(path); }
  Result<std::unique_ptr<FileLock>> LockFile(const std::string& path, LockMode mode) override {
    return base_->LockFile(path, mode);
  }

 private:
  friend class FaultInjectionWritableFile;

  // A file's identity (its inode): it keeps its durability state when renamed, and an open
  // WritableFile keeps writing to it whatever its name becomes.
  using NodeId = uint64_t;
  struct Write {
    uint64_t offset = 0;
    uint64_t size = 0;
    std::string before;  // for a write over durable bytes: what they were
  };
  struct Node {
    uint64_t durable_size = 0;     // the length that survives power loss
    uint64_t durable_written = 0;  // bytes below this were written and synced; the durable
                                   // content past it is zeros (new or preallocated space)
    std::vector<Write> unsynced;   // writes since the last successful Sync, in issue order
    std::vector<Write> lost;       // writes a failed Sync dropped for good (fsyncgate)
    std::optional<std::string> detached_bytes;  // content once no name reaches it (renamed over)
  };
  enum class Loss : uint8_t { kDropUnsynced, kTearLastWrite, kReorder };
  // What a name refers to at its directory's last SyncDir: a file, or nothing
  // (std::nullopt: the name did not exist, or was a directory created since).
  using Binding = std::optional<NodeId>;

  // Called by FaultInjectionWritableFile.
  Status FileAppend(WritableFile& base, NodeId node, std::string_view data);
  Status FileWriteAt(WritableFile& base, NodeId node, uint64_t offset, std::string_view data);
  Status FileAllocate(WritableFile& base, NodeId node, uint64_t size);
  Status FileSync(WritableFile& base, NodeId node);

  Result<std::unique_ptr<WritableFile>> OpenForWrite(const std::string& path, bool truncate);
  Status RenameDirectory(const std::string& from, const std::string& to);
  Status DropUnsyncedDataImpl(Loss loss, uint64_t seed);

  // Helpers below require mu_ held.
  // Counts the op; the simulated crash, or the failure FailOpAfter armed for it.
  Status BeforeMutation(std::string_view operation, const std::string& path);
  Status InjectedSyncFailure(std::string_view operation, const std::string& path);
  // A write of `size` bytes at `offset` into `base`: what fits in the space left, and the
  // ENOSPC status when not all of it does (OK otherwise).
  Status WriteWithinSpace(WritableFile& base, NodeId node, uint64_t offset, std::string_view data, bool append);
  NodeId NewNode(uint64_t durable_size);
  // The node at path, adopting an existing file this env has not seen as fully durable.
  Result<NodeId> NodeAt(const std::string& path);
  // Records what path named before its first change since its directory's last SyncDir.
  void RecordNameChange(const std::string& path, Binding before);
  // The binding path had at its directory's last SyncDir, if it changed since; else nullptr.
  const Binding* PendingBefore(const std::string& path) const;
  bool ReferencedByPendingName(NodeId node) const;
  void ForgetRemoved(const std::string& path, bool recursive);
  void ForgetUnreachableNodes();
  // The writes of `node` that survive this power loss.
  std::vector<Write> SurvivingWrites(const Node& node, Loss loss, uint64_t seed, NodeId id) const;
  // The bytes a file with this history holds after the power loss; `current` is what it
  // holds now.
  std::string SurvivingImage(const Node& node, const std::vector<Write>& survivors, std::string current) const;
  Result<std::string> CurrentBytes(NodeId node);

  Env* const base_;

  mutable std::mutex mu_;
  // ---- guarded by mu_ ----
  int64_t ops_ = 0;
  int64_t ops_before_crash_ = -1;  // -1: no crash armed
  bool crashed_ = false;
  bool fail_next_sync_ = false;
  bool fail_all_syncs_ = false;
  int64_t ops_before_failure_ = -1;  // -1: no failure armed
  int failure_errno_ = 0;
  std::optional<uint64_t> space_left_;
  NodeId next_node_id_ = 1;  // never reused, so handles from before a Reset() miss
  std::map<NodeId, Node> nodes_;
  // Normalized path -> the node it names now, for every file written through this env.
  std::map<std::string, NodeId> live_;
  // Normalized directory -> (entry name -> binding at the directory's last SyncDir), for the
  // names changed since then. SyncDir(dir) erases the directory's map: the changes are durable.
  std::map<std::string, std::map<std::string, Binding>> pending_names_;
};

}  // namespace quiver
