#include "server/status_codes.h"

namespace quiver::server {

std::string StatusCode(const QuiverError& error) {
  const std::string& detail = error.detail();
  switch (error.error_class()) {
    case ErrorClass::kSyntaxError:
      return "Neo.ClientError.Statement.SyntaxError";
    case ErrorClass::kSemanticError:
      return "Neo.ClientError.Statement.SemanticError";
    case ErrorClass::kTypeError:
      return "Neo.ClientError.Statement.TypeError";
    case ErrorClass::kArgumentError:
      // LOAD CSV's file that cannot be read (or may not be: outside the import directory).
      if (detail == "ExternalResourceFailed") return "Neo.ClientError.Statement.ExternalResourceFailed";
      return "Neo.ClientError.Statement.ArgumentError";
    case ErrorClass::kArithmeticError:
      return "Neo.ClientError.Statement.ArithmeticError";
    case ErrorClass::kParameterMissing:
      return "Neo.ClientError.Statement.ParameterMissing";
    case ErrorClass::kConstraintVerificationFailed:
      return "Neo.ClientError.Schema.ConstraintValidationFailed";
    case ErrorClass::kEntityNotFound:
      return "Neo.ClientError.Statement.EntityNotFound";
    case ErrorClass::kProcedureError:
      return detail == "ProcedureNotFound" ? "Neo.ClientError.Procedure.ProcedureNotFound"
                                           : "Neo.ClientError.Procedure.ProcedureCallFailed";
    case ErrorClass::kResourceExhausted:
      // As Neo4j classifies a query past its memory limit: transient (another run, with
      // less else going on, may fit).
      return "Neo.TransientError.General.MemoryPoolOutOfMemoryError";
    case ErrorClass::kStorageError:
      if (detail == "ReadOnly") return kForbiddenReadOnly;
      return detail == "Corruption" ? "Neo.DatabaseError.General.StorageDamageDetected" : kUnknownError;
    case ErrorClass::kInternalError:
      return kUnknownError;
    case ErrorClass::kClientError:
      if (detail == "ReadOnlyTransaction") return "Neo.ClientError.Statement.AccessMode";
      if (detail == "TransactionFailed") return "Neo.ClientError.Transaction.TransactionTerminated";
      // CALL { } IN TRANSACTIONS in an explicit transaction: Neo4j's code for it.
      if (detail == "TransactionStartFailed") return "Neo.DatabaseError.Transaction.TransactionStartFailed";
      if (detail == "DatabaseNotFound") return kDatabaseNotFound;
      return kRequestInvalid;
    case ErrorClass::kInterrupted:
      if (detail == "Timeout") return "Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration";
      return kTerminated;
    case ErrorClass::kSchemaError:
      // Neo4j 5 reports a failed DROP (and a constraint that cannot be created over the
      // data there is) as DatabaseErrors, the rest as ClientErrors.
      if (detail == "IndexDropFailed" || detail == "ConstraintDropFailed" || detail == "ConstraintCreationFailed") {
        return "Neo.DatabaseError.Schema." + detail;
      }
      return "Neo.ClientError.Schema." + detail;
  }
  return kUnknownError;
}

std::string StatusCode(const QuiverError& error, bool read_only_server) {
  if (read_only_server && error.detail() == "ReadOnlyTransaction") return kForbiddenReadOnly;
  return StatusCode(error);
}

}  // namespace quiver::server
