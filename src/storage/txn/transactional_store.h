#pragma once
// TransactionalStore: a database directory opened for transactional reads and writes —
// the live generation ⊕ an in-memory delta, with a write log for durability
// (docs/format/log.md). It implements the graph interfaces of src/storage/graph.h:
//
//   auto store = TransactionalStore::Open(Env::Default(), "/data/g", {}).value();
//   auto reader = store->BeginRead();          // a snapshot; never blocks, never changes
//   auto w = store->BeginWrite().value();      // the one writer transaction
//   NodeId a = w->CreateNode({}, {});
//   Status s = w->Commit();                    // durable or async, per the options
//
// Concurrency (snapshot isolation): one writer transaction at a time (BeginWrite waits
// for the slot), any number of readers. A reader holds an immutable DeltaState: later
// commits and compactions never change what it sees, and taking a snapshot is copying
// a pointer under a lock no writer holds across any work. A transaction that fails
// (error, exception, Rollback, destruction) leaves no trace.
//
// Commit: the transaction's payload is appended to the log buffer; its state becomes
// the base of the next transaction at once, and visible to new snapshots at once
// (async) or once its record is fsynced (durable; several committers share a fsync).
// The slot is released before a durable commit waits for its sync, so the next
// transaction overlaps the wait: group commit.
//
// Memory: `memory_budget` bounds delta + log buffer while writing, in both modes (see
// the format doc's "Memory bound" for exactly what is counted). Compaction runs in the
// writer slot when the delta passes `compaction_threshold`, and on Compact().
//
// Threads: every public method may be called from any thread. A transaction and the
// readers must not outlive the store.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "common/file/env.h"
#include "quiver/database.h"
#include "storage/database_dir.h"
#include "storage/graph.h"
#include "storage/txn/compaction.h"
#include "storage/txn/graph_counts.h"
#include "storage/txn/log_writer.h"
#include "storage/txn/recovery.h"
#include "storage/txn/transaction.h"

namespace quiver::storage {

struct StoreOptions {
  Durability durability = Durability::kDurable;
  uint64_t memory_budget = uint64_t{256} << 20;
  // The delta growth that starts a compaction; 0 = half the budget.
  uint64_t compaction_threshold = 0;
  // The log written since the live generation that starts a compaction, so a log of
  // many small overwrites (a delta that stays small) is truncated too, and recovery
  // stays short; 0 = 4 x the budget.
  uint64_t compaction_log_bytes = 0;
  bool auto_compact = true;
  // Threads of a compaction's build; 0 = the machine's hardware concurrency.
  unsigned compaction_workers = 0;
  // Builds compacted generations; empty = the in-memory WriteCompactedGeneration
  // (compaction.h). Database::Open installs the ingest layer's bounded builder.
  CompactionBuilder compaction_builder;
  // Told how index builds go (DatabaseOptions::index_build_progress); may be empty.
  std::function<void(uint64_t nodes_done, uint64_t nodes_total)> index_build_progress;
  // How long an append over the budget waits for the flusher to drain the log buffer.
  std::chrono::milliseconds memory_patience{1000};
  bool create_if_missing = true;
  bool read_only = false;
  bool verify_checksums_on_open = false;
  std::optional<DatabaseId> database_id;  // for a database being created (tests)
  // Read-only only: open this generation as it is — a named checkpoint's — without the
  // write log past it (which holds the later history of the live generation's line).
  std::optional<uint64_t> at_generation;
};

struct WriteOptions {
  std::optional<Durability> durability;  // default: the store's
  // While another transaction holds the writer, BeginWrite waits; this is asked every
  // few milliseconds, and true makes it give up with Aborted (a statement cancelled or
  // past its timeout while it waited). Null: wait as long as it takes.
  std::function<bool()> give_up = nullptr;
};

struct StoreStats {
  uint64_t generation = 0;
  uint64_t sequence = 0;         // last committed transaction
  uint64_t log_position = 0;     // end of the log
  uint64_t synced_position = 0;  // durable up to here
  uint64_t delta_bytes = 0;      // MemoryAccount: every live version of the delta
  uint64_t delta_peak_bytes = 0;
  uint64_t log_buffer_bytes = 0;
  uint64_t memory_budget = 0;
  uint64_t compaction_threshold = 0;
  uint64_t log_since_generation = 0;  // bytes of log the live generation does not include
  uint64_t commits = 0;
  uint64_t log_syncs = 0;
  uint64_t compactions = 0;
  uint64_t compacted_nodes = 0;  // by the last compaction
  uint64_t compacted_edges = 0;
  double last_compaction_seconds = 0;  // its build + publish time
  uint64_t memory_waits = 0;           // appends that waited for memory
  uint64_t memory_overruns = 0;        // of which proceeded over the budget after memory_patience
  std::string last_overrun;
  std::string last_compaction_error;  // of an automatic compaction; empty if none failed
  std::string last_index_build_error;  // of the last index build; empty if it succeeded
};

class TransactionalStore final : public TransactionHost {
 public:
  static Result<std::unique_ptr<TransactionalStore>> Open(Env* env, const std::string& path,
                                                          const StoreOptions& options);
  ~TransactionalStore() override;
  TransactionalStore(const TransactionalStore&) = delete;
  TransactionalStore& operator=(const TransactionalStore&) = delete;

  // A consistent snapshot of the latest visible commit.
  std::unique_ptr<GraphReader> BeginRead() const;
  // The write transaction (waits while another one or a compaction runs). ReadOnly when
  // the store was opened read-only or stopped acknowledging writes.
  Result<std::unique_ptr<GraphWriter>> BeginWrite(const WriteOptions& options = {});
  // Merges base + delta into a new generation now (waits for the writer slot).
  Status Compact();
  // Waits until every commit so far is durable (async mode's barrier).
  Status Flush();
  // Read-only stores: catches up with what the writing process has committed since the
  // open or the last refresh — its newest generation and the log past it, read as an
  // open reads them (so it costs what an open does: the log since that generation).
  // Snapshots taken before keep the state they have. A writer: nothing to do.
  Status Refresh();

  // OK, or why the store no longer acknowledges commits.
  Status health() const;
  StoreStats Stats() const;
  // Nodes per label and relationships per type in the latest visible commit.
  GraphCounts Counts() const;
  const RecoveryReport& recovery() const { return recovery_; }
  const std::string& path() const { return path_; }
  Env* env() const { return env_; }

  // ---- TransactionHost ----
  Status CommitTransaction(Transaction* txn) override;
  void EndTransaction(Transaction* txn) override;

 private:
  TransactionalStore(Env* env, std::string path, StoreOptions options);
  Status Recover();
  // The newest generation with the log past it replayed (retrying a reader's races).
  Result<RecoveredLog> ReadState(RecoveryReport* report);
  void PublishVisible(const std::shared_ptr<const DeltaState>& state);
  // Takes the one writer slot, waiting for it; Aborted when `give_up` says so first.
  Status AcquireSlot(const std::function<bool()>& give_up);
  void ReleaseSlot();
  // Waits (up to memory_patience) while delta + log buffer + extra > budget and the
  // flusher is draining the buffer; counts the wait, and an overrun when it proceeds
  // over the budget. Called without mu_.
  void WaitForMemory(uint64_t extra, const char* where);
  uint64_t AccountedBytes() const;
  // Whether the delta grew past compaction_threshold since the last compaction.
  bool CompactionDue();
  // CompactHoldingSlot for the automatic trigger: a failure is recorded, not returned
  // to the committer whose commit triggered it, and not retried at every commit.
  Status AutoCompact();
  // Compaction of latest_; the caller holds the writer slot.
  Status CompactHoldingSlot();
  // Brings the base generation's PropertyIndex files in line with latest_'s catalog — a
  // derived generation (index_generation.h) with the missing indexes built and the
  // dropped ones left out — and puts it under latest_ and visible_ (ids are unchanged,
  // so the delta stays as it is). Nothing when they already agree. The caller holds the
  // writer slot (or is Open).
  Status BuildIndexesHoldingSlot();
  EditContext NewEdit() { return EditContext{next_edit_.fetch_add(1), account_.get(), nullptr}; }

  Env* const env_;
  const std::string path_;
  StoreOptions options_;
  std::unique_ptr<DatabaseDir> dir_;
  std::unique_ptr<LogWriter> log_;  // null when read-only
  RecoveryReport recovery_;
  // Shared with the snapshots: delta structures a reader keeps alive report to it when freed.
  std::shared_ptr<MemoryAccount> account_ = std::make_shared<MemoryAccount>();
  std::atomic<uint64_t> next_edit_{1};

  std::mutex refresh_mu_;          // one Refresh at a time
  mutable std::mutex visible_mu_;  // held only to copy or swap the pointer
  std::shared_ptr<const DeltaState> visible_;

  mutable std::mutex mu_;
  std::condition_variable slot_cv_;
  // ---- guarded by mu_ ----
  bool slot_busy_ = false;
  std::shared_ptr<const DeltaState> latest_;  // what the next transaction starts from
  Status fatal_;                              // a failure outside the log (publish) that stops writes
  uint64_t commits_ = 0;
  uint64_t compactions_ = 0;
  uint64_t compaction_baseline_ = 0;  // the account just after the last compaction
  uint64_t compacted_nodes_ = 0;
  uint64_t compacted_edges_ = 0;
  double last_compaction_seconds_ = 0;
  uint64_t memory_waits_ = 0;
  uint64_t memory_overruns_ = 0;
  std::string last_overrun_;
  std::string last_compaction_error_;
  std::string last_index_build_error_;
};

}  // namespace quiver::storage
