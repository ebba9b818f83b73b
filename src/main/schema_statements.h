#pragma once
// The Cypher that creates an index or a constraint of a graph's catalog: what SHOW
// INDEXES and SHOW CONSTRAINTS list as createStatement, and what `quiver export` writes
// into schema.cypher so that `quiver import --schema` (or the Cypher script) makes the
// same schema again. Names are quoted with backticks (a backtick in a name doubled).

#include <string>
#include <string_view>
#include <vector>

#include "storage/graph.h"
#include "storage/schema_catalog.h"

namespace quiver::main {

// `name`, with any backtick doubled: a name Cypher reads back as it is.
std::string QuotedName(std::string_view name);

std::string IndexCreateStatement(const GraphReader& graph, const storage::IndexDefinition& index);
std::string ConstraintCreateStatement(const GraphReader& graph, const storage::ConstraintDefinition& constraint);

// Whether `quiver import --schema` enforces the constraint row by row; it does not yet
// for relationship UNIQUE and KEY constraints (main/import_schema.cpp refuses them).
bool ImportEnforces(const storage::ConstraintDefinition& constraint);

// The statements that make the schema of `graph` again: its property indexes that no
// constraint owns, then its constraints (each creating the index it owns). LOOKUP
// indexes are left out: every database has them. With `importable`, those `quiver
// import --schema` takes (ImportEnforces); without, only the constraints it does not.
std::vector<std::string> SchemaCreateStatements(const GraphReader& graph, bool importable);

}  // namespace quiver::main
