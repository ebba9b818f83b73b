#include "expected_error.h"

#include <gtest/gtest.h>

namespace quiver::tck {
namespace {

TEST(ExpectedErrorTest, ParsesErrorSteps) {
  auto e = ParseErrorStep("a SyntaxError should be raised at compile time: UndefinedVariable");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->error_class, "SyntaxError");
  EXPECT_EQ(e->phase, ExpectedPhase::kCompileTime);
  EXPECT_EQ(e->detail, "UndefinedVariable");
  EXPECT_EQ(e->ToString(), "SyntaxError/UndefinedVariable at compile time");

  e = ParseErrorStep("a TypeError should be raised at runtime: InvalidArgumentValue");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->phase, ExpectedPhase::kRuntime);

  e = ParseErrorStep("a ConstraintVerificationFailed should be raised at runtime: DeleteConnectedNode");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->error_class, "ConstraintVerificationFailed");

  e = ParseErrorStep("a TypeError should be raised at any time: *");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->phase, ExpectedPhase::kAnyTime);
  EXPECT_EQ(e->detail, "*");

  EXPECT_FALSE(ParseErrorStep("the result should be empty"));
  EXPECT_FALSE(ParseErrorStep("no side effects"));
  EXPECT_THROW(ParseErrorStep("a TypeError should be raised at lunch time: X"), std::runtime_error);
}

TEST(ExpectedErrorTest, JudgesClassDetailAndPhase) {
  const auto compile = *ParseErrorStep("a SyntaxError should be raised at compile time: UndefinedVariable");
  EXPECT_EQ(JudgeError(compile, SyntaxError("UndefinedVariable", "x", ErrorPhase::kCompileTime)),
            ErrorVerdict::kMatch);
  // The lenient rule: same class and detail, detected at runtime.
  EXPECT_EQ(JudgeError(compile, SyntaxError("UndefinedVariable", "x", ErrorPhase::kRuntime)),
            ErrorVerdict::kMatchLenientPhase);
  EXPECT_EQ(JudgeError(compile, SyntaxError("VariableAlreadyBound", "x", ErrorPhase::kCompileTime)),
            ErrorVerdict::kMismatch);
  EXPECT_EQ(JudgeError(compile, SemanticError("UndefinedVariable", "x", ErrorPhase::kCompileTime)),
            ErrorVerdict::kMismatch);

  const auto runtime = *ParseErrorStep("a TypeError should be raised at runtime: InvalidArgumentType");
  EXPECT_EQ(JudgeError(runtime, TypeError("InvalidArgumentType", "x", ErrorPhase::kRuntime)),
            ErrorVerdict::kMatch);
  // Not accepted the other way round (see expected_error.h).
  EXPECT_EQ(JudgeError(runtime, TypeError("InvalidArgumentType", "x", ErrorPhase::kCompileTime)),
            ErrorVerdict::kMismatch);

  const auto any = *ParseErrorStep("a TypeError should be raised at any time: *");
  EXPECT_EQ(JudgeError(any, TypeError("Whatever", "x", ErrorPhase::kCompileTime)), ErrorVerdict::kMatch);
  EXPECT_EQ(JudgeError(any, TypeError("", "x", ErrorPhase::kRuntime)), ErrorVerdict::kMatch);
  EXPECT_EQ(JudgeError(any, ArgumentError("Whatever", "x")), ErrorVerdict::kMismatch);
}

TEST(ExpectedErrorTest, DescribesErrors) {
  EXPECT_EQ(DescribeError(TypeError("InvalidArgumentType", "bad", ErrorPhase::kRuntime)),
            "TypeError/InvalidArgumentType at runtime: bad");
}

}  // namespace
}  // namespace quiver::tck
