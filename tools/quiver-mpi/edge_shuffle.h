#pragma once
// Generated edges to their partitions (docs/scale-out.md, "Construction"): each rank's
// share of the edges, as global ids, goes to the owners of both ends in bounded rounds
// of one Alltoallv each, and is held in memory up to a bound, past it spooled beside the
// partition; what was received then feeds the partition's session: owned vertices, then
// ghosts (the remote ends, ascending), then the edges through the global -> local map.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "partition_build.h"

namespace quiver::mpi {

// One rank's share of the input edges, as global vertex ids.
class EdgeSource {
 public:
  virtual ~EdgeSource() = default;
  virtual uint64_t edge_count() const = 0;
  // Edges [begin, end) of this rank's share into src and dst (resized to end - begin).
  virtual Status Produce(uint64_t begin, uint64_t end, ingest::WorkerPool* pool, std::vector<uint64_t>* src,
                         std::vector<uint64_t>* dst) = 0;
};

struct GraphNames {
  std::string owned_label = "V";
  std::string edge_type = "E";
  std::string key_property = "id";
};

class EdgeShuffle {
 public:
  // budget: the bytes one round may hold; hold_budget: the received edges' bytes kept in
  // memory — past it, all of them go to the spool file at spool_path.
  EdgeShuffle(const Comm& comm, std::string spool_path, uint64_t budget, uint64_t hold_budget);
  ~EdgeShuffle();  // removes the spool
  EdgeShuffle(const EdgeShuffle&) = delete;
  EdgeShuffle& operator=(const EdgeShuffle&) = delete;

  // Collective: the rounds (agreed by all ranks) and the agreement at the end.
  Status Run(EdgeSource* source, ingest::WorkerPool* pool);
  // A PartitionFeed body: owned (ascending global ids), ghosts, edges.
  Status Feed(const std::vector<uint64_t>& owned, const GraphNames& names,
              ingest::ConstructionSession* session, PartitionEntry* entry) const;

  uint64_t rounds() const { return rounds_; }
  uint64_t ids_sent() const { return ids_sent_; }
  uint64_t spooled_bytes() const { return spooled_bytes_; }

 private:
  // Keeps a round's received pairs: in held_ while they fit hold_budget_, else appended
  // to the spool (opened, and given what was held, the first time).
  Status Keep(std::vector<uint64_t>&& received);
  // f(pairs, n) over every received (source, target) pair in arrival order, in chunks.
  template <typename F>
  Status ForEachChunk(F&& f) const;

  const Comm& comm_;
  std::string spool_path_;
  uint64_t budget_;
  uint64_t hold_budget_;
  // Received pairs, a buffer a round, until they outgrow hold_budget_.
  std::vector<std::vector<uint64_t>> held_;
  uint64_t held_ids_ = 0;
  std::unique_ptr<WritableFile> spool_;
  uint64_t spooled_bytes_ = 0;
  uint64_t rounds_ = 0;
  uint64_t ids_sent_ = 0;
};

}  // namespace quiver::mpi
