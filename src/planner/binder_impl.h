#pragma once
// The binder's internals, shared by binder.cpp (statements, clause dispatch) and the
// bind_*.cpp files (one per clause family) and bind_expression.cpp.

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "cypher/ast/statement.h"
#include "planner/binder.h"
#include "planner/logical_plan.h"
#include "planner/plan_match.h"

namespace quiver::planner {

using cypher::SourcePosition;

struct Variable {
  std::string name;
  SlotId slot = kNoSlot;
  StaticType type = StaticType::kAny;
};

// The variables visible at a point of the query, in the order they were bound.
//
// A scope may be a layer over a parent: it sees the parent's variables and its own,
// which shadow them. Layers are how a pattern, a CREATE or a comprehension sees the
// clause's scope plus what it introduces without copying the clause's scope for every
// node or expression (quadratic in a statement of thousands of variables). A parent
// must outlive its layers; a clause's own scope (binder.cpp) is never a layer.
class Scope {
 public:
  Scope() = default;
  explicit Scope(const Scope* parent) : parent_(parent) {}

  // The visible variable of that name: this layer's, else the parent's.
  const Variable* Find(std::string_view name) const;
  // This layer's only.
  const Variable* FindHere(std::string_view name) const;
  // Adds to this layer, or replaces the variable of the same name in it.
  void Add(Variable v);
  // This layer's variables.
  const std::vector<Variable>& variables() const { return vars_; }
  // Every visible variable, in one scope without a parent: the parent's in their order
  // (shadowed ones replaced in place), then this layer's new ones.
  Scope Flatten() const;

 private:
  struct NameHash {
    using is_transparent = void;
    size_t operator()(std::string_view name) const { return std::hash<std::string_view>()(name); }
  };
  const Scope* parent_ = nullptr;
  std::vector<Variable> vars_;
  // Name → index into vars_: a clause looks up every name it uses.
  std::unordered_map<std::string, size_t, NameHash, std::equal_to<>> index_;
};

// A projection item other expressions may stand for: ORDER BY `n.name` after `RETURN
// n.name`, or `me.age` in `RETURN me.age, me.age + count(*)`.
struct ItemRef {
  const cypher::Expr* ast = nullptr;
  SlotId slot = kNoSlot;
  StaticType type = StaticType::kAny;
  bool is_aggregate = false;  // the item contains an aggregate
};

// Where aggregate calls go while binding a projection that aggregates.
struct AggregationSink {
  const Scope* inner_scope = nullptr;  // scope of the aggregates' arguments
  std::vector<AggregateSpec>* aggregates = nullptr;
};

// How to bind one expression.
struct ExprContext {
  const Scope* scope = nullptr;
  // Null: an aggregate call is an InvalidAggregation.
  AggregationSink* aggregation = nullptr;
  // Expressions equal to one of these bind to its slot.
  const std::vector<ItemRef>* items = nullptr;
  // The expression contains an aggregate: outside the aggregate calls, a grouping key
  // may be used only as a variable or a property of one (else
  // AmbiguousAggregationExpression), and a variable of `ambiguity_scope` that is not
  // a key is ambiguous rather than undefined.
  bool mixed_aggregation = false;
  const Scope* ambiguity_scope = nullptr;
  bool constant_only = false;  // SKIP/LIMIT: any variable is a NonConstantExpression
  bool in_aggregate = false;   // inside an aggregate's arguments
};

// The columns a RETURN produced.
struct ResultColumns {
  std::vector<std::string> names;
  std::vector<SlotId> slots;
  std::vector<StaticType> types;  // what the binder knows of each column's values
};

// How the nodes and relationships of a pattern are matched (bind_match.cpp).
enum class PatternUse : uint8_t {
  kMatch,          // MATCH / OPTIONAL MATCH: new variables allowed
  kPredicate,      // a pattern predicate: every named variable must already be bound
  kComprehension,  // a pattern comprehension: new variables stay local
  kMerge,          // the match half of MERGE
};

// One comma-separated part of a pattern, viewed (AST patterns are not copyable).
struct PatternPartRef {
  const cypher::PatternElement* element = nullptr;
  std::string path_variable;
  SourcePosition pos;
  const cypher::PatternPart* part = nullptr;  // its selector (shortestPath, ...); null: none
};

class Binder {
 public:
  Binder(std::string_view source, const Catalog& catalog, const ValueMap& parameters,
         const GraphStatistics& statistics);

  LogicalPlan BindStatement(const cypher::Statement& statement);

  // ---- shared building blocks ----
  SlotId NewSlot(std::string name);
  [[noreturn]] void Fail(SourcePosition pos, std::string detail, std::string_view message) const;
  [[noreturn]] void FailTypeError(SourcePosition pos, std::string detail, std::string_view message) const;
  const Catalog& catalog() const { return catalog_; }
  const ValueMap& parameters() const { return parameters_; }
  void MarkUpdating() { has_updates_ = true; }

  // ---- queries and clauses ----
  // Binds the clauses of one single query over `input`; `columns` receives RETURN's.
  LogicalOperatorPtr BindClauses(const cypher::SingleQuery& query, LogicalOperatorPtr input, Scope& scope,
                                 ResultColumns* columns);
  LogicalOperatorPtr BindMatch(const cypher::MatchClause& clause, LogicalOperatorPtr input, Scope& scope);
  LogicalOperatorPtr BindUnwind(const cypher::UnwindClause& clause, LogicalOperatorPtr input, Scope& scope);
  LogicalOperatorPtr BindCall(const cypher::CallClause& clause, LogicalOperatorPtr input, Scope& scope,
                              bool standalone, ResultColumns* columns);
  LogicalOperatorPtr BindProjection(const cypher::ProjectionBody& body, const cypher::Expr* where,
                                    bool is_return, LogicalOperatorPtr input, Scope& scope,
                                    ResultColumns* columns);
  LogicalOperatorPtr BindCreate(const cypher::CreateClause& clause, LogicalOperatorPtr input, Scope& scope);
  LogicalOperatorPtr BindMerge(const cypher::MergeClause& clause, LogicalOperatorPtr input, Scope& scope);
  LogicalOperatorPtr BindSet(const std::vector<cypher::SetItem>& items, LogicalOperatorPtr input,
                             const Scope& scope);
  LogicalOperatorPtr BindRemove(const cypher::RemoveClause& clause, LogicalOperatorPtr input,
                                const Scope& scope);
  LogicalOperatorPtr BindDelete(const cypher::DeleteClause& clause, LogicalOperatorPtr input,
                                const Scope& scope);
  std::vector<SetSpec> BindSetItems(const std::vector<cypher::SetItem>& items, const Scope& scope);

  // The single queries of `statement`, each bound by `bind_branch`, joined as UNION
  // (ALL) joins them: each branch's columns in the first's slots (`columns`).
  using BranchBinder = std::function<LogicalOperatorPtr(const cypher::SingleQuery&, ResultColumns&)>;
  LogicalOperatorPtr BindUnion(const cypher::Statement& statement, const BranchBinder& bind_branch,
                               ResultColumns& columns);
  // ---- CALL subqueries and LOAD CSV (bind_subquery.cpp, bind_load_csv.cpp) ----
  // IN TRANSACTIONS' ON ERROR and REPORT STATUS AS s (a new variable, a map).
  void BindOnError(const cypher::SubqueryCallClause& clause, LogicalApply& apply, Scope& scope);
  LogicalOperatorPtr BindSubqueryCall(const cypher::SubqueryCallClause& clause, LogicalOperatorPtr input,
                                      Scope& scope);
  LogicalOperatorPtr BindLoadCsv(const cypher::LoadCsvClause& clause, LogicalOperatorPtr input, Scope& scope);
  LogicalOperatorPtr BindSchemaCommand(const cypher::SchemaCommandClause& clause, LogicalOperatorPtr input,
                                       Scope& scope);  // bind_schema.cpp
  // The plan of a statement without RETURN, less an Eager at its top: nothing reads
  // what it would hold (a LOAD CSV ending in CALL { } IN TRANSACTIONS then streams).
  static LogicalOperatorPtr DropEagerAtTheEnd(LogicalOperatorPtr plan);
  // linenumber() / file() after a LOAD CSV: the slots it fills per row; null elsewhere
  // (the catalog's functions, null outside LOAD CSV, answer then).
  BoundExprPtr BindLoadCsvFunction(const cypher::FunctionCallExpr& call) const;

  // ---- patterns (bind_match.cpp; planned by plan_match.cpp) ----
  // Plans matching the parts (and `where`) on top of `input`, adding the pattern's
  // variables to `scope`.
  LogicalOperatorPtr PlanPatternParts(const std::vector<PatternPartRef>& parts, const cypher::Expr* where,
                                      LogicalOperatorPtr input, Scope& scope, PatternUse use);
  LogicalOperatorPtr PlanPattern(const cypher::Pattern& pattern, const cypher::Expr* where,
                                 LogicalOperatorPtr input, Scope& scope, PatternUse use);
  LogicalOperatorPtr PlanPatternElement(const cypher::PatternElement& element,
                                        const std::string& path_variable, const cypher::Expr* where,
                                        LogicalOperatorPtr input, Scope& scope, PatternUse use);

  // ---- expressions (bind_expression.cpp) ----
  BoundExprPtr BindExpr(const cypher::Expr& expr, const ExprContext& ctx);
  // A predicate: its static type must be able to be a boolean.
  BoundExprPtr BindPredicate(const cypher::Expr& expr, const ExprContext& ctx);
  bool ContainsAggregate(const cypher::Expr& expr) const;
  // SKIP / LIMIT: a constant or parameter, non-negative integer when constant.
  BoundExprPtr BindSkipLimit(const cypher::Expr& expr);

  // ---- Neo4j 5 expressions (bind_neo4j_expression.cpp) ----
  // `subject` (a node or relationship) tested against a label expression: `n:A|B`, a node
  // pattern's `(n:!A)`, a relationship pattern's `[:!A]`; null semantics as `n:A`.
  BoundExprPtr BindLabelExpression(const BoundExpr& subject, const cypher::LabelExpression& e,
                                   SourcePosition pos) const;
  // A node pattern's label expression on `slot`: the plain labels of a top-level
  // conjunction (`:A&(B|C)`) go to `scan_labels`, which a label scan may absorb; the rest
  // is the returned predicate (null when nothing is left).
  BoundExprPtr BindPatternLabels(const cypher::LabelExpression& e, SlotId slot,
                                 std::vector<std::string>& scan_labels) const;
  // A relationship pattern's type expression as a predicate on `slot`; for a
  // var-length relationship (a list), on each of its relationships.
  BoundExprPtr BindPatternTypes(const cypher::LabelExpression& e, SlotId slot, bool var_length);
  // Neo4j groups `RETURN p {.name, friends: collect(f.name)}` by p: the subject of a map
  // projection item that aggregates becomes a grouping key of `aggregate`, visible by its
  // name in `keys` (the scope the aggregating items are bound in).
  void AddImplicitGroupingKey(const cypher::Expr& item, const Scope& scope, LogicalAggregate& aggregate,
                              Scope& keys);
  // InvalidLabelExpression: CREATE and MERGE take plain labels and one type only.
  void FailOnLabelExpression(const cypher::NodePattern& node, std::string_view clause) const;
  void FailOnTypeExpression(const cypher::RelationshipPattern& rel, std::string_view clause) const;

 private:
  void BindPatternVariables(const std::vector<PatternPartRef>& parts, const Scope& scope, PatternUse use,
                            BoundPattern& pattern, Scope& introduced);
  SlotId BindPatternNode(const cypher::NodePattern& node, const Scope& scope, PatternUse use,
                         Scope& introduced, const std::function<SlotId(std::string)>& fresh);
  SlotId BindPatternRel(const cypher::RelationshipPattern& rel, const Scope& scope, PatternUse use,
                        Scope& introduced, const std::function<SlotId(std::string)>& fresh,
                        std::vector<std::pair<SlotId, SlotId>>& outer_rels);
  void BindPathSearch(const cypher::PatternPart& source, PatternUse use, BoundPatternPart& part);
  // A quantified path pattern in the place of a relationship: its nodes and
  // relationships in a scope of its own, its conditions as one predicate per iteration,
  // its named variables introduced as lists (group variables).
  BoundPatternRel BindQuantifiedPath(const cypher::RelationshipPattern& rel, const Scope& scope, PatternUse use,
                                     Scope& introduced, const std::function<SlotId(std::string)>& fresh);
  // InvalidPathSelector when `part` has a selector (shortestPath, SHORTEST, ...): `clause`
  // (CREATE, MERGE) does not take one.
  void FailOnPathSelector(const cypher::PatternPart& part, std::string_view clause) const;
  void TakePathElementPredicates(BoundPatternPart& part, std::vector<PendingPredicate>& predicates);
  void FailIfIntroducedByPredicate(const std::string& name, SourcePosition pos, PatternUse use) const;
  void BindPatternPredicates(const std::vector<PatternPartRef>& parts, const cypher::Expr* where,
                             const Scope& predicate_scope, BoundPattern& pattern);

  BoundExprPtr BindExprInner(const cypher::Expr& expr, const ExprContext& ctx);
  BoundExprPtr BindVariable(const cypher::VariableExpr& expr, const ExprContext& ctx);
  BoundExprPtr BindFunctionCall(const cypher::FunctionCallExpr& expr, const ExprContext& ctx);
  BoundExprPtr BindNormalFormWord(std::string_view function, const cypher::Expr& arg, const ExprContext& ctx);
  BoundExprPtr BindAggregate(const cypher::Expr& expr, const ExprContext& ctx);
  BoundExprPtr BindEntityFunction(EntityFunction f, const cypher::FunctionCallExpr& expr,
                                  const ExprContext& ctx);
  BoundExprPtr BindComprehension(const cypher::Expr& expr, const ExprContext& ctx);
  BoundExprPtr BindPatternSubquery(const cypher::Expr& expr, const ExprContext& ctx);
  BoundExprPtr BindMapProjection(const cypher::MapProjectionExpr& expr, const ExprContext& ctx);
  BoundExprPtr BindReduce(const cypher::ReduceExpr& expr, const ExprContext& ctx);
  BoundExprPtr BindTypePredicate(const cypher::TypePredicateExpr& expr, const ExprContext& ctx);
  BoundExprPtr BindHasLabels(const cypher::HasLabelsExpr& expr, const ExprContext& ctx);
  BoundExprPtr BindBinary(const cypher::BinaryExpr& expr, const ExprContext& ctx);
  BoundExprPtr CombineBinary(const cypher::BinaryExpr& expr, BoundExprPtr left, BoundExprPtr right);
  // The slot of the projection item `expr` stands for (ExprContext::items), or null.
  BoundExprPtr BindAsItem(const cypher::Expr& expr, const ExprContext& ctx);

  std::string_view source_;
  const Catalog& catalog_;
  const ValueMap& parameters_;
  const GraphStatistics& statistics_;
  std::vector<std::string> slot_names_;
  bool has_updates_ = false;
  int call_subquery_depth_ = 0;     // CALL { } bodies being bound around the current clause
  bool in_transactions_ = false;  // a CALL { } IN TRANSACTIONS was bound
  SlotId load_csv_line_slot_ = kNoSlot;  // the last LOAD CSV's, for linenumber() and file()
  SlotId load_csv_file_slot_ = kNoSlot;
};

// Splits `a AND b AND c` into its conjuncts.
void SplitConjuncts(const cypher::Expr& expr, std::vector<const cypher::Expr*>& out);

// Static type checks shared by clauses: may a value of this type be a node, etc.
inline bool MayBe(StaticType actual, StaticType wanted) {
  return actual == StaticType::kAny || actual == StaticType::kNull || actual == wanted;
}

}  // namespace quiver::planner
