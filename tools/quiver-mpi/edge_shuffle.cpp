#include "edge_shuffle.h"

#include <algorithm>


namespace quiver::mpi {
namespace {

// A round's bytes per edge on a rank: the ids bucketed by destination (two copies of a
// cross edge, 16 bytes each), their flattened send buffer, and about as much received.
constexpr uint64_t kRoundBytesPerEdge = 96;
// Edges read back from the spool at a time.
constexpr uint64_t kSpoolChunkEdges = uint64_t{1} << 18;
// The table that keeps repeated ghost ids out of the ghost list: 2^16 slots, 512 KiB.
constexpr unsigned kRecentGhostBits = 16;
constexpr uint64_t kRecentGhostSlots = uint64_t{1} << kRecentGhostBits;

}  // namespace

EdgeShuffle::EdgeShuffle(const Comm& comm, std::string spool_path, uint64_t budget, uint64_t hold_budget)
    : comm_(comm), spool_path_(std::move(spool_path)), budget_(budget), hold_budget_(hold_budget) {}

EdgeShuffle::~EdgeShuffle() {
  spool_.reset();
  if (spooled_bytes_ > 0) (void)Env::Default()->RemoveFile(spool_path_);  // best effort
}

Status EdgeShuffle::Keep(std::vector<uint64_t>&& received) {
  if (!spool_ && (held_ids_ + received.size()) * 8 <= hold_budget_) {
    held_ids_ += received.size();
    held_.push_back(std::move(received));  // each round's buffer kept as it came: no copy
    return Status::OK();
  }
  auto append = [&](const std::vector<uint64_t>& pairs) {
    spooled_bytes_ += pairs.size() * 8;
    return spool_->Append(std::string_view(reinterpret_cast<const char*>(pairs.data()), pairs.size() * 8));
  };
  if (!spool_) {
    QUIVER_ASSIGN_OR_RETURN(spool_, Env::Default()->NewWritableFile(spool_path_));
    for (const std::vector<uint64_t>& round : held_) QUIVER_RETURN_IF_ERROR(append(round));
    held_ = {};
    held_ids_ = 0;
  }
  return append(received);
}

template <typename F>
Status EdgeShuffle::ForEachChunk(F&& f) const {
  if (spooled_bytes_ == 0) {
    for (const std::vector<uint64_t>& round : held_) {
      for (uint64_t at = 0; at < round.size(); at += kSpoolChunkEdges * 2) {
        QUIVER_RETURN_IF_ERROR(f(round.data() + at, std::min<uint64_t>(round.size() - at, kSpoolChunkEdges * 2) / 2));
      }
    }
    return Status::OK();
  }
  QUIVER_ASSIGN_OR_RETURN(auto file, Env::Default()->NewRandomAccessFile(spool_path_));
  std::vector<uint64_t> pairs(kSpoolChunkEdges * 2);
  const uint64_t size = file->Size();
  for (uint64_t offset = 0; offset < size;) {
    const size_t want = static_cast<size_t>(std::min<uint64_t>(size - offset, pairs.size() * 8));
    QUIVER_ASSIGN_OR_RETURN(size_t got, file->ReadAt(offset, want, reinterpret_cast<char*>(pairs.data())));
    if (got != want || got % 16 != 0) return Status::IOError("short read of the shuffle spool " + spool_path_);
    QUIVER_RETURN_IF_ERROR(f(pairs.data(), got / 16));
    offset += got;
  }
  return Status::OK();
}

Status EdgeShuffle::Run(EdgeSource* source, ingest::WorkerPool* pool) {
  const auto ranks = static_cast<uint32_t>(comm_.size());
  // At most 2^24 edges a round keeps every MPI count below 2^31 bytes.
  const uint64_t round_edges =
      std::clamp<uint64_t>(budget_ / kRoundBytesPerEdge, uint64_t{1} << 10, uint64_t{1} << 24);
  const uint64_t mine = source->edge_count();
  rounds_ = comm_.MaxU64((mine + round_edges - 1) / round_edges);
  Status local;
  std::vector<uint64_t> src, dst;
  std::vector<std::vector<uint64_t>> send(ranks);
  for (uint64_t round = 0; round < rounds_; ++round) {
    for (auto& s : send) s.clear();
    const uint64_t begin = std::min(mine, round * round_edges), end = std::min(mine, begin + round_edges);
    // A failed rank keeps taking part with empty rounds, and says so at the agreement.
    if (local.ok() && begin < end) local = source->Produce(begin, end, pool, &src, &dst);
    if (local.ok() && begin < end) {
      for (size_t i = 0; i < src.size(); ++i) {
        const uint32_t a = OwnerOf(src[i], ranks), b = OwnerOf(dst[i], ranks);
        send[a].insert(send[a].end(), {src[i], dst[i]});
        if (b != a) send[b].insert(send[b].end(), {src[i], dst[i]});
      }
    }
    for (const auto& s : send) ids_sent_ += s.size();
    QUIVER_ASSIGN_OR_RETURN(std::vector<uint64_t> received, comm_.AllToAll(send));
    if (local.ok()) local = Keep(std::move(received));
  }
  if (local.ok() && spool_) local = spool_->Close();
  return comm_.Agree(local, "nothing was published");
}

Status EdgeShuffle::Feed(const std::vector<uint64_t>& owned, const GraphNames& names,
                         ingest::ConstructionSession* s, PartitionEntry* entry) const {
  const auto rank = static_cast<uint32_t>(comm_.rank()), ranks = static_cast<uint32_t>(comm_.size());
  // Ghosts: the remote ends of the spooled edges, ascending and distinct. Sorted and
  // deduplicated as they grow, so they hold about what the distinct ghosts need.
  std::vector<uint64_t> ghosts;
  size_t unique_size = 0;
  uint64_t home_edges = 0, stored_edges = 0;
  // The last id seen in each slot (plus one; 0: empty): an id equal to its slot's is a
  // repeat and is not pushed again. Kronecker hubs are the far end of many edges, so this
  // keeps most repeats out of the sorts below; it never drops a new id.
  std::vector<uint64_t> recent(kRecentGhostSlots, 0);
  const auto add_ghost = [&](uint64_t id) {
    uint64_t& slot = recent[(id * 0x9e3779b97f4a7c15ULL) >> (64 - kRecentGhostBits)];
    if (slot == id + 1) return;
    slot = id + 1;
    ghosts.push_back(id);
  };
  QUIVER_RETURN_IF_ERROR(ForEachChunk([&](const uint64_t* pairs, uint64_t n) {
    for (uint64_t i = 0; i < n; ++i) {
      const uint64_t src = pairs[2 * i], dst = pairs[2 * i + 1];
      const bool src_owned = OwnerOf(src, ranks) == rank;
      home_edges += src_owned;
      if (!src_owned) add_ghost(src);
      if (OwnerOf(dst, ranks) != rank) add_ghost(dst);
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
  // The ids (8 bytes each), a spool chunk and the pairs held in memory.
  recent = {};
  s->ReserveProducerMemory((owned.size() + ghosts.size()) * 8 + kSpoolChunkEdges * 24 + held_ids_ * 8);

  // Nodes: owned vertices with the graph's label, then the ghosts, each keyed (and with
  // the key property) by its global id.
  const uint32_t key = s->PropertyKey(names.key_property);
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
  nodes.push_back(batch(owned, names.owned_label));
  nodes.push_back(batch(ghosts, kGhostLabel));
  QUIVER_RETURN_IF_ERROR(s->AddNodes(std::move(nodes)));
  QUIVER_RETURN_IF_ERROR(s->FinishNodes(false, nullptr));

  // Edges, in spool order, through the global -> local map.
  const uint32_t type = s->RelType(names.edge_type);
  // The session's own map of the keys just added (sequence, direct table or hash,
  // whichever the keys allow: ingest/id_map.h) gives each global id its local id.
  const ingest::IdMap& local = *s->id_map(space);
  const auto local_id = [&](uint64_t g) { return local.Find(static_cast<int64_t>(g)); };
  QUIVER_RETURN_IF_ERROR(ForEachChunk([&](const uint64_t* pairs, uint64_t n) {
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
  entry->owned_nodes = owned.size();
  entry->ghost_nodes = ghosts.size();
  entry->edges = home_edges;
  entry->stored_edges = stored_edges;
  return Status::OK();
}

}  // namespace quiver::mpi
