#pragma once
// The root of the AST: one or more single queries joined by UNION or UNION ALL.

#include <vector>

#include "cypher/ast/clause.h"

namespace quiver::cypher {

struct SingleQuery {
  SourcePosition pos;
  std::vector<ClausePtr> clauses;  // never empty
};

struct Statement {
  SourcePosition pos;
  std::vector<SingleQuery> queries;  // never empty; more than one means a union
  // UNION ALL (keep duplicates) rather than UNION. Mixing the two is rejected by the
  // parser (InvalidClauseComposition), so one flag describes every junction.
  bool union_all = false;
};

}  // namespace quiver::cypher
