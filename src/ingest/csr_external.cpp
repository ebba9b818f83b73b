#include "ingest/csr_external.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include "ingest/csr_memory.h"

namespace quiver::ingest {
namespace {

using storage::SectionType;

// A range of keys, aligned to run blocks, and the edges (records) it holds.
struct KeyRange {
  uint64_t first_key = 0, end_key = 0;
  uint64_t first_block = 0, end_block = 0;
  uint64_t first_edge = 0, edges = 0;
};

std::vector<KeyRange> PlanRanges(const std::vector<uint32_t>& degrees, uint32_t block_bits, uint64_t cap,
                                 WorkerPool* pool) {
  const uint64_t n = degrees.size();
  const uint64_t blocks = (n + (uint64_t{1} << block_bits) - 1) >> block_bits;
  std::vector<uint64_t> block_edges(blocks, 0);
  pool->ParallelFor(blocks, [&](size_t b, uint32_t) {
    uint64_t sum = 0;
    for (uint64_t k = b << block_bits; k < std::min<uint64_t>(n, (b + 1) << block_bits); ++k)
      sum += degrees[k];
    block_edges[b] = sum;
  });
  std::vector<KeyRange> ranges;
  KeyRange cur;
  uint64_t edge = 0;
  for (uint64_t b = 0; b < blocks; ++b) {
    if (cur.edges > 0 && cur.edges + block_edges[b] > cap) {
      ranges.push_back(cur);
      cur = KeyRange{};
      cur.first_block = b;
      cur.first_key = b << block_bits;
      cur.first_edge = edge;
    }
    cur.end_block = b + 1;
    cur.end_key = std::min<uint64_t>(n, (b + 1) << block_bits);
    cur.edges += block_edges[b];
    edge += block_edges[b];
  }
  if (cur.end_block > cur.first_block) ranges.push_back(cur);
  return ranges;
}

template <typename R>
Status ReadRange(const KeyRange& r, const std::vector<Run<R>>& runs, std::vector<R>* out) {
  out->clear();
  out->reserve(r.edges);
  for (const Run<R>& run : runs) {
    QUIVER_RETURN_IF_ERROR(run.Read(run.block_starts[r.first_block], run.block_starts[r.end_block], out));
  }
  if (out->size() != r.edges)
    return Status::Corruption("spill runs hold a different number of edges than counted");
  return Status::OK();
}

// Local stable counting sort of records by key - first_key; place(record, slot).
template <typename R, typename Place>
void SortRangeByKey(const KeyRange& r, const std::vector<R>& records, std::vector<uint32_t>* offsets,
                    Place&& place) {
  const uint64_t keys = r.end_key - r.first_key;
  offsets->assign(keys + 1, 0);
  for (const R& rec : records) ++(*offsets)[rec.key - r.first_key + 1];
  for (uint64_t k = 0; k < keys; ++k) (*offsets)[k + 1] += (*offsets)[k];
  std::vector<uint32_t> cursor(offsets->begin(), offsets->end() - 1);
  for (const R& rec : records) place(rec, cursor[rec.key - r.first_key]++);
}

template <typename Rev>
struct ForwardOut {
  std::vector<uint32_t> targets;
  std::vector<Rev> reverse;
};

template <typename R, typename Rev>
Status ForwardRange(const KeyRange& r, const std::vector<Run<R>>& runs,
                    RawVector<uint64_t>* input_of_position, ForwardOut<Rev>* out) {
  std::vector<R> records;
  QUIVER_RETURN_IF_ERROR(ReadRange(r, runs, &records));
  std::vector<uint32_t> offsets;
  out->targets.resize(r.edges);
  constexpr bool kSeq = std::is_same_v<R, FwdSeqRecord>;
  uint64_t* seqs = nullptr;
  if constexpr (kSeq) seqs = input_of_position->data() + r.first_edge;
  SortRangeByKey(r, records, &offsets, [&](const R& rec, uint32_t slot) {
    out->targets[slot] = rec.target;
    if constexpr (kSeq) seqs[slot] = rec.seq;
  });
  Release(records);
  std::vector<std::pair<uint32_t, uint64_t>> scratch;
  for (uint64_t u = 0; u + 1 < offsets.size(); ++u) {
    SortSlice(out->targets.data() + offsets[u], seqs == nullptr ? nullptr : seqs + offsets[u],
              offsets[u + 1] - offsets[u], &scratch);
  }
  out->reverse.resize(r.edges);
  for (uint64_t u = 0; u + 1 < offsets.size(); ++u) {
    for (uint64_t i = offsets[u]; i < offsets[u + 1]; ++i) {
      using Position = decltype(Rev::position);
      out->reverse[i] = {out->targets[i], static_cast<uint32_t>(r.first_key + u),
                         static_cast<Position>(r.first_edge + i)};
    }
  }
  return Status::OK();
}

struct ReverseOut {
  std::vector<uint32_t> sources;
  std::string positions;  // already at the file's position width
};

template <typename Rev>
Status ReverseRange(const KeyRange& r, const std::vector<Run<Rev>>& runs, uint32_t position_width,
                    ReverseOut* out) {
  std::vector<Rev> records;
  QUIVER_RETURN_IF_ERROR(ReadRange(r, runs, &records));
  std::vector<uint32_t> offsets;
  out->sources.resize(r.edges);
  out->positions.resize(r.edges * position_width);
  char* pos = out->positions.data();
  SortRangeByKey(r, records, &offsets, [&](const Rev& rec, uint32_t slot) {
    out->sources[slot] = rec.source;
    const uint64_t position = rec.position;
    std::memcpy(pos + uint64_t{slot} * position_width, &position, position_width);  // little-endian
  });
  return Status::OK();
}

// Runs fn over ranges in waves of pool->size(), then consume(range index, output) in
// range order on the calling thread.
template <typename Out, typename Fn, typename Consume>
Status InWaves(size_t count, WorkerPool* pool, Fn&& fn, Consume&& consume) {
  const size_t wave = pool->size();
  std::vector<Out> outs(wave);
  for (size_t first = 0; first < count; first += wave) {
    const size_t n = std::min(wave, count - first);
    QUIVER_RETURN_IF_ERROR(
        pool->ParallelForStatus(n, [&](size_t i, uint32_t) { return fn(first + i, &outs[i]); }));
    for (size_t i = 0; i < n; ++i) {
      QUIVER_RETURN_IF_ERROR(consume(first + i, &outs[i]));
      outs[i] = Out{};
    }
  }
  return Status::OK();
}

// BuildCsrExternal with reverse records of type Rev.
template <typename R, typename Rev>
Status BuildWithReverse(uint64_t node_count, uint64_t edge_count, std::vector<Run<R>>* runs,
                        const std::vector<uint32_t>& out_degrees, const ExternalCsrPlan& plan,
                        Scratch* scratch, CsrFile* file, RawVector<uint64_t>* input_of_position,
                        WorkerPool* pool) {
  const uint32_t bits = RunBlockBits(node_count);
  std::optional<ScopedPhase> phase;
  auto begin_phase = [&](const char* name) {
    phase.reset();
    if (plan.phases != nullptr) {
      phase.emplace(*plan.phases, name);
      phase->SetUnits("edge", edge_count);
    }
  };
  begin_phase("csr_forward");
  if (input_of_position != nullptr) input_of_position->resize(edge_count);
  QUIVER_RETURN_IF_ERROR(file->WriteOffsets(SectionType::kFwdOffsets, out_degrees));

  // Forward, and reverse records spilled as they accumulate; each sorted reverse run is
  // written in the background while the workers go on with the next ranges.
  std::vector<Run<Rev>> reverse_runs;
  std::vector<uint32_t> in_degrees(node_count, 0);
  std::vector<Rev> buffer;
  buffer.reserve(plan.reverse_run_edges + plan.range_edges);  // no doubling past the plan
  BackgroundSpill spill;  // after reverse_runs: destroyed (joined) before them
  auto flush_reverse = [&](bool last) -> Status {
    if (buffer.empty()) return Status::OK();
    QUIVER_RETURN_IF_ERROR(spill.Wait());  // the previous run's records go before this sort allocates
    Run<Rev> run = SortIntoRun<Rev>(
        buffer.size(), node_count, bits,
        [&](uint64_t b, uint64_t e, auto&& emit) {
          for (uint64_t i = b; i < e; ++i) emit(buffer[i]);
        },
        &in_degrees, plan.histogram_bytes, pool);
    buffer.clear();
    reverse_runs.push_back(std::move(run));
    return last ? Status::OK() : spill.Start(&reverse_runs.back(), scratch, "reverse-run");
  };
  const std::vector<KeyRange> fwd = PlanRanges(out_degrees, bits, plan.range_edges, pool);
  QUIVER_RETURN_IF_ERROR(file->BeginNodes(SectionType::kFwdTargets));
  QUIVER_RETURN_IF_ERROR(InWaves<ForwardOut<Rev>>(
      fwd.size(), pool,
      [&](size_t i, ForwardOut<Rev>* out) { return ForwardRange(fwd[i], *runs, input_of_position, out); },
      [&](size_t, ForwardOut<Rev>* out) -> Status {
        QUIVER_RETURN_IF_ERROR(file->Append(std::span<const uint32_t>(out->targets)));
        buffer.insert(buffer.end(), out->reverse.begin(), out->reverse.end());
        if (buffer.size() >= plan.reverse_run_edges) QUIVER_RETURN_IF_ERROR(flush_reverse(false));
        return Status::OK();
      }));
  QUIVER_RETURN_IF_ERROR(file->EndSection());
  for (Run<R>& run : *runs) run.Discard(scratch->env());
  runs->clear();
  QUIVER_RETURN_IF_ERROR(flush_reverse(true));
  QUIVER_RETURN_IF_ERROR(spill.Wait());  // when the last flush found the buffer empty
  Release(buffer);

  // Reverse.
  begin_phase("csr_reverse");
  QUIVER_RETURN_IF_ERROR(file->WriteOffsets(SectionType::kRevOffsets, in_degrees));
  const std::vector<KeyRange> rev = PlanRanges(in_degrees, bits, plan.range_edges, pool);
  const std::string positions_path = scratch->NewPath("reverse-positions");
  QUIVER_ASSIGN_OR_RETURN(auto positions, scratch->env()->NewWritableFile(positions_path));
  QUIVER_RETURN_IF_ERROR(file->BeginNodes(SectionType::kRevSources));
  QUIVER_RETURN_IF_ERROR(InWaves<ReverseOut>(
      rev.size(), pool,
      [&](size_t i, ReverseOut* out) {
        return ReverseRange(rev[i], reverse_runs, file->position_width(), out);
      },
      [&](size_t, ReverseOut* out) -> Status {
        QUIVER_RETURN_IF_ERROR(file->Append(std::span<const uint32_t>(out->sources)));
        scratch->AddWritten(out->positions.size());
        return positions->Append(out->positions);
      }));
  QUIVER_RETURN_IF_ERROR(file->EndSection());
  QUIVER_RETURN_IF_ERROR(positions->Close());
  for (Run<Rev>& run : reverse_runs) run.Discard(scratch->env());
  reverse_runs.clear();

  // Positions, copied from scratch into their section.
  begin_phase("csr_positions");
  QUIVER_RETURN_IF_ERROR(file->BeginPositions(SectionType::kRevEdgePositions));
  QUIVER_ASSIGN_OR_RETURN(auto in, scratch->env()->NewRandomAccessFile(positions_path));
  std::string chunk(size_t{1} << 20, '\0');
  for (uint64_t at = 0; at < in->Size();) {
    QUIVER_ASSIGN_OR_RETURN(size_t n, in->ReadAt(at, chunk.size(), chunk.data()));
    if (n == 0) return Status::IOError(positions_path + ": shorter than written");
    QUIVER_RETURN_IF_ERROR(file->AppendRaw({chunk.data(), n}));
    at += n;
  }
  in.reset();
  (void)scratch->env()->RemoveFile(positions_path);
  return file->EndSection();
}

}  // namespace

template <typename R>
Status BuildCsrExternal(uint64_t node_count, uint64_t edge_count, std::vector<Run<R>>* runs,
                        const std::vector<uint32_t>& out_degrees, const ExternalCsrPlan& plan,
                        Scratch* scratch, CsrFile* file, RawVector<uint64_t>* input_of_position,
                        WorkerPool* pool) {
  // 12-byte reverse records whenever positions fit 32 bits: a quarter less reverse spill.
  if (file->position_width() == 4) {
    return BuildWithReverse<R, RevRecord32>(node_count, edge_count, runs, out_degrees, plan, scratch, file,
                                            input_of_position, pool);
  }
  return BuildWithReverse<R, RevRecord>(node_count, edge_count, runs, out_degrees, plan, scratch, file,
                                        input_of_position, pool);
}

template Status BuildCsrExternal<FwdRecord>(uint64_t, uint64_t, std::vector<Run<FwdRecord>>*,
                                            const std::vector<uint32_t>&, const ExternalCsrPlan&, Scratch*,
                                            CsrFile*, RawVector<uint64_t>*, WorkerPool*);
template Status BuildCsrExternal<FwdSeqRecord>(uint64_t, uint64_t, std::vector<Run<FwdSeqRecord>>*,
                                               const std::vector<uint32_t>&, const ExternalCsrPlan&, Scratch*,
                                               CsrFile*, RawVector<uint64_t>*, WorkerPool*);

}  // namespace quiver::ingest
