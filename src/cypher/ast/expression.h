#pragma once
// Expression nodes of the openCypher AST.
//
// Nodes are plain structs owned through unique_ptr; each records its kind (for
// switch-based visitors) and where it starts in the query text. Literal values are kept
// as parsed (int64/double/string/bool/null) so this layer needs no runtime Value type.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "common/assert.h"
#include "cypher/ast/cypher_type.h"
#include "cypher/ast/label_expression.h"
#include "cypher/ast/tagged_node.h"
#include "cypher/source_position.h"

namespace quiver::cypher {

struct PatternElement;  // ast/pattern.h
struct Statement;       // ast/statement.h

enum class ExprKind : uint8_t {
  kLiteral,               // 1, 2.5, 'x', true, null
  kParameter,             // $p, $0
  kVariable,              // n
  kProperty,              // n.name
  kHasLabels,             // n:Person:Admin
  kSubscript,             // list[0], map['key']
  kSlice,                 // list[1..3], list[..2], list[1..]
  kUnary,                 // NOT a, -a, +a, a IS NULL, a IS NOT NULL
  kBinary,                // a + b, a AND b, a IN b, a STARTS WITH b, ...
  kComparison,            // a = b, a < b <= c (a chain)
  kFunctionCall,          // f(x), ns.f(DISTINCT x)
  kCountStar,             // count(*)
  kCase,                  // CASE [x] WHEN ... THEN ... [ELSE ...] END
  kList,                  // [1, 2]
  kMap,                   // {a: 1}
  kListComprehension,     // [x IN l WHERE p | e]
  kQuantifier,            // all/any/none/single(x IN l WHERE p)
  kPatternComprehension,  // [p = (a)-->(b) WHERE q | e]
  kPatternPredicate,      // (a)-->(b) used as a boolean, only inside WHERE / exists()
  kExists,                // EXISTS { ... }
  kMapProjection,         // n {.name, .*, key: expr, x}
  kReduce,                // reduce(acc = init, x IN list | expr)
  kTypePredicate,         // x IS [NOT] :: INTEGER
  kSubqueryValue,         // COUNT { ... }, COLLECT { ... }
};
std::string_view ExprKindName(ExprKind kind);

struct Expr : TaggedNode<ExprKind> {
  using TaggedNode::TaggedNode;};
using ExprPtr = std::unique_ptr<Expr>;

template <ExprKind kTag>
struct ExprOf : Expr {
  static constexpr ExprKind kKind = kTag;
  explicit ExprOf(SourcePosition position) : Expr(kTag, position) {}
};

struct LiteralExpr : ExprOf<ExprKind::kLiteral> {
  using ExprOf::ExprOf;
  // std::monostate is null. Negative numbers are folded into the literal when the sign
  // is written directly before the number (`-1`, `-9223372036854775808`).
  using Value = std::variant<std::monostate, bool, int64_t, double, std::string>;
  Value value;

  bool is_null() const { return std::holds_alternative<std::monostate>(value); }
};

struct ParameterExpr : ExprOf<ExprKind::kParameter> {
  using ExprOf::ExprOf;
  std::string name;  // without '$'; "0" for $0
};

struct VariableExpr : ExprOf<ExprKind::kVariable> {
  using ExprOf::ExprOf;
  std::string name;
};

struct PropertyExpr : ExprOf<ExprKind::kProperty> {
  using ExprOf::ExprOf;
  ExprPtr object;
  std::string key;
};

struct HasLabelsExpr : ExprOf<ExprKind::kHasLabels> {
  using ExprOf::ExprOf;
  ExprPtr object;
  // A plain conjunction `n:A:B` / `n:A&B` is `labels` (at least one); a label
  // expression with |, ! or % (`n:A|B`) is `expression`, with `labels` empty.
  std::vector<std::string> labels;
  std::optional<LabelExpression> expression;
};

struct SubscriptExpr : ExprOf<ExprKind::kSubscript> {
  using ExprOf::ExprOf;
  ExprPtr object;
  ExprPtr index;
};

struct SliceExpr : ExprOf<ExprKind::kSlice> {
  using ExprOf::ExprOf;
  ExprPtr object;
  ExprPtr from;  // null when omitted
  ExprPtr to;    // null when omitted
};

enum class UnaryOp : uint8_t { kNot, kNegate, kPlus, kIsNull, kIsNotNull };
std::string_view UnaryOpName(UnaryOp op);

struct UnaryExpr : ExprOf<ExprKind::kUnary> {
  using ExprOf::ExprOf;
  UnaryOp op = UnaryOp::kNot;
  ExprPtr operand;
};

enum class BinaryOp : uint8_t {
  kOr,
  kXor,
  kAnd,
  kAdd,
  kSubtract,
  kMultiply,
  kDivide,
  kModulo,
  kPower,
  kStartsWith,
  kEndsWith,
  kContains,
  kIn,
  kRegexMatch,
};
// The operator as written in Cypher: "OR", "+", "STARTS WITH", "=~", ...
std::string_view BinaryOpName(BinaryOp op);

struct BinaryExpr : ExprOf<ExprKind::kBinary> {
  using ExprOf::ExprOf;
  BinaryOp op = BinaryOp::kAnd;
  ExprPtr left;
  ExprPtr right;
};

enum class ComparisonOp : uint8_t { kEq, kNe, kLt, kGt, kLe, kGe };
std::string_view ComparisonOpName(ComparisonOp op);

// `a < b <= c` means `a < b AND b <= c` with b evaluated once. A single comparison is
// a chain of two operands, so there is one node shape for every comparison.
struct ComparisonExpr : ExprOf<ExprKind::kComparison> {
  using ExprOf::ExprOf;
  std::vector<ExprPtr> operands;  // at least two
  std::vector<ComparisonOp> ops;  // operands.size() - 1
};

struct FunctionCallExpr : ExprOf<ExprKind::kFunctionCall> {
  using ExprOf::ExprOf;
  // As written, namespace included: "toUpper", "test.my.fn". Function names are
  // case-insensitive; the binder decides how to resolve them.
  std::string name;
  bool distinct = false;
  std::vector<ExprPtr> args;
};

struct CountStarExpr : ExprOf<ExprKind::kCountStar> {
  using ExprOf::ExprOf;
};

struct CaseAlternative {
  ExprPtr when;
  ExprPtr then;
};

struct CaseExpr : ExprOf<ExprKind::kCase> {
  using ExprOf::ExprOf;
  ExprPtr test;  // null for the generic form `CASE WHEN cond THEN ...`
  std::vector<CaseAlternative> alternatives;
  ExprPtr else_expr;  // null when there is no ELSE
};

struct ListExpr : ExprOf<ExprKind::kList> {
  using ExprOf::ExprOf;
  std::vector<ExprPtr> elements;
};

struct MapEntry {
  std::string key;
  ExprPtr value;
};

struct MapExpr : ExprOf<ExprKind::kMap> {
  using ExprOf::ExprOf;
  std::vector<MapEntry> entries;  // in written order
};

struct ListComprehensionExpr : ExprOf<ExprKind::kListComprehension> {
  using ExprOf::ExprOf;
  std::string variable;
  ExprPtr list;
  ExprPtr where;       // null when absent
  ExprPtr projection;  // null when absent (`[x IN l WHERE p]` filters)
};

enum class QuantifierKind : uint8_t { kAll, kAny, kNone, kSingle };
std::string_view QuantifierKindName(QuantifierKind kind);

struct QuantifierExpr : ExprOf<ExprKind::kQuantifier> {
  using ExprOf::ExprOf;
  QuantifierKind quantifier = QuantifierKind::kAll;
  std::string variable;
  ExprPtr list;
  ExprPtr where;  // null when absent
};

struct PatternComprehensionExpr : ExprOf<ExprKind::kPatternComprehension> {
  explicit PatternComprehensionExpr(SourcePosition position);
  ~PatternComprehensionExpr() override;
  std::string path_variable;                // empty when not named
  std::unique_ptr<PatternElement> pattern;  // at least one relationship
  ExprPtr where;                            // null when absent
  ExprPtr projection;
};

// A relationship pattern used as a predicate: `WHERE (a)-[:KNOWS]->()`.
struct PatternPredicateExpr : ExprOf<ExprKind::kPatternPredicate> {
  explicit PatternPredicateExpr(SourcePosition position);
  ~PatternPredicateExpr() override;
  std::unique_ptr<PatternElement> pattern;  // at least one relationship
};

// `EXISTS { MATCH ... [RETURN ...] }`. The short form `EXISTS { (a)-->(b) WHERE p }`
// is stored as the query `MATCH (a)-->(b) WHERE p`, so consumers see one shape.
struct ExistsExpr : ExprOf<ExprKind::kExists> {
  explicit ExistsExpr(SourcePosition position);
  ~ExistsExpr() override;
  std::unique_ptr<Statement> query;
};

// `n {.name, .*, key: expr, x}` (Neo4j's map projection): a map built from the
// variable n, a node, relationship or map; null when n is null.
struct MapProjectionItem {
  enum class Kind : uint8_t {
    kProperty,       // .key: n.key under its own name
    kAllProperties,  // .*: every property of n
    kVariable,       // x: the variable x under its name
    kLiteral,        // key: expr
  };
  Kind kind = Kind::kProperty;
  SourcePosition pos;
  std::string key;  // the key (kProperty, kVariable: also the property / variable name)
  ExprPtr value;    // kLiteral only
};

struct MapProjectionExpr : ExprOf<ExprKind::kMapProjection> {
  using ExprOf::ExprOf;
  std::string variable;                  // the subject
  std::vector<MapProjectionItem> items;  // in written order; may be empty
};

// `reduce(acc = init, x IN list | expression)`.
struct ReduceExpr : ExprOf<ExprKind::kReduce> {
  using ExprOf::ExprOf;
  std::string accumulator;
  ExprPtr init;
  std::string variable;
  ExprPtr list;
  ExprPtr expression;
};

// `x IS :: T` / `x IS NOT :: T`; positioned at IS.
struct TypePredicateExpr : ExprOf<ExprKind::kTypePredicate> {
  using ExprOf::ExprOf;
  ExprPtr operand;
  bool negated = false;
  CypherType type;
};

// `COUNT { ... }` (the number of rows) and `COLLECT { ... RETURN x }` (the list of x).
// Like EXISTS, the short form `COUNT { (a)-->(b) WHERE p }` is stored as a MATCH query.
enum class SubqueryValueKind : uint8_t { kCount, kCollect };

struct SubqueryValueExpr : ExprOf<ExprKind::kSubqueryValue> {
  explicit SubqueryValueExpr(SourcePosition position);
  ~SubqueryValueExpr() override;
  SubqueryValueKind subquery = SubqueryValueKind::kCount;
  std::unique_ptr<Statement> query;
};

}  // namespace quiver::cypher
