#include "partition_build.h"

#include <algorithm>
#include <csignal>
#include <random>

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
  return session_->BuildInto(writer_.get()).status();
}

// The construction session's own publish (ConstructionSession::Commit): a new history,
// so no log record of the replaced graph is ever replayed onto this one, then CURRENT.
Status PartitionBuilder::PublishLocal() {
  Env* env = Env::Default();
  uint64_t history = 0;
  {
    QUIVER_ASSIGN_OR_RETURN(auto live, db_->Pin());
    QUIVER_ASSIGN_OR_RETURN(history, storage::StartNewHistory(env, db_->path(), db_->database_id(),
                                                              live->manifest().write_log_position,
                                                              live->manifest().format_version));
  }
  auto published = db_->Publish(writer_.get(), history);
  auto current = db_->CurrentGeneration();
  published_ = current.ok() && *current == writer_->generation();  // live once CURRENT names it
  QUIVER_RETURN_IF_ERROR(published.status());
  storage::RemoveSegmentsBelow(env, db_->path(), history);
  entry_.generation = *published;
  const storage::DatabaseId& id = db_->database_id();
  entry_.database_id = ToHex(id.data(), id.size());
  return Status::OK();
}

Result<Manifest> PartitionBuilder::Publish() {
  QUIVER_RETURN_IF_ERROR(comm_.Agree(
      PublishLocal(),
      "the manifest was not written, and the partitions that published no longer match it: build again"));
  // Every partition is live: rank 0 gathers their entries and writes the manifest.
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
  QUIVER_RETURN_IF_ERROR(comm_.Agree(local, "the manifest was not written"));
  return m;
}

}  // namespace quiver::mpi
