#pragma once
// Clause nodes: the steps of a single query, in written order.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cypher/ast/expression.h"
#include "cypher/ast/pattern.h"

namespace quiver::cypher {

struct Statement;  // ast/statement.h

enum class ClauseKind : uint8_t {
  kMatch,  // MATCH and OPTIONAL MATCH
  kUnwind,
  kCall,
  kCreate,
  kMerge,
  kSet,
  kRemove,
  kDelete,  // DELETE and DETACH DELETE
  kWith,
  kReturn,
  kSubqueryCall,  // [OPTIONAL] CALL { ... } (parser_subquery.cpp)
  kLoadCsv,       // LOAD CSV (parser_load_csv.cpp)
  // CREATE INDEX, DROP INDEX (parser_schema.cpp): a statement of its own.
  kSchemaCommand,
};
std::string_view ClauseKindName(ClauseKind kind);  // "MATCH", "UNWIND", ...

struct Clause : TaggedNode<ClauseKind> {
  using TaggedNode::TaggedNode;
  // CREATE, MERGE, SET, REMOVE, DELETE.
  bool IsUpdating() const;
};
using ClausePtr = std::unique_ptr<Clause>;

template <ClauseKind kTag>
struct ClauseOf : Clause {
  static constexpr ClauseKind kKind = kTag;
  explicit ClauseOf(SourcePosition position) : Clause(kTag, position) {}
};

struct MatchClause : ClauseOf<ClauseKind::kMatch> {
  using ClauseOf::ClauseOf;
  bool optional = false;
  Pattern pattern;
  ExprPtr where;  // null when absent
};

struct UnwindClause : ClauseOf<ClauseKind::kUnwind> {
  using ClauseOf::ClauseOf;
  ExprPtr list;
  std::string variable;
};

// `YIELD field` or `YIELD field AS alias`.
struct YieldItem {
  SourcePosition pos;
  std::string field;
  std::string alias;  // empty when not renamed
  const std::string& variable() const { return alias.empty() ? field : alias; }
};

// `CALL ns.proc(args) YIELD a, b AS c WHERE p`, and the standalone forms
// `CALL ns.proc` (arguments implicitly taken from parameters) and `... YIELD *`.
struct CallClause : ClauseOf<ClauseKind::kCall> {
  using ClauseOf::ClauseOf;
  std::string procedure;            // qualified name as written: "test.my.proc"
  bool implicit_arguments = false;  // no parentheses were written
  std::vector<ExprPtr> args;
  bool has_yield = false;
  bool yield_all = false;  // YIELD * (the parser allows it only in a standalone CALL)
  std::vector<YieldItem> yields;
  ExprPtr where;  // null when absent
};

struct CreateClause : ClauseOf<ClauseKind::kCreate> {
  using ClauseOf::ClauseOf;
  Pattern pattern;
};

enum class SetItemKind : uint8_t {
  kProperty,  // n.p = e        (target: a PropertyExpr)
  kReplace,   // n = map        (target: a VariableExpr)
  kMerge,     // n += map       (target: a VariableExpr)
  kLabels,    // n:Label:Other  (target: a VariableExpr)
};

struct SetItem {
  SourcePosition pos;
  SetItemKind kind = SetItemKind::kProperty;
  ExprPtr target;
  ExprPtr value;                    // null for kLabels
  std::vector<std::string> labels;  // kLabels only
};

struct SetClause : ClauseOf<ClauseKind::kSet> {
  using ClauseOf::ClauseOf;
  std::vector<SetItem> items;
};

enum class RemoveItemKind : uint8_t {
  kProperty,  // REMOVE n.p        (target: a PropertyExpr)
  kLabels,    // REMOVE n:Label    (target: a VariableExpr)
};

struct RemoveItem {
  SourcePosition pos;
  RemoveItemKind kind = RemoveItemKind::kProperty;
  ExprPtr target;
  std::vector<std::string> labels;  // kLabels only
};

struct RemoveClause : ClauseOf<ClauseKind::kRemove> {
  using ClauseOf::ClauseOf;
  std::vector<RemoveItem> items;
};

struct DeleteClause : ClauseOf<ClauseKind::kDelete> {
  using ClauseOf::ClauseOf;
  bool detach = false;
  std::vector<ExprPtr> targets;
};

// `ON CREATE SET ...` or `ON MATCH SET ...`
struct MergeAction {
  SourcePosition pos;
  bool on_create = false;
  std::vector<SetItem> items;
};

struct MergeClause : ClauseOf<ClauseKind::kMerge> {
  using ClauseOf::ClauseOf;
  PatternPart pattern;
  std::vector<MergeAction> actions;  // in written order
};

struct ProjectionItem {
  SourcePosition pos;
  ExprPtr expr;
  std::string alias;  // empty when there is no AS
  // The expression exactly as written (comments and outer white space trimmed): the
  // column name of an unaliased item (`RETURN n.name` names its column "n.name").
  std::string text;
  const std::string& column_name() const { return alias.empty() ? text : alias; }
};

struct SortItem {
  SourcePosition pos;
  ExprPtr expr;
  bool descending = false;
};

// What RETURN and WITH share.
struct ProjectionBody {
  bool distinct = false;
  bool star = false;  // `*`, possibly followed by more items
  std::vector<ProjectionItem> items;
  std::vector<SortItem> order_by;
  ExprPtr skip;   // null when absent
  ExprPtr limit;  // null when absent
};

struct WithClause : ClauseOf<ClauseKind::kWith> {
  using ClauseOf::ClauseOf;
  ProjectionBody body;
  ExprPtr where;  // null when absent
};

struct ReturnClause : ClauseOf<ClauseKind::kReturn> {
  using ClauseOf::ClauseOf;
  ProjectionBody body;
};

// Which outer variables a CALL subquery sees.
enum class SubqueryScope : uint8_t {
  kImporting,  // `CALL { ... }`: those a leading `WITH a, b` (or `WITH *`) imports
  kVariables,  // `CALL (a, b) { ... }`, and `CALL () { ... }` (none)
  kAll,        // `CALL (*) { ... }`
};

// CALL { } IN TRANSACTIONS' ON ERROR: what a failing batch does to the statement.
enum class OnErrorMode : uint8_t {
  kUnwritten,  // FAIL, the default
  kFail,       // the statement fails; the batches before it stay committed
  kContinue,   // the batch is rolled back, the next one runs
  kBreak,      // the batch is rolled back, no later one runs; the statement goes on
};

// `[OPTIONAL] CALL [(a, b) | (*)] { query } [IN TRANSACTIONS [OF n ROWS]
//  [ON ERROR CONTINUE | BREAK | FAIL] [REPORT STATUS AS s]]`
struct SubqueryCallClause : ClauseOf<ClauseKind::kSubqueryCall> {
  explicit SubqueryCallClause(SourcePosition position);
  ~SubqueryCallClause() override;
  bool optional = false;
  SubqueryScope scope = SubqueryScope::kImporting;
  std::vector<ExprPtr> scope_variables;  // VariableExprs; kVariables only
  std::unique_ptr<Statement> query;
  bool in_transactions = false;
  ExprPtr batch_size;  // OF n ROWS; null when absent (the default batch)
  OnErrorMode on_error = OnErrorMode::kUnwritten;
  // REPORT STATUS AS <variable>: per input row, its batch's status; empty when absent.
  std::string report_status;
  // The query returns rows (ends in RETURN); otherwise it is a unit subquery.
  bool Returns() const;
};

// `LOAD CSV [WITH HEADERS] FROM url AS row [FIELDTERMINATOR 'c']`
struct LoadCsvClause : ClauseOf<ClauseKind::kLoadCsv> {
  using ClauseOf::ClauseOf;
  bool with_headers = false;
  ExprPtr url;
  std::string variable;
  std::string field_terminator;  // empty when not written (a comma)
};

// The kind written before INDEX. RANGE, TEXT and POINT are one ordered index in Quiver
// (docs/design.md, "Indexes and constraints"); the written word is kept so SHOW INDEXES
// and the printer say what the user wrote.
enum class IndexType : uint8_t { kDefault, kRange, kText, kPoint, kLookup };
std::string_view IndexTypeName(IndexType type);  // "", "RANGE", "TEXT", "POINT", "LOOKUP"

// `CREATE [RANGE|TEXT|POINT|LOOKUP] INDEX [name] [IF NOT EXISTS] FOR (n:L) ON (n.p, ...)
// [OPTIONS {...}]`, the relationship form `FOR ()-[r:T]-() ON (r.p)`, and
// `DROP INDEX name [IF EXISTS]`; and the constraint commands `CREATE CONSTRAINT [name]
// [IF NOT EXISTS] FOR (n:L) REQUIRE n.p IS UNIQUE | (n.a, n.b) IS NODE KEY | n.p IS NOT
// NULL | n.p IS :: TYPE [OPTIONS {...}]` and `DROP CONSTRAINT name [IF EXISTS]`. It is
// always the only clause of its statement.
enum class ConstraintType : uint8_t { kUnique, kNodeKey, kNotNull, kPropertyType };
struct SchemaCommandClause : ClauseOf<ClauseKind::kSchemaCommand> {
  using ClauseOf::ClauseOf;
  enum class Action : uint8_t { kCreateIndex, kDropIndex, kCreateConstraint, kDropConstraint };
  Action action = Action::kCreateIndex;
  ConstraintType constraint_type = ConstraintType::kUnique;  // CREATE CONSTRAINT only
  CypherType property_type;                                  // kPropertyType only
  IndexType index_type = IndexType::kDefault;  // CREATE only
  std::string name;                            // empty: not written (CREATE generates one)
  bool if_not_exists = false;                  // CREATE
  bool if_exists = false;                      // DROP
  bool relationship = false;                   // FOR ()-[r:T]-() rather than FOR (n:L)
  std::string variable;                        // n or r
  std::string label_or_type;                   // empty for LOOKUP
  std::vector<std::string> properties;         // the keys of ON / REQUIRE (n.a, n.b), in order; LOOKUP: none
  ExprPtr options;                             // OPTIONS {...}, a map; null when not written
};

}  // namespace quiver::cypher
