#include <gtest/gtest.h>

#include <string>

#include "cypher/ast/ast_printer.h"
#include "cypher/ast/statement.h"
#include "cypher/parser.h"
#include "parser_test_util.h"
#include "quiver/error.h"

namespace quiver::cypher {
namespace {

// The clauses of a single-query statement.
const std::vector<ClausePtr>& Clauses(const std::unique_ptr<Statement>& statement) {
  EXPECT_EQ(statement->queries.size(), 1u);
  return statement->queries[0].clauses;
}

using testing::ErrorDetail;

TEST(ClauseParserTest, MatchWithPatternDetails) {
  auto statement = ParseStatement(
      "MATCH p = (a:Person:Admin {name: 'x'})-[r:KNOWS|:LIKES {since: $year}]->(b), (c) "
      "WHERE a.age > 1 RETURN p");
  const auto& clauses = Clauses(statement);
  ASSERT_EQ(clauses.size(), 2u);
  const auto& match = clauses[0]->As<MatchClause>();
  EXPECT_FALSE(match.optional);
  ASSERT_EQ(match.pattern.size(), 2u);
  const PatternPart& part = match.pattern[0];
  EXPECT_EQ(part.path_variable, "p");
  ASSERT_EQ(part.element.nodes.size(), 2u);
  const NodePattern& a = part.element.nodes[0];
  EXPECT_EQ(a.variable, "a");
  EXPECT_EQ(a.labels, (std::vector<std::string>{"Person", "Admin"}));
  ASSERT_TRUE(a.properties && a.properties->Is<MapExpr>());
  const RelationshipPattern& r = part.element.relationships[0];
  EXPECT_EQ(r.variable, "r");
  EXPECT_EQ(r.types, (std::vector<std::string>{"KNOWS", "LIKES"}));
  EXPECT_EQ(r.direction, RelDirection::kRight);
  EXPECT_FALSE(r.var_length.has_value());
  ASSERT_TRUE(r.properties);
  EXPECT_TRUE(r.properties->As<MapExpr>().entries[0].value->Is<ParameterExpr>());
  EXPECT_TRUE(match.pattern[1].element.relationships.empty());
  EXPECT_NE(match.where, nullptr);
  EXPECT_TRUE(clauses[1]->Is<ReturnClause>());
}

TEST(ClauseParserTest, OptionalMatchAndParameterProperties) {
  auto statement = ParseStatement("MATCH (a) OPTIONAL MATCH (a)-->(b {x: $x}) CREATE (c $props) RETURN b");
  const auto& clauses = Clauses(statement);
  EXPECT_TRUE(clauses[1]->As<MatchClause>().optional);
  EXPECT_TRUE(clauses[2]->As<CreateClause>().pattern[0].element.nodes[0].properties->Is<ParameterExpr>());
  EXPECT_EQ(ErrorDetail("OPTIONAL MATCH (a)-->(b $props) RETURN b"), "InvalidParameterUse");
}

TEST(ClauseParserTest, RelationshipDirections) {
  auto statement = ParseStatement("MATCH (a)-->(b)<--(c)--(d)<-->(e)-[]-(f)<-[:T]-(g) RETURN a");
  const auto& rels = Clauses(statement)[0]->As<MatchClause>().pattern[0].element.relationships;
  ASSERT_EQ(rels.size(), 6u);
  EXPECT_EQ(rels[0].direction, RelDirection::kRight);
  EXPECT_EQ(rels[1].direction, RelDirection::kLeft);
  EXPECT_EQ(rels[2].direction, RelDirection::kUndirected);
  EXPECT_EQ(rels[3].direction, RelDirection::kBoth);
  EXPECT_EQ(rels[4].direction, RelDirection::kUndirected);
  EXPECT_EQ(rels[5].direction, RelDirection::kLeft);
  EXPECT_EQ(rels[5].types, std::vector<std::string>{"T"});
}

TEST(ClauseParserTest, VariableLengthRelationships) {
  auto statement =
      ParseStatement("MATCH ()-[*]->()-[*2]->()-[*1..3]->()-[*..3]->()-[*2..]->()-[r:T*0..1]->() RETURN 1");
  const auto& rels = Clauses(statement)[0]->As<MatchClause>().pattern[0].element.relationships;
  ASSERT_EQ(rels.size(), 6u);
  EXPECT_EQ(rels[0].var_length, (VarLength{std::nullopt, std::nullopt}));
  EXPECT_EQ(rels[1].var_length, (VarLength{2, 2}));
  EXPECT_EQ(rels[2].var_length, (VarLength{1, 3}));
  EXPECT_EQ(rels[3].var_length, (VarLength{std::nullopt, 3}));
  EXPECT_EQ(rels[4].var_length, (VarLength{2, std::nullopt}));
  EXPECT_EQ(rels[5].var_length, (VarLength{0, 1}));
  EXPECT_EQ(ErrorDetail("MATCH (a)-[:LIKES..]->(c) RETURN c"), "InvalidRelationshipPattern");
  EXPECT_EQ(ErrorDetail("MATCH (a)-[:LIKES*-2]->(c) RETURN c"), "InvalidRelationshipPattern");
  EXPECT_EQ(ErrorDetail("MATCH (a)-[:LIKES*1..-2]->(c) RETURN c"), "InvalidRelationshipPattern");
}

TEST(ClauseParserTest, UnwindAndCreate) {
  auto statement = ParseStatement("UNWIND [1, 2] AS x CREATE (n:N {x: x})-[:T]->(m), (o)");
  const auto& clauses = Clauses(statement);
  const auto& unwind = clauses[0]->As<UnwindClause>();
  EXPECT_EQ(unwind.variable, "x");
  EXPECT_TRUE(unwind.list->Is<ListExpr>());
  EXPECT_EQ(clauses[1]->As<CreateClause>().pattern.size(), 2u);
  EXPECT_TRUE(clauses[1]->IsUpdating());
}

TEST(ClauseParserTest, MergeWithActions) {
  auto statement = ParseStatement(
      "MERGE (n:Person {name: 'x'}) ON CREATE SET n.created = timestamp() ON MATCH SET n.seen = 1, n:Seen "
      "ON CREATE SET n += {a: 1}");
  const auto& merge = Clauses(statement)[0]->As<MergeClause>();
  EXPECT_EQ(merge.pattern.element.nodes[0].variable, "n");
  ASSERT_EQ(merge.actions.size(), 3u);
  EXPECT_TRUE(merge.actions[0].on_create);
  EXPECT_FALSE(merge.actions[1].on_create);
  ASSERT_EQ(merge.actions[1].items.size(), 2u);
  EXPECT_EQ(merge.actions[1].items[1].kind, SetItemKind::kLabels);
  EXPECT_EQ(merge.actions[2].items[0].kind, SetItemKind::kMerge);
}

TEST(ClauseParserTest, SetItems) {
  auto statement = ParseStatement("MATCH (n) SET n.p = 1, n = {a: 1}, n += $map, n:L:M, n.a.b = 2");
  const auto& items = Clauses(statement)[1]->As<SetClause>().items;
  ASSERT_EQ(items.size(), 5u);
  EXPECT_EQ(items[0].kind, SetItemKind::kProperty);
  EXPECT_EQ(items[0].target->As<PropertyExpr>().key, "p");
  EXPECT_EQ(items[1].kind, SetItemKind::kReplace);
  EXPECT_EQ(items[1].target->As<VariableExpr>().name, "n");
  EXPECT_EQ(items[2].kind, SetItemKind::kMerge);
  EXPECT_TRUE(items[2].value->Is<ParameterExpr>());
  EXPECT_EQ(items[3].kind, SetItemKind::kLabels);
  EXPECT_EQ(items[3].labels, (std::vector<std::string>{"L", "M"}));
  EXPECT_EQ(items[3].value, nullptr);
  EXPECT_EQ(items[4].target->As<PropertyExpr>().object->As<PropertyExpr>().key, "a");
  EXPECT_EQ(ErrorDetail("MATCH (n) SET n"), "UnexpectedSyntax");
  EXPECT_EQ(ErrorDetail("MATCH (n) SET f(n) = 1"), "UnexpectedSyntax");
}

TEST(ClauseParserTest, RemoveAndDelete) {
  auto statement = ParseStatement("MATCH (n)-[r]->() REMOVE n.p, n:L:M DELETE r DETACH DELETE n");
  const auto& clauses = Clauses(statement);
  const auto& remove = clauses[1]->As<RemoveClause>();
  ASSERT_EQ(remove.items.size(), 2u);
  EXPECT_EQ(remove.items[0].kind, RemoveItemKind::kProperty);
  EXPECT_EQ(remove.items[1].kind, RemoveItemKind::kLabels);
  EXPECT_EQ(remove.items[1].labels, (std::vector<std::string>{"L", "M"}));
  EXPECT_FALSE(clauses[2]->As<DeleteClause>().detach);
  EXPECT_TRUE(clauses[3]->As<DeleteClause>().detach);
  EXPECT_EQ(ErrorDetail("MATCH (n) DELETE n:Person"), "InvalidDelete");
  EXPECT_EQ(ErrorDetail("MATCH (n) REMOVE n"), "UnexpectedSyntax");
}

TEST(ClauseParserTest, ReturnProjection) {
  auto statement = ParseStatement(
      "MATCH (n) RETURN DISTINCT n.name AS name, count( * ), n.x  ORDER BY name DESC, n.x ASCENDING, n.y "
      "DESCENDING, n.z ASC SKIP 1 LIMIT $l");
  const auto& body = Clauses(statement)[1]->As<ReturnClause>().body;
  EXPECT_TRUE(body.distinct);
  EXPECT_FALSE(body.star);
  ASSERT_EQ(body.items.size(), 3u);
  EXPECT_EQ(body.items[0].alias, "name");
  EXPECT_EQ(body.items[0].column_name(), "name");
  EXPECT_EQ(body.items[1].text, "count( * )") << "unaliased columns keep their source text";
  EXPECT_EQ(body.items[1].column_name(), "count( * )");
  EXPECT_EQ(body.items[2].text, "n.x");
  ASSERT_EQ(body.order_by.size(), 4u);
  EXPECT_TRUE(body.order_by[0].descending);
  EXPECT_FALSE(body.order_by[1].descending);
  EXPECT_TRUE(body.order_by[2].descending);
  EXPECT_FALSE(body.order_by[3].descending);
  EXPECT_TRUE(body.skip->Is<LiteralExpr>());
  EXPECT_TRUE(body.limit->Is<ParameterExpr>());

  auto star = ParseStatement("MATCH (n) RETURN *, n.x AS x");
  const auto& star_body = Clauses(star)[1]->As<ReturnClause>().body;
  EXPECT_TRUE(star_body.star);
  EXPECT_EQ(star_body.items.size(), 1u);
}

TEST(ClauseParserTest, WithWhere) {
  auto statement = ParseStatement("MATCH (n) WITH n, n.x AS x ORDER BY x LIMIT 3 WHERE x > 1 RETURN x");
  const auto& with = Clauses(statement)[1]->As<WithClause>();
  EXPECT_EQ(with.body.items.size(), 2u);
  EXPECT_EQ(with.body.order_by.size(), 1u);
  EXPECT_NE(with.body.limit, nullptr);
  ASSERT_NE(with.where, nullptr);
  EXPECT_TRUE(with.where->Is<ComparisonExpr>());
}

TEST(ClauseParserTest, Unions) {
  auto union_distinct = ParseStatement("RETURN 1 AS a UNION RETURN 2 AS a UNION RETURN 3 AS a");
  EXPECT_EQ(union_distinct->queries.size(), 3u);
  EXPECT_FALSE(union_distinct->union_all);
  auto union_all = ParseStatement("RETURN 1 AS a UNION ALL RETURN 2 AS a");
  EXPECT_TRUE(union_all->union_all);
  EXPECT_EQ(ErrorDetail("RETURN 1 AS a UNION RETURN 2 AS a UNION ALL RETURN 3 AS a"),
            "InvalidClauseComposition");
}

TEST(ClauseParserTest, ProcedureCalls) {
  auto in_query = ParseStatement("MATCH (n) CALL test.my.proc(n.x, 1) YIELD a, b AS c WHERE a > 1 RETURN c");
  const auto& call = Clauses(in_query)[1]->As<CallClause>();
  EXPECT_EQ(call.procedure, "test.my.proc");
  EXPECT_FALSE(call.implicit_arguments);
  EXPECT_EQ(call.args.size(), 2u);
  ASSERT_EQ(call.yields.size(), 2u);
  EXPECT_EQ(call.yields[0].variable(), "a");
  EXPECT_EQ(call.yields[1].field, "b");
  EXPECT_EQ(call.yields[1].variable(), "c");
  EXPECT_NE(call.where, nullptr);

  auto standalone = ParseStatement("CALL test.labels");
  const auto& implicit = Clauses(standalone)[0]->As<CallClause>();
  EXPECT_TRUE(implicit.implicit_arguments);
  EXPECT_FALSE(implicit.has_yield);
  auto yield_all = ParseStatement("CALL test.my.proc('a') YIELD *");
  EXPECT_TRUE(Clauses(yield_all)[0]->As<CallClause>().yield_all);
  EXPECT_EQ(ErrorDetail("CALL test.my.proc('a') YIELD * RETURN city"), "UnexpectedSyntax");
  EXPECT_NO_THROW(ParseStatement("CALL test.doNothing() RETURN 1"));
}

TEST(ClauseParserTest, ClauseComposition) {
  EXPECT_EQ(ErrorDetail("MATCH (n)"), "InvalidClauseComposition");
  EXPECT_EQ(ErrorDetail("MATCH (n) WITH n"), "InvalidClauseComposition");
  EXPECT_EQ(ErrorDetail("CREATE (n) MATCH (m) RETURN m"), "InvalidClauseComposition");
  EXPECT_EQ(ErrorDetail("CREATE (n) UNWIND [1] AS x RETURN x"), "InvalidClauseComposition");
  EXPECT_EQ(ErrorDetail("RETURN 1 MATCH (n) RETURN n"), "UnexpectedSyntax");
  EXPECT_EQ(ErrorDetail(""), "UnexpectedSyntax");
  EXPECT_EQ(ErrorDetail("RETURN 1; RETURN 2"), "UnexpectedSyntax");
  EXPECT_NO_THROW(ParseStatement("CREATE (n) WITH n MATCH (m) RETURN m"));
  EXPECT_NO_THROW(ParseStatement("MATCH (n) SET n.x = 1 REMOVE n.y DELETE n"));
  EXPECT_NO_THROW(ParseStatement("CREATE (n) RETURN n;"));
}

TEST(ClauseParserTest, PatternPredicatesOnlyWhereAllowed) {
  EXPECT_NO_THROW(ParseStatement("MATCH (n) WHERE (n)-->() RETURN n"));
  EXPECT_NO_THROW(ParseStatement("MATCH (n) WITH n WHERE NOT (n)-[:T]->(:X) RETURN n"));
  EXPECT_NO_THROW(ParseStatement("MATCH (n) RETURN [x IN [n] WHERE (x)-->()] AS l"));
  EXPECT_NO_THROW(ParseStatement("MATCH (n) RETURN exists((n)-->()) AS e"));
  EXPECT_EQ(ErrorDetail("MATCH (n) RETURN (n)-->()"), "UnexpectedSyntax");
  EXPECT_EQ(ErrorDetail("MATCH (n) WITH (n)-[]->() AS x RETURN x"), "UnexpectedSyntax");
  EXPECT_EQ(ErrorDetail("MATCH (n) SET n.p = head((n)-->())"), "UnexpectedSyntax");
  EXPECT_EQ(ErrorDetail("MATCH (n) RETURN size((n)--())"), "UnexpectedSyntax");
  // Inside a subquery of a WHERE, only that subquery's own WHEREs allow them.
  EXPECT_EQ(ErrorDetail("MATCH (n) WHERE EXISTS { MATCH (m) RETURN (m)-->() } RETURN n"), "UnexpectedSyntax");
}

TEST(ClauseParserTest, KeywordsCommentsAndCase) {
  auto statement = ParseStatement(
      "match (n:Order) // line comment\n"
      "where n.count = 1 /* block\ncomment */ and n.end <> 'x'\n"
      "return n.`weird key` as `the result`");
  const auto& clauses = Clauses(statement);
  EXPECT_EQ(clauses[0]->As<MatchClause>().pattern[0].element.nodes[0].labels,
            std::vector<std::string>{"Order"});
  const auto& item = clauses[1]->As<ReturnClause>().body.items[0];
  EXPECT_EQ(item.alias, "the result");
  EXPECT_EQ(item.expr->As<PropertyExpr>().key, "weird key");
}

TEST(ClauseParserTest, NodesCarryPositions) {
  auto statement = ParseStatement("MATCH (n)\nRETURN n");
  EXPECT_EQ(statement->queries[0].clauses[1]->pos, (SourcePosition{2, 1, 10}));
  const auto& item = statement->queries[0].clauses[1]->As<ReturnClause>().body.items[0];
  EXPECT_EQ(item.pos, (SourcePosition{2, 8, 17}));
  EXPECT_EQ(item.expr->pos, (SourcePosition{2, 8, 17}));
}

}  // namespace
}  // namespace quiver::cypher
