// ConstructionSession: Validate and Commit (the build and the publish).
#include <thread>

#include "ingest/construction_session.h"
#include "ingest/csr_memory.h"
#include "ingest/worker_budget.h"
#include "storage/property_column.h"
#include "storage/txn/log_segment.h"

namespace quiver::ingest {

Status ConstructionSession::Validate() {
  if (state_ == State::kValidated) return Status::OK();
  if (state_ == State::kDone) return Status::InvalidArgument("the session has ended");
  if (state_ == State::kNodes) {
    std::vector<DuplicateKey> dups;
    QUIVER_RETURN_IF_ERROR(FinishNodes(false, &dups));
  }
  for (const TypeState& t : type_state_) {
    if (t.edges >= (uint64_t{1} << 32) && !spilling_) {
      return Fail(Status::NotSupported("an in-memory build of 2^32 or more edges of one type"));
    }
  }
  state_ = State::kValidated;
  return Status::OK();
}

Status ConstructionSession::BuildType(uint32_t type, uint32_t segment, storage::GenerationWriter* writer,
                                      WorkerPool* pool, std::vector<storage::FileInfo>* files) {
  TypeState& t = type_state_[type];
  const uint64_t n = nodes_.size();
  const bool ordered = !t.columns.empty();
  RawVector<uint64_t> input_of_position;
  storage::FileInfo csr_info;
  const bool external = !t.runs.empty() || !t.seq_runs.empty();
  if (external) {
    // The spilling path's share of the budget: ranges, reverse buffers and sorts. Held
    // besides: every type's columns and out-degrees, this build's in-degrees (4N).
    uint64_t fixed = HeldBytes() + n * 4;
    for (const auto& r : t.runs)
      fixed += r.records.capacity() * sizeof(FwdRecord);  // the last, unspilled run
    for (const auto& r : t.seq_runs) fixed += r.records.capacity() * sizeof(FwdSeqRecord);
    // Seq runs exist whenever the session takes edge properties, also for a type that
    // got none: they need the permutation (and used to be built as plain runs, found
    // empty: "spill runs hold a different number of edges than counted").
    const bool seq = !t.seq_runs.empty();
    if (seq) fixed += t.edges * 8;
    QUIVER_ASSIGN_OR_RETURN(CsrFile file, CsrFile::Create(writer, type, t.edges, segment));
    const uint64_t avail = options_.memory_budget > fixed ? options_.memory_budget - fixed : 0;
    ExternalCsrPlan plan;
    plan.range_edges = options_.range_edges != 0
                           ? options_.range_edges
                           : std::max<uint64_t>(avail / 3 / (uint64_t{pool->size()} * 48), 4096);
    // A reverse record and its sorted copy: 12 bytes each (16 past 2^32 edges).
    const uint64_t rev_record = storage::EdgePositionWidth(t.edges) == 4 ? 12 : 16;
    plan.reverse_run_edges = std::max<uint64_t>(avail / 3 / (2 * rev_record), 4096);
    if (options_.spill_edges != 0) plan.reverse_run_edges = options_.spill_edges;
    plan.histogram_bytes = std::max<uint64_t>(avail / 6, 1 << 20);
    if (pool == pool_.get()) plan.phases = options_.phases;  // types one at a time: no overlap
    Status s = seq ? BuildCsrExternal(n, t.edges, &t.seq_runs, t.out_degrees, plan, scratch_.get(), &file,
                                          &input_of_position, pool)
                       : BuildCsrExternal(n, t.edges, &t.runs, t.out_degrees, plan, scratch_.get(), &file,
                                          nullptr, pool);
    QUIVER_RETURN_IF_ERROR(s);
    QUIVER_ASSIGN_OR_RETURN(csr_info, file.Finish());
  } else {
    // Sub-phases only when types are built one at a time: phases must not overlap.
    std::optional<ScopedPhase> phase;
    if (options_.phases && pool == pool_.get()) phase.emplace(*options_.phases, "csr_sort");
    const uint64_t hist = options_.memory_budget / 8;
    CsrArrays32 csr = BuildCsrInMemory(n, &t.buffered, ordered, hist, pool);
    if (options_.progress) options_.progress->Advance(t.edges * 3 / 4);  // the sorts are most of the work
    if (phase) {
      phase->SetUnits("edge", t.edges);
      phase.reset();
      phase.emplace(*options_.phases, "csr_write");
      phase->SetUnits("edge", t.edges);
    }
    QUIVER_ASSIGN_OR_RETURN(csr_info, WriteCsrArrays(writer, type, segment, csr, pool));
    input_of_position = std::move(csr.input_of_position);
  }
  files->push_back(std::move(csr_info));
  // Edge columns, one file each, written in parallel and listed in key order.
  std::vector<ColumnBuilder*> columns;
  for (auto& [key, col] : t.columns) {
    col->Finish(t.edges);
    if (col->present_count() > 0) columns.push_back(col.get());
  }
  std::vector<storage::FileInfo> infos(columns.size());
  QUIVER_RETURN_IF_ERROR(pool->ParallelForStatus(columns.size(), [&](size_t i, uint32_t) -> Status {
    const ColumnBuilder& col = *columns[i];
    QUIVER_ASSIGN_OR_RETURN(
        auto f,
        writer->NewFile(storage::EdgeColumnFileName(type, col.key(), segment), storage::FileKind::kEdgePropertyColumn,
                        storage::EdgeColumnSubject(type, col.key()), static_cast<uint32_t>(col.type()), 0, segment));
    QUIVER_RETURN_IF_ERROR(col.Write(f.get(), input_of_position));
    QUIVER_ASSIGN_OR_RETURN(infos[i], f->Finish());
    return Status::OK();
  }));
  for (auto& info : infos) files->push_back(std::move(info));
  if (options_.progress) {
    options_.progress->Advance(external ? t.edges : t.edges - t.edges * 3 / 4);
  }
  return Status::OK();
}

Status ConstructionSession::CarryBaseSegments(uint32_t type, storage::GenerationWriter* writer,
                                              std::vector<storage::FileInfo>* files) {
  for (const storage::FileInfo& info : append_to_->manifest().files) {
    const bool of_type = (info.kind == storage::FileKind::kRelationshipType && info.subject == type) ||
                         (info.kind == storage::FileKind::kEdgePropertyColumn && info.subject >> 32 == type);
    if (!of_type) continue;
    QUIVER_ASSIGN_OR_RETURN(storage::FileInfo carried, writer->CarryFile(*append_to_, info));
    files->push_back(std::move(carried));
  }
  return Status::OK();
}

bool ConstructionSession::WritesSegments() const {
  if (!append_to_) return false;
  if (append_to_->Segmented()) return true;  // carried as they are
  bool carries = false;
  for (uint32_t t = 0; t < rel_type_count() && t < append_to_->RelTypeCount(); ++t) {
    if (append_to_->RelTypeEdgeCount(t) == 0) continue;
    if (type_state_[t].edges > 0) return true;  // a segment appended
    carries = true;
  }
  // A carried file covers the base's nodes only: fewer than the generation's.
  return carries && nodes_.size() > append_to_->NodeCount();
}

Status ConstructionSession::BuildTypes(storage::GenerationWriter* writer) {
  const uint32_t types = rel_type_count();
  std::vector<uint64_t> counts(types);
  for (uint32_t t = 0; t < types; ++t) counts[t] = type_state_[t].edges;
  std::vector<std::vector<storage::FileInfo>> files(types);
  // Appending: a type the base holds relationships of keeps its segments, and the
  // session's relationships of it, if any, become the next one.
  std::vector<uint64_t> base_counts(types, 0);
  std::vector<uint32_t> segment(types, 0);
  if (append_to_) {
    for (uint32_t t = 0; t < types && t < append_to_->RelTypeCount(); ++t) {
      base_counts[t] = append_to_->RelTypeEdgeCount(t);
      if (base_counts[t] == 0) continue;
      QUIVER_RETURN_IF_ERROR(CarryBaseSegments(t, writer, &files[t]));
      segment[t] = append_to_->SegmentCount(t);
    }
  }
  std::vector<Status> status(types);
  // Several types at once, each with its share of the workers, when the budget covers
  // every non-empty type and the in-memory builds fit together; otherwise one type at
  // a time with every worker (the spilling path always: its plan assumes the budget).
  const std::vector<uint32_t> share = AllocateWorkers(pool_->size(), counts);
  uint32_t non_empty = 0;
  for (uint64_t c : counts) non_empty += c > 0 ? 1 : 0;
  const bool concurrent = !spilling_ && non_empty > 1 && non_empty <= pool_->size();
  if (concurrent) {
    std::vector<std::jthread> threads;
    for (uint32_t t = 0; t < types; ++t) {
      if (counts[t] == 0) continue;
      threads.emplace_back([&, t] {
        try {
          WorkerPool pool(share[t]);
          status[t] = BuildType(t, segment[t], writer, &pool, &files[t]);
        } catch (const std::exception& e) {  // a failed QUIVER_ASSERT must not terminate
          status[t] = Status::Aborted(std::string("building relationship type: ") + e.what());
        }
      });
    }
    threads.clear();  // joins
  }
  for (uint32_t t = 0; t < types; ++t) {
    // An empty type still gets its (empty) file, but no empty segment after the base's.
    const bool base_only = counts[t] == 0 && base_counts[t] > 0;
    const bool build = !base_only && (!concurrent || counts[t] == 0);
    if (build) status[t] = BuildType(t, segment[t], writer, pool_.get(), &files[t]);
    QUIVER_RETURN_IF_ERROR(status[t]);
  }
  // The MANIFEST lists files in type order whatever order they were finished in.
  for (uint32_t t = 0; t < types; ++t) {
    for (auto& f : files[t]) writer->AddFile(std::move(f));
    writer->SetRelationshipTypeEdgeCount(t, base_counts[t] + counts[t]);
  }
  return Status::OK();
}

Status ConstructionSession::WriteGeneration(storage::GenerationWriter* writer) {
  // First: the Schema file sets the version every later file of the generation carries.
  if (WritesSegments()) writer->SetFormatVersion(storage::kSegmentFormatVersion);
  QUIVER_RETURN_IF_ERROR(writer->WriteSchema(schema_));
  QUIVER_RETURN_IF_ERROR(writer->WriteDictionary({labels_.names, types_.names, keys_.names}));
  QUIVER_RETURN_IF_ERROR(nodes_.WriteLabels(writer, label_count()));
  {
    std::optional<ScopedPhase> phase;
    if (options_.phases) phase.emplace(*options_.phases, "build_csr");
    if (options_.progress) options_.progress->BeginPhase("build CSR", edge_count_, "edges");
    QUIVER_RETURN_IF_ERROR(BuildTypes(writer));
    if (options_.progress) options_.progress->EndPhase();
    if (phase) phase->SetUnits("edge", edge_count_);
  }
  std::optional<ScopedPhase> phase;
  if (options_.phases) phase.emplace(*options_.phases, "write_nodes_publish");
  QUIVER_RETURN_IF_ERROR(nodes_.WriteColumns(writer, pool_.get()));
  return nodes_.WriteExternalIds(writer, pool_.get());
}

Result<CommitResult> ConstructionSession::PrepareCommit() {
  QUIVER_RETURN_IF_ERROR(Validate());
  if (spilling_) QUIVER_RETURN_IF_ERROR(SpillAll(true));
  if (Status s = run_spill_.Wait(); !s.ok()) return Fail(s);
  CommitResult result;
  result.nodes = nodes_.size();
  result.edges = TotalEdgeCount();
  result.spilled = spilling_;
  result.memory_floor_bytes = MemoryFloorBytes();
  return result;
}

uint64_t ConstructionSession::HeldBytes() const {
  uint64_t held = node_bytes_;
  for (const TypeState& t : type_state_) {
    held += t.out_degrees.size() * 4;  // empty until the type spills
    for (const auto& [k, c] : t.columns) held += c->MemoryBytes();
  }
  return held;
}

uint64_t ConstructionSession::MemoryFloorBytes() const {
  uint64_t floor = HeldBytes() + producer_bytes_;
  if (!spilling_) return floor;
  floor += nodes_.size() * 4;  // the build's in-degrees
  for (const TypeState& t : type_state_) {
    if (!t.seq_runs.empty()) floor += t.edges * 8;  // position -> input order
  }
  return floor;
}

Result<CommitResult> ConstructionSession::BuildInto(storage::GenerationWriter* writer) {
  QUIVER_ASSIGN_OR_RETURN(CommitResult result, PrepareCommit());
  if (writer->node_count() != nodes_.size())
    return Fail(Status::InvalidArgument("the generation writer expects a different node count"));
  result.generation = writer->generation();
  Status s = WriteGeneration(writer);
  if (!s.ok()) return Fail(s);
  result.scratch_bytes_written = scratch_->bytes_written();
  Abort();  // scratch removed; state done; the writer's directory is the caller's
  return result;
}

Result<CommitResult> ConstructionSession::Commit() {
  QUIVER_ASSIGN_OR_RETURN(CommitResult result, PrepareCommit());
  auto writer_or = db_->BeginGeneration(nodes_.size());
  if (!writer_or.ok()) return Fail(writer_or.status());
  std::unique_ptr<storage::GenerationWriter> writer = std::move(writer_or).value();
  gen_dir_ = writer->dir();
  Status s = WriteGeneration(writer.get());
  if (!s.ok()) return Fail(s);
  // A new graph starts a new history: its log position is past every record written for
  // the graph it replaces, which must never be replayed onto it (docs/format/log.md).
  auto live = db_->Pin();
  if (!live.ok()) return Fail(live.status());
  auto history = storage::StartNewHistory(db_->env(), db_->path(), db_->database_id(),
                                          (*live)->manifest().write_log_position,
                                          (*live)->manifest().format_version);
  live->reset();
  if (!history.ok()) return Fail(history.status());
  auto published = db_->Publish(writer.get(), *history);
  if (!published.ok()) {
    // Once CURRENT names the new generation it is live, whatever failed after the rename.
    auto current = db_->CurrentGeneration();
    if (current.ok() && *current == writer->generation()) gen_dir_.clear();
    return Fail(published.status());
  }
  gen_dir_.clear();  // live now: not ours to delete
  storage::RemoveSegmentsBelow(db_->env(), db_->path(), *history);  // the old graph's history
  result.generation = *published;
  result.scratch_bytes_written = scratch_->bytes_written();
  auto pinned = db_->Pin();
  if (pinned.ok()) {
    for (const auto& f : (*pinned)->manifest().files) result.published_bytes += f.size;
  }
  Abort();  // scratch removed; state done
  return result;
}

}  // namespace quiver::ingest
