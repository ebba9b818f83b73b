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
// The optimizer's one-hop EXISTS (planner::ExprOp::kHasRelationship) between node columns.
VectorExpressionPtr MakeHasRelationship(uint32_t from, uint32_t to, const std::vector<std::string>& types,
                                        Direction direction);
// The one-hop EXISTS from node column `from` to any node carrying every one of `labels`.
VectorExpressionPtr MakeHasNeighbour(uint32_t from, const std::vector<std::string>& types,
                                     const std::vector<std::string>& labels, Direction direction);

}  // namespace quiver::exec::vector
