#include "ingest/construction_session.h"

#include <algorithm>

#include "common/resource/resource_policy.h"
#include "ingest/csr_memory.h"

namespace quiver::ingest {

ConstructionSession::ConstructionSession(storage::DatabaseDir* db, SessionOptions options)
    : db_(db), options_(options) {}

Result<std::unique_ptr<ConstructionSession>> ConstructionSession::Begin(storage::DatabaseDir* db,
                                                                        SessionOptions options) {
  if (db->read_only()) return Status::ReadOnly("a construction session needs the database open for writing");
  if (options.workers == 0 || options.memory_budget == 0) {
    QUIVER_ASSIGN_OR_RETURN(ResourcePolicy policy, ResourcePolicy::FromMachine());
    if (options.workers == 0) options.workers = policy.workers().value;
    if (options.memory_budget == 0) options.memory_budget = policy.memory_budget().value;
  }
  std::unique_ptr<ConstructionSession> s(new ConstructionSession(db, options));
  s->pool_ = std::make_unique<WorkerPool>(options.workers);
  // Scratch left by a session that crashed is ours to delete: we hold the writer lock.
  const std::string scratch = JoinPath(db->path(), kScratchDirName);
  QUIVER_RETURN_IF_ERROR(db->env()->RemoveDirRecursive(scratch));
  QUIVER_RETURN_IF_ERROR(db->env()->CreateDirs(scratch));
  s->scratch_ = std::make_unique<Scratch>(db->env(), scratch);
  return s;
}

ConstructionSession::~ConstructionSession() {
  Abort();
}

void ConstructionSession::Abort() {
  (void)run_spill_.Wait();  // its run and file are about to go
  append_to_.reset();  // unpins the generation it appended to (collectable once replaced)
  if (scratch_ != nullptr) {
    for (TypeState& t : type_state_) {
      for (auto& r : t.runs) r.Discard(db_->env());
      for (auto& r : t.seq_runs) r.Discard(db_->env());
    }
    (void)db_->env()->RemoveDirRecursive(scratch_->dir());
    scratch_.reset();
  }
  if (!gen_dir_.empty()) {
    // Written but never made CURRENT: nothing refers to it.
    (void)db_->env()->RemoveDirRecursive(gen_dir_);
    gen_dir_.clear();
  }
  type_state_.clear();
  state_ = State::kDone;
}

Status ConstructionSession::Fail(Status s) {
  Abort();
  return s;
}

uint32_t ConstructionSession::Intern(Dict* d, std::string_view name) {
  auto [it, inserted] = d->ids.emplace(std::string(name), static_cast<uint32_t>(d->names.size()));
  if (inserted) d->names.emplace_back(name);
  return it->second;
}

uint32_t ConstructionSession::RelType(std::string_view name) {
  const uint32_t id = Intern(&types_, name);
  if (type_state_.size() <= id) type_state_.resize(id + 1);
  return id;
}

Status ConstructionSession::AddNodes(std::vector<NodeBatch> batches) {
  if (state_ != State::kNodes) return Status::InvalidArgument("nodes must be added before FinishNodes");
  nodes_.Append(std::move(batches), pool_.get());
  return Status::OK();
}

Status ConstructionSession::DropNodes(std::vector<uint64_t> nodes) {
  if (state_ != State::kNodes) return Status::InvalidArgument("DropNodes after FinishNodes");
  nodes_.DropNodes(std::move(nodes));
  return Status::OK();
}

Status ConstructionSession::FinishNodes(bool drop_duplicates, std::vector<DuplicateKey>* duplicates) {
  if (state_ != State::kNodes) return Status::InvalidArgument("FinishNodes called twice or after the end");
  if (nodes_.size() >= (uint64_t{1} << 32) - 1) {
    return Fail(Status::NotSupported("more than 2^32 - 2 nodes: the ingest layer uses 32-bit node ids"));
  }
  std::optional<ScopedPhase> phase;
  if (options_.phases) phase.emplace(*options_.phases, "id_maps");
  std::vector<DuplicateKey> dups = nodes_.BuildIdMaps(drop_duplicates, pool_.get());
  if (duplicates != nullptr) *duplicates = dups;
  if (!dups.empty() && !drop_duplicates) {
    const DuplicateKey& d = dups.front();
    return Fail(Status::InvalidArgument("duplicate id " + d.key + ": node " + std::to_string(d.node) +
                                        " repeats the id of node " + std::to_string(d.first_node)));
  }
  node_bytes_ = nodes_.MemoryBytes();
  state_ = State::kEdges;
  return Status::OK();
}

uint64_t ConstructionSession::BufferedEdges() const {
  uint64_t n = 0;
  for (const TypeState& t : type_state_) n += t.buffered.size();
  return n;
}

bool ConstructionSession::InMemoryBuildFits(uint64_t extra_edges) const {
  if (options_.spill_edges != 0) return false;
  const uint64_t n = nodes_.size();
  uint64_t need = node_bytes_ + producer_bytes_;
  for (const TypeState& t : type_state_) {
    const uint64_t e = t.buffered.size() + extra_edges;
    if (e >= (uint64_t{1} << 32)) return false;
    need += e * 8 + InMemoryCsrBytes(n, e, !t.columns.empty(), std::min<uint32_t>(pool_->size(), 2));
    for (const auto& [k, c] : t.columns) need += c->MemoryBytes();
  }
  return need <= options_.memory_budget;
}

uint64_t ConstructionSession::SpillThreshold() const {
  if (options_.spill_edges != 0) return options_.spill_edges;
  const uint64_t fixed = HeldBytes() + producer_bytes_;
  const uint64_t avail = options_.memory_budget > fixed ? options_.memory_budget - fixed : 0;
  // A third of what is left for the buffer (8 bytes an edge); the sort's copy of it
  // (8-16 bytes an edge) and its histograms take the rest.
  return std::max<uint64_t>(avail / 3 / 8, 1 << 16);
}

template <typename R>
Status ConstructionSession::SpillType(TypeState* t, std::vector<Run<R>>* runs, bool keep_in_memory) {
  const uint64_t n = t->buffered.size();
  if (n == 0) return Status::OK();
  const uint64_t nodes = nodes_.size();
  if (t->out_degrees.empty()) t->out_degrees.assign(nodes, 0);
  const uint64_t seq_base = t->run_edges;
  const EdgeBlocks& blocks = t->buffered;
  QUIVER_RETURN_IF_ERROR(run_spill_.Wait());  // its records are freed before this sort allocates
  Run<R> run = SortIntoRun<R>(
      n, nodes, RunBlockBits(nodes),
      [&](uint64_t b, uint64_t e, auto&& emit) {
        blocks.ForRange(b, e, [&](uint64_t i, uint32_t s, uint32_t d) {
          if constexpr (std::is_same_v<R, FwdSeqRecord>) {
            emit(R{s, d, seq_base + i});
          } else {
            emit(R{s, d});
          }
        });
      },
      &t->out_degrees, options_.memory_budget / 8, pool_.get());
  t->buffered.Clear();
  t->run_edges += n;
  runs->push_back(std::move(run));
  if (keep_in_memory) return Status::OK();
  // No run of any type moves until this write is done: every SpillType waits first.
  return run_spill_.Start(&runs->back(), scratch_.get(), "forward-run");
}

Status ConstructionSession::SpillAll(bool final_in_memory) {
  std::optional<ScopedPhase> phase;
  if (options_.phases) phase.emplace(*options_.phases, final_in_memory ? "last_runs" : "spill");
  for (TypeState& t : type_state_) {
    Status s = options_.edge_properties ? SpillType(&t, &t.seq_runs, final_in_memory)
                                        : SpillType(&t, &t.runs, final_in_memory);
    if (!s.ok()) return Fail(s);
  }
  return Status::OK();
}

Status ConstructionSession::AddEdges(std::vector<EdgeBatch> batches) {
  if (state_ == State::kNodes) return Status::InvalidArgument("FinishNodes must come before the first edge");
  if (state_ != State::kEdges) return Status::InvalidArgument("edges added after Validate or the end");
  const uint64_t n = nodes_.size();
  // Endpoints in range: producers map keys to ids, this only guards the build.
  std::vector<uint8_t> bad(batches.size(), 0);
  pool_->ParallelFor(batches.size(), [&](size_t i, uint32_t) {
    const EdgeBatch& b = batches[i];
    uint32_t max = 0;
    for (uint32_t v : b.src) max = std::max(max, v);
    for (uint32_t v : b.dst) max = std::max(max, v);
    bad[i] = b.src.size() != b.dst.size() || (!b.src.empty() && max >= n) || b.type >= rel_type_count();
    for (const ColumnChunk& c : b.properties) bad[i] |= c.rows() != b.src.size();
  });
  for (size_t i = 0; i < batches.size(); ++i) {
    if (bad[i])
      return Status::InvalidArgument(
          "edge batch with an endpoint >= node count, an unknown type or ragged arrays");
    if (!batches[i].properties.empty() && !options_.edge_properties) {
      return Status::InvalidArgument(
          "edge properties given but the session was begun without edge_properties");
    }
  }
  std::map<uint32_t, std::vector<std::pair<uint64_t, ColumnChunk*>>> chunks;  // by type
  for (EdgeBatch& b : batches) {
    TypeState& t = type_state_[b.type];
    for (ColumnChunk& c : b.properties) chunks[b.type].emplace_back(t.edges, &c);
    t.edges += b.size();
    edge_count_ += b.size();
    t.buffered.Add(std::move(b.src), std::move(b.dst));
  }
  for (auto& [type, list] : chunks) AppendChunks(&type_state_[type].columns, std::move(list), pool_.get());
  if (!spilling_ && !InMemoryBuildFits(0)) {
    spilling_ = true;
    return SpillAll(false);
  }
  if (spilling_ && BufferedEdges() >= SpillThreshold()) return SpillAll(false);
  return Status::OK();
}

}  // namespace quiver::ingest
