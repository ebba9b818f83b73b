#pragma once
// Neo4j status codes for Quiver's errors (Bolt FAILURE's `code`, the HTTP endpoint's
// errors[].code): the drivers decide by them whether to retry (Neo.TransientError.*),
// what to raise (ClientError, DatabaseError), and tools show them. The mapping is
// docs/bolt.md's table.

#include <string>

#include "quiver/error.h"

namespace quiver::server {

std::string StatusCode(const QuiverError& error);
// As above; on a read-only server a write refused by a read-only transaction is a write to
// a read-only database (what Neo4j answers there).
std::string StatusCode(const QuiverError& error, bool read_only_server);

// Codes the server raises itself.
inline constexpr const char* kUnauthorized = "Neo.ClientError.Security.Unauthorized";
inline constexpr const char* kRequestInvalid = "Neo.ClientError.Request.Invalid";
inline constexpr const char* kDatabaseNotFound = "Neo.ClientError.Database.DatabaseNotFound";
inline constexpr const char* kForbiddenReadOnly = "Neo.ClientError.General.ForbiddenOnReadOnlyDatabase";
inline constexpr const char* kTerminated = "Neo.TransientError.Transaction.Terminated";
inline constexpr const char* kUnknownError = "Neo.DatabaseError.General.UnknownError";

}  // namespace quiver::server
