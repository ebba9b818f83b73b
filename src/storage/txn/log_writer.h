#pragma once
// LogWriter: appends commit records to the current log segment through a buffer that one
// flusher thread writes and fsyncs (docs/format/log.md, "Durability").
//
// Append() frames the record at the current end position — stamped with the position
// durable at that moment (durable_before, which lets recovery tell a crash from damage) —
// and adds it to the buffer; it never touches the file, so a committer holds no lock
// across I/O. The flusher takes the whole buffer, grows the preallocated segment first
// if the batch would pass its end (Allocate + fsync, so space runs out before a byte of
// a record is written and the length never changes in a crash), writes the batch in
// place and fsyncs: every record appended while a sync was in progress goes out in the
// next one (group commit). WaitSynced(p) is what a durable commit waits on.
//
// Failure is sticky: after a failed write, fsync or growth the writer takes no more
// appends and every wait for a position it had not synced fails naming the cause —
// ResourceExhausted when the disk is full, ReadOnly otherwise. It never retries (after a
// failed fsync the kernel may have dropped the pages).
//
// Threads: Append/Roll from the writer slot's owner (one at a time), WaitSynced and the
// accessors from any thread; the flusher is internal.

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "common/file/env.h"
#include "storage/txn/log_format.h"

namespace quiver::storage {

class LogWriter {
 public:
  static constexpr uint64_t kChunkBytes = 64 << 10;

  // Opens the version-3 segment starting at segment_start, whose records end at
  // `position` (only zeros after it: recovery repairs a torn tail first), to write on.
  static Result<std::unique_ptr<LogWriter>> Open(Env* env, const std::string& db_path, const DatabaseId& id,
                                                 uint64_t segment_start, uint64_t position);
  ~LogWriter();  // flushes what is buffered (best effort), stops the flusher
  LogWriter(const LogWriter&) = delete;
  LogWriter& operator=(const LogWriter&) = delete;

  // Adds a record at the end; returns the position just past it. ReadOnly once failed.
  Result<uint64_t> Append(RecordType type, uint64_t sequence, std::string_view payload);
  // Blocks until everything up to `position` is durable, or the log failed.
  Status WaitSynced(uint64_t position);
  // Everything appended so far, durable.
  Status SyncAll() { return WaitSynced(appended()); }
  // Starts a new segment at the current end (everything must be synced). For compaction.
  Status Roll(uint64_t base_sequence);

  // Called on the flusher thread, without the writer's lock, after each batch is durable.
  void SetOnSynced(std::function<void(uint64_t synced)> f);

  uint64_t appended() const;
  uint64_t synced() const;
  uint64_t segment_start() const;
  // Bytes held by the buffer: appended and not yet written, plus the batch being written.
  uint64_t buffered_bytes() const;
  uint64_t syncs() const;
  Status health() const;

 private:
  LogWriter(Env* env, std::string db_path, DatabaseId id, uint64_t segment_start, uint64_t position,
            std::unique_ptr<WritableFile> file);
  void FlusherLoop();
  // Writes `batch`, which starts at log position `from`, into the segment (growing it
  // first if needed) and syncs. Runs on the flusher without mu_.
  Status WriteBatch(WritableFile* file, uint64_t segment_start, uint64_t from,
                    const std::vector<std::string>& batch);
  Status FailedStatus() const;  // requires mu_

  Env* const env_;
  const std::string db_path_;
  const DatabaseId id_;

  mutable std::mutex mu_;
  std::condition_variable work_cv_;    // flusher: there is something to write, or stop
  std::condition_variable synced_cv_;  // waiters: synced_ moved, or the log failed
  // ---- guarded by mu_ ----
  std::unique_ptr<WritableFile> file_;
  uint64_t segment_start_;
  uint64_t appended_;
  uint64_t synced_;
  // Appended and not yet taken by the flusher, in chunks of kChunkBytes (or one record,
  // if larger): unlike one growing string, whose capacity doubles past what the memory
  // bound allowed, the chunks hold what was appended plus less than one chunk.
  std::vector<std::string> pending_;
  uint64_t pending_bytes_ = 0;  // capacities of pending_
  uint64_t in_flight_bytes_ = 0;
  bool writing_ = false;
  uint64_t syncs_ = 0;
  Status error_;
  bool stop_ = false;
  std::function<void(uint64_t)> on_synced_;

  std::thread flusher_;
};

}  // namespace quiver::storage
