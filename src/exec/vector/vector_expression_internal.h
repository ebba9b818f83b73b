#pragma once
// The vector expressions that read the graph (property gathers, label and relationship
// tests), compiled by CompileExpression (vector_expression.cpp) for operands that are
// columns of node or relationship ids.

#include <string>
#include <vector>

#include "exec/vector/vector_expression.h"

namespace quiver::exec::vector {

// n.key over node column `column`: one GraphReader::GatherNodeProperty per chunk.
VectorExpressionPtr MakeNodeProperty(uint32_t column, const std::string& key);
// r.key over relationship column `column`.
VectorExpressionPtr MakeRelationshipProperty(uint32_t column, const std::string& key);
// n:A:B over node column `column`.
VectorExpressionPtr MakeHasLabels(uint32_t column, const std::vector<std::string>& labels);
// The optimizer's one-hop EXISTS (planner::ExprOp::kHasRelationship `has`) from node
// column `from` to node column `to`, or to any node with has.end_labels when `to` is
// FragmentColumns::kNoColumn.
VectorExpressionPtr MakeHasRelationship(uint32_t from, uint32_t to, const planner::BoundExpr& has);

}  // namespace quiver::exec::vector
