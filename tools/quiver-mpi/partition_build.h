#pragma once
// Building one partition of a partitioned database on every rank (docs/scale-out.md,
// "Construction"): the rank's share of the edges is shuffled to the owners of their
// endpoints in bounded rounds and spooled to disk; the partition (owned vertices, then
// ghosts, then every edge touching an owned vertex) is built by the ordinary
// construction session into an unpublished generation; ranks publish only after all of
// them built. Every method is collective: all ranks call it, in the same order.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ingest/construction_session.h"
#include "manifest.h"
#include "mpi_comm.h"

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

struct BuildOptions {
  std::string dir;
  uint64_t shuffle_budget = 64 << 20;  // bytes one round may hold on a rank
  bool replace = false;                // a partitioned graph already in dir may be replaced
  // Test hook (QUIVER_MPI_FAIL_RANK): this rank fails after building, before the
  // agreement, when every rank holds an unpublished generation.
  bool fail_before_agreement = false;
  std::string owned_label = "V";
  std::string edge_type = "E";
  std::string key_property = "id";
  ingest::SessionOptions session;
};

struct BuildStats {
  uint64_t rounds = 0;
  uint64_t ids_sent = 0;  // 64-bit ids this rank sent in the shuffle
  PartitionEntry entry;
};

class PartitionBuilder {
 public:
  PartitionBuilder(const Comm& comm, BuildOptions options);
  // Removes the spool and any generation built but not published.
  ~PartitionBuilder();
  PartitionBuilder(const PartitionBuilder&) = delete;
  PartitionBuilder& operator=(const PartitionBuilder&) = delete;

  // Opens (creating) this rank's partition and begins its construction session; refuses
  // a directory that already holds a partitioned graph unless replacing, and a replace
  // with another rank count.
  Status Open();
  // The shuffle: rounds agreed by all ranks, each one Alltoallv of (source, target) id
  // pairs to the owners of both ends, appended to the spool.
  Status Shuffle(EdgeSource* source);
  // Owned vertices (ascending global ids) and the spooled edges into the session, built
  // into an unpublished generation; then the agreement.
  Status Build(const std::vector<uint64_t>& owned);
  // Publishes every partition, agrees again, and has rank 0 write the manifest.
  Result<Manifest> Publish();

  const BuildStats& stats() const { return stats_; }
  ingest::WorkerPool* pool() { return session_->pool(); }

 private:
  Status SpoolRound(const std::vector<uint64_t>& received);
  Status BuildLocal(const std::vector<uint64_t>& owned);
  Status PublishLocal();
  void Discard();

  const Comm& comm_;
  BuildOptions options_;
  std::string path_;        // this rank's partition
  std::string spool_path_;  // beside it, outside the database
  std::unique_ptr<storage::DatabaseDir> db_;
  std::unique_ptr<ingest::ConstructionSession> session_;
  std::unique_ptr<WritableFile> spool_;
  std::unique_ptr<storage::GenerationWriter> writer_;  // built, not yet published
  bool published_ = false;
  std::string creation_;
  BuildStats stats_;
};

}  // namespace quiver::mpi
