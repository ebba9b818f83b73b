#pragma once
// Bound expressions: what the binder makes of an AST expression once names are resolved.
// Variables became row slots, functions resolved to their implementations, labels and
// keys kept as names (token ids are per graph and may appear mid-query, so the executor
// resolves them). The executor evaluates this tree directly against a row.
//
// One struct for every kind, with the fields each kind uses documented next to the
// kind: an expression tree is built once per query and walked per row, so a compact
// switch beats a class hierarchy with its virtual calls and downcasts.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "quiver/value.h"
#include "storage/graph.h"

namespace quiver {
struct ScalarFunction;     // exec/function/function.h; the planner only holds pointers
struct AggregateFunction;  // exec/function/function.h
struct TemporalFunction;   // common/temporal/temporal.h
}  // namespace quiver

namespace quiver::cypher {
struct CypherType;  // cypher/ast/cypher_type.h: the type of a type predicate
}  // namespace quiver::cypher

namespace quiver::planner {

class LogicalOperator;  // logical_operator.h

using SlotId = uint32_t;
inline constexpr SlotId kNoSlot = UINT32_MAX;

// What the binder knows statically about an expression's value, for the TCK's
// compile-time type errors (`labels(p)` on a path, `NOT 'x'`, `x.num` on an integer).
// kAny means "unknown"; every check lets kAny and kNull through.
enum class StaticType : uint8_t {
  kAny,
  kNull,
  kBool,
  kInt,
  kFloat,
  kString,
  kList,
  kMap,
  kNode,
  kRelationship,
  kPath,
  kRelationshipList,  // a variable-length relationship variable
};
std::string_view StaticTypeName(StaticType type);

enum class ExprOp : uint8_t {
  kConstant,   // value
  kParameter,  // name
  kSlot,       // slot: a variable or a computed column
  kProperty,   // args[0].name — nodes, relationships, maps (null for null)
  kHasLabels,  // args[0]:names...
  kSubscript,  // args[0][args[1]]
  kSlice,      // args[0][args[1]..args[2]]; a missing bound is a null constant + flag
  kNot,
  kNegate,
  kIsNull,
  kIsNotNull,
  kAnd,  // n-ary
  kOr,   // n-ary
  kXor,
  kAdd,
  kSubtract,
  kMultiply,
  kDivide,
  kModulo,
  kPower,
  kComparison,  // chain: args[0] cmp_ops[0] args[1] cmp_ops[1] args[2] ...
  kStartsWith,
  kEndsWith,
  kContains,
  kRegexMatch,
  kIn,
  kScalarFunction,     // scalar(args...)
  kTemporalFunction,   // temporal(args...): date(), duration.between(), ... (reads the statement clock)
  kEntityFunction,     // entity_function(args...): functions that read the graph
  kCase,               // args: [test] (when, then)* [else]; flags say which are present
  kList,               // [args...]
  kMap,                // {names[i]: args[i]}
  kListComprehension,  // [slot IN args[0] WHERE args[1] | args[2]]; flags: has where/projection
  kQuantifier,         // quantifier(slot IN args[0] WHERE args[1])
  kSubquery,           // subplan: EXISTS / pattern predicate (bool), pattern comprehension (list)
  kPath,               // builds a path from path_steps
  kDegree,             // the number of relationships of node args[0] in `direction` with a type in
                       // `names`, not counting the relationships args[1..] (earlier hops' bindings)
  kHasRelationship,    // whether node args[0] has a relationship in `direction` with a type in `names`
                       // (any when empty) to node args[1] — or, without args[1], to any node
                       // carrying every label of `end_labels`: the optimizer's one-hop EXISTS
  kHasAnyLabel,        // args[0]:% — a node with at least one label, any relationship; null for null
  kMapProjection,      // args[0] {.*, names[i]: args[i + 1]...}: null when args[0] is; has_test: .*
  kReduce,             // reduce(accumulator_slot = args[0], slot IN args[1] | args[2])
  kTypeCheck,          // args[0] IS :: cypher_type
};

enum class CmpOp : uint8_t { kEq, kNe, kLt, kGt, kLe, kGe };
enum class Quantifier : uint8_t { kAll, kAny, kNone, kSingle };

// Functions the engine implements itself because they read the graph (or are
// syntax-like: exists()).
enum class EntityFunction : uint8_t {
  kId,
  kLabels,
  kType,
  kKeys,
  kProperties,
  kStartNode,
  kEndNode,
  kNodes,
  kRelationships,
  kLength,
  kExists,  // exists(n.prop): is the property (or any value) non-null
  kAsNode,  // gds.util.asNode(id): the node with that id (an algorithm's nodeId), null if none
  kElementId,  // elementId(n): the id as a string (Neo4j 5; what Bolt sends as element ids)
};
std::optional<EntityFunction> FindEntityFunction(std::string_view name);
std::string_view EntityFunctionName(EntityFunction f);

// One step of a path being assembled from row slots (kPath): the node slots and, between
// them, a relationship slot or a variable-length relationship-list slot.
struct PathStep {
  SlotId slot = kNoSlot;
  bool is_relationship_list = false;  // a var-length list, in pattern order
};

// What a kSubquery produces per outer row.
enum class SubqueryMode : uint8_t {
  kExists,   // true when the subplan yields any row
  kCollect,  // the list of `slot` over the subplan's rows (pattern comprehension, COLLECT { })
  kCount,    // the number of the subplan's rows (COUNT { })
};

struct BoundExpr;
using BoundExprPtr = std::unique_ptr<BoundExpr>;

struct BoundExpr {
  explicit BoundExpr(ExprOp o) : op(o) {}
  ~BoundExpr();
  BoundExpr(const BoundExpr&) = delete;
  BoundExpr& operator=(const BoundExpr&) = delete;

  ExprOp op;
  StaticType type = StaticType::kAny;
  std::vector<BoundExprPtr> args;
  Value value;                     // kConstant
  std::string name;                // kParameter, kProperty key, function name for printing
  std::vector<std::string> names;  // kHasLabels labels, kMap keys
  SlotId slot = kNoSlot;           // kSlot; comprehension/quantifier variable; kSubquery result
  std::vector<CmpOp> cmp_ops;      // kComparison
  Quantifier quantifier = Quantifier::kAll;
  EntityFunction entity = EntityFunction::kId;
  const ScalarFunction* scalar = nullptr;
  const TemporalFunction* temporal = nullptr;
  bool deterministic = true;    // kScalarFunction: false for rand()
  bool has_test = false;        // kCase: simple form; kSlice: has from
  bool has_else = false;        // kCase; kSlice: has to
  bool has_where = false;       // comprehension / quantifier
  bool has_projection = false;  // list comprehension
  SubqueryMode subquery_mode = SubqueryMode::kExists;
  std::unique_ptr<LogicalOperator> subplan;    // kSubquery; leaf is an Argument
  std::vector<PathStep> path_steps;            // kPath: node, rel, node, rel, ..., node
  Direction direction = Direction::kOutgoing;  // kDegree, kHasRelationship
  std::vector<std::string> end_labels;         // kHasRelationship without args[1]
  SlotId accumulator_slot = kNoSlot;           // kReduce
  std::shared_ptr<const cypher::CypherType> cypher_type;  // kTypeCheck

  bool IsConstant() const { return op == ExprOp::kConstant; }
};

BoundExprPtr MakeConstant(Value v);
// What the binder knows of a constant's (or a parameter's) type.
StaticType StaticTypeOf(const Value& value);
BoundExprPtr MakeSlotRef(SlotId slot, StaticType type = StaticType::kAny);
BoundExprPtr MakeExpr(ExprOp op, std::vector<BoundExprPtr> args, StaticType type = StaticType::kAny);

// For EXPLAIN: `n.name = $p`; a slot by its name in `slot_names` if given, else `#3`.
std::string ToString(const BoundExpr& expr, const std::vector<std::string>* slot_names = nullptr);

// A deep copy of an expression without subplans (asserted).
BoundExprPtr Clone(const BoundExpr& expr);

// Does evaluating the expression depend only on constants and parameters (SKIP, LIMIT)?
bool IsRowIndependent(const BoundExpr& expr);
// Whether the expression calls no non-deterministic function (rand()), outside its
// subplans: evaluated twice on one row, it gives the same value.
bool IsDeterministic(const BoundExpr& expr);
// The slots the expression reads (for placing filters right after their last binding).
void CollectSlots(const BoundExpr& expr, std::vector<SlotId>& out);

}  // namespace quiver::planner
