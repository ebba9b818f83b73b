#pragma once
// One rank's view of a partitioned database for the whole-graph algorithms (pagerank,
// wcc, graph500): the partition's generation, its owned vertices (local ids
// 0..owned-1) and ghosts (owned..n-1), every local node's global id, and the exchange
// that gives each rank its ghosts' values from their owners (docs/scale-out.md).
//
// An owned vertex's adjacency is complete in both directions (forward and reverse CSR),
// so a kernel reads only owned vertices' edges and needs, from other ranks, only the
// values of the ghosts at their other ends.

#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ingest/id_map.h"
#include "mpi_comm.h"
#include "storage/generation.h"

namespace quiver::mpi {

class PartitionGraph {
 public:
  // Collective: opens DIR's partition of this rank (manifest.h's named errors, agreed
  // so every rank stops together), reads the global ids and sets up the ghost exchange.
  static Result<PartitionGraph> Open(const Comm& comm, const std::string& dir);

  const Comm& comm() const { return *comm_; }
  const storage::Generation& gen() const { return *gen_; }
  uint64_t owned() const { return owned_; }
  uint64_t local_nodes() const { return global_.size(); }
  uint64_t ghosts() const { return global_.size() - owned_; }
  uint64_t global_id(uint64_t local) const { return global_[local]; }
  uint64_t global_nodes() const { return global_nodes_; }
  // The local id of a global id, owned or ghost; nullopt when the partition has no such
  // node. One read or probe (ingest::IdMap), where the generation's FindNode searches its
  // key index: BFS claims and the validation look up an id per vertex reached.
  std::optional<uint64_t> LocalOf(uint64_t global) const {
    const uint32_t v = local_of_.Find(static_cast<int64_t>(global));
    return v == ingest::IdMap::kAbsent ? std::nullopt : std::optional<uint64_t>(v);
  }

  // Collective: the ghosts' bits of a bitmap of the owned vertices (bit v of word v/64),
  // as a bitmap of the ghosts (bit k: ghost owned + k). A bit a ghost, one Alltoallv.
  Result<std::vector<uint64_t>> SyncGhostBits(const std::vector<uint64_t>& owned_bits) const;

  // Collective: every ghost's value, as its owner holds it in owned_values (index: local
  // id − owned). 8 bytes a ghost a call, one Alltoallv.
  template <typename T>
  Result<std::vector<T>> SyncGhosts(const std::vector<T>& owned_values) const {
    static_assert(std::is_trivially_copyable_v<T>);
    std::vector<std::vector<T>> send(serve_.size());
    for (size_t r = 0; r < serve_.size(); ++r) {
      send[r].reserve(serve_[r].size());
      for (uint64_t v : serve_[r]) send[r].push_back(owned_values[v]);
    }
    QUIVER_ASSIGN_OR_RETURN(std::vector<T> received, comm_->AllToAll(send));
    std::vector<T> out(ghosts());
    for (size_t k = 0; k < received.size(); ++k) out[arrival_[k]] = received[k];
    return out;
  }

  // Collective: "id,value" rows of every rank's owned vertices, on rank 0 sorted by id
  // and written under `header` to path; row(v) is owned vertex v's value text, nullopt
  // to leave v out. Does nothing when path is empty (the same on every rank).
  Status WriteValues(const std::string& path, const std::string& header,
                     const std::function<std::optional<std::string>(uint64_t)>& row) const;

 private:
  const Comm* comm_ = nullptr;
  std::shared_ptr<const storage::Generation> gen_;
  uint64_t owned_ = 0;
  uint64_t global_nodes_ = 0;
  std::vector<uint64_t> global_;
  // serve_[r]: the owned vertices whose values rank r's ghosts need, in r's order.
  std::vector<std::vector<uint64_t>> serve_;
  // arrival_[k]: the ghost index of the k-th value received (ghosts grouped by owner).
  std::vector<uint64_t> arrival_;
  // from_[r]: how many of the ghosts rank r owns (arrival_ holds them in rank order).
  std::vector<uint64_t> from_;
  ingest::IdMap local_of_;  // global id -> local id
};

}  // namespace quiver::mpi
