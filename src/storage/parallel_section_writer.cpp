#include "storage/parallel_section_writer.h"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

#include "common/assert.h"

namespace quiver::storage {
namespace {

// The file's layout: where each section starts, computed exactly as the streaming
// writer places them (each section aligned to kSectionAlignment, the directory too).
struct Layout {
  std::vector<SectionEntry> entries;
  uint64_t directory_offset = 0;
};

Layout Plan(std::span<const SectionSource> sections) {
  Layout l;
  uint64_t at = sizeof(FileHeader);
  for (const SectionSource& s : sections) {
    QUIVER_ASSERT_MSG(s.width >= 1 && kSectionAlignment % s.width == 0,
                      "a parallel section's width must divide the section alignment");
    at = AlignUp(at, kSectionAlignment);
    SectionEntry e{};
    e.section_type = static_cast<uint32_t>(s.type);
    e.element_width = s.width;
    e.offset = at;
    e.length = s.count * s.width;
    e.element_count = s.count;
    l.entries.push_back(e);
    at += e.length;
  }
  l.directory_offset = AlignUp(at, kSectionAlignment);
  return l;
}

// Chunk buffers, reused: a task holds one from filling until its bytes are hashed.
class BufferPool {
 public:
  explicit BufferPool(uint64_t bytes) : bytes_(bytes) {}
  std::unique_ptr<char[]> Take() {
    std::lock_guard lock(mu_);
    if (free_.empty()) return std::unique_ptr<char[]>(new char[bytes_]);
    auto b = std::move(free_.back());
    free_.pop_back();
    return b;
  }
  void Give(std::unique_ptr<char[]> b) {
    std::lock_guard lock(mu_);
    free_.push_back(std::move(b));
  }

 private:
  uint64_t bytes_;
  std::mutex mu_;
  std::vector<std::unique_ptr<char[]>> free_;
};

// Chunks take turns, in file order, for the work that must be ordered or serial: the
// whole-file checksum, and the write itself (the kernel serializes buffered writes to one
// file on its inode lock anyway, spinning while it waits; a turn sleeps instead). A failed
// chunk releases everyone waiting behind it.
class ChunkTurns {
 public:
  // Blocks until chunk `index` is next (or some chunk failed), then runs fn.
  Status InTurn(size_t index, const std::function<Status()>& fn) {
    std::unique_lock lock(mu_);
    turn_.wait(lock, [&] { return next_ == index || failed_; });
    if (failed_) return Status::Aborted("an earlier chunk failed");
    lock.unlock();
    Status s = fn();  // only the holder of the turn runs here
    lock.lock();
    if (!s.ok()) failed_ = true;
    ++next_;
    turn_.notify_all();
    return s;
  }
  void Fail() {
    std::lock_guard lock(mu_);
    failed_ = true;
    turn_.notify_all();
  }

 private:
  std::mutex mu_;
  std::condition_variable turn_;
  size_t next_ = 0;
  bool failed_ = false;
};

// Writes bytes [begin, begin + length) of the body (header and sections, zero padding
// between them) into out.
void FillBody(const Layout& l, std::span<const SectionSource> sections, const FileHeader& header, uint64_t begin,
              uint64_t length, char* out) {
  const uint64_t end = begin + length;
  uint64_t at = begin;  // next byte of out to produce
  auto pad_to = [&](uint64_t to) {
    if (to > at) std::memset(out + (at - begin), 0, to - at);
    at = std::max(at, to);
  };
  if (at < sizeof(FileHeader)) {
    const uint64_t n = std::min<uint64_t>(sizeof(FileHeader), end) - at;
    std::memcpy(out, reinterpret_cast<const char*>(&header) + at, n);
    at += n;
  }
  for (size_t i = 0; i < sections.size() && at < end; ++i) {
    const SectionEntry& e = l.entries[i];
    const uint64_t s_end = e.offset + e.length;
    if (s_end <= at) continue;
    if (e.offset >= end) break;
    pad_to(e.offset);
    const uint64_t to = std::min(s_end, end);
    // Chunk and section starts are multiples of the alignment, which the width divides:
    // the overlap is whole elements.
    const uint64_t first = (at - e.offset) / e.element_width;
    const uint64_t n = (to - at) / e.element_width;
    if (n > 0) sections[i].fill(first, n, out + (at - begin));
    at = to;
  }
  pad_to(end);
}

}  // namespace

Result<FileInfo> WriteSectionFileInParallel(Env* env, const std::string& path, const FileIdentity& identity,
                                            std::span<const SectionSource> sections, const TaskRunner& run,
                                            uint64_t chunk_bytes) {
  QUIVER_ASSERT(chunk_bytes > 0 && chunk_bytes % kBlockSize == 0);
  const Layout layout = Plan(sections);
  const FileHeader header = MakeFileHeader(identity);
  const uint64_t body = layout.directory_offset;
  const size_t chunks = static_cast<size_t>((body + chunk_bytes - 1) / chunk_bytes);
  std::vector<uint64_t> block_checksums((body + kBlockSize - 1) / kBlockSize);

  QUIVER_ASSIGN_OR_RETURN(std::unique_ptr<WritableFile> file, env->NewWritableFile(path));
  BufferPool buffers(std::min(chunk_bytes, body));  // a small file needs no 4 MiB buffer
  ChunkTurns turns;
  StreamingChecksum whole;  // touched only by the holder of the turn
  auto write_chunk = [&](size_t c) -> Status {
    const uint64_t begin = c * chunk_bytes;
    const uint64_t length = std::min(chunk_bytes, body - begin);
    std::unique_ptr<char[]> buf = buffers.Take();
    FillBody(layout, sections, header, begin, length, buf.get());
    for (uint64_t b = 0; b < length; b += kBlockSize) {
      block_checksums[(begin + b) / kBlockSize] = Checksum64(buf.get() + b, std::min(kBlockSize, length - b));
    }
    QUIVER_RETURN_IF_ERROR(turns.InTurn(c, [&]() -> Status {
      whole.Update(buf.get(), length);
      QUIVER_RETURN_IF_ERROR(file->WriteAt(begin, {buf.get(), length}));
      // Disk writes start now, behind the next chunks, so the final fsync finds little
      // left to do: the file reaches the disk while it is being produced.
      return file->StartWriteback(begin, length);
    }));
    buffers.Give(std::move(buf));
    return Status::OK();
  };
  Status written = run(chunks, [&](size_t c) -> Status {
    try {
      return write_chunk(c);
    } catch (...) {  // a fill that throws must not leave later chunks waiting for its turn
      turns.Fail();
      throw;
    }
  });
  QUIVER_RETURN_IF_ERROR(written);

  const std::string trailer =
      MakeFileTrailer(layout.entries, block_checksums, layout.directory_offset, whole.Digest());
  whole.Update(trailer);
  QUIVER_RETURN_IF_ERROR(file->WriteAt(body, trailer));
  QUIVER_RETURN_IF_ERROR(file->Sync());
  QUIVER_RETURN_IF_ERROR(file->Close());

  FileInfo info;
  info.name = path.substr(path.find_last_of('/') + 1);
  info.kind = identity.kind;
  info.subject = identity.subject;
  info.segment = identity.segment;
  info.size = body + trailer.size();
  info.checksum = whole.Digest();
  return info;
}

}  // namespace quiver::storage
