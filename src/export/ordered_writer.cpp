#include "export/ordered_writer.h"

#include <algorithm>

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
  return WriteAt(file, Reserve(file, data.size()), data);
}

uint64_t OutputFiles::Reserve(uint32_t file, uint64_t bytes) {
  const uint64_t at = sizes_[file];
  sizes_[file] += bytes;
  return at;
}

Status OutputFiles::WriteAt(uint32_t file, uint64_t offset, std::string_view data) {
  if (data.empty()) return Status::OK();
  return files_[file]->WriteAt(offset, data);
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

uint64_t WindowSize(const ingest::WorkerPool& pool) { return std::max<uint64_t>(2, uint64_t{2} * pool.size()); }

Status RunWindows(uint64_t morsels, ingest::WorkerPool* pool, const std::function<Status(uint64_t, uint64_t)>& produce,
                  const std::function<Status(uint64_t first, uint64_t n)>& consume,
                  const std::function<void(uint64_t done, uint64_t total)>& progress) {
  const uint64_t window = WindowSize(*pool);
  for (uint64_t first = 0; first < morsels; first += window) {
    const uint64_t n = std::min(window, morsels - first);
    QUIVER_RETURN_IF_ERROR(
        pool->ParallelForStatus(n, [&](size_t slot, uint32_t) { return produce(first + slot, slot); }));
    QUIVER_RETURN_IF_ERROR(consume(first, n));
    if (progress) progress(first + n, morsels);
  }
  return Status::OK();
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
  auto consume = [&](uint64_t, uint64_t n) {
    // Each buffer's place, in morsel order; then every worker writes its own.
    std::vector<std::vector<uint64_t>> offsets(n, std::vector<uint64_t>(files->size()));
    for (uint64_t i = 0; i < n; ++i) {
      for (uint32_t f = 0; f < files->size(); ++f) offsets[i][f] = files->Reserve(f, buffers[i][f].size());
    }
    QUIVER_RETURN_IF_ERROR(pool->ParallelForStatus(n, [&](size_t i, uint32_t) {
      for (uint32_t f = 0; f < files->size(); ++f) {
        QUIVER_RETURN_IF_ERROR(files->WriteAt(f, offsets[i][f], buffers[i][f]));
      }
      return Status::OK();
    }));
    files->StartWriteback();
    return Status::OK();
  };
  return RunWindows(morsels.count(), pool, produce, consume, progress);
}

}  // namespace quiver::exporter
