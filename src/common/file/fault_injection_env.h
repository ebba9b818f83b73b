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
// * File data. (Positioned writes, WritableFile::WriteAt, are modelled for filling a file
//   past its durable length only, and are never torn: until the next Sync they are lost.)
//   A file written through this env keeps, after power loss, exactly the bytes
//   it had at its last successful WritableFile::Sync(); everything appended since is lost
//   (DropUnsyncedData) or lost except the first half of the last Append
//   (DropUnsyncedDataTearingLastWrite: a torn write; the earlier unsynced Appends of that
//   file survive whole, so the file stays a prefix of what was written). A file created (or
//   truncated by NewWritableFile) and never synced loses all its data.
// * Names. Creating a file, creating a directory (CreateDirs) and renaming are durable only
//   once the parent directory is SyncDir'd. On power loss, each name changed since the last
//   successful SyncDir of its directory reverts to what it named at that sync: a file created
//   since then disappears (a directory with everything under it), and a rename is undone —
//   the source name returns with its file, and a target that held a file gets that file's
//   durable content back. Each directory's changes become durable only with its own SyncDir
//   (a real journal often commits more at once; no such luck here), so the two sides of a
//   cross-directory rename become durable independently (POSIX promises no more).
// * Failed syncs. FailNextSync / SetFailAllSyncs make Sync or SyncDir return IOError without
//   making anything durable. As with Linux after a failed fsync ("fsyncgate"), the file's data
//   that was not durable then is treated as lost for good: a later successful Sync of the same
//   file never makes the file durable beyond the length it had durably when the sync failed.
//   So code that retries fsync and carries on is caught; code that stops (read-only) is fine.
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
// * Reordering and corruption inside synced data, lost writes that a successful Sync
//   covered, bit flips, ENOSPC: none happen here.
// * Files and directories this env has not seen written (made before it wrapped the base, or
//   through another Env, or before the last Reset) are assumed durable exactly as they are.
// * Paths are compared after lexical normalization ("a/./b" == "a/b"); symlinks and hard
//   links are not resolved.
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
  // NewWritableFile, NewAppendableFile, WritableFile::Append, WritableFile::WriteAt,
  // WritableFile::Sync, RenameFile,
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

  // Power loss: rewrites the real files, through the base Env, into what would survive
  // (see the model above). Afterwards this env tracks nothing — what is on disk is by
  // definition durable — but the crash and failure settings stay until Reset().
  Status DropUnsyncedData();
  // Like DropUnsyncedData, but the last unsynced Append of each file survives partially
  // (the first half of its bytes, rounded down), simulating a torn write.
  Status DropUnsyncedDataTearingLastWrite();

  // A new boot: forgets all tracking, zeroes mutating_ops(), disarms and clears the crash and
  // the sync failures. Does not touch the files.
  void Reset();

  // ---- Env --------------------------------------------------------------------------------
  // Reads and locks pass straight through: they are never counted, failed or crashed.
  Result<std::unique_ptr<WritableFile>> NewWritableFile(const std::string& path) override;
  Result<std::unique_ptr<WritableFile>> NewAppendableFile(const std::string& path) override;
  Result<std::unique_ptr<RandomAccessFile>> NewRandomAccessFile(const std::string& path) override {
    return base_->NewRandomAccessFile(path);
  }
  Result<std::unique_ptr<MappedFile>> MapReadOnly(const std::string& path) override {
    return base_->MapReadOnly(path);
  }
  Status RenameFile(const std::string& from, const std::string& to) override;
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
  struct Node {
    uint64_t durable_size = 0;            // bytes that survive power loss
    std::optional<uint64_t> durable_cap;  // set by a failed Sync: never durable past this
    bool has_unsynced_append = false;     // the last Append since the last Sync, for tearing
    uint64_t last_append_offset = 0;
    uint64_t last_append_size = 0;
    std::optional<std::string> detached_bytes;  // content once no name reaches it (renamed over)
  };
  // What a name refers to at its directory's last SyncDir: a file, or nothing
  // (std::nullopt: the name did not exist, or was a directory created since).
  using Binding = std::optional<NodeId>;

  // Called by FaultInjectionWritableFile.
  Status FileAppend(WritableFile& base, NodeId node, std::string_view data);
  Status FileWriteAt(WritableFile& base, NodeId node, uint64_t offset, std::string_view data);
  Status FileSync(WritableFile& base, NodeId node);

  Result<std::unique_ptr<WritableFile>> OpenForWrite(const std::string& path, bool truncate);
  Status RenameDirectory(const std::string& from, const std::string& to);
  Status DropUnsyncedDataImpl(bool tear_last_write);

  // Helpers below require mu_ held.
  Status BeforeMutation(std::string_view operation, const std::string& path);
  Status InjectedSyncFailure(std::string_view operation, const std::string& path);
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
  uint64_t SurvivingLength(const Node& node, bool tear_last_write) const;
  Result<std::string> CurrentBytes(NodeId node);

  Env* const base_;

  mutable std::mutex mu_;
  // ---- guarded by mu_ ----
  int64_t ops_ = 0;
  int64_t ops_before_crash_ = -1;  // -1: no crash armed
  bool crashed_ = false;
  bool fail_next_sync_ = false;
  bool fail_all_syncs_ = false;
  NodeId next_node_id_ = 1;  // never reused, so handles from before a Reset() miss
  std::map<NodeId, Node> nodes_;
  // Normalized path -> the node it names now, for every file written through this env.
  std::map<std::string, NodeId> live_;
  // Normalized directory -> (entry name -> binding at the directory's last SyncDir), for the
  // names changed since then. SyncDir(dir) erases the directory's map: the changes are durable.
  std::map<std::string, std::map<std::string, Binding>> pending_names_;
};

}  // namespace quiver
