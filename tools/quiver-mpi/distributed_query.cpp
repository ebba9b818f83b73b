// The shape check and the rewrite into per-rank partials and a combining query
// (distributed_query.h). Every check answers with the reason a shape is refused, so the
// error says what to change.
#include "distributed_query.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "cypher/ast/ast_equal.h"
#include "cypher/ast/ast_printer.h"
#include "cypher/parser.h"
#include "manifest.h"
#include "quiver/error.h"

namespace quiver::mpi {
namespace {

using namespace cypher;

constexpr std::string_view kSupported =
    "supported are MATCH (a[:L])[-[r[:T]]-(b[:L2])] [WHERE …] [WITH a, … [WHERE …]] RETURN keys and "
    "count/sum/min/max/avg [DISTINCT] [ORDER BY …] [SKIP …] [LIMIT …] over the whole graph, where one end may be read whole and the "
    "other only through its id and a label in the pattern, and the same anchored on one vertex by "
    "{id: X} or WHERE a.id = X, where both ends may be read whole (docs/scale-out.md)";

Status Refuse(const std::string& why) {
  return Status::InvalidArgument("quiver-mpi query: this query shape is not supported distributed (" + why +
                                 "): " + std::string(kSupported));
}

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

bool IsAggregateName(const std::string& lower) {
  static constexpr std::string_view kNames[] = {
      "count", "sum", "avg", "min", "max", "collect", "stdev", "stdevp", "percentilecont", "percentiledisc"};
  return std::find(std::begin(kNames), std::end(kNames), lower) != std::end(kNames);
}

// The pattern variables and what a rank may read of each (the ownership rule); kValue: a
// WITH's computed column (a count, a property read), readable whole.
enum class Role { kAnchor, kRelationship, kFar, kValue };

class ShapeChecker {
 public:
  void Bind(const std::string& name, Role role) {
    if (!name.empty()) roles_[name] = role;
  }
  // A point query runs over the anchor's neighbourhood with the far ends' labels and
  // properties fetched from their owners: the far end may be read like the anchor.
  void ReadFarEnd() { far_readable_ = true; }

  // "" when a rank can evaluate `e` over its partition exactly as one machine would;
  // otherwise why not. Aggregates are refused here: only a projection's top level may
  // hold one (Aggregate below).
  std::string Why(const Expr& e) const {
    switch (e.kind()) {
      case ExprKind::kLiteral:
      case ExprKind::kParameter:
        return "";
      case ExprKind::kVariable:
        if (RoleOf(e.As<VariableExpr>().name) == Role::kValue) return "";
        return "`" + e.As<VariableExpr>().name + "` as a whole value: return its properties instead";
      case ExprKind::kProperty: {
        const auto& p = e.As<PropertyExpr>();
        if (p.object->kind() != ExprKind::kVariable) return Why(*p.object);
        const std::string& var = p.object->As<VariableExpr>().name;
        auto role = RoleOf(var);
        if (!role) return "`" + var + "` is not a variable of the pattern";
        if (*role == Role::kFar && p.key != "id" && !far_readable_)
          return "`" + var + "." + p.key + "`: the far end's properties beyond `id` live on its owner rank";
        return "";
      }
      case ExprKind::kHasLabels: {
        const auto& h = e.As<HasLabelsExpr>();
        if (h.object->kind() == ExprKind::kVariable &&
            RoleOf(h.object->As<VariableExpr>().name) == Role::kFar && !far_readable_)
          return "a label test on the far end in WHERE: write it in the pattern, (b:L), which asks its owner";
        return OnlyVariable(*h.object, {Role::kAnchor, Role::kRelationship, Role::kFar});
      }
      case ExprKind::kSubscript: {
        const auto& s = e.As<SubscriptExpr>();
        return First({s.object.get(), s.index.get()});
      }
      case ExprKind::kSlice: {
        const auto& s = e.As<SliceExpr>();
        return First({s.object.get(), s.from.get(), s.to.get()});
      }
      case ExprKind::kUnary:
        return Why(*e.As<UnaryExpr>().operand);
      case ExprKind::kBinary: {
        const auto& b = e.As<BinaryExpr>();
        return First({b.left.get(), b.right.get()});
      }
      case ExprKind::kComparison: {
        for (const auto& o : e.As<ComparisonExpr>().operands)
          if (auto w = Why(*o); !w.empty()) return w;
        return "";
      }
      case ExprKind::kTypePredicate:
        return Why(*e.As<TypePredicateExpr>().operand);
      case ExprKind::kCase: {
        const auto& c = e.As<CaseExpr>();
        std::vector<const Expr*> parts{c.test.get(), c.else_expr.get()};
        for (const auto& alt : c.alternatives) parts.insert(parts.end(), {alt.when.get(), alt.then.get()});
        return First(parts);
      }
      case ExprKind::kList: {
        for (const auto& x : e.As<ListExpr>().elements)
          if (auto w = Why(*x); !w.empty()) return w;
        return "";
      }
      case ExprKind::kMap: {
        for (const auto& entry : e.As<MapExpr>().entries)
          if (auto w = Why(*entry.value); !w.empty()) return w;
        return "";
      }
      case ExprKind::kFunctionCall:
        return WhyFunction(e.As<FunctionCallExpr>());
      case ExprKind::kCountStar:
        return "an aggregate inside an expression: each returned item must be a key or one aggregate";
      default:
        return std::string(ExprKindName(e.kind())) + " expressions";
    }
  }

  // An item that is exactly count(*) or count/sum/min/max/avg(x), x passing Why: its
  // lower-case name ("count" for count(*)); nullopt for a key; a reason in *why when it
  // is an aggregate the ranks cannot split.
  std::optional<std::string> Aggregate(const Expr& e, std::string* why) const {
    if (e.kind() == ExprKind::kCountStar) return "count";
    if (e.kind() != ExprKind::kFunctionCall) return std::nullopt;
    const auto& f = e.As<FunctionCallExpr>();
    const std::string name = Lower(f.name);
    if (!IsAggregateName(name)) return std::nullopt;
    if (name != "count" && name != "sum" && name != "min" && name != "max" && name != "avg") {
      *why = f.name + "(): only count, sum, min, max and avg combine across ranks";
    } else if (f.args.size() != 1) {
      *why = f.name + "() takes one argument";
    } else if (f.distinct && f.args[0]->kind() == ExprKind::kVariable &&
               RoleOf(f.args[0]->As<VariableExpr>().name) != Role::kValue) {
      *why = f.name + "(DISTINCT " + f.args[0]->As<VariableExpr>().name +
             "): an entity's identity is its partition's; aggregate its `id` property";
    } else if (name == "count" && f.args[0]->kind() == ExprKind::kVariable &&
               RoleOf(f.args[0]->As<VariableExpr>().name)) {
      *why = "";  // count(n): a bound variable is never null, as count(*)
    } else {
      *why = Why(*f.args[0]);
    }
    return name;
  }

  std::optional<Role> RoleOf(const std::string& name) const {
    auto it = roles_.find(name);
    return it == roles_.end() ? std::nullopt : std::optional<Role>(it->second);
  }

 private:
  std::string First(std::initializer_list<const Expr*> parts) const { return First(std::vector(parts)); }
  std::string First(const std::vector<const Expr*>& parts) const {
    for (const Expr* p : parts)
      if (p != nullptr)
        if (auto w = Why(*p); !w.empty()) return w;
    return "";
  }

  // `e` must be a pattern variable of one of `roles` (labels(a), type(r), n:L).
  std::string OnlyVariable(const Expr& e, std::initializer_list<Role> roles) const {
    if (e.kind() != ExprKind::kVariable) return Why(e);
    auto role = RoleOf(e.As<VariableExpr>().name);
    if (role && *role == Role::kFar && !far_readable_) role.reset();
    if (role && std::find(roles.begin(), roles.end(), *role) != roles.end()) return "";
    return "`" + e.As<VariableExpr>().name +
           "` here: only the anchor's labels and properties and the "
           "relationship's type and properties are on its rank";
  }

  std::string WhyFunction(const FunctionCallExpr& f) const {
    const std::string name = Lower(f.name);
    if (IsAggregateName(name))
      return "an aggregate inside an expression: each returned item must be a key or one aggregate";
    if (name == "id" || name == "elementid")
      return f.name + "(): internal ids are each partition's own; return the `id` property";
    if (f.args.size() == 1 && f.args[0]->kind() == ExprKind::kVariable) {
      if (name == "labels") return OnlyVariable(*f.args[0], {Role::kAnchor, Role::kFar});
      if (name == "type") return OnlyVariable(*f.args[0], {Role::kRelationship});
      if (name == "keys" || name == "properties")
        return OnlyVariable(*f.args[0], {Role::kAnchor, Role::kRelationship, Role::kFar});
    }
    for (const auto& a : f.args)
      if (auto w = Why(*a); !w.empty()) return w;
    return "";
  }

  std::map<std::string, Role> roles_;
  bool far_readable_ = false;
};

// The anchor's id when the query pins it: `{id: X}` on the anchor, or a top-level
// conjunct `a.id = X` / `X = a.id` of WHERE; X an integer literal or a parameter.
const Expr* AnchorId(const NodePattern& anchor, const Expr* where) {
  auto pinned = [](const Expr* x) {
    if (x->kind() == ExprKind::kParameter) return true;
    return x->kind() == ExprKind::kLiteral && std::holds_alternative<int64_t>(x->As<LiteralExpr>().value);
  };
  if (anchor.properties != nullptr && anchor.properties->kind() == ExprKind::kMap) {
    for (const auto& entry : anchor.properties->As<MapExpr>().entries)
      if (entry.key == "id" && pinned(entry.value.get())) return entry.value.get();
  }
  auto is_anchor_id = [&](const Expr* x) {
    return x->kind() == ExprKind::kProperty && x->As<PropertyExpr>().key == "id" &&
           x->As<PropertyExpr>().object->kind() == ExprKind::kVariable &&
           x->As<PropertyExpr>().object->As<VariableExpr>().name == anchor.variable;
  };
  std::vector<const Expr*> conjuncts{where};
  while (!conjuncts.empty()) {
    const Expr* c = conjuncts.back();
    conjuncts.pop_back();
    if (c == nullptr) continue;
    if (c->kind() == ExprKind::kBinary && c->As<BinaryExpr>().op == BinaryOp::kAnd) {
      conjuncts.push_back(c->As<BinaryExpr>().left.get());
      conjuncts.push_back(c->As<BinaryExpr>().right.get());
    } else if (c->kind() == ExprKind::kComparison && c->As<ComparisonExpr>().ops.size() == 1 &&
               c->As<ComparisonExpr>().ops[0] == ComparisonOp::kEq) {
      const auto& ops = c->As<ComparisonExpr>().operands;
      if (is_anchor_id(ops[0].get()) && pinned(ops[1].get())) return ops[1].get();
      if (is_anchor_id(ops[1].get()) && pinned(ops[0].get())) return ops[0].get();
    }
  }
  return nullptr;
}

// The pattern: one part, one or two nodes; binds the variables' roles. Names the
// anchor when it is anonymous, so the partial query can test it.
// `far_test` receives the far end's label test, taken out of the pattern (a ghost has
// only QuiverGhost), as text to follow `n:`; empty when it has none. A point query
// (`point`) keeps it, and may read the far end's properties: it runs over the anchor's
// neighbourhood, fetched whole.
Status CheckPattern(MatchClause& match, ShapeChecker& checker, bool point, std::string* far_test) {
  if (point) checker.ReadFarEnd();
  if (match.optional) return Refuse("OPTIONAL MATCH");
  if (match.pattern.size() != 1) return Refuse("a pattern of several parts");
  PatternPart& part = match.pattern[0];
  if (!part.path_variable.empty() || part.selector != PathSelector::kAll)
    return Refuse("a path variable or selector");
  PatternElement& element = part.element;
  if (element.relationships.size() > 1)
    return Refuse("a pattern longer than one hop: its second hop starts on another rank");
  NodePattern& anchor = element.nodes[0];
  if (anchor.variable.empty()) anchor.variable = "quiver_anchor";
  if (element.relationships.size() == 1) {
    const RelationshipPattern& rel = element.relationships[0];
    if (rel.var_length || rel.group || rel.quantified)
      return Refuse("a variable-length or quantified relationship");
    NodePattern& far = element.nodes[1];
    if (!point && (!far.labels.empty() || far.label_expression)) {  // asked of the far ends' owners first
      if (far.variable.empty()) far.variable = "quiver_far";
      if (far.label_expression) {
        *far_test = ToCypher(*far.label_expression);
      } else {
        for (const auto& label : far.labels)
          *far_test += (far_test->empty() ? "" : ":") + QuoteSchemaName(label);
      }
      far.labels.clear();
      far.label_expression.reset();
    }
    if (far.properties != nullptr) {
      if (far.properties->kind() != ExprKind::kMap) return Refuse("a parameter map on the far end");
      for (const auto& entry : far.properties->As<MapExpr>().entries)
        if (entry.key != "id" && !point)
          return Refuse("the far end's property `" + entry.key + "`: it lives on its owner rank");
    }
    checker.Bind(far.variable, Role::kFar);
    checker.Bind(rel.variable, Role::kRelationship);
    if (rel.properties != nullptr && rel.properties->kind() == ExprKind::kMap)
      if (auto w = checker.Why(*rel.properties); !w.empty()) return Refuse(w);
    if (far.properties != nullptr)
      if (auto w = checker.Why(*far.properties); !w.empty()) return Refuse(w);
  }
  checker.Bind(anchor.variable, Role::kAnchor);  // after the far end: (a)-->(a) is the anchor
  if (anchor.properties != nullptr && anchor.properties->kind() == ExprKind::kMap)
    if (auto w = checker.Why(*anchor.properties); !w.empty()) return Refuse(w);
  if (match.where != nullptr)
    if (auto w = checker.Why(*match.where); !w.empty()) return Refuse(w);
  return Status::OK();
}

// A WITH between the MATCH and the RETURN: checked against the pattern's roles
// (`pattern`), its columns bound in `after` for the RETURN. Over the whole graph it must
// group by the anchor — the anchor itself or its `id` among its keys — so each of its
// rows is complete on the anchor's owner (every match of an anchor is there): any
// aggregate is then exact per rank, and the RETURN combines across ranks as without a
// WITH. A point query runs whole on one rank, so its WITH may be any projection. Returns
// the WITH as text for the ranks' query.
Result<std::string> CheckWith(const WithClause& with, const std::string& anchor, const ShapeChecker& pattern,
                              bool point, ShapeChecker* after) {
  const ProjectionBody& body = with.body;
  if (body.star) return Refuse("WITH *");
  if (!point && (!body.order_by.empty() || body.skip || body.limit))
    return Refuse("ORDER BY, SKIP or LIMIT in WITH over the whole graph: they would apply to each rank's rows");
  if (point) after->ReadFarEnd();
  bool groups_by_anchor = false;
  std::string text = std::string("WITH ") + (body.distinct ? "DISTINCT " : "");
  for (size_t i = 0; i < body.items.size(); ++i) {
    const Expr& e = *body.items[i].expr;
    std::optional<Role> role;
    std::string why;
    if (e.kind() == ExprKind::kVariable && (role = pattern.RoleOf(e.As<VariableExpr>().name))) {
      groups_by_anchor |= e.As<VariableExpr>().name == anchor;  // a pattern variable, carried on
    } else if (e.kind() == ExprKind::kCountStar) {
      role = Role::kValue;
    } else if (e.kind() == ExprKind::kFunctionCall && IsAggregateName(Lower(e.As<FunctionCallExpr>().name))) {
      role = Role::kValue;  // exact on the rank that holds the whole group
      const auto& f = e.As<FunctionCallExpr>();
      for (const auto& a : f.args) {
        const bool counted_entity = Lower(f.name) == "count" && a->kind() == ExprKind::kVariable &&
                                    pattern.RoleOf(a->As<VariableExpr>().name);
        if (!counted_entity && why.empty()) why = pattern.Why(*a);
      }
    } else {
      role = Role::kValue;
      why = pattern.Why(e);
      groups_by_anchor |= e.kind() == ExprKind::kProperty && e.As<PropertyExpr>().key == "id" &&
                          e.As<PropertyExpr>().object->kind() == ExprKind::kVariable &&
                          e.As<PropertyExpr>().object->As<VariableExpr>().name == anchor;
    }
    if (!why.empty()) return Refuse(why);
    if (body.items[i].alias.empty() && e.kind() != ExprKind::kVariable)
      return Refuse("an expression in WITH without AS: name it");
    const std::string column = body.items[i].column_name();
    after->Bind(column, *role);
    text += (i ? ", " : "") + ToCypher(e) + " AS " + QuoteVariableName(column);
  }
  if (!point && !groups_by_anchor)
    return Refuse("a WITH over the whole graph that does not keep the anchor `" + anchor +
                  "` or its `id`: its groups would span ranks");
  for (size_t i = 0; i < body.order_by.size(); ++i) {
    text += (i == 0 ? " ORDER BY " : ", ") + ToCypher(*body.order_by[i].expr) +
            (body.order_by[i].descending ? " DESC" : "");
  }
  if (body.skip) text += " SKIP " + ToCypher(*body.skip);
  if (body.limit) text += " LIMIT " + ToCypher(*body.limit);
  if (with.where) {
    if (auto w = after->Why(*with.where); !w.empty()) return Refuse(w);
    text += " WHERE " + ToCypher(*with.where);
  }
  return text;
}

// ORDER BY item -> the combining query's column it sorts by: a returned alias or a
// returned expression, written again.
Result<std::string> SortColumn(const SortItem& s, const ProjectionBody& body) {
  for (const auto& item : body.items) {
    const bool names_alias = s.expr->kind() == ExprKind::kVariable && !item.alias.empty() &&
                             s.expr->As<VariableExpr>().name == item.alias;
    if (names_alias || Equal(s.expr.get(), item.expr.get())) return QuoteVariableName(item.column_name());
  }
  return Refuse("ORDER BY " + ToCypher(*s.expr) + ": only returned columns can be sorted after combining");
}

// " ORDER BY … SKIP … LIMIT …" of the combining query.
Result<std::string> Tail(const ProjectionBody& body) {
  std::string out;
  for (size_t i = 0; i < body.order_by.size(); ++i) {
    QUIVER_ASSIGN_OR_RETURN(std::string column, SortColumn(body.order_by[i], body));
    out += (i == 0 ? " ORDER BY " : ", ") + column + (body.order_by[i].descending ? " DESC" : "");
  }
  if (body.skip) out += " SKIP " + ToCypher(*body.skip);
  if (body.limit) out += " LIMIT " + ToCypher(*body.limit);
  return out;
}

std::string Cell(size_t i) {
  return "quiver_row[" + std::to_string(i) + "]";
}

Result<DistributedQuery> Plan(Statement& statement, std::string_view text) {
  if (statement.queries.size() != 1) return Refuse("UNION");
  if (!statement.use_database.empty()) return Refuse("USE");
  auto& clauses = statement.queries[0].clauses;
  const bool with_stage = clauses.size() == 3 && clauses[1]->kind() == ClauseKind::kWith;
  if (statement.queries[0].finish || (clauses.size() != 2 && !with_stage) ||
      clauses[0]->kind() != ClauseKind::kMatch || clauses.back()->kind() != ClauseKind::kReturn)
    return Refuse("clauses other than one MATCH, at most one WITH and one RETURN");
  auto& match = clauses[0]->As<MatchClause>();
  const ProjectionBody& body = clauses.back()->As<ReturnClause>().body;
  if (body.star) return Refuse("RETURN *");
  ShapeChecker checker;
  DistributedQuery q;
  if (match.pattern.size() != 1) return Refuse("a pattern of several parts");
  const bool point = AnchorId(match.pattern[0].element.nodes[0], match.where.get()) != nullptr;
  QUIVER_RETURN_IF_ERROR(CheckPattern(match, checker, point, &q.far_label_test));
  const NodePattern& anchor = match.pattern[0].element.nodes[0];
  // What the pattern's far-end label said: the owner's answer for a ghost, the label
  // itself for a vertex this rank owns.
  std::string conditions = "NOT " + QuoteVariableName(anchor.variable) + ":" + std::string(kGhostLabel);
  if (!q.far_label_test.empty()) {
    const std::string far = QuoteVariableName(match.pattern[0].element.nodes[1].variable);
    conditions += " AND (CASE WHEN " + far + ":" + std::string(kGhostLabel) + " THEN " + far + ".id IN $" +
                  std::string(kFarIdsParameter) + " ELSE " + far + ":" + q.far_label_test + " END)";
  }
  if (match.where) conditions += " AND (" + ToCypher(*match.where) + ")";
  std::string match_text = "MATCH " + ToCypher(match.pattern[0].element) + " WHERE " + conditions;
  // The RETURN reads the pattern's variables, or after a WITH its columns.
  ShapeChecker after_with;
  const ShapeChecker* scope = &checker;
  if (with_stage) {
    QUIVER_ASSIGN_OR_RETURN(std::string with_text,
                            CheckWith(clauses[1]->As<WithClause>(), anchor.variable, checker, point, &after_with));
    match_text += " " + with_text;
    scope = &after_with;
  }

  std::string partial_items, combine_items;
  size_t cells = 0;
  bool partial_aggregates = false;   // whether a rank's RETURN aggregates
  bool distinct_aggregates = false;  // whether rank 0 aggregates DISTINCT values
  for (const ProjectionItem& item : body.items) {
    std::string why;
    const auto aggregate = scope->Aggregate(*item.expr, &why);
    if (!aggregate) why = scope->Why(*item.expr);
    if (!why.empty()) return Refuse(why);
    const std::string column = QuoteVariableName(item.column_name());
    combine_items += (combine_items.empty() ? "" : ", ");
    partial_items += (partial_items.empty() ? "" : ", ");
    const std::string own = Cell(cells);
    const bool distinct = aggregate && item.expr->kind() == ExprKind::kFunctionCall &&
                          item.expr->As<FunctionCallExpr>().distinct;
    if (!aggregate) {  // a grouping key: regrouped on rank 0
      partial_items += ToCypher(*item.expr) + " AS quiver_p" + std::to_string(cells++);
      combine_items += own + " AS " + column;
    } else if (distinct) {
      // A value seen on two ranks must count once: each rank returns the argument's
      // values as one more grouping key (its other partials only split finer, and still
      // sum to the same), and rank 0 aggregates the distinct values.
      partial_items += ToCypher(*item.expr->As<FunctionCallExpr>().args[0]) + " AS quiver_p" + std::to_string(cells++);
      combine_items += *aggregate + "(DISTINCT " + own + ") AS " + column;
      distinct_aggregates = true;
    } else if (*aggregate == "avg") {  // as its sum and its count
      const std::string arg = ToCypher(*item.expr->As<FunctionCallExpr>().args[0]);
      partial_items += "sum(" + arg + ") AS quiver_p" + std::to_string(cells) + ", count(" + arg +
                       ") AS quiver_p" + std::to_string(cells + 1);
      const std::string n = "sum(" + Cell(cells + 1) + ")";
      combine_items +=
          "CASE WHEN " + n + " = 0 THEN null ELSE sum(" + own + ") / toFloat(" + n + ") END AS " + column;
      cells += 2;
      partial_aggregates = true;
    } else {
      partial_items += ToCypher(*item.expr) + " AS quiver_p" + std::to_string(cells++);
      partial_aggregates = true;
      const std::string merge = (*aggregate == "min" || *aggregate == "max") ? *aggregate : "sum";
      combine_items += merge + "(" + own + ") AS " + column;
    }
  }
  const std::string unwind = "UNWIND $" + std::string(kRowsParameter) + " AS quiver_row RETURN ";

  if (const Expr* id = AnchorId(anchor, match.where.get())) {
    // The owner answers alone, the query as written over the anchor's neighbourhood;
    // rank 0 only passes its rows on.
    q.kind = DistributedQuery::Kind::kPoint;
    q.partial = std::string(text);
    if (id->kind() == ExprKind::kParameter) {
      q.anchor_parameter = id->As<ParameterExpr>().name;
    } else {
      q.anchor_id = std::get<int64_t>(id->As<LiteralExpr>().value);
    }
    // The owner sorts; a returned alias, or what a rank may read anyway.
    for (const auto& s : body.order_by) {
      const bool alias = s.expr->kind() == ExprKind::kVariable &&
                         std::any_of(body.items.begin(), body.items.end(), [&](const ProjectionItem& item) {
                           return item.alias == s.expr->As<VariableExpr>().name;
                         });
      if (auto w = scope->Why(*s.expr); !alias && !w.empty()) return Refuse(w);
    }
    q.combine = unwind;
    for (size_t i = 0; i < body.items.size(); ++i)
      q.combine += (i ? ", " : "") + Cell(i) + " AS " + QuoteVariableName(body.items[i].column_name());
    return q;
  }
  QUIVER_ASSIGN_OR_RETURN(std::string tail, Tail(body));
  // Without an aggregate of its own a rank's RETURN would send a row per match: its
  // distinct rows are enough (the keys and the DISTINCT aggregates' values).
  const bool dedupe = distinct_aggregates && !partial_aggregates;
  q.partial = match_text + " RETURN " + (dedupe ? "DISTINCT " : "") + partial_items;
  q.combine = unwind + (body.distinct ? "DISTINCT " : "") + combine_items + tail;
  return q;
}

// The same one-hop pattern written from its other end: (a)-[r]->(b) as (b)<-[r]-(a).
// False when the query has no such pattern.
bool TurnPatternAround(Statement& statement) {
  if (statement.queries.size() != 1 || statement.queries[0].clauses.empty() ||
      statement.queries[0].clauses[0]->kind() != ClauseKind::kMatch)
    return false;
  auto& match = statement.queries[0].clauses[0]->As<MatchClause>();
  if (match.pattern.size() != 1 || match.pattern[0].element.relationships.size() != 1) return false;
  PatternElement& element = match.pattern[0].element;
  std::swap(element.nodes[0], element.nodes[1]);
  RelDirection& d = element.relationships[0].direction;
  if (d == RelDirection::kRight) {
    d = RelDirection::kLeft;
  } else if (d == RelDirection::kLeft) {
    d = RelDirection::kRight;
  }
  return true;
}

}  // namespace

Result<DistributedQuery> PlanDistributedQuery(std::string_view query) {
  auto parse = [&]() -> Result<std::unique_ptr<Statement>> {
    try {
      return ParseStatement(query);
    } catch (const QuiverError& e) {
      return Status::InvalidArgument(std::string("quiver-mpi query: ") + e.what());
    }
  };
  QUIVER_ASSIGN_OR_RETURN(std::unique_ptr<Statement> statement, parse());
  Result<DistributedQuery> as_written = Plan(*statement, query);
  if (as_written.ok()) return as_written;
  // Every relationship is stored on the owners of both its ends, so a match can be
  // counted by the owner of either end: when the pattern's second node is the one read
  // whole, it anchors the match instead (and its first node becomes the far end).
  QUIVER_ASSIGN_OR_RETURN(std::unique_ptr<Statement> turned, parse());
  if (!TurnPatternAround(*turned)) return as_written;
  Result<DistributedQuery> from_other_end = Plan(*turned, query);
  return from_other_end.ok() ? std::move(from_other_end) : std::move(as_written);
}

}  // namespace quiver::mpi
