#pragma once
// BlockVerifier: verifies a generation file's blocks (4 KiB) against the checksum table in
// its trailer the first time anything in them is read (as RocksDB verifies a block on
// read), so that a query reading damaged data fails with Corruption naming the file and
// the byte offset, instead of answering from it. Header, directory and trailer are
// checked at open (section_file.h); this covers the body, lazily, at the cost of one
// relaxed load and a bit test per read and one XXH3 pass per block per process.
//
// Readers (UIntArray, the string heaps) call Check with the bytes they are about to use.
// Thread-safe: blocks are immutable, so two threads may hash the same block at once and
// both set its bit; nothing needs ordering.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace quiver::storage {

class BlockVerifier {
 public:
  // `file` is the whole mapped file; blocks of 2^block_size_log2 bytes cover its body,
  // [0, body_end); `table` (inside `file`) holds one XXH3-64 per block.
  BlockVerifier(std::span<const std::byte> file, uint64_t body_end, uint32_t block_size_log2,
                const std::byte* table, std::string name);

  // Throws StorageError (Corruption: "<file>: byte offset <block start>: checksum mismatch
  // in block ...") unless every block holding [p, p + n) matches its checksum. Bytes
  // outside the body (verified at open) pass.
  void Check(const void* p, uint64_t n) const {
    if (n == 0) return;
    const uint64_t offset = static_cast<uint64_t>(static_cast<const std::byte*>(p) - base_);
    if (offset >= body_end_) return;
    const uint64_t last = std::min(offset + n, body_end_) - 1;
    for (uint64_t b = offset >> block_size_log2_; b <= last >> block_size_log2_; ++b) {
      if (((bits_[b >> 6].load(std::memory_order_relaxed) >> (b & 63)) & 1) == 0) VerifyBlock(b);
    }
  }
  // Every block now.
  void CheckAll() const;
  // Every block counts as verified (the caller matched the whole file's checksum).
  void MarkAllVerified();
  uint64_t blocks() const { return blocks_; }
  uint64_t blocks_verified() const { return verified_.load(std::memory_order_relaxed); }
  const std::string& name() const { return name_; }

 private:
  void VerifyBlock(uint64_t block) const;

  const std::byte* base_;
  uint64_t body_end_;
  uint32_t block_size_log2_;
  uint64_t blocks_;
  const std::byte* table_;
  std::string name_;
  std::unique_ptr<std::atomic<uint64_t>[]> bits_;
  mutable std::atomic<uint64_t> verified_{0};
};

}  // namespace quiver::storage
