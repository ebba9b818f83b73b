#include "common/stack_guard.h"

#include <pthread.h>

#include <algorithm>
#include <string>

#include "quiver/error.h"

namespace quiver {
namespace stack_internal {

thread_local uintptr_t tls_stack_limit = UINTPTR_MAX;

namespace {

constexpr size_t kMinReserve = size_t{16} << 10;
constexpr size_t kMaxReserve = size_t{256} << 10;

// The calling thread's stack (pthread_getattr_np reads /proc/self/maps for the main
// thread, so once per thread, not per check).
struct ThreadStack {
  uintptr_t low = 0;  // lowest usable address; the stack grows down towards it
  size_t size = 0;
  bool probed = false;
};
thread_local ThreadStack tls_stack;

const ThreadStack& Stack() {
  ThreadStack& s = tls_stack;
  if (s.probed) return s;
  s.probed = true;
  tls_stack_limit = 0;  // unknown bounds: never raise
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return s;
  void* addr = nullptr;
  size_t size = 0;
  if (pthread_attr_getstack(&attr, &addr, &size) == 0 && addr != nullptr && size > 0) {
    s.low = reinterpret_cast<uintptr_t>(addr);
    s.size = size;
    tls_stack_limit = s.low + std::clamp(size / 4, kMinReserve, kMaxReserve);
  }
  pthread_attr_destroy(&attr);
  return s;
}

}  // namespace

void CheckStackSlow(uintptr_t here) {
  const ThreadStack& s = Stack();
  if (here >= tls_stack_limit) return;  // the first check of a thread, with stack to spare
  throw ResourceExhaustedError(
      "StackExhausted", "the query is nested too deeply for this thread's stack (" +
                            std::to_string(s.size >> 10) + " KiB); run it on a thread with at least " +
                            std::to_string(kQueryStackBytes >> 10) + " KiB of stack, or simplify it");
}

}  // namespace stack_internal

}  // namespace quiver
