#pragma once
// MemoryAccount: the bytes the delta store holds, counted as they are allocated and freed,
// so the memory bound (docs/format/log.md, "Memory bound") is checked against what is
// resident rather than against what a flusher will eventually release.
//
// Every delta structure (radix-map nodes, node and relationship records, adjacency sets)
// derives from Charged: it adds its estimated footprint (object + vector capacities +
// string payloads + allocator overhead) to the account when built or resized, and takes
// it back in its destructor. Structures are shared between snapshots, so the account
// counts every *live* version once: the latest state, the ones readers still pin, and
// the writer's private changes.

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace quiver::storage {

class MemoryAccount {
 public:
  void Add(int64_t bytes) {
    const int64_t now = bytes_.fetch_add(bytes, std::memory_order_relaxed) + bytes;
    int64_t peak = peak_.load(std::memory_order_relaxed);
    while (now > peak && !peak_.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
    }
  }
  uint64_t bytes() const {
    const int64_t b = bytes_.load(std::memory_order_relaxed);
    return b < 0 ? 0 : static_cast<uint64_t>(b);
  }
  uint64_t peak() const { return static_cast<uint64_t>(peak_.load(std::memory_order_relaxed)); }
  void ResetPeak() { peak_.store(bytes_.load(std::memory_order_relaxed), std::memory_order_relaxed); }

 private:
  std::atomic<int64_t> bytes_{0};
  std::atomic<int64_t> peak_{0};
};

// What a transaction passes to every structure it builds or changes: the account to
// charge, its edit token (structures stamped with it are still private to the
// transaction and may change in place; 0 never matches, so published structures are
// immutable), and its own running total for the per-transaction limit.
struct EditContext {
  uint64_t edit = 0;
  MemoryAccount* account = nullptr;
  uint64_t* charged = nullptr;  // bytes this transaction has allocated; may be null
};

// Malloc's per-block overhead and the shared_ptr control block, roughly.
inline constexpr size_t kAllocOverhead = 32;

class Charged {
 public:
  Charged(const Charged&) = delete;
  Charged& operator=(const Charged&) = delete;

 protected:
  explicit Charged(MemoryAccount* account) : account_(account) {}
  ~Charged() {
    if (account_ != nullptr) account_->Add(-static_cast<int64_t>(charged_));
  }
  // Sets this object's charge to `bytes`, moving the difference through the account.
  void Recharge(size_t bytes, const EditContext& ctx) {
    const int64_t diff = static_cast<int64_t>(bytes) - static_cast<int64_t>(charged_);
    charged_ = bytes;
    if (account_ != nullptr) account_->Add(diff);
    if (ctx.charged != nullptr && diff > 0) *ctx.charged += static_cast<uint64_t>(diff);
  }

 private:
  MemoryAccount* account_;
  size_t charged_ = 0;
};

}  // namespace quiver::storage
