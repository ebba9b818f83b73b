#pragma once
// Fragment: the part of a plan the vectorized engine runs — a NodeScan over Start and
// the chain of Expand, Filter and Project operators above it, up to (not including)
// the operator that consumes its rows (an aggregation: vector_aggregate.cpp). Its rows
// never exist as Values: a morsel of node ids is scanned into chunks of vector_size,
// each chunk flows through the stages (an expand copies the CSR slices of a chunk's
// nodes into new chunks; filters compact; projections add columns), and what comes out
// goes to the consumer's sink. Workers run morsels independently (morsel-driven, Leis
// et al. 2014): a fragment's compiled form is shared and read-only, each worker brings
// its own WorkerState.

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "exec/exec_context.h"
#include "exec/physical_operator.h"
#include "exec/vector/data_chunk.h"
#include "exec/vector/vector_expression.h"
#include "exec/vector/work_share.h"
#include "planner/logical_plan.h"

namespace quiver::exec::vector {

// What one worker owns while it runs morsels of a fragment.
struct WorkerState {
  explicit WorkerState(ExecContext& statement);
  // Adds its db hits to the fragment's (hit_totals).
  ~WorkerState();
  WorkerState(const WorkerState&) = delete;
  WorkerState& operator=(const WorkerState&) = delete;
  // PROFILE: the worker's own counting reader over the statement's graph (a
  // CountingGraph serves one thread); null when not profiling.
  std::unique_ptr<CountingGraph> counting;
  ExecContext rows;  // for the row-at-a-time fallbacks; shares the statement's inputs
  EvalContext eval;
  // Per stage (an expand's adjacency of one node), sized by the fragment.
  std::vector<std::vector<NodeId>> neighbours;
  std::vector<std::vector<RelId>> rels;
  std::vector<uint8_t> keep;
  ValueVector values;  // a filter's predicate or operand
  std::vector<std::vector<Value>> constants;  // per stage, its comparisons' constants
  // The run's sharing of chunks between workers (null: this worker keeps its rows) and
  // the morsel this worker's rows come from.
  WorkShare* share = nullptr;
  size_t morsel = 0;
  // PROFILE: db hits per stage, then the scan's, then the consumer's; added to the
  // fragment's totals when the worker ends, so workers count without sharing a counter.
  std::vector<uint64_t> hit_slots;
  std::atomic<uint64_t>* hit_totals = nullptr;
};

// How one run of a fragment is cut: morsels of node ids, and the workers taking them.
struct FragmentRun {
  NodeId bound = 0;  // node ids [0, bound)
  uint64_t morsel_nodes = 1;
  uint64_t morsels = 0;
  uint32_t workers = 1;
  // Whether a busy worker may hand rows to an idle one (work_share.h): only for a
  // consumer indifferent to which worker sees a row and in what order.
  bool share_chunks = false;
  // The fragment starts at a NodeSeek: its nodes (from the key index) are one morsel,
  // the others stay empty — unless the index declines a value, when it scans them all.
  bool seek = false;
  // PROFILE's note: "<what>: 2 workers, 64 morsels" (or ", a seek").
  std::string Note(const std::string& what) const;
};

class Fragment {
 public:
  // The fragment under `consumer` (whose input is children[0]), or null when that input
  // is not a vectorizable chain (a var-length expand, an OPTIONAL MATCH, ...).
  static std::unique_ptr<Fragment> Match(const planner::LogicalOperator& consumer);
  ~Fragment();

  const FragmentColumns& columns() const { return columns_; }
  // What the consumer reads of the fragment's rows (its expressions): an expand then
  // copies only the columns some later stage or the consumer reads. Default: all.
  // `counts_only`: the consumer counts rows and reads nothing a row's multiplicity
  // changes (DataChunk::multiplicity), so the last expand whose node and relationship
  // nobody reads may emit a row with its number of matches instead of one per match.
  void SetConsumerReads(const std::vector<const planner::BoundExpr*>& exprs, bool counts_only = false);
  // Runs the scan over node ids [begin, end) and the stages, handing every non-empty
  // output chunk to `sink`.
  using Sink = std::function<void(DataChunk& chunk)>;
  // Scans the node ids [begin, end) — or, with `seeded`, takes seeded[begin, end): the
  // nodes a seek found — and pushes them a chunk at a time.
  void RunMorsel(NodeId begin, NodeId end, const std::vector<NodeId>* seeded, WorkerState& worker,
                 const Sink& sink) const;
  // A NodeSeek's nodes from the key index into `ids`; false when the index declines.
  bool Seek(WorkerState& worker, std::vector<NodeId>& ids) const;
  size_t stage_count() const { return stages_.size(); }
  // Whether every node of the scan reaches the consumer in one row at most: no expand,
  // or one factorized expand (SetConsumerReads decides that). A per-node table over the
  // scan's column then folds nothing.
  bool ScanNodesOnce() const;
  uint32_t scan_column() const { return scan_column_; }

  // The run over `graph` with ctx's execution options: every worker when `parallel`,
  // else one (the row engine's order); never more workers than morsels.
  FragmentRun PlanRun(const ExecContext& ctx, bool parallel) const;
  // Runs every morsel of `run` — on a worker pool when it has several workers, morsel
  // after morsel otherwise — calling sink(chunk, morsel, worker) for each chunk; each
  // worker gets a WorkerState of its own (`states`, made here). With run.share_chunks a
  // chunk may reach the sink on another worker than its morsel's.
  using MorselSink = std::function<void(DataChunk& chunk, size_t morsel, uint32_t worker)>;
  void Run(ExecContext& ctx, const FragmentRun& run, std::vector<std::unique_ptr<WorkerState>>& states,
           const MorselSink& sink) const;

  // PROFILE: the fragment's operators with the rows each produced, top first.
  void Profile(std::vector<ProfiledOperator>& out) const;
  // PROFILE: the db hits of the consumer's work on the workers (its sink's reads).
  uint64_t consumer_db_hits() const { return hits_[stages_.size() + 1].load(std::memory_order_relaxed); }

 private:
  struct Stage;
  Fragment();
  void Prepare(WorkerState& worker) const;  // its per-stage buffers
  bool Expands() const;
  void Push(size_t stage, DataChunk& chunk, WorkerState& worker, const Sink& sink) const;
  void Expand(size_t stage, DataChunk& chunk, WorkerState& worker, const Sink& sink) const;

  FragmentColumns columns_;
  const planner::LogicalNodeScan* scan_ = nullptr;
  bool seek_ = false;  // the scan is a NodeSeek: its first equality answered by the key index
  uint32_t scan_column_ = 0;
  std::vector<std::unique_ptr<Stage>> stages_;  // bottom-up: stages_[0] reads the scan's chunks
  // Per stage, the columns read after it (by later stages or the consumer).
  std::vector<std::vector<bool>> live_after_;
  mutable std::atomic<uint64_t> scan_rows_{0};
  // PROFILE: db hits per stage, the scan's, the consumer's (WorkerState::hit_slots).
  std::unique_ptr<std::atomic<uint64_t>[]> hits_;
};

}  // namespace quiver::exec::vector
