#pragma once
// Typed query errors: the exception channel (see include/quiver/status.h for the rule).
//
// Every error a query can raise carries the openCypher error class (SyntaxError,
// TypeError, ...), the detail code the TCK names (UndefinedVariable,
// InvalidArgumentType, ...), and the phase it was raised in (compile time or runtime),
// because the TCK matches all three.

#include <stdexcept>
#include <string>
#include <string_view>

#include "quiver/export.h"
#include "quiver/status.h"

namespace quiver {

enum class ErrorClass : uint8_t {
  kSyntaxError,
  kSemanticError,
  kTypeError,
  kArgumentError,
  kArithmeticError,
  kConstraintVerificationFailed,
  kEntityNotFound,
  kProcedureError,
  kParameterMissing,
  // Not openCypher classes: storage and resource failures surfacing in a query.
  kResourceExhausted,
  kStorageError,
  kInternalError,
  // The session API used out of order: a statement in a failed transaction, Commit
  // without Begin, a result read after it was closed.
  kClientError,
  // A query stopped on purpose: Cancel() from another thread, or its timeout.
  kInterrupted,
  // A schema command that cannot be carried out (an index or constraint that exists
  // already, or does not), or a write a constraint refuses: Neo4j's Schema codes,
  // e.g. detail IndexAlreadyExists, ConstraintValidationFailed.
  kSchemaError,
};

enum class ErrorPhase : uint8_t { kCompileTime, kRuntime };

QUIVER_EXPORT std::string_view ErrorClassName(ErrorClass cls);

// The base of every error a query or the public API raises.
class QUIVER_EXPORT QuiverError : public std::runtime_error {
 public:
  QuiverError(ErrorClass cls, std::string detail, std::string message,
              ErrorPhase phase = ErrorPhase::kRuntime);

  ErrorClass error_class() const { return class_; }
  // The TCK detail code, e.g. "UndefinedVariable"; may be empty.
  const std::string& detail() const { return detail_; }
  ErrorPhase phase() const { return phase_; }
  // The human message without the "Class/Detail: " prefix that what() carries.
  const std::string& message() const { return message_; }

 private:
  ErrorClass class_;
  std::string detail_;
  std::string message_;
  ErrorPhase phase_;
};

// One subclass per openCypher class, so callers can catch what they handle.
#define QUIVER_DEFINE_ERROR(Name, Class)                                                    \
  class QUIVER_EXPORT Name : public QuiverError {                                           \
   public:                                                                                  \
    Name(std::string detail, std::string message, ErrorPhase phase = ErrorPhase::kRuntime) \
        : QuiverError(ErrorClass::Class, std::move(detail), std::move(message), phase) {}   \
  };
QUIVER_DEFINE_ERROR(SyntaxError, kSyntaxError)
QUIVER_DEFINE_ERROR(SemanticError, kSemanticError)
QUIVER_DEFINE_ERROR(TypeError, kTypeError)
QUIVER_DEFINE_ERROR(ArgumentError, kArgumentError)
QUIVER_DEFINE_ERROR(ArithmeticError, kArithmeticError)
QUIVER_DEFINE_ERROR(ConstraintVerificationFailed, kConstraintVerificationFailed)
QUIVER_DEFINE_ERROR(EntityNotFound, kEntityNotFound)
QUIVER_DEFINE_ERROR(ProcedureError, kProcedureError)
QUIVER_DEFINE_ERROR(ParameterMissing, kParameterMissing)
QUIVER_DEFINE_ERROR(ResourceExhaustedError, kResourceExhausted)
QUIVER_DEFINE_ERROR(StorageError, kStorageError)
QUIVER_DEFINE_ERROR(InternalError, kInternalError)
QUIVER_DEFINE_ERROR(ClientError, kClientError)
QUIVER_DEFINE_ERROR(QueryInterrupted, kInterrupted)
QUIVER_DEFINE_ERROR(SchemaError, kSchemaError)
#undef QUIVER_DEFINE_ERROR

// Turns a non-OK Status into the matching exception at the query boundary.
QUIVER_EXPORT void ThrowIfError(const Status& status);

}  // namespace quiver
