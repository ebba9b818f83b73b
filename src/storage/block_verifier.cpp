#include "storage/block_verifier.h"

#include <algorithm>
#include <cstring>

#include "common/file/checksum.h"
#include "quiver/error.h"
#include "storage/section_file.h"

namespace quiver::storage {

BlockVerifier::BlockVerifier(std::span<const std::byte> file, uint64_t body_end, uint32_t block_size_log2,
                             const std::byte* table, std::string name)
    : base_(file.data()),
      body_end_(body_end),
      block_size_log2_(block_size_log2),
      blocks_((body_end + (uint64_t{1} << block_size_log2) - 1) >> block_size_log2),
      table_(table),
      name_(std::move(name)),
      bits_(new std::atomic<uint64_t>[(blocks_ + 63) / 64]) {
  for (uint64_t i = 0; i < (blocks_ + 63) / 64; ++i) bits_[i].store(0, std::memory_order_relaxed);
}

void BlockVerifier::CheckAll() const {
  for (uint64_t b = 0; b < blocks_; ++b) {
    if (((bits_[b >> 6].load(std::memory_order_relaxed) >> (b & 63)) & 1) == 0) VerifyBlock(b);
  }
}

void BlockVerifier::MarkAllVerified() {
  for (uint64_t i = 0; i < (blocks_ + 63) / 64; ++i) bits_[i].store(~uint64_t{0}, std::memory_order_relaxed);
  verified_.store(blocks_, std::memory_order_relaxed);
}

void BlockVerifier::VerifyBlock(uint64_t block) const {
  const uint64_t begin = block << block_size_log2_;
  const uint64_t end = std::min(begin + (uint64_t{1} << block_size_log2_), body_end_);
  uint64_t expected = 0;
  std::memcpy(&expected, table_ + block * 8, 8);
  if (Checksum64(base_ + begin, end - begin) != expected) {
    ThrowIfError(CorruptionAt(name_, begin,
                              "checksum mismatch in block [" + std::to_string(begin) + ", " + std::to_string(end) +
                                  "): the file is damaged"));
  }
  bits_[block >> 6].fetch_or(uint64_t{1} << (block & 63), std::memory_order_relaxed);
  verified_.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace quiver::storage
