#pragma once
// Interrupt: why a running statement must stop — Cancel() from another thread, or its
// deadline — checked by the executor where work happens: once per batch in every
// operator's Next(), and every kCheckEvery steps in the loops that can run long without
// producing a batch (a pipeline's rows, a variable-length expansion's steps, a sort's
// comparisons). So a statement stops within a batch's or a few thousand steps' time of
// the request, wherever it is, with QueryInterrupted (Cancelled or Timeout) — and its
// transaction is rolled back as for any other error.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>

namespace quiver::exec {

class Interrupt {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr uint32_t kCheckEvery = 4096;

  // Any thread, any time; idempotent.
  void Cancel() { cancelled_.store(true, std::memory_order_relaxed); }
  bool cancelled() const { return cancelled_.load(std::memory_order_relaxed); }
  // Before the statement starts.
  void SetDeadline(Clock::time_point deadline, std::chrono::milliseconds timeout) {
    deadline_ = deadline;
    timeout_ = timeout;
  }

  // Throws QueryInterrupted when the statement must stop.
  void Check() const {
    if (cancelled()) [[unlikely]] ThrowCancelled();
    if (deadline_ && Clock::now() >= *deadline_) [[unlikely]] ThrowTimedOut();
  }

 private:
  [[noreturn]] static void ThrowCancelled();
  [[noreturn]] void ThrowTimedOut() const;

  std::atomic<bool> cancelled_{false};
  std::optional<Clock::time_point> deadline_;
  std::chrono::milliseconds timeout_{0};
};

}  // namespace quiver::exec
