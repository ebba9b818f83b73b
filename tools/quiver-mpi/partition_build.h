#pragma once
// Building one partition of a partitioned database on every rank (docs/scale-out.md,
// "Construction"): open the rank's partition and its construction session, let a
// producer feed the session (edge_shuffle.h for generated edges, csv_shuffle.h for CSV),
// build into an unpublished generation, agree, then publish in two phases around the
// manifest (Publish). Every method is collective: all ranks call it, in the same order.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "ingest/construction_session.h"
#include "manifest.h"
#include "mpi_comm.h"

namespace quiver::mpi {

struct BuildOptions {
  std::string dir;
  uint64_t shuffle_budget = 64 << 20;  // bytes one shuffle round may hold on a rank
  // Bytes of received edges a rank keeps in memory for its build before it spools them
  // all to disk: a quarter of the session's budget (MakeBuildOptions), counted against it.
  uint64_t hold_budget = 0;
  bool replace = false;                // a partitioned graph already in dir may be replaced
  // Test hook (QUIVER_MPI_FAIL_RANK): this rank fails after building, before the
  // agreement, when every rank holds an unpublished generation.
  bool fail_before_agreement = false;
  // Test hook (QUIVER_MPI_KILL_RANK): this rank dies (SIGKILL) at the same point; the
  // others are ended by mpirun while waiting in the agreement.
  bool die_before_agreement = false;
  // Test hook (QUIVER_MPI_KILL_RANK_AFTER_MANIFEST): this rank dies once the manifest
  // names the build, before its CURRENT moves.
  bool die_after_manifest = false;
  ingest::SessionOptions session;
};

// Fills the session (nodes, FinishNodes, edges) and the partition's counts.
using PartitionFeed = std::function<Status(ingest::ConstructionSession*, PartitionEntry*)>;

class PartitionBuilder {
 public:
  PartitionBuilder(const Comm& comm, BuildOptions options);
  // Removes any generation built but not published.
  ~PartitionBuilder();
  PartitionBuilder(const PartitionBuilder&) = delete;
  PartitionBuilder& operator=(const PartitionBuilder&) = delete;

  // Opens (creating) this rank's partition and begins its construction session; refuses
  // a directory that already holds a partitioned graph unless replacing, and a replace
  // with another rank count.
  Status Open();
  // Runs feed, builds into an unpublished generation, then the agreement: on any rank's
  // failure every rank drops its generation.
  Status Build(const PartitionFeed& feed);
  // Prepares every partition's generation (finished, kept by the build's checkpoint),
  // agrees, has rank 0 write the manifest — the commit point — and then moves every
  // partition's CURRENT to it.
  Result<Manifest> Publish();

  // Bytes this rank's session spilled to scratch (sorted runs past its budget).
  uint64_t scratch_bytes() const { return scratch_bytes_; }
  // This rank's partition; a producer's scratch files go beside it (path() + suffix).
  const std::string& path() const { return path_; }
  const BuildOptions& options() const { return options_; }
  ingest::WorkerPool* pool() { return session_->pool(); }

 private:
  Status BuildLocal(const PartitionFeed& feed);
  Status PrepareLocal();
  Status MakeCurrentLocal();
  void DropCheckpoint();
  void Discard();

  const Comm& comm_;
  BuildOptions options_;
  std::string path_;
  std::unique_ptr<storage::DatabaseDir> db_;
  std::unique_ptr<ingest::ConstructionSession> session_;
  std::unique_ptr<storage::GenerationWriter> writer_;  // built, not yet published
  bool prepared_ = false;   // finished and kept by the build's checkpoint
  bool published_ = false;  // the manifest names the build
  uint64_t scratch_bytes_ = 0;
  std::string creation_;
  PartitionEntry entry_;
};

}  // namespace quiver::mpi
