#pragma once
// QueryMemory: the bytes one statement's operators hold, against the statement's limit.
// What holds memory in a query — sort buffers and keys, hash-join build sides, grouping
// tables, DISTINCT sets, collect() lists, the input an updating clause buffers — charges
// it here as it grows, and a statement that would pass its limit ends with
// ResourceExhausted/MemoryLimitExceeded instead of growing until the kernel or
// std::bad_alloc stops the process. Rows streaming through batches are not charged:
// a plan holds a bounded number of batches (row_batch.h).
//
// The charge is an estimate (value_bytes.h): the slots a holder keeps plus the heap
// payloads it is the only owner of. A payload shared by many rows — one list copied
// into every row — counts once, where it was made, not once per row.
//
// MemoryCharge: one holder's part. It reserves from the query in granules, so that
// charging a row is a local add, and gives everything back when reset or destroyed.

#include <atomic>
#include <cstdint>

namespace quiver::exec {

class QueryMemory {
 public:
  static constexpr uint64_t kUnlimited = 0;

  explicit QueryMemory(uint64_t limit = kUnlimited) : limit_(limit) {}
  // Before anything is charged (the statement sets its limit once, at the start).
  void set_limit(uint64_t limit) { limit_ = limit; }
  QueryMemory(const QueryMemory&) = delete;
  QueryMemory& operator=(const QueryMemory&) = delete;

  // Throws ResourceExhaustedError/MemoryLimitExceeded (nothing reserved) past the limit.
  void Reserve(uint64_t bytes);
  void Release(uint64_t bytes) noexcept { used_.fetch_sub(bytes, std::memory_order_relaxed); }
  // Throws as Reserve would if `bytes` more were held, without holding them: for one
  // value about to be built (range()), which the holder that keeps it charges later.
  void CheckFits(uint64_t bytes) const;

  uint64_t limit() const { return limit_; }
  uint64_t used() const { return used_.load(std::memory_order_relaxed); }
  uint64_t peak() const { return peak_.load(std::memory_order_relaxed); }

 private:
  [[noreturn]] void ThrowExceeded(uint64_t bytes) const;

  uint64_t limit_;
  std::atomic<uint64_t> used_{0};
  std::atomic<uint64_t> peak_{0};
};

class MemoryCharge {
 public:
  // Reserved from the query at a time: per-row charges stay local in between.
  static constexpr uint64_t kGranule = uint64_t{64} << 10;

  MemoryCharge() = default;
  explicit MemoryCharge(QueryMemory* memory) : memory_(memory) {}
  MemoryCharge(const MemoryCharge&) = delete;
  MemoryCharge& operator=(const MemoryCharge&) = delete;
  // What was held moves with the holder's contents (a buffer moved into another).
  MemoryCharge(MemoryCharge&& other) noexcept { Take(other); }
  MemoryCharge& operator=(MemoryCharge&& other) noexcept {
    if (this != &other) {
      Reset();
      Take(other);
    }
    return *this;
  }
  ~MemoryCharge() { Reset(); }

  // Binds to a query (or none: nothing is charged); gives back what was held.
  void Bind(QueryMemory* memory) {
    Reset();
    memory_ = memory;
  }
  void Add(uint64_t bytes) {
    held_ += bytes;
    if (held_ > reserved_) [[unlikely]] Grow();
  }
  // Gives everything back (the holder dropped what it held).
  void Reset() noexcept;
  uint64_t held() const { return held_; }

 private:
  void Grow();
  void Take(MemoryCharge& other) noexcept {
    memory_ = other.memory_;
    held_ = other.held_;
    reserved_ = other.reserved_;
    other.held_ = 0;
    other.reserved_ = 0;
  }

  QueryMemory* memory_ = nullptr;
  uint64_t held_ = 0;
  uint64_t reserved_ = 0;
};

}  // namespace quiver::exec
