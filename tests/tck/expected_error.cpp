#include "expected_error.h"

#include <stdexcept>

namespace quiver::tck {
namespace {

const char* PhaseName(ExpectedPhase phase) {
  switch (phase) {
    case ExpectedPhase::kCompileTime:
      return "compile time";
    case ExpectedPhase::kRuntime:
      return "runtime";
    case ExpectedPhase::kAnyTime:
      return "any time";
  }
  return "?";
}

}  // namespace

std::string ExpectedError::ToString() const {
  std::string out = error_class;
  if (!detail.empty() && detail != "*") out.append("/").append(detail);
  return out.append(" at ").append(PhaseName(phase));
}

std::optional<ExpectedError> ParseErrorStep(std::string_view text) {
  constexpr std::string_view kShould = " should be raised at ";
  const size_t should = text.find(kShould);
  if (text.substr(0, 2) != "a " && text.substr(0, 3) != "an ") return std::nullopt;
  if (should == std::string_view::npos) return std::nullopt;
  ExpectedError expected;
  const size_t class_start = text.find(' ') + 1;
  expected.error_class = std::string(text.substr(class_start, should - class_start));
  std::string_view rest = text.substr(should + kShould.size());
  const size_t colon = rest.find(':');
  if (colon == std::string_view::npos)
    throw std::runtime_error("error step without ':' — " + std::string(text));
  const std::string_view phase = rest.substr(0, colon);
  if (phase == "compile time") {
    expected.phase = ExpectedPhase::kCompileTime;
  } else if (phase == "runtime") {
    expected.phase = ExpectedPhase::kRuntime;
  } else if (phase == "any time") {
    expected.phase = ExpectedPhase::kAnyTime;
  } else {
    throw std::runtime_error("unknown error phase '" + std::string(phase) + "'");
  }
  std::string_view detail = rest.substr(colon + 1);
  while (!detail.empty() && detail.front() == ' ') detail.remove_prefix(1);
  while (!detail.empty() && detail.back() == ' ') detail.remove_suffix(1);
  expected.detail = std::string(detail);
  if (expected.error_class.empty()) throw std::runtime_error("error step without a class");
  return expected;
}

ErrorVerdict JudgeError(const ExpectedError& expected, const QuiverError& actual) {
  if (ErrorClassName(actual.error_class()) != expected.error_class) return ErrorVerdict::kMismatch;
  const bool any_detail = expected.detail.empty() || expected.detail == "*";
  if (!any_detail && actual.detail() != expected.detail) return ErrorVerdict::kMismatch;
  switch (expected.phase) {
    case ExpectedPhase::kAnyTime:
      return ErrorVerdict::kMatch;
    case ExpectedPhase::kRuntime:
      return actual.phase() == ErrorPhase::kRuntime ? ErrorVerdict::kMatch : ErrorVerdict::kMismatch;
    case ExpectedPhase::kCompileTime:
      return actual.phase() == ErrorPhase::kCompileTime ? ErrorVerdict::kMatch
                                                        : ErrorVerdict::kMatchLenientPhase;
  }
  return ErrorVerdict::kMismatch;
}

std::string DescribeError(const QuiverError& error) {
  std::string out(ErrorClassName(error.error_class()));
  if (!error.detail().empty()) out.append("/").append(error.detail());
  out.append(error.phase() == ErrorPhase::kCompileTime ? " at compile time" : " at runtime");
  if (!error.message().empty()) out.append(": ").append(error.message());
  return out;
}

}  // namespace quiver::tck
