#pragma once
// Sorting a property index's entries — (key bytes, entity id) pairs, in the file's order:
// by key bytes, then id — within a memory budget (docs/design.md, "Building an index on
// an existing graph").
//
// Each worker fills a buffer of its own. Past its share of the budget (half the budget
// split among the workers) the buffer is sorted on that worker's thread and written to
// the database's scratch directory as a run, and the buffer starts again. Finish sorts
// what the buffers hold; ForEach then merges the runs and the sorted buffers (a k-way
// merge, one read buffer a run) in order, as often as the caller needs — writing the
// index file's three sections is three merges — so memory stays the budget whatever the
// index's size. Without a budget, or when nothing passed it, every entry stays in memory
// and nothing is written to disk; either way the order, and so the file, is the same.
//
// The run files are removed by the destructor, after a failure too. The construction
// session's runs (ingest/runs.h) hold fixed-size records sorted by an integer key, and
// live a layer above: index keys are variable-length bytes.

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "common/file/env.h"
#include "quiver/status.h"

namespace quiver::storage {

// Where and past what a build may spill.
struct IndexSpill {
  uint64_t memory_budget = 0;  // bytes; 0: no bound (every entry in memory)
  Env* env = nullptr;          // with a budget: where the runs are written
  std::string scratch_dir;     // created when first needed; removed at the end if it was created
};

class IndexEntrySorter {
 public:
  IndexEntrySorter(IndexSpill spill, unsigned workers);
  ~IndexEntrySorter();
  IndexEntrySorter(const IndexEntrySorter&) = delete;
  IndexEntrySorter& operator=(const IndexEntrySorter&) = delete;

  // Worker w (called from one thread per w at a time): append an entry's key to
  // KeyBuffer(w), then Add(w, key_start, id) records the bytes from key_start on as its
  // key, and spills the worker's buffer when it is past its share.
  std::string& KeyBuffer(unsigned w) { return buffers_[w].bytes; }
  Status Add(unsigned w, size_t key_start, uint64_t id);
  // After every worker is done: sorts the buffers (on `workers` threads).
  void Finish();

  uint64_t size() const { return entries_; }
  uint64_t key_bytes() const { return key_bytes_; }
  bool spilled() const { return runs_written_ > 0; }
  uint64_t runs_written() const { return runs_written_; }
  // Calls fn(key, id) for every entry in order. Only after Finish; may run again.
  Status ForEach(const std::function<Status(std::string_view key, uint64_t id)>& fn) const;

 private:
  struct Entry {
    uint64_t offset;
    uint64_t length;
    uint64_t id;
  };
  struct Buffer {
    std::string bytes;
    std::vector<Entry> entries;
    uint64_t MemoryBytes() const { return bytes.size() + entries.size() * sizeof(Entry); }
    std::string_view Key(const Entry& e) const { return std::string_view(bytes).substr(e.offset, e.length); }
    void Sort();
  };
  class RunReader;
  Status Spill(Buffer* buffer);

  IndexSpill spill_;
  uint64_t share_;  // per worker; UINT64_MAX without a budget
  std::vector<Buffer> buffers_;
  std::vector<std::string> runs_;  // run files, in the order written
  std::vector<uint64_t> run_sizes_;
  uint64_t runs_written_ = 0;
  uint64_t entries_ = 0, key_bytes_ = 0;
  bool created_dir_ = false;
  // Guards runs_, run_sizes_, runs_written_, created_dir_ and the counters: workers spill
  // and count concurrently.
  std::unique_ptr<std::mutex> mu_;
};

}  // namespace quiver::storage
