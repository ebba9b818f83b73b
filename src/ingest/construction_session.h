#pragma once
// ConstructionSession: the engine under every bulk path into a database (CSV import,
// the Graph500 generator, later the Cypher bulk load):
//
//   Begin -> AddNodes... -> FinishNodes -> AddEdges... -> Validate -> Commit
//
// Commit builds the forward and reverse CSR of every relationship type, the labels, the
// property columns and the external-id index into a new generation, then publishes it
// atomically. Nothing of the live generation is touched before the publish; an aborted
// or failed session (Abort, or destruction without Commit) deletes its scratch directory
// and its unpublished generation directory, so the database is exactly as it was.
//
// Input order is the identity: node i is the i-th node added, and edge properties and
// parallel-edge order follow the order edges were added. Producers that parse in
// parallel hand over batches in input order (see docs/ingest.md, "Determinism"), so the
// published files do not depend on the number of workers or on chunk sizes.
//
// Memory (docs/ingest.md, "Memory plan"): node data stays in memory; edges are buffered
// while an in-memory build of everything would fit the budget, and past that, spilled as
// sorted runs into <db>/scratch and built by the spilling path.
//
// Threading: every method is called from one thread; the session runs its own workers.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "common/metrics/phase_recorder.h"
#include "ingest/csr_external.h"
#include "ingest/edge_blocks.h"
#include "ingest/node_table.h"
#include "ingest/progress.h"
#include "ingest/runs.h"
#include "ingest/worker_pool.h"
#include "storage/database_dir.h"
#include "storage/schema_catalog.h"

namespace quiver::ingest {

using storage::kScratchDirName;

struct SessionOptions {
  uint32_t workers = 0;        // 0: the resource policy's worker count
  uint64_t memory_budget = 0;  // bytes; 0: the resource policy's budget
  // Edges buffered before a spill; 0: derived from the budget. Tests set it small to
  // force the spilling path on small inputs.
  uint64_t spill_edges = 0;
  uint64_t range_edges = 0;      // spilling build: edges per key range; 0: derived
  bool edge_properties = false;  // edges may carry properties (decided before any edge)
  Progress* progress = nullptr;
  PhaseCollector* phases = nullptr;
};

struct CommitResult {
  uint64_t generation = 0;
  uint64_t nodes = 0;
  uint64_t edges = 0;
  bool spilled = false;
  uint64_t scratch_bytes_written = 0;
  uint64_t published_bytes = 0;
  // What the build held whatever the budget (ConstructionSession::MemoryFloorBytes).
  uint64_t memory_floor_bytes = 0;
};

class ConstructionSession {
 public:
  // db must be opened for writing; the session holds it (and its lock) until it ends.
  static Result<std::unique_ptr<ConstructionSession>> Begin(storage::DatabaseDir* db, SessionOptions options);
  ~ConstructionSession();

  WorkerPool* pool() { return pool_.get(); }
  // Memory a producer holds while it feeds the session (a CSV segment and its parsed
  // batches, the generator's batches in flight): taken off the budget the session plans
  // its buffers and builds with.
  void ReserveProducerMemory(uint64_t bytes) { producer_bytes_ = bytes; }
  uint32_t workers() const { return pool_->size(); }
  uint64_t memory_budget() const { return options_.memory_budget; }
  Progress* progress() { return options_.progress; }

  // Dictionary ids in order of first request.
  uint32_t Label(std::string_view name) { return Intern(&labels_, name); }
  uint32_t RelType(std::string_view name);
  uint32_t PropertyKey(std::string_view name) { return Intern(&keys_, name); }
  uint32_t label_count() const { return static_cast<uint32_t>(labels_.names.size()); }
  uint32_t rel_type_count() const { return static_cast<uint32_t>(types_.names.size()); }

  // Edges may carry properties (needed before the first spill; CSV import calls it when
  // a relationship header has property columns).
  void EnableEdgeProperties() { options_.edge_properties = true; }

  // ---- nodes
  Result<uint32_t> IdSpace(const std::string& name, KeyType type) { return nodes_.IdSpace(name, type); }
  const std::vector<std::string>& id_space_names() const { return nodes_.id_space_names(); }
  Status AddNodes(std::vector<NodeBatch> batches);
  // Builds the id maps. Duplicate keys are listed in *duplicates (node order); without
  // drop they fail the session (InvalidArgument naming the first), with drop those
  // nodes are removed.
  Status FinishNodes(bool drop_duplicates, std::vector<DuplicateKey>* duplicates);
  // Removes nodes (ascending ids, before FinishNodes, at most once): rows a producer
  // refused after handing them over (an import's UNIQUE constraints). Later nodes are
  // renumbered; NodeOrigin still takes ids as they were before.
  Status DropNodes(std::vector<uint64_t> nodes);
  uint64_t node_count() const { return nodes_.size(); }
  const IdMap* id_map(uint32_t space) const { return nodes_.id_map(space); }
  // Which node property mirrors the keys, from a producer that checked the values it
  // fed node by node (compaction: storage/key_mirror.h); recorded in the MANIFEST for
  // key lookups to trust. A key_property (NodeBatch) needs no such call.
  void SetCheckedIdMirrorKey(std::optional<uint32_t> key) { nodes_.SetCheckedIdMirrorKey(key); }
  // The index definitions the generation carries (GenerationWriter::WriteSchema), from a
  // producer that keeps a database's token ids (compaction, salvage); an import, which
  // numbers its own tokens, starts with the initial catalog.
  void SetSchema(storage::SchemaCatalog schema) { schema_ = std::move(schema); }
  // An incremental import that feeds `base`'s nodes (first, in id order) but not its
  // relationships: the new generation carries each relationship type's files of `base`
  // unchanged (hard links) and the session's relationships of that type follow them as
  // a segment of their own (docs/format/generation.md, "Relationship segments"), so the
  // build costs the batch, not the graph.
  void AppendRelationshipsTo(std::shared_ptr<const storage::Generation> base) { append_to_ = std::move(base); }
  // (batch index, row in batch) of a node, counting batches from the first AddNodes.
  std::pair<uint64_t, uint64_t> NodeOrigin(uint64_t node) const { return nodes_.Origin(node); }

  // ---- edges (after FinishNodes); each batch's ids must be < node_count()
  Status AddEdges(std::vector<EdgeBatch> batches);
  uint64_t edge_count() const { return edge_count_; }
  bool spilled() const { return spilling_; }

  // ---- end
  // Checks that the session can commit (state, id widths) and fixes the build plan.
  Status Validate();
  Result<CommitResult> Commit();
  // Compaction's ending: builds into a generation the caller began (node_count() nodes)
  // and will publish itself, then ends the session. On failure the caller's writer is
  // left for the caller to discard.
  Result<CommitResult> BuildInto(storage::GenerationWriter* writer);
  // Deletes scratch files and any unpublished generation; idempotent.
  void Abort();

 private:
  struct Dict {
    std::vector<std::string> names;
    std::unordered_map<std::string, uint32_t> ids;
  };
  struct TypeState {
    EdgeBlocks buffered;
    uint64_t edges = 0;
    std::map<uint32_t, std::unique_ptr<ColumnBuilder>> columns;  // rows: input order
    std::vector<Run<FwdRecord>> runs;
    std::vector<Run<FwdSeqRecord>> seq_runs;
    std::vector<uint32_t> out_degrees;  // once it has runs
    uint64_t run_edges = 0;             // edges already in runs
  };
  enum class State : uint8_t { kNodes, kEdges, kValidated, kDone };

  ConstructionSession(storage::DatabaseDir* db, SessionOptions options);
  static uint32_t Intern(Dict* d, std::string_view name);
  uint64_t BufferedEdges() const;
  bool InMemoryBuildFits(uint64_t extra_edges) const;
  // What the session holds from the nodes on, whatever the budget and whichever type is
  // being built: node data, and per relationship type its edge property columns and,
  // once spilling, its out-degrees (4 bytes a node). The spill threshold, the spilling
  // build's plan and the memory floor all start from it.
  uint64_t HeldBytes() const;
  // Memory held whatever the budget, because it grows with the nodes rather than the
  // edges, or nothing spills it yet (docs/ingest.md, "Bounded memory"): HeldBytes, the
  // producer's reservation and, when spilling, 4 bytes a node for the build's in-degrees
  // and the 8-byte-an-edge permutation edge properties need. A budget below it is
  // exceeded by the gap.
  uint64_t MemoryFloorBytes() const;
  uint64_t SpillThreshold() const;
  Status SpillAll(bool final_in_memory);
  template <typename R>
  Status SpillType(TypeState* t, std::vector<Run<R>>* runs, bool keep_in_memory);
  // The session's relationships of `type` as segment `segment` of it (0 but when appending).
  Status BuildType(uint32_t type, uint32_t segment, storage::GenerationWriter* writer, WorkerPool* pool,
                   std::vector<storage::FileInfo>* files);
  Status BuildTypes(storage::GenerationWriter* writer);
  // Whether the generation needs format version 5: a relationship segment past the first
  // (the base's, carried, or one the session appends), or a carried relationship file
  // that covers fewer nodes than the generation has.
  bool WritesSegments() const;
  // Carries the files of the base's segments of `type` into the generation (appending).
  Status CarryBaseSegments(uint32_t type, storage::GenerationWriter* writer, std::vector<storage::FileInfo>* files);
  Result<CommitResult> PrepareCommit();  // Validate, last runs
  // The relationships the generation will hold: the session's and, when appending, the base's.
  uint64_t TotalEdgeCount() const { return edge_count_ + (append_to_ ? append_to_->EdgeCount() : 0); }
  Status WriteGeneration(storage::GenerationWriter* writer);
  Status Fail(Status s);

  storage::DatabaseDir* db_;
  SessionOptions options_;
  std::unique_ptr<WorkerPool> pool_;
  std::unique_ptr<Scratch> scratch_;
  State state_ = State::kNodes;
  Dict labels_, types_, keys_;
  NodeTable nodes_;
  std::vector<TypeState> type_state_;
  uint64_t edge_count_ = 0;
  bool spilling_ = false;
  uint64_t node_bytes_ = 0;  // measured after FinishNodes
  uint64_t producer_bytes_ = 0;
  storage::SchemaCatalog schema_ = storage::SchemaCatalog::Initial();
  std::shared_ptr<const storage::Generation> append_to_;  // AppendRelationshipsTo
  std::string gen_dir_;  // of the generation being written, until published
  // Forward runs are written in the background while edges keep arriving; waited for
  // before the next sort, before the build reads the runs, and before Abort removes them.
  BackgroundSpill run_spill_;
};

}  // namespace quiver::ingest
