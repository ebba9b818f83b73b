#include "planner/unknown_tokens.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <utility>

#include "common/stack_guard.h"
#include "common/temporal/temporal.h"
#include "cypher/ast/statement.h"

namespace quiver::planner {

namespace {

using namespace cypher;

constexpr std::string_view kPrefix = "Neo.ClientNotification.Statement.";

bool IsNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80;
}

// The AST keeps where a pattern or an expression starts, not where each name in it is:
// the name is found in the text after that start, as written (bare or `quoted`), after
// one of `before` (':' for a label, '.' for a property) with only blanks between. Not
// found (a name spelled with escapes): the start itself.
uint32_t FindName(std::string_view source, uint32_t from, std::string_view name, std::string_view before) {
  std::string quoted(1, '`');
  quoted.append(name).push_back('`');
  for (size_t at = from; at < source.size(); ++at) {
    size_t length = 0;
    if (source.compare(at, quoted.size(), quoted) == 0) {
      length = quoted.size();
    } else if (source.compare(at, name.size(), name) == 0 &&
               (at + name.size() >= source.size() || !IsNameChar(source[at + name.size()]))) {
      length = name.size();
    } else {
      continue;
    }
    size_t b = at;
    while (b > 0 && std::isspace(static_cast<unsigned char>(source[b - 1]))) --b;
    if (b > 0 && before.find(source[b - 1]) != std::string_view::npos) return static_cast<uint32_t>(at);
    at += length - 1;
  }
  return from;
}

NotificationPosition PositionAt(std::string_view source, uint32_t offset) {
  NotificationPosition pos;
  pos.offset = offset;
  for (size_t i = 0; i < offset && i < source.size(); ++i) {
    if (source[i] == '\n') {
      ++pos.line;
      pos.column = 1;
    } else if ((static_cast<unsigned char>(source[i]) & 0xC0) != 0x80) {
      ++pos.column;  // columns count code points, as the lexer's do
    }
  }
  return pos;
}

// Expr recurses once per operator of an expression (2,470 deep in QueryLimitsTest, on
// the query's 1 MiB stack), so what it calls for names — reports, patterns, writes — is
// kept out of line (gnu::noinline): inlined, their string temporaries made Expr's frame
// 400 bytes instead of 96.
class Walker {
 public:
  Walker(std::string_view source, const KnownTokens& known, uint32_t shift)
      : source_(source), known_(known), shift_(shift) {}

  void Statement(const cypher::Statement& statement) {
    CheckStack();
    for (const SingleQuery& query : statement.queries) {
      for (const ClausePtr& clause : query.clauses) Clause(*clause);
    }
  }

  std::vector<UnknownToken> Take() {
    // A name the statement itself writes is one it makes, wherever it is read — before
    // the write in the text (`MERGE … ON CREATE SET p.created = … RETURN p.created`) or
    // after it.
    std::erase_if(out_, [&](const UnknownToken& t) { return written_.contains({t.kind, t.name}); });
    std::stable_sort(out_.begin(), out_.end(), [](const UnknownToken& a, const UnknownToken& b) {
      return a.warning.position.offset < b.warning.position.offset;
    });
    return std::move(out_);
  }

 private:
  void Clause(const cypher::Clause& clause) {
    switch (clause.kind()) {
      case ClauseKind::kMatch: {
        const auto& match = clause.As<MatchClause>();
        for (const PatternPart& part : match.pattern) Element(part.element, /*read=*/true);
        Expr(match.where.get());
        break;
      }
      case ClauseKind::kUnwind:
        Expr(clause.As<UnwindClause>().list.get());
        break;
      case ClauseKind::kCall: {
        const auto& call = clause.As<CallClause>();
        for (const ExprPtr& arg : call.args) Expr(arg.get());
        Expr(call.where.get());
        break;
      }
      case ClauseKind::kCreate:
        for (const PatternPart& part : clause.As<CreateClause>().pattern) Element(part.element, /*read=*/false);
        break;
      case ClauseKind::kMerge: {
        const auto& merge = clause.As<MergeClause>();
        Element(merge.pattern.element, /*read=*/false);
        for (const MergeAction& action : merge.actions) SetItems(action.items);
        break;
      }
      case ClauseKind::kSet:
        SetItems(clause.As<SetClause>().items);
        break;
      case ClauseKind::kRemove:
        for (const RemoveItem& item : clause.As<RemoveClause>().items) Target(item.target.get());
        break;
      case ClauseKind::kDelete:
        for (const ExprPtr& target : clause.As<DeleteClause>().targets) Expr(target.get());
        break;
      case ClauseKind::kWith:
        Projection(clause.As<WithClause>().body);
        Expr(clause.As<WithClause>().where.get());
        break;
      case ClauseKind::kReturn:
        Projection(clause.As<ReturnClause>().body);
        break;
      case ClauseKind::kSubqueryCall:
        Statement(*clause.As<SubqueryCallClause>().query);
        break;
      case ClauseKind::kLoadCsv:
        Expr(clause.As<LoadCsvClause>().url.get());
        break;
      case ClauseKind::kSchemaCommand:
        break;  // names a label or key to index: it need not exist yet
    }
  }

  void Projection(const ProjectionBody& body) {
    for (const ProjectionItem& item : body.items) Expr(item.expr.get());
    for (const SortItem& item : body.order_by) Expr(item.expr.get());
    Expr(body.skip.get());
    Expr(body.limit.get());
  }

  void SetItems(const std::vector<SetItem>& items) {
    for (const SetItem& item : items) {
      for (const std::string& label : item.labels) written_.emplace(TokenKind::kLabel, label);
      Target(item.target.get());
      Expr(item.value.get());
    }
  }

  // What SET or REMOVE writes: its property key is made, not read; the object is read.
  [[gnu::noinline]] void Target(const cypher::Expr* target) {
    if (target != nullptr && target->Is<PropertyExpr>()) {
      written_.emplace(TokenKind::kPropertyKey, target->As<PropertyExpr>().key);
      Expr(target->As<PropertyExpr>().object.get());
    } else {
      Expr(target);
    }
  }

  // A pattern; `read`: it is matched (MATCH, a pattern predicate), so its names must
  // exist for it to match anything. The values of its property maps are read either way.
  [[gnu::noinline]] void Element(const PatternElement& element, bool read) {
    for (const NodePattern& node : element.nodes) {
      if (read) {
        for (const std::string& label : node.labels) Report(TokenKind::kLabel, label, node.pos, ":");
        if (node.label_expression) Names(*node.label_expression, TokenKind::kLabel);
      } else {
        for (const std::string& label : node.labels) written_.emplace(TokenKind::kLabel, label);
      }
      Properties(node.properties.get(), node.pos, read);
    }
    for (const RelationshipPattern& rel : element.relationships) {
      if (rel.group) {
        Element(rel.group->element, read);
        Expr(rel.group->where.get());
        continue;
      }
      if (read) {
        for (const std::string& type : rel.types) Report(TokenKind::kRelType, type, rel.pos, ":|");
        if (rel.type_expression) Names(*rel.type_expression, TokenKind::kRelType);
      } else {
        for (const std::string& type : rel.types) written_.emplace(TokenKind::kRelType, type);
      }
      Properties(rel.properties.get(), rel.pos, read);
    }
  }

  [[gnu::noinline]] void Properties(const cypher::Expr* properties, SourcePosition at, bool read) {
    if (properties == nullptr) return;
    if (!properties->Is<MapExpr>()) {
      Expr(properties);
      return;
    }
    for (const MapEntry& entry : properties->As<MapExpr>().entries) {
      if (read) {
        Report(TokenKind::kPropertyKey, entry.key, at, "{,");
      } else {
        written_.emplace(TokenKind::kPropertyKey, entry.key);
      }
      Expr(entry.value.get());
    }
  }

  // A key read from a value no graph entity can be — a map literal, or what a temporal
  // function returns (`datetime().epochMillis`, `duration(…).days`) — is a field of that
  // value, not a property key: warning about it would be noise.
  [[gnu::noinline]] static bool NeverAnEntity(const cypher::Expr& object) {
    if (object.Is<MapExpr>()) return true;
    return object.Is<FunctionCallExpr>() && FindTemporalFunction(object.As<FunctionCallExpr>().name) != nullptr;
  }

  void Expr(const cypher::Expr* expr) {
    if (expr == nullptr) return;
    CheckStack();  // the walk recurses as deep as the query nests
    switch (expr->kind()) {
      case ExprKind::kProperty: {
        const auto& property = expr->As<PropertyExpr>();
        Expr(property.object.get());
        if (!NeverAnEntity(*property.object)) Report(TokenKind::kPropertyKey, property.key, expr->pos, ".");
        break;
      }
      case ExprKind::kHasLabels: {
        const auto& has = expr->As<HasLabelsExpr>();
        Expr(has.object.get());
        // `r:T` tests a type, `n:A` a label: which one the subject is, only the binder
        // knows, so a name here is unknown only when it is neither.
        for (const std::string& label : has.labels) {
          if (!known_.HasRelType(label)) Report(TokenKind::kLabel, label, expr->pos, ":");
        }
        if (has.expression) Names(*has.expression, TokenKind::kLabel, /*or_type=*/true);
        break;
      }
      case ExprKind::kSubscript:
        Expr(expr->As<SubscriptExpr>().object.get());
        Expr(expr->As<SubscriptExpr>().index.get());
        break;
      case ExprKind::kSlice: {
        const auto& slice = expr->As<SliceExpr>();
        Expr(slice.object.get());
        Expr(slice.from.get());
        Expr(slice.to.get());
        break;
      }
      case ExprKind::kUnary:
        Expr(expr->As<UnaryExpr>().operand.get());
        break;
      case ExprKind::kBinary:
        Expr(expr->As<BinaryExpr>().left.get());
        Expr(expr->As<BinaryExpr>().right.get());
        break;
      case ExprKind::kComparison:
        for (const ExprPtr& operand : expr->As<ComparisonExpr>().operands) Expr(operand.get());
        break;
      case ExprKind::kFunctionCall:
        for (const ExprPtr& arg : expr->As<FunctionCallExpr>().args) Expr(arg.get());
        break;
      case ExprKind::kCase: {
        const auto& c = expr->As<CaseExpr>();
        Expr(c.test.get());
        for (const CaseAlternative& alternative : c.alternatives) {
          Expr(alternative.when.get());
          Expr(alternative.then.get());
        }
        Expr(c.else_expr.get());
        break;
      }
      case ExprKind::kList:
        for (const ExprPtr& element : expr->As<ListExpr>().elements) Expr(element.get());
        break;
      case ExprKind::kMap:
        // The statement's own map keys are fields it reads back (`UNWIND [{i: 1}] AS row
        // … row.i`, what `quiver export --format cypher` writes), not missing properties.
        for (const MapEntry& entry : expr->As<MapExpr>().entries) {
          written_.emplace(TokenKind::kPropertyKey, entry.key);
          Expr(entry.value.get());
        }
        break;
      case ExprKind::kListComprehension: {
        const auto& c = expr->As<ListComprehensionExpr>();
        Expr(c.list.get());
        Expr(c.where.get());
        Expr(c.projection.get());
        break;
      }
      case ExprKind::kQuantifier:
        Expr(expr->As<QuantifierExpr>().list.get());
        Expr(expr->As<QuantifierExpr>().where.get());
        break;
      case ExprKind::kPatternComprehension: {
        const auto& c = expr->As<PatternComprehensionExpr>();
        Element(*c.pattern, /*read=*/true);
        Expr(c.where.get());
        Expr(c.projection.get());
        break;
      }
      case ExprKind::kPatternPredicate:
        Element(*expr->As<PatternPredicateExpr>().pattern, /*read=*/true);
        break;
      case ExprKind::kExists:
        Statement(*expr->As<ExistsExpr>().query);
        break;
      case ExprKind::kSubqueryValue:
        Statement(*expr->As<SubqueryValueExpr>().query);
        break;
      case ExprKind::kMapProjection:
        for (const MapProjectionItem& item : expr->As<MapProjectionExpr>().items) {
          if (item.kind == MapProjectionItem::Kind::kProperty) {
            Report(TokenKind::kPropertyKey, item.key, item.pos, ".");
          }
          Expr(item.value.get());
        }
        break;
      case ExprKind::kReduce: {
        const auto& reduce = expr->As<ReduceExpr>();
        Expr(reduce.init.get());
        Expr(reduce.list.get());
        Expr(reduce.expression.get());
        break;
      }
      case ExprKind::kTypePredicate:
        Expr(expr->As<TypePredicateExpr>().operand.get());
        break;
      default:  // literals, parameters, variables, count(*): no names
        break;
    }
  }

  // The names of a label or type expression (`:A|!B`), each at its own position.
  // `or_type`: a label name that is a known relationship type is no warning.
  [[gnu::noinline]] void Names(const LabelExpression& expression, TokenKind kind, bool or_type = false) {
    CheckStack();
    if (expression.kind == LabelExpression::Kind::kName) {
      if (!(or_type && known_.HasRelType(expression.name))) Report(kind, expression.name, expression.pos, "");
      return;
    }
    for (const LabelExpression& operand : expression.operands) Names(operand, kind, or_type);
  }

  // `at`: where the search for the name starts, the first one after a character of
  // `before`; an empty `before` says `at` is the name itself (a label expression's
  // names carry their own positions).
  [[gnu::noinline]] void Report(TokenKind kind, const std::string& name, SourcePosition at, std::string_view before) {
    if (IsKnown(known_, kind, name) || !reported_.emplace(kind, name).second) return;
    const uint32_t offset = before.empty() ? at.offset + shift_ : FindName(source_, at.offset + shift_, name, before);
    out_.push_back(UnknownToken{kind, name, UnknownTokenWarning(kind, name, PositionAt(source_, offset))});
  }

  std::string_view source_;
  const KnownTokens& known_;
  const uint32_t shift_;
  std::set<std::pair<TokenKind, std::string>> reported_;
  std::set<std::pair<TokenKind, std::string>> written_;  // names the statement makes
  std::vector<UnknownToken> out_;
};

}  // namespace

Notification UnknownTokenWarning(TokenKind kind, std::string_view name, NotificationPosition position) {
  // Neo4j's codes, titles and descriptions (its status-code manual), so that tools that
  // know them show them as they would Neo4j's.
  struct Texts {
    std::string_view code, title, plural, singular;
  };
  static constexpr Texts kTexts[] = {
      {"UnknownLabelWarning", "The provided label is not in the database.", "labels", "label name"},
      {"UnknownRelationshipTypeWarning", "The provided relationship type is not in the database.",
       "relationship types", "relationship type"},
      {"UnknownPropertyKeyWarning", "The provided property key is not in the database", "property names",
       "property name"},
  };
  const Texts& t = kTexts[static_cast<size_t>(kind)];
  Notification n;
  n.code = std::string(kPrefix) + std::string(t.code);
  n.title = std::string(t.title);
  n.description = "One of the " + std::string(t.plural) +
                  " in your query is not available in the database, make sure you didn't misspell it or that the "
                  "label is available when you run this statement in your application (the missing " +
                  std::string(t.singular) + " is: " + std::string(name) + ")";
  n.severity = "WARNING";
  n.category = "UNRECOGNIZED";
  n.position = position;
  return n;
}

bool IsKnown(const KnownTokens& known, TokenKind kind, std::string_view name) {
  switch (kind) {
    case TokenKind::kLabel: return known.HasLabel(name);
    case TokenKind::kRelType: return known.HasRelType(name);
    case TokenKind::kPropertyKey: return known.HasPropertyKey(name);
  }
  return true;
}

std::vector<UnknownToken> FindUnknownTokens(const cypher::Statement& statement, std::string_view source,
                                            const KnownTokens& known, uint32_t parsed_from) {
  Walker walker(source, known, parsed_from);
  walker.Statement(statement);
  return walker.Take();
}

}  // namespace quiver::planner
