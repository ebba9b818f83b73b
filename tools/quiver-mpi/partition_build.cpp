#include "partition_build.h"

#include <algorithm>
#include <random>

#include "storage/txn/log_segment.h"

namespace quiver::mpi {
namespace {

// A round's bytes per edge on a rank: the ids bucketed by destination (two copies of a
// cross edge, 16 bytes each), their flattened send buffer, and about as much received.
constexpr uint64_t kRoundBytesPerEdge = 96;
// Edges read back from the spool at a time.
constexpr uint64_t kSpoolChunkEdges = uint64_t{1} << 18;

// Reads the spool's (source, target) pairs in chunks, in the order they arrived.
template <typename F>
Status ForSpoolChunks(Env* env, const std::string& path, F&& f) {
  QUIVER_ASSIGN_OR_RETURN(auto file, env->NewRandomAccessFile(path));
  std::vector<uint64_t> pairs(kSpoolChunkEdges * 2);
  const uint64_t size = file->Size();
  for (uint64_t offset = 0; offset < size;) {
    const size_t want = static_cast<size_t>(std::min<uint64_t>(size - offset, pairs.size() * 8));
    QUIVER_ASSIGN_OR_RETURN(size_t got, file->ReadAt(offset, want, reinterpret_cast<char*>(pairs.data())));
    if (got != want || got % 16 != 0) return Status::IOError("short read of the shuffle spool " + path);
    QUIVER_RETURN_IF_ERROR(f(pairs.data(), got / 16));
    offset += got;
  }
  return Status::OK();
}

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
  spool_path_ = path_ + ".shuffle";
  stats_.entry.rank = static_cast<uint32_t>(comm_.rank());
}

PartitionBuilder::~PartitionBuilder() { Discard(); }

void PartitionBuilder::Discard() {
  Env* env = Env::Default();
  spool_.reset();
  (void)env->RemoveFile(spool_path_);  // best effort: a leftover spool is truncated by the next build
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
      local = Status::InvalidArgument(options_.dir + " already holds a partitioned graph (" +
                                      std::to_string(existing->nodes) + " nodes, " + std::to_string(existing->edges) +
                                      " relationships); pass --replace to replace it");
    } else if (existing.ok() && existing->ranks != ranks) {
      local = Status::InvalidArgument("wrong rank count: " + options_.dir + " has " + std::to_string(existing->ranks) +
                                      " partitions, started with " + std::to_string(ranks) +
                                      " ranks (re-partitioning is not supported)");
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
  if (local.ok()) {
    auto session = ingest::ConstructionSession::Begin(db_.get(), options_.session);
    if (session.ok()) session_ = std::move(session).value();
    local = session.status();
  }
  if (local.ok()) {
    auto spool = env->NewWritableFile(spool_path_);
    if (spool.ok()) spool_ = std::move(spool).value();
    local = spool.status();
  }
  QUIVER_RETURN_IF_ERROR(comm_.Agree(local));
  // One creation id for every partition of this build, drawn by rank 0.
  char creation[33] = {};
  if (comm_.rank() == 0) NewCreationId().copy(creation, 32);
  comm_.BroadcastBytes(creation, 32, 0);
  creation_ = creation;
  return Status::OK();
}

Status PartitionBuilder::Shuffle(EdgeSource* source) {
  const auto ranks = static_cast<uint32_t>(comm_.size());
  const uint64_t round_edges =
      std::clamp<uint64_t>(options_.shuffle_budget / kRoundBytesPerEdge, uint64_t{1} << 10, uint64_t{1} << 28);
  const uint64_t mine = source->edge_count();
  stats_.rounds = comm_.MaxU64((mine + round_edges - 1) / round_edges);
  Status local;
  std::vector<uint64_t> src, dst;
  std::vector<std::vector<uint64_t>> send(ranks);
  for (uint64_t round = 0; round < stats_.rounds; ++round) {
    for (auto& s : send) s.clear();
    const uint64_t begin = std::min(mine, round * round_edges), end = std::min(mine, begin + round_edges);
    // A failed rank keeps taking part with empty rounds, and says so at the agreement.
    if (local.ok() && begin < end) local = source->Produce(begin, end, pool(), &src, &dst);
    if (local.ok() && begin < end) {
      for (size_t i = 0; i < src.size(); ++i) {
        const uint32_t a = OwnerOf(src[i], ranks), b = OwnerOf(dst[i], ranks);
        send[a].insert(send[a].end(), {src[i], dst[i]});
        if (b != a) send[b].insert(send[b].end(), {src[i], dst[i]});
      }
    }
    for (const auto& s : send) stats_.ids_sent += s.size();
    QUIVER_ASSIGN_OR_RETURN(std::vector<uint64_t> received, comm_.AllToAll(send));
    if (local.ok()) local = SpoolRound(received);
  }
  if (local.ok()) {
    local = spool_->Close();
    spool_.reset();
  }
  return comm_.Agree(local);
}

Status PartitionBuilder::SpoolRound(const std::vector<uint64_t>& received) {
  return spool_->Append(std::string_view(reinterpret_cast<const char*>(received.data()), received.size() * 8));
}

Status PartitionBuilder::Build(const std::vector<uint64_t>& owned) {
  Status local = BuildLocal(owned);
  if (local.ok() && options_.fail_before_agreement) {
    local = Status::IOError("injected failure on rank " + std::to_string(comm_.rank()) + " (QUIVER_MPI_FAIL_RANK)");
  }
  Status agreed = comm_.Agree(local);
  if (!agreed.ok()) Discard();  // every rank drops its unpublished generation
  return agreed;
}

Status PartitionBuilder::BuildLocal(const std::vector<uint64_t>& owned) {
  Env* env = Env::Default();
  const auto rank = static_cast<uint32_t>(comm_.rank()), ranks = static_cast<uint32_t>(comm_.size());
  // Ghosts: the remote ends of the spooled edges, ascending and distinct. Sorted and
  // deduplicated as they grow, so they hold about what the distinct ghosts need.
  std::vector<uint64_t> ghosts;
  size_t unique_size = 0;
  uint64_t home_edges = 0, stored_edges = 0;
  QUIVER_RETURN_IF_ERROR(ForSpoolChunks(env, spool_path_, [&](const uint64_t* pairs, uint64_t n) {
    for (uint64_t i = 0; i < n; ++i) {
      const uint64_t src = pairs[2 * i], dst = pairs[2 * i + 1];
      const bool src_owned = OwnerOf(src, ranks) == rank;
      home_edges += src_owned;
      if (!src_owned) ghosts.push_back(src);
      if (OwnerOf(dst, ranks) != rank) ghosts.push_back(dst);
    }
    stored_edges += n;
    if (ghosts.size() > 2 * unique_size + kSpoolChunkEdges) {
      std::sort(ghosts.begin(), ghosts.end());
      ghosts.erase(std::unique(ghosts.begin(), ghosts.end()), ghosts.end());
      unique_size = ghosts.size();
    }
    return Status::OK();
  }));
  std::sort(ghosts.begin(), ghosts.end());
  ghosts.erase(std::unique(ghosts.begin(), ghosts.end()), ghosts.end());
  ingest::ConstructionSession* s = session_.get();
  s->ReserveProducerMemory((owned.size() + ghosts.size()) * 8 + kSpoolChunkEdges * 24);

  // Nodes: owned vertices with the graph's label, then the ghosts, each keyed (and with
  // the key property) by its global id.
  const uint32_t key = s->PropertyKey(options_.key_property);
  QUIVER_ASSIGN_OR_RETURN(uint32_t space, s->IdSpace("", ingest::KeyType::kInteger));
  auto batch = [&](const std::vector<uint64_t>& ids, std::string_view label) {
    ingest::NodeBatch b;
    b.count = ids.size();
    b.label_sets = {{s->Label(label)}};
    b.id_space = space;
    b.keys.type = ingest::KeyType::kInteger;
    b.keys.count = ids.size();
    b.keys.ints.assign(ids.begin(), ids.end());
    b.key_property = key;
    return b;
  };
  std::vector<ingest::NodeBatch> nodes;
  nodes.push_back(batch(owned, options_.owned_label));
  nodes.push_back(batch(ghosts, kGhostLabel));
  QUIVER_RETURN_IF_ERROR(s->AddNodes(std::move(nodes)));
  QUIVER_RETURN_IF_ERROR(s->FinishNodes(false, nullptr));

  // Edges, in spool order, through the global -> local map.
  const uint32_t type = s->RelType(options_.edge_type);
  const auto local_id = [&](uint64_t g) -> uint32_t {
    if (OwnerOf(g, ranks) == rank) {
      return static_cast<uint32_t>(std::lower_bound(owned.begin(), owned.end(), g) - owned.begin());
    }
    return static_cast<uint32_t>(owned.size() + (std::lower_bound(ghosts.begin(), ghosts.end(), g) - ghosts.begin()));
  };
  QUIVER_RETURN_IF_ERROR(ForSpoolChunks(env, spool_path_, [&](const uint64_t* pairs, uint64_t n) {
    const uint64_t parts = s->workers(), per = (n + parts - 1) / parts;
    std::vector<ingest::EdgeBatch> batches(parts);
    s->pool()->ParallelFor(parts, [&](size_t p, uint32_t) {
      const uint64_t b = std::min(n, p * per), e = std::min(n, b + per);
      ingest::EdgeBatch& out = batches[p];
      out.type = type;
      out.src.resize(e - b);
      out.dst.resize(e - b);
      for (uint64_t i = b; i < e; ++i) {
        out.src[i - b] = local_id(pairs[2 * i]);
        out.dst[i - b] = local_id(pairs[2 * i + 1]);
      }
    });
    return s->AddEdges(std::move(batches));
  }));
  QUIVER_RETURN_IF_ERROR(s->Validate());
  QUIVER_ASSIGN_OR_RETURN(writer_, db_->BeginGeneration(s->node_count()));
  QUIVER_RETURN_IF_ERROR(s->BuildInto(writer_.get()).status());
  (void)env->RemoveFile(spool_path_);  // its edges are in the generation now
  stats_.entry.owned_nodes = owned.size();
  stats_.entry.ghost_nodes = ghosts.size();
  stats_.entry.edges = home_edges;
  stats_.entry.stored_edges = stored_edges;
  return Status::OK();
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
  stats_.entry.generation = *published;
  const storage::DatabaseId& id = db_->database_id();
  stats_.entry.database_id = ToHex(id.data(), id.size());
  return Status::OK();
}

Result<Manifest> PartitionBuilder::Publish() {
  QUIVER_RETURN_IF_ERROR(comm_.Agree(PublishLocal()));
  // Every partition is live: rank 0 gathers their entries and writes the manifest.
  struct Wire {
    uint8_t database_id[16];
    uint64_t generation, owned_nodes, ghost_nodes, edges, stored_edges;
  };
  Wire w{};
  const storage::DatabaseId& id = db_->database_id();
  std::copy(id.begin(), id.end(), w.database_id);
  w.generation = stats_.entry.generation;
  w.owned_nodes = stats_.entry.owned_nodes;
  w.ghost_nodes = stats_.entry.ghost_nodes;
  w.edges = stats_.entry.edges;
  w.stored_edges = stats_.entry.stored_edges;
  const std::vector<uint8_t> all = comm_.GatherBytes(&w, sizeof(w), 0);
  Manifest m;
  m.creation = creation_;
  m.ranks = static_cast<uint32_t>(comm_.size());
  Status local;
  if (comm_.rank() == 0) {
    for (uint32_t r = 0; r < m.ranks; ++r) {
      Wire e;
      std::copy_n(all.data() + r * sizeof(Wire), sizeof(Wire), reinterpret_cast<uint8_t*>(&e));
      m.partitions.push_back({r, ToHex(e.database_id, 16), e.generation, e.owned_nodes, e.ghost_nodes, e.edges,
                              e.stored_edges});
      m.nodes += e.owned_nodes;
      m.edges += e.edges;
    }
    local = WriteManifest(Env::Default(), options_.dir, m);
  }
  QUIVER_RETURN_IF_ERROR(comm_.Agree(local));
  return m;
}

}  // namespace quiver::mpi
