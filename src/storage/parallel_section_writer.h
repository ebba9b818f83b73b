#pragma once
// WriteSectionFileInParallel: writes a section file whose sections' sizes are known
// before any byte is written, by cutting the body into chunks that several threads fill,
// checksum and write at their offsets at once (WritableFile::WriteAt). The file is byte
// for byte the one SectionFileWriter streams for the same sections (a test compares
// them); only the order of the writes differs.
//
// Why: the streaming writer pushes every byte of a relationship file through one thread
// (the copy into the page cache and the checksums), which made writing the CSR the one
// single-threaded phase of a bulk load (docs/ingest.md, "Writing the files").
//
// What runs in parallel and what takes turns. Filling a chunk and its block checksums (64
// KiB blocks; chunks are whole blocks) run on every thread. The whole-file XXH3, whose
// digest at the directory offset is also the body checksum, must see the bytes in order,
// and buffered writes to one file are serialized by the kernel anyway: so each chunk, once
// filled, waits for its predecessor, then hashes, writes and starts the disk writeback of
// itself (WritableFile::StartWriteback), and hands on. With writeback started chunk by
// chunk the disk works while the file is produced, and the final fsync is short.

#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "common/file/env.h"
#include "storage/section_file.h"

namespace quiver::storage {

// One section, produced on demand for any range of its elements.
struct SectionSource {
  SectionType type{};
  uint32_t width = 0;  // must divide kSectionAlignment (1, 2, 4, 8, 16, 32 or 64)
  uint64_t count = 0;
  // Writes elements [first, first + n), `width` bytes each, to out. Called from several
  // threads at once, for disjoint ranges.
  std::function<void(uint64_t first, uint64_t n, char* out)> fill;
};

// Runs task(i) for every i in [0, tasks), on any number of threads, starting the tasks in
// increasing order of i (a task may wait for a lower one), and returns the failure of the
// lowest failed task. ingest's WorkerPool::ParallelForStatus is one; storage does not own
// threads.
using TaskRunner = std::function<Status(size_t tasks, const std::function<Status(size_t task)>& task)>;

inline constexpr uint64_t kDefaultParallelChunkBytes = uint64_t{4} << 20;

// Creates `path` (which must not be written by anyone else meanwhile), writes header,
// sections and trailer, fsyncs and closes it. chunk_bytes must be a multiple of the
// checksum block size. At most one chunk buffer per running task is held at a time.
Result<FileInfo> WriteSectionFileInParallel(Env* env, const std::string& path, const FileIdentity& identity,
                                            std::span<const SectionSource> sections, const TaskRunner& run,
                                            uint64_t chunk_bytes = kDefaultParallelChunkBytes);

}  // namespace quiver::storage
