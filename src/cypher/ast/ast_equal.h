#pragma once
// Structural equality of AST nodes, ignoring source positions and the source text of
// projection items. Used by the round-trip checks (parse, print, parse, compare) and by
// the binder to match expressions (grouping keys, ORDER BY against projections).

#include "cypher/ast/statement.h"

namespace quiver::cypher {

bool Equal(const Expr& a, const Expr& b);
// Null pointers are equal to each other and to nothing else.
bool Equal(const Expr* a, const Expr* b);
bool Equal(const PatternElement& a, const PatternElement& b);
bool Equal(const PatternPart& a, const PatternPart& b);
bool Equal(const Clause& a, const Clause& b);
bool Equal(const Statement& a, const Statement& b);

}  // namespace quiver::cypher
