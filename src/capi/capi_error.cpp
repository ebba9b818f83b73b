#include "capi/capi_error.h"

#include <new>

namespace quiver::capi {

namespace {

thread_local ErrorState t_error;

quiver_status StorageStatus(std::string_view detail) {
  // The detail of a StorageError is the StatusCodeName of the Status it came from.
  if (detail == StatusCodeName(StatusCode::kBusy)) return QUIVER_BUSY;
  if (detail == StatusCodeName(StatusCode::kCorruption)) return QUIVER_CORRUPTION;
  if (detail == StatusCodeName(StatusCode::kIOError)) return QUIVER_IO_ERROR;
  if (detail == StatusCodeName(StatusCode::kNotFound)) return QUIVER_NOT_FOUND;
  if (detail == StatusCodeName(StatusCode::kReadOnly)) return QUIVER_READ_ONLY;
  if (detail == StatusCodeName(StatusCode::kResourceExhausted)) return QUIVER_RESOURCE_EXHAUSTED;
  return QUIVER_STORAGE_ERROR;
}

}  // namespace

ErrorState& ThreadError() noexcept {
  return t_error;
}

quiver_status Fail(quiver_status code, std::string_view message, std::string_view error_class,
                   std::string_view detail) noexcept {
  // The code, and empty strings should a copy below fail.
  t_error.code = code;
  t_error.message.clear();
  t_error.error_class.clear();
  t_error.detail.clear();
  try {
    t_error.message.assign(message);
    t_error.error_class.assign(error_class);
    t_error.detail.assign(detail);
  } catch (...) {
    t_error.message.clear();
  }
  return code;
}

namespace {
// Fail() with the message "head: tail".
quiver_status FailJoined(quiver_status code, std::string_view head, std::string_view tail,
                         std::string_view error_class) noexcept {
  Fail(code, {}, error_class);
  try {
    t_error.message.append(head).append(": ").append(tail);
  } catch (...) {
    t_error.message.clear();
  }
  return code;
}
}  // namespace

quiver_status Misuse(std::string_view function, std::string_view what) noexcept {
  return FailJoined(QUIVER_MISUSE, function, what, {});
}

quiver_status Restore(const ErrorState& saved) noexcept {
  return Fail(saved.code, saved.message, saved.error_class, saved.detail);
}

quiver_status StatusOf(const QuiverError& error) noexcept {
  switch (error.error_class()) {
    case ErrorClass::kSyntaxError: return QUIVER_SYNTAX_ERROR;
    case ErrorClass::kSemanticError: return QUIVER_SEMANTIC_ERROR;
    case ErrorClass::kTypeError: return QUIVER_TYPE_ERROR;
    case ErrorClass::kArgumentError: return QUIVER_ARGUMENT_ERROR;
    case ErrorClass::kArithmeticError: return QUIVER_ARITHMETIC_ERROR;
    case ErrorClass::kConstraintVerificationFailed: return QUIVER_CONSTRAINT_ERROR;
    case ErrorClass::kEntityNotFound: return QUIVER_ENTITY_NOT_FOUND;
    case ErrorClass::kProcedureError: return QUIVER_PROCEDURE_ERROR;
    case ErrorClass::kParameterMissing: return QUIVER_PARAMETER_MISSING;
    case ErrorClass::kResourceExhausted: return QUIVER_RESOURCE_EXHAUSTED;
    case ErrorClass::kStorageError: return StorageStatus(error.detail());
    case ErrorClass::kInternalError: return QUIVER_INTERNAL_ERROR;
    case ErrorClass::kClientError: return QUIVER_CLIENT_ERROR;
    case ErrorClass::kInterrupted: return error.detail() == "Timeout" ? QUIVER_TIMEOUT : QUIVER_INTERRUPTED;
    case ErrorClass::kSchemaError: return QUIVER_SCHEMA_ERROR;
  }
  return QUIVER_INTERNAL_ERROR;
}

quiver_status FailFromCurrentException() noexcept {
  try {
    throw;
  } catch (const QuiverError& e) {
    return Fail(StatusOf(e), e.what(), ErrorClassName(e.error_class()), e.detail());
  } catch (const std::bad_alloc&) {
    return Fail(QUIVER_RESOURCE_EXHAUSTED, "ResourceExhausted/OutOfMemory: out of memory",
                "ResourceExhausted", "OutOfMemory");
  } catch (const std::exception& e) {
    return FailJoined(QUIVER_INTERNAL_ERROR, "InternalError", e.what(), "InternalError");
  } catch (...) {
    return Fail(QUIVER_INTERNAL_ERROR, "InternalError: an unknown exception", "InternalError");
  }
}

}  // namespace quiver::capi
