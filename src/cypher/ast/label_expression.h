#pragma once
// Label expressions (Neo4j 5 / GQL): `:A|B`, `:A&B`, `:!A`, `:%`, `:(A|B)&!C` on node
// patterns and in `n:...` predicates, and the same over relationship types in
// relationship patterns. A plain conjunction (`:A:B`, `:A&B`) is not stored as one: node
// patterns and HasLabelsExpr keep it as a list of labels, so only the new operators
// produce this tree. A value type (copyable) so the binder may keep it.

#include <cstdint>
#include <string>
#include <vector>

#include "cypher/source_position.h"

namespace quiver::cypher {

struct LabelExpression {
  enum class Kind : uint8_t {
    kName,      // A: the label (a node carries it) / the type (a relationship has it)
    kWildcard,  // %: any label (a node with at least one) / any type
    kNot,       // !operands[0]
    kAnd,       // operands[0] & operands[1] & ...
    kOr,        // operands[0] | operands[1] | ...
  };
  Kind kind = Kind::kName;
  SourcePosition pos;
  std::string name;                       // kName
  std::vector<LabelExpression> operands;  // kNot: one; kAnd, kOr: two or more

  friend bool operator==(const LabelExpression& a, const LabelExpression& b) {
    return a.kind == b.kind && a.name == b.name && a.operands == b.operands;
  }
};

}  // namespace quiver::cypher
