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

#include "manifest.h"  // OwnerOf
#include "mpi_comm.h"
#include "sorted_id_index.h"
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
  // node. Two or three reads (SortedIdIndex), where the generation's FindNode searches
  // its whole key index: BFS claims and the validation look up an id per vertex reached.
  std::optional<uint64_t> LocalOf(uint64_t global) const {
    const auto& range = OwnerOf(global, static_cast<uint32_t>(comm_->size())) == static_cast<uint32_t>(comm_->rank())
                            ? owned_lookup_
                            : ghost_lookup_;
    return range.Find(global);
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
  // Global id -> local id over one range of local ids (the owned vertices, or the
  // ghosts): the index over the range's ids when they are ascending (a generated graph's,
  // the ghosts'), else over a sorted copy with each one's local id beside it.
  class RangeLookup {
   public:
    RangeLookup() = default;
    RangeLookup(const RangeLookup&) = delete;  // index_ reads ids in place
    RangeLookup& operator=(const RangeLookup&) = delete;
    RangeLookup(RangeLookup&&) = default;  // a vector's move keeps its buffer
    RangeLookup& operator=(RangeLookup&&) = default;
    void Build(const std::vector<uint64_t>& global, uint64_t begin, uint64_t end);
    std::optional<uint64_t> Find(uint64_t global) const;

   private:
    uint64_t begin_ = 0;
    std::vector<uint64_t> sorted_;  // empty when the range is ascending in place
    std::vector<uint32_t> local_;   // sorted_[k]'s local id − begin_
    SortedIdIndex index_;
  };

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
  RangeLookup owned_lookup_, ghost_lookup_;
};

}  // namespace quiver::mpi
