#pragma once
// The C API's error channel: each thread's last error and its message (quiver_errcode(),
// quiver_errmsg(), ...), and Guard(), which runs the body of every C function that
// returns a quiver_status so that no C++ exception ever crosses the C boundary.

#include <exception>
#include <string>
#include <string_view>

#include "quiver/error.h"
#include "quiver/quiver.h"

namespace quiver::capi {

// The last error a call on this thread returned (successes leave it as it is, so
// that cleanup after a failure — closing, finalizing — keeps its message readable).
struct ErrorState {
  quiver_status code = QUIVER_OK;  // QUIVER_OK: no call on this thread has failed yet
  std::string message;             // empty: quiver_errstr(code)
  std::string error_class;         // "SyntaxError", ...; empty for QUIVER_MISUSE
  std::string detail;
};

ErrorState& ThreadError() noexcept;

// Records an error and returns its code. Never throws: when the message cannot be
// copied (out of memory), quiver_errmsg() falls back to quiver_errstr(code).
quiver_status Fail(quiver_status code, std::string_view message, std::string_view error_class = {},
                   std::string_view detail = {}) noexcept;
// QUIVER_MISUSE: "function: what was wrong".
quiver_status Misuse(std::string_view function, std::string_view what) noexcept;
// Records the error saved earlier (a result's failure, reported again).
quiver_status Restore(const ErrorState& saved) noexcept;

// The status code of a typed query error (by class, and for storage errors by detail).
quiver_status StatusOf(const QuiverError& error) noexcept;
// Records the exception being handled (call inside a catch block) and returns its code:
// a QuiverError by StatusOf, std::bad_alloc as QUIVER_RESOURCE_EXHAUSTED, anything else
// as QUIVER_INTERNAL_ERROR.
quiver_status FailFromCurrentException() noexcept;

// Runs `body` (returning a quiver_status, having recorded its own errors), turning
// whatever it throws into a recorded error.
template <typename Body>
quiver_status Guard(Body&& body) noexcept {
  try {
    return body();
  } catch (...) {
    return FailFromCurrentException();
  }
}

}  // namespace quiver::capi
