#pragma once
// The root of the AST: one or more single queries joined by UNION or UNION ALL.

#include <vector>

#include "cypher/ast/clause.h"

namespace quiver::cypher {

struct SingleQuery {
  SourcePosition pos;
  std::vector<ClausePtr> clauses;  // never empty
  // Ended by FINISH (Neo4j 5.19) instead of RETURN: the query runs, side effects and
  // all, and returns no rows and no columns; any clause may precede it.
  bool finish = false;
};

struct Statement {
  SourcePosition pos;
  std::vector<SingleQuery> queries;  // never empty; more than one means a union
  // UNION ALL (keep duplicates) rather than UNION. Mixing the two is rejected by the
  // parser (InvalidClauseComposition), so one flag describes every junction.
  bool union_all = false;
  // `USE name` before the query (Neo4j 4+): the database it must run on; "" when not
  // written. The session checks it against its database's name (DatabaseNotFound).
  std::string use_database;
};

}  // namespace quiver::cypher
