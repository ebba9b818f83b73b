#pragma once
// `quiver import --schema FILE` (docs/ingest.md, "Schema"): the CREATE INDEX / CREATE
// CONSTRAINT statements an imported database starts with, checked before any data is
// read, and the checks the import then runs on every row (ingest/import_constraints.h)
// — the commit-time check's own (exec/constraint_check.h), so an import and a write
// accept and refuse the same values with the same messages.

#include <string>
#include <vector>

#include "ingest/import_constraints.h"
#include "quiver/status.h"

namespace quiver::main {

// The schema statements of a database (what SHOW INDEXES / SHOW CONSTRAINTS list as
// createStatement, LOOKUP and constraint-owned indexes left out), read-only, with its
// write log replayed; none when `path` holds no database.
Result<std::vector<std::string>> SchemaStatements(const std::string& path);

// Runs `carried` (a replaced database's schema) and then the statements of the file at
// `path` (`;`-separated, comments allowed; only CREATE INDEX and CREATE CONSTRAINT) on
// an empty in-memory database, so each is checked as the database checks it — names,
// conflicts, options, refused kinds — and returns the resulting schema by name, with
// the row checks. InvalidArgument "FILE:LINE: message" for the first bad statement.
Result<ingest::ImportSchema> ReadImportSchema(const std::string& path, const std::vector<std::string>& carried);

// Runs the statements of the file at `path` on the database at `db_path`, which an
// import has just published: the constraints an import does not enforce row by row yet
// (relationship UNIQUE and KEY; an export's schema_after_import.cypher), each checking
// the data as CREATE CONSTRAINT does. InvalidArgument "FILE:LINE: the graph is imported,
// but …" for the first that fails.
Status CreateSchemaAfterImport(const std::string& db_path, const std::string& path);

}  // namespace quiver::main
