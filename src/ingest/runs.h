#pragma once
// Sorted runs: the unit of spilling (docs/ingest.md, "Bounded memory").
//
// When buffered edges pass their share of the memory budget, each type's buffer becomes
// a run: its records stably sorted by key (source for the forward pass, target for the
// reverse pass), written to the database's scratch directory, with the record offset of
// every block of 2^block_bits keys kept in memory. A later pass over a key range reads
// the range's piece of every run, in run order; since each run is stable and runs are in
// input order, the concatenation is already in input order within each key, and one
// local stable sort of the range yields the final order. No k-way merge, each record
// written and read once.

#include <cstdint>
#include <future>
#include <memory>
#include <string>
#include <vector>

#include "common/file/env.h"
#include "ingest/counting_sort.h"
#include "ingest/edge_blocks.h"
#include "ingest/raw_vector.h"

namespace quiver::ingest {

// Records, sort key first.
struct FwdRecord {
  uint32_t key;  // source
  uint32_t target;
};
struct FwdSeqRecord {
  uint32_t key;  // source
  uint32_t target;
  uint64_t seq;  // input index of the edge within its type (edge properties follow it)
};
// A reverse record; the forward position takes 32 bits in a type of fewer than 2^32
// edges (12 bytes a record, the common case), 64 bits otherwise.
template <typename Position>
struct RevRecordOf {
  uint32_t key;  // target
  uint32_t source;
  Position position;  // forward position
};
using RevRecord = RevRecordOf<uint64_t>;
using RevRecord32 = RevRecordOf<uint32_t>;
static_assert(sizeof(RevRecord32) == 12 && sizeof(RevRecord) == 16);

// Key blocks for a key space of n keys: at most 4096 blocks.
inline uint32_t RunBlockBits(uint64_t n) {
  uint32_t bits = 0;
  while ((n >> bits) > 4096) ++bits;
  return bits;
}

template <typename R>
struct Run {
  std::vector<R> records;                  // while in memory
  std::unique_ptr<RandomAccessFile> file;  // once spilled
  std::string path;                        // of the spilled file
  uint64_t count = 0;
  std::vector<uint64_t> block_starts;  // blocks + 1 record offsets

  // Appends records [begin, end) to out.
  Status Read(uint64_t begin, uint64_t end, std::vector<R>* out) const {
    if (begin >= end) return Status::OK();
    if (file == nullptr) {
      out->insert(out->end(), records.begin() + begin, records.begin() + end);
      return Status::OK();
    }
    const size_t old = out->size();
    out->resize(old + (end - begin));
    char* dst = reinterpret_cast<char*>(out->data() + old);
    const uint64_t bytes = (end - begin) * sizeof(R);
    uint64_t done = 0;
    while (done < bytes) {
      QUIVER_ASSIGN_OR_RETURN(size_t n, file->ReadAt(begin * sizeof(R) + done, bytes - done, dst + done));
      if (n == 0) return Status::IOError(file->path() + ": spill run shorter than written");
      done += n;
    }
    return Status::OK();
  }

  // Writes the records to path, frees them and reopens the file for reading.
  Status Spill(Env* env, const std::string& path) {
    QUIVER_ASSIGN_OR_RETURN(auto w, env->NewWritableFile(path));
    constexpr size_t kChunk = size_t{8} << 20;
    const char* p = reinterpret_cast<const char*>(records.data());
    const uint64_t bytes = records.size() * sizeof(R);
    for (uint64_t at = 0; at < bytes; at += kChunk) {
      QUIVER_RETURN_IF_ERROR(
          w->Append({p + at, static_cast<size_t>(std::min<uint64_t>(kChunk, bytes - at))}));
    }
    QUIVER_RETURN_IF_ERROR(w->Close());  // scratch: never synced, a crash just discards it
    Release(records);
    QUIVER_ASSIGN_OR_RETURN(file, env->NewRandomAccessFile(path));
    this->path = path;
    return Status::OK();
  }

  // Closes and deletes the spilled file (scratch space is released as soon as a pass
  // has consumed its runs; what is left is removed with the scratch directory).
  void Discard(Env* env) {
    file.reset();
    if (!path.empty()) (void)env->RemoveFile(path);
    path.clear();
    Release(records);
  }
};

// Sorts n records (produced by `source(first, last, emit)`, which calls emit(record) for
// input indexes [first, last) in order) stably by key into a run, adding each key's
// count to *degrees (size key_count) when not null.
template <typename R, typename Source>
Run<R> SortIntoRun(uint64_t n, uint64_t key_count, uint32_t block_bits, Source&& source,
                   std::vector<uint32_t>* degrees, uint64_t histogram_bytes, WorkerPool* pool) {
  Run<R> run;
  run.count = n;
  run.records.resize(n);
  const uint32_t parts = CountingSortParts(n, key_count, pool->size(), histogram_bytes);
  auto part_begin = [&](uint32_t p) { return WorkerPool::RangeBegin(n, parts, p); };
  std::vector<uint32_t> offsets;
  StableCountingSort(
      parts, key_count,
      [&](uint32_t p, uint32_t* hist) {
        source(part_begin(p), part_begin(p + 1), [&](const R& r) { ++hist[r.key]; });
      },
      [&](uint32_t p, uint32_t* cursor) {
        R* out = run.records.data();
        source(part_begin(p), part_begin(p + 1), [&](const R& r) { out[cursor[r.key]++] = r; });
      },
      &offsets, pool);
  const uint64_t blocks = (key_count + (uint64_t{1} << block_bits) - 1) >> block_bits;
  run.block_starts.resize(blocks + 1);
  for (uint64_t b = 0; b <= blocks; ++b)
    run.block_starts[b] = offsets[std::min<uint64_t>(b << block_bits, key_count)];
  if (degrees != nullptr) {
    const uint64_t tasks = pool->size();
    pool->ParallelFor(tasks, [&](size_t t, uint32_t) {
      for (uint64_t k = WorkerPool::RangeBegin(key_count, tasks, t),
                    k_end = WorkerPool::RangeBegin(key_count, tasks, t + 1);
           k < k_end; ++k) {
        (*degrees)[k] += offsets[k + 1] - offsets[k];
      }
    });
  }
  return run;
}

// Where spill files go: unique names under the session's scratch directory.
class Scratch {
 public:
  Scratch(Env* env, std::string dir) : env_(env), dir_(std::move(dir)) {}
  Env* env() const { return env_; }
  const std::string& dir() const { return dir_; }
  std::string NewPath(const std::string& what) {
    return JoinPath(dir_, what + "-" + std::to_string(next_++) + ".tmp");
  }
  uint64_t bytes_written() const { return bytes_written_; }
  void AddWritten(uint64_t bytes) { bytes_written_ += bytes; }

 private:
  Env* env_;
  std::string dir_;
  uint64_t next_ = 0;
  uint64_t bytes_written_ = 0;
};

// Writes sorted runs to scratch on a thread of its own (Run::Spill), one at a time, so
// that the caller goes on producing meanwhile: the write is a kernel copy that would
// otherwise leave a core idle. Start waits for the previous run first, so runs are
// written in order and only one run's records are in flight. Call Wait() before the
// next sort allocates (memory stays buffer + sorted copy, as the spill plans count it)
// and before anything moves or reads the runs; the destructor waits too, so a failure
// never leaves the thread writing into freed runs.
class BackgroundSpill {
 public:
  BackgroundSpill() = default;
  BackgroundSpill(const BackgroundSpill&) = delete;
  BackgroundSpill& operator=(const BackgroundSpill&) = delete;
  ~BackgroundSpill() {
    if (pending_.valid()) pending_.wait();
  }

  // Starts writing *run (which must stay where it is until Wait) to a new scratch file.
  template <typename R>
  Status Start(Run<R>* run, Scratch* scratch, const std::string& what) {
    QUIVER_RETURN_IF_ERROR(Wait());
    scratch->AddWritten(run->count * sizeof(R));
    pending_ = std::async(std::launch::async,
                          [run, env = scratch->env(), path = scratch->NewPath(what)] { return run->Spill(env, path); });
    return Status::OK();
  }
  // How the write in flight went (OK when none).
  Status Wait() { return pending_.valid() ? pending_.get() : Status::OK(); }

 private:
  std::future<Status> pending_;
};

}  // namespace quiver::ingest
