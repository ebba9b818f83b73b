#pragma once
// `Then a <Class> should be raised at <compile time|runtime|any time>: <Detail>` and
// how a raised QuiverError is judged against it.
//
// The phase rule. Strict: the error's phase must be the one the TCK names ("any time"
// accepts both). Lenient (the default verdict): a runtime-phase error also satisfies a
// compile-time expectation when class and detail match. Why this is acceptable: the
// public API materializes the whole result before Query() returns, so a caller sees
// the same thing either way — Query() throws the same class and detail, returns no
// rows, and (the runner checks the README's implied rule) leaves no side effects. The
// difference is only where the engine detected the problem, which the strict count
// still reports. The reverse (compile time where runtime is expected) is not accepted:
// an engine that rejects a query before running it would also reject it on data where
// the failing expression is never evaluated, which is observably different.

#include <optional>
#include <string>
#include <string_view>

#include "quiver/error.h"

namespace quiver::tck {

enum class ExpectedPhase { kCompileTime, kRuntime, kAnyTime };

struct ExpectedError {
  std::string error_class;  // "SyntaxError"
  ExpectedPhase phase = ExpectedPhase::kAnyTime;
  std::string detail;  // "UndefinedVariable"; "*" or empty accepts any detail

  std::string ToString() const;  // "SyntaxError/UndefinedVariable at compile time"
};

// nullopt when the step text is not an error expectation; throws std::runtime_error
// when it looks like one but is malformed.
std::optional<ExpectedError> ParseErrorStep(std::string_view step_text);

enum class ErrorVerdict {
  kMatch,              // class, detail and phase as expected
  kMatchLenientPhase,  // class and detail match; runtime phase where compile time was expected
  kMismatch,
};

ErrorVerdict JudgeError(const ExpectedError& expected, const QuiverError& actual);

// "SyntaxError/UndefinedVariable at runtime: <message>".
std::string DescribeError(const QuiverError& error);

}  // namespace quiver::tck
