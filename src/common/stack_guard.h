#pragma once
// The backstop against stack overflow in recursion over query structure.
//
// Recursion over a query (descent in the parser, binding and evaluating nested
// expressions, pulling rows through nested operators) is bounded first by explicit
// limits on the query's shape (docs/cypher.md, "Limits"), sized so that a query within
// them runs on any thread with kQueryStackBytes of stack. CheckStack() catches the rest
// — a thread with a smaller stack than that, or a shape no limit foresaw — by raising
// ResourceExhaustedError/StackExhausted while there is still stack to unwind with,
// instead of a SIGSEGV that takes the process down.

#include <cstddef>
#include <cstdint>

namespace quiver {

// The stack a query within the shape limits may need at most (the main thread's and
// std::thread's default on Linux is 8 MiB; runtimes that use small stacks, such as
// Java's 1 MiB default or musl's 128 KiB, should run queries on threads with at least
// this much).
inline constexpr size_t kQueryStackBytes = size_t{1} << 20;

namespace stack_internal {
// The address below which the calling thread's stack is short: its lowest address plus
// a reserve (a quarter of the stack, between 16 and 256 KiB). UINTPTR_MAX until the
// thread's first check has looked its stack up; 0 when its bounds are unknown.
extern thread_local uintptr_t tls_stack_limit;
// Looks the stack up on a thread's first check; raises when the stack is short.
void CheckStackSlow(uintptr_t here);
}  // namespace stack_internal

// Raises ResourceExhaustedError (detail StackExhausted) when the calling thread's stack
// is down to its reserve. Inline and cheap (a thread-local load and a compare): the
// evaluator calls it for every expression node it visits.
inline void CheckStack() {
#if defined(__x86_64__)
  uintptr_t here;
  asm("mov %%rsp, %0" : "=r"(here));  // unlike __builtin_frame_address, needs no frame pointer
#else
  const auto here = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
#endif
  if (here < stack_internal::tls_stack_limit) [[unlikely]] {
    stack_internal::CheckStackSlow(here);
  }
}

}  // namespace quiver
