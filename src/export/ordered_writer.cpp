#include "export/ordered_writer.h"

#include <algorithm>
#include <future>

namespace quiver::exporter {

Result<uint32_t> OutputFiles::Create(const std::string& name) {
  QUIVER_ASSIGN_OR_RETURN(std::unique_ptr<WritableFile> file, env_->NewWritableFile(JoinPath(dir_, name)));
  files_.push_back(std::move(file));
  names_.push_back(name);
  sizes_.push_back(0);
  submitted_.push_back(0);
  return static_cast<uint32_t>(files_.size() - 1);
}

Status OutputFiles::Append(uint32_t file, std::string_view data) {
  if (data.empty()) return Status::OK();
  sizes_[file] += data.size();
  return files_[file]->Append(data);
}

void OutputFiles::StartWriteback() {
  for (size_t f = 0; f < files_.size(); ++f) {
    if (sizes_[f] == submitted_[f]) continue;
    (void)files_[f]->StartWriteback(submitted_[f], sizes_[f] - submitted_[f]);  // a hint
    submitted_[f] = sizes_[f];
  }
}

Status OutputFiles::Finish() {
  for (auto& file : files_) {
    QUIVER_RETURN_IF_ERROR(file->Sync());
    QUIVER_RETURN_IF_ERROR(file->Close());
  }
  return Status::OK();
}

uint64_t WindowSize(const ingest::WorkerPool& pool) { return uint64_t{4} * pool.size(); }

Status RunWindows(uint64_t morsels, ingest::WorkerPool* pool, const std::function<Status(uint64_t, uint64_t)>& produce,
                  const std::function<Status(uint64_t first, uint64_t n)>& consume,
                  const std::function<void(uint64_t done, uint64_t total)>& progress) {
  // Window k is consumed on a thread of its own while the workers produce window k + 1
  // (into the other half of the slots): writing a window into the files (the kernel's
  // copy into the page cache, which one file's lock serializes) overlaps formatting.
  const uint64_t window = WindowSize(*pool) / 2;
  std::future<Status> consuming;
  uint64_t consumed = 0;
  auto finish_consuming = [&]() -> Status {
    if (!consuming.valid()) return Status::OK();
    Status s = consuming.get();
    if (s.ok() && progress) progress(consumed, morsels);
    return s;
  };
  for (uint64_t first = 0, k = 0; first < morsels; first += window, ++k) {
    const uint64_t n = std::min(window, morsels - first);
    const uint64_t half = (k % 2) * window;
    Status produced = pool->ParallelForStatus(n, [&](size_t i, uint32_t) { return produce(first + i, half + i); });
    QUIVER_RETURN_IF_ERROR(finish_consuming());
    QUIVER_RETURN_IF_ERROR(produced);
    consumed = first + n;
    consuming = std::async(std::launch::async, [&consume, half, n] { return consume(half, n); });
  }
  return finish_consuming();
}

Status WriteMorsels(const Morsels& morsels, ingest::WorkerPool* pool, OutputFiles* files, const FormatMorsel& format,
                    const std::function<void(uint64_t done, uint64_t total)>& progress) {
  std::vector<std::vector<std::string>> buffers(WindowSize(*pool));
  auto produce = [&](uint64_t morsel, uint64_t slot) {
    std::vector<std::string>& out = buffers[slot];
    out.resize(files->size());
    for (std::string& b : out) b.clear();
    return format(morsels.Begin(morsel), morsels.Begin(morsel + 1), out);
  };
  auto consume = [&](uint64_t first_slot, uint64_t n) -> Status {
    for (uint64_t i = first_slot; i < first_slot + n; ++i) {
      for (uint32_t f = 0; f < files->size(); ++f) QUIVER_RETURN_IF_ERROR(files->Append(f, buffers[i][f]));
    }
    files->StartWriteback();
    return Status::OK();
  };
  return RunWindows(morsels.count(), pool, produce, consume, progress);
}

}  // namespace quiver::exporter
