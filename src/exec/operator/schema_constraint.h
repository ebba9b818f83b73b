#pragma once
// CREATE CONSTRAINT / DROP CONSTRAINT, the SchemaCommand operator's constraint half
// (schema_command.cpp runs the index commands and calls these).

#include "exec/exec_context.h"
#include "planner/logical_schema.h"

namespace quiver::exec {

void RunCreateConstraint(ExecContext& ctx, const planner::LogicalSchemaCommand& command);
void RunDropConstraint(ExecContext& ctx, const planner::LogicalSchemaCommand& command);

}  // namespace quiver::exec
