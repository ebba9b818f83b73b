#include "storage/index_entry_sorter.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <queue>
#include <thread>

namespace quiver::storage {
namespace {

// A run file's record: u32 key length, the key, u64 id (little-endian, as the machine
// writes them: scratch never leaves the process).
constexpr size_t kRecordOverhead = sizeof(uint32_t) + sizeof(uint64_t);
constexpr size_t kMinReadBuffer = size_t{64} << 10;
constexpr size_t kWriteChunk = size_t{1} << 20;

bool EntryLess(std::string_view key_a, uint64_t id_a, std::string_view key_b, uint64_t id_b) {
  const int c = key_a.compare(key_b);
  return c < 0 || (c == 0 && id_a < id_b);
}

}  // namespace

// The entries of one source in order: a sorted buffer, or a run file read through a
// buffer of its own.
class IndexEntrySorter::RunReader {
 public:
  explicit RunReader(const Buffer* buffer) : buffer_(buffer) {}
  RunReader(std::unique_ptr<RandomAccessFile> file, uint64_t size, size_t read_buffer)
      : file_(std::move(file)), size_(size), read_buffer_(read_buffer) {}

  // Moves to the first entry, then to the next; false at the end.
  Result<bool> Next() {
    if (buffer_ != nullptr) {
      if (at_ == buffer_->entries.size()) return false;
      const Entry& e = buffer_->entries[at_++];
      key_ = buffer_->Key(e);
      id_ = e.id;
      return true;
    }
    if (pos_ + chunk_at_ == size_ && chunk_at_ == chunk_.size()) return false;
    uint32_t length = 0;
    QUIVER_RETURN_IF_ERROR(Ensure(sizeof(length)));
    std::memcpy(&length, chunk_.data() + chunk_at_, sizeof(length));
    QUIVER_RETURN_IF_ERROR(Ensure(kRecordOverhead + length));
    key_ = std::string_view(chunk_).substr(chunk_at_ + sizeof(length), length);
    std::memcpy(&id_, chunk_.data() + chunk_at_ + sizeof(length) + length, sizeof(id_));
    chunk_at_ += kRecordOverhead + length;
    return true;
  }
  std::string_view key() const { return key_; }
  uint64_t id() const { return id_; }

 private:
  // At least n bytes from chunk_at_ on in chunk_ (the file read on as needed).
  Status Ensure(size_t n) {
    if (chunk_.size() - chunk_at_ >= n) return Status::OK();
    chunk_.erase(0, chunk_at_);
    pos_ += chunk_at_;
    chunk_at_ = 0;
    const uint64_t have = chunk_.size();
    const uint64_t want = std::min<uint64_t>(std::max<uint64_t>(read_buffer_, n), size_ - pos_);
    if (want < n) return Status::IOError(file_->path() + ": index run shorter than written");
    chunk_.resize(want);
    uint64_t done = have;
    while (done < want) {
      QUIVER_ASSIGN_OR_RETURN(size_t got, file_->ReadAt(pos_ + done, want - done, chunk_.data() + done));
      if (got == 0) return Status::IOError(file_->path() + ": index run shorter than written");
      done += got;
    }
    return Status::OK();
  }

  const Buffer* buffer_ = nullptr;
  size_t at_ = 0;
  std::unique_ptr<RandomAccessFile> file_;
  uint64_t size_ = 0;
  size_t read_buffer_ = kMinReadBuffer;
  uint64_t pos_ = 0;  // file offset of chunk_[0]
  std::string chunk_;
  size_t chunk_at_ = 0;
  std::string_view key_;
  uint64_t id_ = 0;
};

void IndexEntrySorter::Buffer::Sort() {
  std::sort(entries.begin(), entries.end(),
            [this](const Entry& a, const Entry& b) { return EntryLess(Key(a), a.id, Key(b), b.id); });
}

IndexEntrySorter::IndexEntrySorter(IndexSpill spill, unsigned workers)
    : spill_(std::move(spill)),
      share_(spill_.memory_budget == 0 ? UINT64_MAX : std::max<uint64_t>(1, spill_.memory_budget / 2 / workers)),
      buffers_(workers),
      mu_(std::make_unique<std::mutex>()) {}

IndexEntrySorter::~IndexEntrySorter() {
  for (const std::string& path : runs_) (void)spill_.env->RemoveFile(path);
  if (created_dir_) (void)spill_.env->RemoveDirRecursive(spill_.scratch_dir);
}

Status IndexEntrySorter::Add(unsigned w, size_t key_start, uint64_t id) {
  Buffer& b = buffers_[w];
  b.entries.push_back({key_start, b.bytes.size() - key_start, id});
  if (b.MemoryBytes() < share_) return Status::OK();
  return Spill(&b);
}

Status IndexEntrySorter::Spill(Buffer* b) {
  if (spill_.env == nullptr) return Status::InvalidArgument("an index build with a memory budget needs scratch space");
  b->Sort();
  std::string path;
  {
    std::lock_guard<std::mutex> l(*mu_);
    if (runs_.empty() && !created_dir_) {
      auto exists = spill_.env->FileExists(spill_.scratch_dir);
      if (!exists.ok()) return exists.status();
      if (!*exists) {
        QUIVER_RETURN_IF_ERROR(spill_.env->CreateDirs(spill_.scratch_dir));
        created_dir_ = true;
      }
    }
    // The sorter's address tells apart the runs of sorters alive at once in a process;
    // one process at a time writes a database.
    path = JoinPath(spill_.scratch_dir, "index-" + std::to_string(reinterpret_cast<uintptr_t>(this)) + "-" +
                                            std::to_string(runs_.size()) + ".run");
    runs_.push_back(path);  // listed first: the destructor removes it whatever happens next
    run_sizes_.push_back(0);
  }
  QUIVER_ASSIGN_OR_RETURN(auto file, spill_.env->NewWritableFile(path));
  std::string chunk;
  uint64_t written = 0;
  for (const Entry& e : b->entries) {
    const uint32_t length = static_cast<uint32_t>(e.length);
    chunk.append(reinterpret_cast<const char*>(&length), sizeof(length));
    chunk.append(b->Key(e));
    chunk.append(reinterpret_cast<const char*>(&e.id), sizeof(e.id));
    if (chunk.size() >= kWriteChunk) {
      QUIVER_RETURN_IF_ERROR(file->Append(chunk));
      written += chunk.size();
      chunk.clear();
    }
  }
  QUIVER_RETURN_IF_ERROR(file->Append(chunk));
  written += chunk.size();
  QUIVER_RETURN_IF_ERROR(file->Close());  // scratch: never synced, a crash discards it
  {
    std::lock_guard<std::mutex> l(*mu_);
    run_sizes_[static_cast<size_t>(std::find(runs_.begin(), runs_.end(), path) - runs_.begin())] = written;
    ++runs_written_;
    entries_ += b->entries.size();
    key_bytes_ += b->bytes.size();
  }
  b->entries.clear();
  b->bytes.clear();
  return Status::OK();
}

void IndexEntrySorter::Finish() {
  std::vector<std::thread> threads;
  for (size_t w = 1; w < buffers_.size(); ++w) threads.emplace_back([this, w] { buffers_[w].Sort(); });
  if (!buffers_.empty()) buffers_[0].Sort();
  for (auto& t : threads) t.join();
  for (const Buffer& b : buffers_) {
    entries_ += b.entries.size();
    key_bytes_ += b.bytes.size();
  }
}

Status IndexEntrySorter::ForEach(const std::function<Status(std::string_view key, uint64_t id)>& fn) const {
  std::vector<RunReader> readers;
  readers.reserve(runs_.size() + buffers_.size());  // keys are views into the readers' buffers
  const size_t sources = runs_.size() + buffers_.size();
  // The other half of the budget: a read buffer a run.
  const size_t read_buffer =
      std::max<size_t>(kMinReadBuffer, spill_.memory_budget / 2 / std::max<size_t>(1, runs_.size()));
  for (size_t r = 0; r < runs_.size(); ++r) {
    QUIVER_ASSIGN_OR_RETURN(auto file, spill_.env->NewRandomAccessFile(runs_[r]));
    readers.emplace_back(std::move(file), run_sizes_[r], read_buffer);
  }
  for (const Buffer& b : buffers_) readers.emplace_back(&b);
  auto greater = [&](size_t a, size_t b) {
    return EntryLess(readers[b].key(), readers[b].id(), readers[a].key(), readers[a].id());
  };
  std::priority_queue<size_t, std::vector<size_t>, decltype(greater)> heads(greater);
  for (size_t s = 0; s < sources; ++s) {
    QUIVER_ASSIGN_OR_RETURN(bool has, readers[s].Next());
    if (has) heads.push(s);
  }
  while (!heads.empty()) {
    const size_t s = heads.top();
    heads.pop();
    QUIVER_RETURN_IF_ERROR(fn(readers[s].key(), readers[s].id()));
    QUIVER_ASSIGN_OR_RETURN(bool has, readers[s].Next());
    if (has) heads.push(s);
  }
  return Status::OK();
}

}  // namespace quiver::storage
