#include "partition_graph.h"

#include <algorithm>
#include <charconv>
#include <fstream>

#include "ingest/worker_pool.h"
#include "manifest.h"

namespace quiver::mpi {

Result<PartitionGraph> PartitionGraph::Open(const Comm& comm, const std::string& dir) {
  const auto ranks = static_cast<uint32_t>(comm.size());
  Manifest m;
  auto gen = OpenPartition(Env::Default(), dir, static_cast<uint32_t>(comm.rank()), ranks, &m);
  QUIVER_RETURN_IF_ERROR(comm.Agree(gen.status(), "the partitioned database cannot be opened"));
  PartitionGraph g;
  g.comm_ = &comm;
  g.gen_ = *gen;
  g.owned_ = m.partitions[comm.rank()].owned_nodes;
  g.global_nodes_ = m.nodes;
  g.global_.resize(g.gen_->NodeCount());
  for (uint64_t v = 0; v < g.global_.size(); ++v)
    g.global_[v] = static_cast<uint64_t>(std::get<int64_t>(g.gen_->NodeKey(v)));
  // Ask each ghost's owner for it once; the owner keeps, per asking rank, which of its
  // vertices to send and in what order, so a sync sends values only.
  std::vector<std::vector<uint64_t>> ask(ranks);
  std::vector<std::vector<uint64_t>> ask_ghost(ranks);
  for (uint64_t gi = 0; gi < g.ghosts(); ++gi) {
    const uint64_t id = g.global_[g.owned_ + gi];
    ask[OwnerOf(id, ranks)].push_back(id);
    ask_ghost[OwnerOf(id, ranks)].push_back(gi);
  }
  std::vector<std::vector<uint64_t>> counts(ranks);
  for (uint32_t r = 0; r < ranks; ++r) {
    counts[r] = {ask[r].size()};
    g.arrival_.insert(g.arrival_.end(), ask_ghost[r].begin(), ask_ghost[r].end());
    g.from_.push_back(ask[r].size());
  }
  {
    ingest::KeyChunk keys;
    for (uint64_t id : g.global_) keys.AppendInt(static_cast<int64_t>(id));
    ingest::WorkerPool pool(1);
    std::vector<ingest::DuplicateKey> duplicates;  // none: a generation's keys are distinct
    g.local_of_ = ingest::IdMap::Build(ingest::KeyType::kInteger, {{0, &keys}}, &pool, &duplicates);
  }
  QUIVER_ASSIGN_OR_RETURN(std::vector<uint64_t> asked_counts, comm.AllToAll(counts));
  QUIVER_ASSIGN_OR_RETURN(std::vector<uint64_t> asked, comm.AllToAll(ask));
  g.serve_.resize(ranks);
  Status local;
  size_t at = 0;
  for (uint32_t r = 0; r < ranks; ++r) {
    for (uint64_t k = 0; k < asked_counts[r]; ++k, ++at) {
      const auto v = g.LocalOf(asked[at]);
      if (!v || *v >= g.owned_) {
        local = Status::Corruption("partition mismatch: rank " + std::to_string(r) + " holds a ghost of vertex " +
                                   std::to_string(asked[at]) + ", which this partition does not own");
        break;
      }
      g.serve_[r].push_back(*v);
    }
    if (!local.ok()) break;
  }
  QUIVER_RETURN_IF_ERROR(comm.Agree(local, "the ghost exchange cannot be set up"));
  return g;
}

Result<std::vector<uint64_t>> PartitionGraph::SyncGhostBits(const std::vector<uint64_t>& owned_bits) const {
  const auto bit = [](const std::vector<uint64_t>& bits, uint64_t k) { return (bits[k / 64] >> (k % 64)) & 1; };
  std::vector<std::vector<uint64_t>> send(serve_.size());
  for (size_t r = 0; r < serve_.size(); ++r) {
    send[r].assign((serve_[r].size() + 63) / 64, 0);
    for (size_t k = 0; k < serve_[r].size(); ++k) send[r][k / 64] |= bit(owned_bits, serve_[r][k]) << (k % 64);
  }
  QUIVER_ASSIGN_OR_RETURN(std::vector<uint64_t> received, comm_->AllToAll(send));
  // Rank r's words follow rank r-1's, each rank's ghosts from bit 0 of its first word.
  std::vector<uint64_t> out((ghosts() + 63) / 64, 0);
  size_t word = 0, k = 0;
  for (uint64_t count : from_) {
    for (uint64_t i = 0; i < count; ++i, ++k) {
      const uint64_t ghost = arrival_[k];
      out[ghost / 64] |= ((received[word + i / 64] >> (i % 64)) & 1) << (ghost % 64);
    }
    word += (count + 63) / 64;
  }
  return out;
}

Status PartitionGraph::WriteValues(const std::string& path, const std::string& header,
                                   const std::function<std::optional<std::string>(uint64_t)>& row) const {
  if (path.empty()) return Status::OK();
  std::string text;
  for (uint64_t v = 0; v < owned_; ++v) {
    if (auto value = row(v)) text += std::to_string(global_[v]) + "," + *value + "\n";
  }
  const std::string all = comm_->GatherText(text, 0);
  if (comm_->rank() != 0) return Status::OK();
  // Each rank's rows are in its own order; rank 0 sorts the lines by their numeric id.
  std::vector<std::pair<uint64_t, std::string_view>> lines;
  for (size_t begin = 0; begin < all.size();) {
    const size_t end = all.find('\n', begin);
    uint64_t id = 0;
    std::from_chars(all.data() + begin, all.data() + end, id);
    lines.emplace_back(id, std::string_view(all).substr(begin, end + 1 - begin));
    begin = end + 1;
  }
  std::sort(lines.begin(), lines.end());
  std::ofstream out(path);
  out << header << "\n";
  for (const auto& [id, line] : lines) out << line;
  if (!out.flush()) return Status::IOError("cannot write " + path);
  return Status::OK();
}

}  // namespace quiver::mpi
