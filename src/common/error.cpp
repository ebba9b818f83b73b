#include "quiver/error.h"

#include "common/error_status.h"

namespace quiver {

std::string_view ErrorClassName(ErrorClass cls) {
  switch (cls) {
    case ErrorClass::kSyntaxError: return "SyntaxError";
    case ErrorClass::kSemanticError: return "SemanticError";
    case ErrorClass::kTypeError: return "TypeError";
    case ErrorClass::kArgumentError: return "ArgumentError";
    case ErrorClass::kArithmeticError: return "ArithmeticError";
    case ErrorClass::kConstraintVerificationFailed: return "ConstraintVerificationFailed";
    case ErrorClass::kEntityNotFound: return "EntityNotFound";
    case ErrorClass::kProcedureError: return "ProcedureError";
    case ErrorClass::kParameterMissing: return "ParameterMissing";
    case ErrorClass::kResourceExhausted: return "ResourceExhausted";
    case ErrorClass::kStorageError: return "StorageError";
    case ErrorClass::kInternalError: return "InternalError";
    case ErrorClass::kClientError: return "ClientError";
    case ErrorClass::kInterrupted: return "Interrupted";
    case ErrorClass::kSchemaError: return "SchemaError";
  }
  return "Error";
}

namespace {
std::string FormatWhat(ErrorClass cls, const std::string& detail, const std::string& message) {
  std::string out(ErrorClassName(cls));
  if (!detail.empty()) out.append("/").append(detail);
  out.append(": ").append(message);
  return out;
}
}  // namespace

QuiverError::QuiverError(ErrorClass cls, std::string detail, std::string message, ErrorPhase phase)
    : std::runtime_error(FormatWhat(cls, detail, message)),
      class_(cls),
      detail_(std::move(detail)),
      message_(std::move(message)),
      phase_(phase) {}

void ThrowIfError(const Status& status) {
  if (status.ok()) return;
  const std::string detail(StatusCodeName(status.code()));
  if (status.code() == StatusCode::kResourceExhausted) {
    throw ResourceExhaustedError(detail, status.message());
  }
  throw StorageError(detail, status.message());
}

}  // namespace quiver

namespace quiver {

Status StatusFromError(const QuiverError& error) {
  static constexpr StatusCode kCodes[] = {
      StatusCode::kNotFound,          StatusCode::kCorruption,   StatusCode::kIOError, StatusCode::kInvalidArgument,
      StatusCode::kResourceExhausted, StatusCode::kNotSupported, StatusCode::kBusy,    StatusCode::kAborted,
      StatusCode::kReadOnly};
  for (StatusCode code : kCodes) {
    if (error.detail() == StatusCodeName(code)) {
      switch (code) {
        case StatusCode::kNotFound: return Status::NotFound(error.message());
        case StatusCode::kCorruption: return Status::Corruption(error.message());
        case StatusCode::kIOError: return Status::IOError(error.message());
        case StatusCode::kInvalidArgument: return Status::InvalidArgument(error.message());
        case StatusCode::kResourceExhausted: return Status::ResourceExhausted(error.message());
        case StatusCode::kNotSupported: return Status::NotSupported(error.message());
        case StatusCode::kBusy: return Status::Busy(error.message());
        case StatusCode::kAborted: return Status::Aborted(error.message());
        case StatusCode::kReadOnly: return Status::ReadOnly(error.message());
        case StatusCode::kOk: break;
      }
    }
  }
  if (error.error_class() == ErrorClass::kStorageError) return Status::Corruption(error.message());
  if (error.error_class() == ErrorClass::kResourceExhausted) return Status::ResourceExhausted(error.message());
  return Status::InvalidArgument(error.what());
}

}  // namespace quiver
