#include "storage/txn/transactional_store.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "storage/index_generation.h"
#include "storage/txn/compaction.h"

namespace quiver::storage {

namespace {

// A snapshot: a GraphReader over one published DeltaState, which it keeps alive.
class SnapshotReader final : public StateReader<GraphReader> {
 public:
  SnapshotReader(std::shared_ptr<MemoryAccount> account, std::shared_ptr<const DeltaState> state)
      : account_(std::move(account)), state_(std::move(state)) {
    view_.Reset(state_.get());
  }

 private:
  std::shared_ptr<MemoryAccount> account_;  // outlives state_, whose structures report to it
  std::shared_ptr<const DeltaState> state_;
};

// Tells a new database from a damaged one before DatabaseDir would create anything
// (docs/format/log.md, "Recovery": an empty directory and an unreadable database are
// told apart).
Status CheckDirectory(Env* env, const std::string& path, const StoreOptions& options) {
  const bool may_create = options.create_if_missing && !options.read_only;
  QUIVER_ASSIGN_OR_RETURN(bool exists, env->FileExists(path));
  if (!exists) {
    return may_create ? Status::OK() : Status::NotFound("no Quiver database at '" + path + "'");
  }
  QUIVER_ASSIGN_OR_RETURN(auto names, env->ListDir(path));
  bool current = false, dbid = false, files = false, other = false;
  for (const auto& name : names) {
    if (name == kCurrentFileName) {
      current = true;
    } else if (name == kDatabaseIdFileName) {
      dbid = true;
    } else if (ParseSegmentFileName(name) || ParseGenerationDirName(name)) {
      files = true;
    } else if (name != kLockFileName && name != std::string(kCurrentFileName) + ".tmp" &&
               name != std::string(kDatabaseIdFileName) + ".tmp") {
      other = true;
    }
  }
  if (current) return Status::OK();
  // A creation that crashed after DBID may have left the empty log and a generation
  // directory; DatabaseDir::Create finishes it (and refuses a log that holds records).
  if (files && !dbid) {
    return Status::Corruption("'" + path +
                              "' holds database files (generations or log segments) but no CURRENT");
  }
  if (other && !dbid)
    return Status::InvalidArgument("'" + path + "' is not a Quiver database: not empty, no DBID");
  // Empty, or a creation that crashed before CURRENT: DatabaseDir finishes it.
  return may_create ? Status::OK() : Status::NotFound("no Quiver database at '" + path + "' (no CURRENT)");
}

}  // namespace

TransactionalStore::TransactionalStore(Env* env, std::string path, StoreOptions options)
    : env_(env), path_(std::move(path)), options_(std::move(options)) {
  if (options_.compaction_threshold == 0) options_.compaction_threshold = options_.memory_budget / 2;
  if (options_.compaction_log_bytes == 0) options_.compaction_log_bytes = 4 * options_.memory_budget;
}

TransactionalStore::~TransactionalStore() {
  {
    std::unique_lock<std::mutex> l(mu_);
    // A transaction still open would call back into a dead store: wait for it.
    slot_cv_.wait(l, [&] { return !slot_busy_; });
  }
  log_.reset();  // writes and syncs what is buffered
}

Result<std::unique_ptr<TransactionalStore>> TransactionalStore::Open(Env* env, const std::string& path,
                                                                     const StoreOptions& options) {
  if (options.memory_budget == 0) return Status::InvalidArgument("memory_budget must be positive");
  if (options.at_generation && !options.read_only) {
    return Status::InvalidArgument("a past generation opens read-only");
  }
  QUIVER_RETURN_IF_ERROR(CheckDirectory(env, path, options));
  std::unique_ptr<TransactionalStore> store(new TransactionalStore(env, path, options));
  QUIVER_RETURN_IF_ERROR(store->Recover());
  return store;
}

Result<RecoveredLog> TransactionalStore::ReadState(RecoveryReport* report) {
  if (options_.at_generation) {
    // A checkpoint's generation is the whole state: its log was folded into it, and what
    // the log holds past its position is the later history.
    QUIVER_ASSIGN_OR_RETURN(auto gen, dir_->PinGeneration(*options_.at_generation));
    const uint64_t position = gen->manifest().write_log_position;
    *report = RecoveryReport();
    RecoveredLog rec;
    rec.state = DeltaState::OverBase(std::move(gen), 0, position);
    return rec;
  }
  // A reader in another process can lose a race with the writer's compaction: it pins
  // generation G, then the writer publishes G+1 and deletes the log segments below G+1's
  // position before the reader has read them. The reader then sees a hole in the log; if
  // CURRENT has moved on meanwhile, that is the race, not corruption: start over on the
  // new generation. (The writer holds LOCK, so it never races itself.)
  //
  // It can also read the tail of the log while the writer appends to it: reading page by
  // page, it may see a record's page before the writer wrote it (zeros) and a later
  // page after the writer wrote and fsynced the first and appended more — a "hole" that
  // a later record names durable, which from a file at rest would be damage. Such a view
  // is never stable: read again, the hole is filled. So a read-only open that meets
  // Corruption in the log reads it again, a few times with a short pause, before it
  // reports it; damage at rest is reported all the same, a few milliseconds later.
  constexpr int kReadOnlyAttempts = 8;
  Result<RecoveredLog> recovered = Status::OK();
  for (int attempt = 1;; ++attempt) {
    QUIVER_ASSIGN_OR_RETURN(auto gen, dir_->Pin());
    const uint64_t pinned = gen->generation();
    const uint64_t position = gen->manifest().write_log_position;
    auto base = DeltaState::OverBase(std::move(gen), 0, position);
    *report = RecoveryReport();
    recovered = RecoverLog(env_, path_, dir_->database_id(), std::move(base), options_.read_only, NewEdit(), report);
    if (recovered.ok() || !options_.read_only || attempt == kReadOnlyAttempts) break;
    auto current = ReadCurrent(env_, path_);
    if (!current.ok()) break;
    if (*current == pinned) {
      if (!recovered.status().IsCorruption()) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(attempt));  // let the writer's append finish
    }
  }
  return recovered;
}

Status TransactionalStore::Refresh() {
  if (!options_.read_only) return Status::OK();  // a writer's state is the latest there is
  std::lock_guard<std::mutex> refreshing(refresh_mu_);
  RecoveryReport report;
  QUIVER_ASSIGN_OR_RETURN(RecoveredLog rec, ReadState(&report));
  {
    std::lock_guard<std::mutex> l(mu_);
    latest_ = rec.state;
  }
  std::lock_guard<std::mutex> l(visible_mu_);
  visible_ = std::move(rec.state);
  return Status::OK();
}

Status TransactionalStore::Recover() {
  DatabaseOptions dopts;
  dopts.create_if_missing = options_.create_if_missing;
  dopts.read_only = options_.read_only;
  dopts.database_id = options_.database_id;
  dopts.open.verify_checksums = options_.verify_checksums_on_open;
  QUIVER_ASSIGN_OR_RETURN(dir_, DatabaseDir::Open(env_, path_, dopts));
  RecoveryReport report;
  Result<RecoveredLog> recovered = ReadState(&report);
  recovery_ = std::move(report);
  QUIVER_RETURN_IF_ERROR(recovered.status());
  RecoveredLog rec = std::move(recovered).value();
  latest_ = rec.state;
  visible_ = rec.state;
  if (options_.read_only) return Status::OK();
  const uint64_t end = rec.state->log_position;
  uint64_t segment = rec.segment_start;
  // No segment (a database imported before every generation had one), or one of an older
  // format (records of one format per file): go on in a new version-3 segment at the end.
  if (rec.create_segment || rec.segment_version < kLogFormatVersion) {
    QUIVER_RETURN_IF_ERROR(CreateSegment(env_, path_, dir_->database_id(), end, rec.state->sequence));
    segment = end;
  }
  QUIVER_ASSIGN_OR_RETURN(log_, LogWriter::Open(env_, path_, dir_->database_id(), segment, end));
  RemoveSegmentsBelow(env_, path_, rec.state->base->gen().manifest().write_log_position);
  // An index whose CREATE committed but whose build did not finish (a crash, a failed
  // build) is built now; a dropped one's file is let go.
  Status built = BuildIndexesHoldingSlot();
  last_index_build_error_ = built.ok() ? "" : built.ToString();
  return Status::OK();
}

std::unique_ptr<GraphReader> TransactionalStore::BeginRead() const {
  std::shared_ptr<const DeltaState> state;
  {
    std::lock_guard<std::mutex> l(visible_mu_);
    state = visible_;
  }
  return std::make_unique<SnapshotReader>(account_, std::move(state));
}

void TransactionalStore::PublishVisible(const std::shared_ptr<const DeltaState>& state) {
  std::lock_guard<std::mutex> l(visible_mu_);
  if (state->sequence > visible_->sequence) visible_ = state;
}

Status TransactionalStore::health() const {
  {
    std::lock_guard<std::mutex> l(mu_);
    if (!fatal_.ok()) return fatal_;
  }
  return log_ ? log_->health() : Status::OK();
}

void TransactionalStore::ReleaseSlot() {
  {
    std::lock_guard<std::mutex> l(mu_);
    slot_busy_ = false;
  }
  slot_cv_.notify_all();
}

uint64_t TransactionalStore::AccountedBytes() const {
  return account_->bytes() + (log_ ? log_->buffered_bytes() : 0);
}

void TransactionalStore::WaitForMemory(uint64_t extra, const char* where) {
  const uint64_t budget = options_.memory_budget;
  if (AccountedBytes() + extra <= budget) return;
  const auto deadline = std::chrono::steady_clock::now() + options_.memory_patience;
  bool waited = false;
  while (AccountedBytes() + extra > budget) {
    // Only the flusher, draining the log buffer on its own thread (it never waits for a
    // writer), lowers the total while we wait; a due compaction has run already, and
    // readers that pin old versions let go when their queries end, not on our account.
    const bool flushing = log_ != nullptr && log_->buffered_bytes() > 0;
    if (!flushing || std::chrono::steady_clock::now() >= deadline) {
      std::lock_guard<std::mutex> l(mu_);
      memory_waits_ += waited ? 1 : 0;
      ++memory_overruns_;
      last_overrun_ =
          std::string(where) + ": delta " + std::to_string(account_->bytes()) + " + log buffer " +
          std::to_string(log_ ? log_->buffered_bytes() : 0) + " + " + std::to_string(extra) +
          " bytes > budget " + std::to_string(budget) +
          (flushing
               ? " after waiting " + std::to_string(options_.memory_patience.count()) + " ms for the flusher"
               : " with nothing left to flush (readers pin old versions, or compaction is off or failed)");
      return;
    }
    waited = true;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  std::lock_guard<std::mutex> l(mu_);
  ++memory_waits_;
}

Status TransactionalStore::AcquireSlot(const std::function<bool()>& give_up) {
  std::unique_lock<std::mutex> l(mu_);
  if (give_up) {
    while (!slot_cv_.wait_for(l, std::chrono::milliseconds(10), [&] { return !slot_busy_; })) {
      if (give_up()) return Status::Aborted("gave up waiting for the writer (another transaction holds it)");
    }
  } else {
    slot_cv_.wait(l, [&] { return !slot_busy_; });
  }
  slot_busy_ = true;
  return Status::OK();
}

Result<std::unique_ptr<GraphWriter>> TransactionalStore::BeginWrite(const WriteOptions& options) {
  if (options_.read_only) return Status::ReadOnly("the database was opened read-only");
  if (Status s = AcquireSlot(options.give_up); !s.ok()) return s;
  Status h = health();
  if (!h.ok()) {
    ReleaseSlot();
    return h;
  }
  if (CompactionDue()) {
    // A delta left over the threshold (after recovery, or by a failed compaction).
    Status s = AutoCompact();
    if (!s.ok() && !health().ok()) {
      ReleaseSlot();
      return health();
    }
  }
  WaitForMemory(0, "BeginWrite");
  std::shared_ptr<const DeltaState> start;
  {
    std::lock_guard<std::mutex> l(mu_);
    start = latest_;
  }
  Transaction::Options t;
  t.durability = options.durability.value_or(options_.durability);
  t.memory_limit = options_.memory_budget;
  return std::unique_ptr<GraphWriter>(std::make_unique<Transaction>(this, *start, NewEdit(), t));
}

void TransactionalStore::EndTransaction(Transaction*) {
  ReleaseSlot();
}

Status TransactionalStore::CommitTransaction(Transaction* txn) {
  if (!txn->HasChanges()) {
    ReleaseSlot();
    return Status::OK();
  }
  WaitForMemory(RecordSize(txn->payload().size()), "commit");
  uint64_t sequence = 0;
  {
    std::lock_guard<std::mutex> l(mu_);
    sequence = latest_->sequence + 1;
  }
  Result<uint64_t> end = log_->Append(RecordType::kCommit, sequence, txn->payload());
  if (!end.ok()) {
    ReleaseSlot();
    return end.status();
  }
  auto committed = std::make_shared<DeltaState>(txn->work());
  committed->sequence = sequence;
  committed->log_position = *end;
  std::shared_ptr<const DeltaState> state = committed;
  bool schema_changed = false;
  {
    std::lock_guard<std::mutex> l(mu_);
    schema_changed = state->schema != latest_->schema;
    latest_ = state;
    ++commits_;
  }
  if (schema_changed) {
    // CREATE INDEX returns once its index is ONLINE (Neo4j's tools expect to seek right
    // after it), DROP INDEX once its file is gone from the live generation. A failure is
    // not the commit's, which is in the log: the index stays POPULATING, and the next
    // open or compaction builds it (Stats().last_index_build_error says why).
    Status built = BuildIndexesHoldingSlot();
    std::lock_guard<std::mutex> l(mu_);
    last_index_build_error_ = built.ok() ? "" : built.ToString();
    state = latest_;  // the same commit over the derived generation
  }
  const bool durable = txn->durability() == Durability::kDurable;
  if (!durable) PublishVisible(state);
  if (CompactionDue()) {
    // Never throttled: it is what frees the delta. Its failure is not this commit's:
    // the commit is in the log either way (a failure that stops writes shows in health()).
    (void)AutoCompact();
  }
  ReleaseSlot();
  if (durable) {
    QUIVER_RETURN_IF_ERROR(log_->WaitSynced(*end));
    PublishVisible(state);
  }
  return Status::OK();
}

bool TransactionalStore::CompactionDue() {
  if (!options_.auto_compact) return false;
  const uint64_t now = account_->bytes();
  std::lock_guard<std::mutex> l(mu_);
  // The account also counts old versions that readers pin, which no compaction frees:
  // what the delta grew by since the last compaction is what is measured against the
  // threshold. The baseline follows the account down as readers let go.
  compaction_baseline_ = std::min(compaction_baseline_, now);
  const uint64_t log_bytes = latest_->log_position - latest_->base->gen().manifest().write_log_position;
  return now - compaction_baseline_ > options_.compaction_threshold ||
         log_bytes > options_.compaction_log_bytes;
}

Status TransactionalStore::AutoCompact() {
  Status s = CompactHoldingSlot();
  if (!s.ok()) {
    std::lock_guard<std::mutex> l(mu_);
    last_compaction_error_ = s.ToString();
    // Try again only after as much growth again, not at every commit.
    compaction_baseline_ = account_->bytes();
  }
  return s;
}

Status TransactionalStore::Compact() {
  if (options_.read_only) return Status::ReadOnly("the database was opened read-only");
  (void)AcquireSlot(nullptr);  // without give_up it waits as long as it takes, and succeeds
  Status s = health();
  if (s.ok()) s = CompactHoldingSlot();
  ReleaseSlot();
  return s;
}

Status TransactionalStore::CompactHoldingSlot() {
  const auto started = std::chrono::steady_clock::now();
  std::shared_ptr<const DeltaState> state;
  {
    std::lock_guard<std::mutex> l(mu_);
    state = latest_;
  }
  // Nothing to fold: no commit since the generation, and no type in several segments (an
  // incremental import's, which a compaction builds into one CSR again).
  if (!state->HasChanges() && !state->base->gen().Segmented()) return Status::OK();
  QUIVER_RETURN_IF_ERROR(log_->SyncAll());
  const uint64_t position = state->log_position;
  QUIVER_ASSIGN_OR_RETURN(auto writer, dir_->BeginGeneration(state->live_nodes));
  CompactionCounts counts;
  const unsigned workers = options_.compaction_workers != 0
                               ? options_.compaction_workers
                               : std::max(1u, std::thread::hardware_concurrency());
  Status s = options_.compaction_builder
                 ? options_.compaction_builder(*state, dir_.get(), writer.get(), &counts)
                 : WriteCompactedGeneration(*state, writer.get(), &counts, workers);
  if (!s.ok()) {
    writer.reset();
    (void)dir_->CollectGarbage();  // the unfinished generation directory
    return s.WithContext("compaction");
  }
  // From here on a failure leaves the disk in a state this process cannot vouch for:
  // stop acknowledging writes (the log does so by itself for a failed Roll).
  QUIVER_RETURN_IF_ERROR(log_->Roll(state->sequence));
  Result<std::shared_ptr<const Generation>> gen = Status::OK();
  auto published = dir_->Publish(writer.get(), position);
  if (published.ok()) gen = dir_->Pin();
  if (!published.ok() || !gen.ok()) {
    const Status cause = published.ok() ? gen.status() : published.status();
    std::lock_guard<std::mutex> l(mu_);
    fatal_ = Status::ReadOnly("publishing a compacted generation failed (" + cause.ToString() +
                              "); the database no longer acknowledges commits");
    return fatal_;
  }
  auto next = DeltaState::OverBase(std::move(gen).value(), state->sequence, position);
  {
    std::lock_guard<std::mutex> l(mu_);
    latest_ = next;
    ++compactions_;
    compacted_nodes_ = counts.nodes;
    compacted_edges_ = counts.edges;
    last_compaction_seconds_ =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  }
  {
    std::lock_guard<std::mutex> l(visible_mu_);
    visible_ = next;
  }
  state.reset();
  {
    std::lock_guard<std::mutex> l(mu_);
    compaction_baseline_ = account_->bytes();  // what is left is pinned by readers
  }
  RemoveSegmentsBelow(env_, path_, position);
  (void)dir_->CollectGarbage();  // the old generation, unless a reader still pins it
  // The compacted generation has the catalog but not the index files: derive them.
  Status built = BuildIndexesHoldingSlot();
  std::lock_guard<std::mutex> l(mu_);
  last_index_build_error_ = built.ok() ? "" : built.ToString();
  return Status::OK();  // compacted; the indexes' failure is recorded, not the compaction's
}

Status TransactionalStore::BuildIndexesHoldingSlot() {
  std::shared_ptr<const DeltaState> state;
  {
    std::lock_guard<std::mutex> l(mu_);
    state = latest_;
  }
  const Generation& base = state->base->gen();
  std::vector<IndexDefinition> wanted;
  bool differ = false;
  for (const IndexDefinition& index : state->schema->indexes()) {
    if (!index.IsPropertyIndex()) continue;
    wanted.push_back(index);
    const PropertyIndexView* file = base.PropertyIndex(index.name);
    differ = differ || file == nullptr || !(file->definition() == index);
  }
  differ = differ || base.property_indexes().size() > wanted.size();
  if (!differ) {
    for (const Generation::IndexFile& file : base.property_indexes()) {
      differ = differ || std::find(wanted.begin(), wanted.end(), file.view.definition()) == wanted.end();
    }
  }
  if (!differ) return Status::OK();
  // Durable up to latest_ first, so no commit still waiting for its sync publishes a
  // state over the old generation after this one.
  if (log_) QUIVER_RETURN_IF_ERROR(log_->SyncAll());
  const unsigned workers = options_.compaction_workers != 0 ? options_.compaction_workers
                                                             : std::max(1u, std::thread::hardware_concurrency());
  QUIVER_RETURN_IF_ERROR(
      WriteIndexedGeneration(dir_.get(), base, wanted, workers, options_.index_build_progress, options_.memory_budget)
          .status());
  QUIVER_ASSIGN_OR_RETURN(std::shared_ptr<const Generation> gen, dir_->Pin());
  auto over = std::make_shared<const BaseGraph>(std::move(gen));
  auto rebase = [&](const std::shared_ptr<const DeltaState>& s) {
    auto next = std::make_shared<DeltaState>(*s);
    next->base = over;
    return std::shared_ptr<const DeltaState>(std::move(next));
  };
  {
    std::lock_guard<std::mutex> l(mu_);
    latest_ = rebase(latest_);
  }
  {
    std::lock_guard<std::mutex> l(visible_mu_);
    visible_ = rebase(visible_);
  }
  (void)dir_->CollectGarbage();  // the generation it derives from, unless a reader pins it
  return Status::OK();
}

Status TransactionalStore::Flush() {
  return log_ ? log_->SyncAll() : Status::OK();
}

GraphCounts TransactionalStore::Counts() const {
  std::shared_ptr<const DeltaState> state;
  {
    std::lock_guard<std::mutex> l(visible_mu_);
    state = visible_;
  }
  return CountGraph(*state);
}

StoreStats TransactionalStore::Stats() const {
  StoreStats s;
  {
    std::lock_guard<std::mutex> l(mu_);
    s.generation = latest_->base->gen().generation();
    s.sequence = latest_->sequence;
    s.log_position = latest_->log_position;
    s.log_since_generation = latest_->log_position - latest_->base->gen().manifest().write_log_position;
    s.commits = commits_;
    s.compactions = compactions_;
    s.compacted_nodes = compacted_nodes_;
    s.compacted_edges = compacted_edges_;
    s.last_compaction_seconds = last_compaction_seconds_;
    s.memory_waits = memory_waits_;
    s.memory_overruns = memory_overruns_;
    s.last_overrun = last_overrun_;
    s.last_compaction_error = last_compaction_error_;
    s.last_index_build_error = last_index_build_error_;
  }
  s.synced_position = log_ ? log_->synced() : s.log_position;
  s.log_syncs = log_ ? log_->syncs() : 0;
  s.log_buffer_bytes = log_ ? log_->buffered_bytes() : 0;
  s.delta_bytes = account_->bytes();
  s.delta_peak_bytes = account_->peak();
  s.memory_budget = options_.memory_budget;
  s.compaction_threshold = options_.compaction_threshold;
  return s;
}

}  // namespace quiver::storage
