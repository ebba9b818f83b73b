#include "exec/query_memory.h"

#include <string>

#include "quiver/byte_size.h"
#include "quiver/error.h"

namespace quiver::exec {

void QueryMemory::Reserve(uint64_t bytes) {
  const uint64_t before = used_.fetch_add(bytes, std::memory_order_relaxed);
  const uint64_t after = before + bytes;
  if (limit_ != kUnlimited && after > limit_) {
    used_.fetch_sub(bytes, std::memory_order_relaxed);
    ThrowExceeded(bytes);
  }
  uint64_t peak = peak_.load(std::memory_order_relaxed);
  while (after > peak && !peak_.compare_exchange_weak(peak, after, std::memory_order_relaxed)) {
  }
}

void QueryMemory::CheckFits(uint64_t bytes) const {
  if (limit_ != kUnlimited && used() + bytes > limit_) ThrowExceeded(bytes);
}

void QueryMemory::ThrowExceeded(uint64_t bytes) const {
  throw ResourceExhaustedError(
      "MemoryLimitExceeded",
      "the query needs more than its memory limit of " + FormatBytes(limit_) + " (holding " +
          FormatBytes(used()) + ", asked for " + FormatBytes(bytes) +
          " more); raise it with Connection::SetQueryMemoryLimit or `quiver query --memory-limit`, or "
          "make the query hold less (LIMIT, fewer collected values, a narrower ORDER BY)");
}

void MemoryCharge::Grow() {
  if (memory_ == nullptr) {
    reserved_ = held_;
    return;
  }
  const uint64_t want = held_ - reserved_ + kGranule;
  try {
    memory_->Reserve(want);
  } catch (...) {
    // What failed to fit is not held: the holder throws away the value it was adding.
    held_ = reserved_;
    throw;
  }
  reserved_ += want;
}

void MemoryCharge::Reset() noexcept {
  if (memory_ != nullptr && reserved_ > 0) memory_->Release(reserved_);
  held_ = 0;
  reserved_ = 0;
}

}  // namespace quiver::exec
