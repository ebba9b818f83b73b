#pragma once
// The export's parallel write: morsels of a snapshot formatted on the workers, each into
// a buffer per output file, a window of morsels at a time; a window is appended to the
// files in morsel order on a thread of its own while the workers format the next — the
// kernel's copy into the page cache is a good part of an export's time, and one file's
// lock serializes it whoever writes. The files are the same at any worker count, and
// memory is two windows' buffers.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "common/file/env.h"
#include "export/export_layout.h"
#include "ingest/worker_pool.h"

namespace quiver::exporter {

// The files a format writes, created in a directory; each is synced and closed by Finish.
class OutputFiles {
 public:
  OutputFiles(Env* env, std::string dir) : env_(env), dir_(std::move(dir)) {}
  // Creates DIR/name (which must not exist); returns its index.
  Result<uint32_t> Create(const std::string& name);
  Status Append(uint32_t file, std::string_view data);
  // Asks the OS to start writing what was written so far (a hint; see WritableFile).
  void StartWriteback();
  // Syncs and closes every file.
  Status Finish();
  size_t size() const { return files_.size(); }
  const std::string& name(uint32_t file) const { return names_[file]; }
  uint64_t bytes(uint32_t file) const { return sizes_[file]; }

 private:
  Env* env_;
  std::string dir_;
  std::vector<std::unique_ptr<WritableFile>> files_;
  std::vector<std::string> names_;
  std::vector<uint64_t> sizes_;      // bytes appended
  std::vector<uint64_t> submitted_;  // bytes handed to StartWriteback
};

// The windows both writers run on: `produce(morsel, slot)` for a window of morsels on
// the workers (slot: where its results go), then `consume(first_slot, n)` for the
// window's slots [first_slot, first_slot + n), in morsel order, on a thread of its own
// while the next window is produced into the other slots (one consume at a time, so it
// needs no lock of its own); `progress` (may be empty) is told the morsels done, from
// the calling thread.
Status RunWindows(uint64_t morsels, ingest::WorkerPool* pool, const std::function<Status(uint64_t, uint64_t)>& produce,
                  const std::function<Status(uint64_t first, uint64_t n)>& consume,
                  const std::function<void(uint64_t done, uint64_t total)>& progress);
// The slots RunWindows uses with `pool` (two windows): what a caller keeps results in.
uint64_t WindowSize(const ingest::WorkerPool& pool);

// Formats the entities of nodes [begin, end) into buffers[f] for the file f.
using FormatMorsel = std::function<Status(NodeId begin, NodeId end, std::vector<std::string>& buffers)>;

// Runs `format` over every morsel and appends the buffers in morsel order; `progress`
// (may be empty) is told the morsels done after each window.
Status WriteMorsels(const Morsels& morsels, ingest::WorkerPool* pool, OutputFiles* files, const FormatMorsel& format,
                    const std::function<void(uint64_t done, uint64_t total)>& progress);

}  // namespace quiver::exporter
