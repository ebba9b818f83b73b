// CheckStack: the backstop that turns recursion that would overflow a thread's stack
// into ResourceExhaustedError/StackExhausted, on whatever stack the thread has.

#include "common/stack_guard.h"

#include <gtest/gtest.h>

#include "quiver/error.h"
#include "test_util/small_stack.h"

namespace quiver {
namespace {

// Recursion with a frame of about 1 KiB that checks the stack on every level, as the
// parser, binder and evaluator do.
int Recurse(int depth) {
  CheckStack();
  volatile char frame[1024];
  frame[0] = static_cast<char>(depth);
  if (depth == 0) return frame[0];
  return Recurse(depth - 1) + frame[0];
}

TEST(StackGuardTest, RecursionPastTheStackIsStackExhaustedNotACrash) {
  for (size_t stack : {size_t{64} << 10, size_t{256} << 10, kQueryStackBytes}) {
    try {
      test::RunWithStack(stack, [] { Recurse(100000); });  // about 100 MiB of frames
      FAIL() << (stack >> 10) << " KiB";
    } catch (const ResourceExhaustedError& e) {
      EXPECT_EQ(e.detail(), "StackExhausted");
      EXPECT_NE(e.message().find(std::to_string(stack >> 10) + " KiB"), std::string::npos) << e.message();
    }
  }
}

TEST(StackGuardTest, RecursionWithinTheStackRuns) {
  // 300 KiB of frames: within a 1 MiB stack less the reserve CheckStack keeps (256 KiB).
  test::RunWithStack(kQueryStackBytes, [] { EXPECT_NO_THROW(Recurse(300)); });
  EXPECT_NO_THROW(Recurse(1000));  // the main thread's 8 MiB
}

}  // namespace
}  // namespace quiver
