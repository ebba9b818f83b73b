#include "partition_build.h"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <random>

#include "storage/checkpoints.h"
#include "storage/txn/log_segment.h"

namespace quiver::mpi {
namespace {

std::string NewCreationId() {
  std::random_device rd;
  uint8_t bytes[16];
  for (uint8_t& b : bytes) b = static_cast<uint8_t>(rd());
  return ToHex(bytes, sizeof(bytes));
}

}  // namespace

PartitionBuilder::PartitionBuilder(const Comm& comm, BuildOptions options)
    : comm_(comm), options_(std::move(options)) {
  path_ = PartitionPath(options_.dir, static_cast<uint32_t>(comm_.rank()));
  entry_.rank = static_cast<uint32_t>(comm_.rank());
}

PartitionBuilder::~PartitionBuilder() {
  Discard();
}

void PartitionBuilder::Discard() {
  Env* env = Env::Default();
  if (session_) session_->Abort();
  if (writer_ && !published_) {
    if (prepared_) DropCheckpoint();
    prepared_ = false;
    const std::string dir = writer_->dir();
    writer_.reset();
    (void)env->RemoveDirRecursive(dir);  // best effort: the next open collects an unpublished gen-N
  }
}

Status PartitionBuilder::Open() {
  Env* env = Env::Default();
  const auto ranks = static_cast<uint32_t>(comm_.size());
  Status local = env->CreateDirs(options_.dir);
  if (local.ok() && comm_.rank() == 0) {
    auto existing = ReadManifest(env, options_.dir);
    if (existing.ok() && !options_.replace) {
      local = Status::InvalidArgument(
          options_.dir + " already holds a partitioned graph (" + std::to_string(existing->nodes) +
          " nodes, " + std::to_string(existing->edges) + " relationships); pass --replace to replace it");
    } else if (existing.ok() && existing->ranks != ranks) {
      local = Status::InvalidArgument("wrong rank count: " + options_.dir + " has " +
                                      std::to_string(existing->ranks) + " partitions, started with " +
                                      std::to_string(ranks) + " ranks (re-partitioning is not supported)");
    } else if (!existing.ok() && existing.status().code() != StatusCode::kNotFound) {
      local = existing.status();  // a damaged manifest is never silently replaced
    }
  }
  if (local.ok()) {
    storage::DatabaseOptions o;
    o.create_if_missing = true;
    auto db = storage::DatabaseDir::Open(env, path_, o);
    if (db.ok()) db_ = std::move(db).value();
    local = db.status();
  }
  if (local.ok() && !options_.replace) {
    // A partition with a graph but no manifest naming it (a manifest deleted, a build
    // that failed between publishes) is replaced only when asked, as `quiver generate`
    // replaces a database's graph.
    auto live = db_->Pin();
    local = live.status();
    if (live.ok() && ((*live)->NodeCount() > 0 || (*live)->EdgeCount() > 0)) {
      local = Status::InvalidArgument("partition " + path_ + " already holds a graph (" +
                                      std::to_string((*live)->NodeCount()) +
                                      " nodes); pass --replace to replace it");
    }
  }
  if (local.ok()) {
    auto session = ingest::ConstructionSession::Begin(db_.get(), options_.session);
    if (session.ok()) session_ = std::move(session).value();
    local = session.status();
  }
  QUIVER_RETURN_IF_ERROR(comm_.Agree(local, "nothing was published"));
  // One creation id for every partition of this build, drawn by rank 0.
  char creation[33] = {};
  if (comm_.rank() == 0) NewCreationId().copy(creation, 32);
  comm_.BroadcastBytes(creation, 32, 0);
  creation_ = creation;
  return Status::OK();
}

Status PartitionBuilder::Build(const PartitionFeed& feed) {
  Status local = BuildLocal(feed);
  if (options_.die_before_agreement) std::raise(SIGKILL);
  if (local.ok() && options_.fail_before_agreement) {
    local = Status::IOError("injected failure on rank " + std::to_string(comm_.rank()) +
                            " (QUIVER_MPI_FAIL_RANK)");
  }
  Status agreed = comm_.Agree(local, "nothing was published");
  if (!agreed.ok()) Discard();  // every rank drops its unpublished generation
  return agreed;
}

Status PartitionBuilder::BuildLocal(const PartitionFeed& feed) {
  QUIVER_RETURN_IF_ERROR(feed(session_.get(), &entry_));
  QUIVER_RETURN_IF_ERROR(session_->Validate());
  QUIVER_ASSIGN_OR_RETURN(writer_, db_->BeginGeneration(session_->node_count()));
  QUIVER_ASSIGN_OR_RETURN(ingest::CommitResult built, session_->BuildInto(writer_.get()));
  scratch_bytes_ = built.scratch_bytes_written;
  return Status::OK();
}

// Phase one of the publish, on each rank: the generation finished (its MANIFEST
// written) after a new history (as ConstructionSession::Commit starts one, so no log
// record of the replaced graph is ever replayed onto this one), and kept by the build's
// checkpoint — complete, safe from the collector, not yet CURRENT.
Status PartitionBuilder::PrepareLocal() {
  Env* env = Env::Default();
  uint64_t history = 0;
  {
    QUIVER_ASSIGN_OR_RETURN(auto live, db_->Pin());
    QUIVER_ASSIGN_OR_RETURN(history, storage::StartNewHistory(env, db_->path(), db_->database_id(),
                                                              live->manifest().write_log_position,
                                                              live->manifest().format_version));
  }
  QUIVER_RETURN_IF_ERROR(writer_->Finish(history).status());
  QUIVER_ASSIGN_OR_RETURN(std::vector<storage::Checkpoint> checkpoints, storage::ReadCheckpoints(env, path_));
  checkpoints.push_back({BuildCheckpointName(creation_), writer_->generation(),
                         std::chrono::duration_cast<std::chrono::seconds>(
                             std::chrono::system_clock::now().time_since_epoch())
                             .count()});
  QUIVER_RETURN_IF_ERROR(storage::WriteCheckpoints(env, path_, checkpoints));
  prepared_ = true;
  entry_.generation = writer_->generation();
  const storage::DatabaseId& id = db_->database_id();
  entry_.database_id = ToHex(id.data(), id.size());
  return Status::OK();
}

// Phase three, on each rank, once the manifest names the build: CURRENT moves to the
// build's generation, and the checkpoints of other builds go (their generations with
// them, at the collection).
Status PartitionBuilder::MakeCurrentLocal() {
  Env* env = Env::Default();
  QUIVER_RETURN_IF_ERROR(db_->MakeCurrent(entry_.generation));
  QUIVER_ASSIGN_OR_RETURN(std::vector<storage::Checkpoint> checkpoints, storage::ReadCheckpoints(env, path_));
  const std::string mine = BuildCheckpointName(creation_);
  std::erase_if(checkpoints, [&](const storage::Checkpoint& c) { return c.name.starts_with("mpi-") && c.name != mine; });
  QUIVER_RETURN_IF_ERROR(storage::WriteCheckpoints(env, path_, checkpoints));
  return db_->CollectGarbage();
}

// The build's checkpoint, dropped (a failed publish's).
void PartitionBuilder::DropCheckpoint() {
  Env* env = Env::Default();
  auto checkpoints = storage::ReadCheckpoints(env, path_);
  if (!checkpoints.ok()) return;
  const std::string mine = BuildCheckpointName(creation_);
  std::erase_if(*checkpoints, [&](const storage::Checkpoint& c) { return c.name == mine; });
  (void)storage::WriteCheckpoints(env, path_, *checkpoints);
}

// Two phases and a commit point: every rank prepares its generation (phase one) and they
// agree; rank 0 writes the manifest naming them — the build is published when that
// rename lands, wherever a rank stops; then every rank moves its CURRENT (phase three).
// Readers follow the manifest (CheckPartition, OpenPartition), so a rank that dies
// between the two leaves a consistent database, and a failure before the manifest leaves
// the previous build everywhere.
Result<Manifest> PartitionBuilder::Publish() {
  Status prepared = comm_.Agree(PrepareLocal(), "nothing was published");
  if (!prepared.ok()) {
    Discard();
    return prepared;
  }
  // Every partition is prepared: rank 0 gathers their entries and writes the manifest.
  struct Wire {
    uint8_t database_id[16];
    uint64_t generation, owned_nodes, ghost_nodes, edges, stored_edges;
  };
  Wire w{};
  const storage::DatabaseId& id = db_->database_id();
  std::copy(id.begin(), id.end(), w.database_id);
  w.generation = entry_.generation;
  w.owned_nodes = entry_.owned_nodes;
  w.ghost_nodes = entry_.ghost_nodes;
  w.edges = entry_.edges;
  w.stored_edges = entry_.stored_edges;
  const std::vector<uint8_t> all = comm_.GatherBytes(&w, sizeof(w), 0);
  Manifest m;
  m.creation = creation_;
  m.ranks = static_cast<uint32_t>(comm_.size());
  Status local;
  if (comm_.rank() == 0) {
    for (uint32_t r = 0; r < m.ranks; ++r) {
      Wire e;
      std::copy_n(all.data() + r * sizeof(Wire), sizeof(Wire), reinterpret_cast<uint8_t*>(&e));
      m.partitions.push_back(
          {r, ToHex(e.database_id, 16), e.generation, e.owned_nodes, e.ghost_nodes, e.edges, e.stored_edges});
      m.nodes += e.owned_nodes;
      m.edges += e.edges;
    }
    local = WriteManifest(Env::Default(), options_.dir, m);
  }
  Status written = comm_.Agree(local, "the manifest was not written: nothing was published");
  if (!written.ok()) {
    Discard();
    return written;
  }
  published_ = true;  // the manifest names the build
  if (options_.die_after_manifest) std::raise(SIGKILL);
  QUIVER_RETURN_IF_ERROR(comm_.Agree(MakeCurrentLocal(),
                                     "the build is published (the manifest names it) but a partition's CURRENT "
                                     "did not move; readers follow the manifest"));
  return m;
}

}  // namespace quiver::mpi
