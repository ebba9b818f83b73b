#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "cypher/ast/ast_equal.h"
#include "cypher/ast/ast_printer.h"
#include "cypher/parser.h"
#include "parser_test_util.h"

namespace quiver::cypher {
namespace {

std::string Print(std::string_view query) {
  return ToCypher(*ParseStatement(query));
}

using testing::ExpectRoundTrip;

TEST(PrinterTest, PrintsCanonicalCypher) {
  EXPECT_EQ(Print("match (n:Person{name:'x'})-[r:KNOWS*1..2]->(m) where n.age>1 return n.name as name"),
            "MATCH (n:Person {name: 'x'})-[r:KNOWS*1..2]->(m) WHERE n.age > 1 RETURN n.name AS name");
  EXPECT_EQ(Print("MATCH (a)-[]->(b)<-[:T|:U]-(c) RETURN *"), "MATCH (a)-->(b)<-[:T|U]-(c) RETURN *");
  EXPECT_EQ(Print("RETURN 1 AS a UNION ALL RETURN 2 AS a"), "RETURN 1 AS a UNION ALL RETURN 2 AS a");
  EXPECT_EQ(Print("MATCH (n) WHERE exists { (n)-->() } RETURN n"),
            "MATCH (n) WHERE EXISTS { MATCH (n)-->() } RETURN n");
  EXPECT_EQ(Print("UNWIND $list AS x RETURN x ORDER BY x ASC SKIP 1"),
            "UNWIND $list AS x RETURN x ORDER BY x SKIP 1");
}

TEST(PrinterTest, ParenthesizesOnlyWhereNeeded) {
  EXPECT_EQ(Print("RETURN (1 + 2) * 3, 1 + (2 * 3), (a AND b) OR c, a AND (b OR c)"),
            "RETURN (1 + 2) * 3, 1 + 2 * 3, a AND b OR c, a AND (b OR c)");
  EXPECT_EQ(Print("RETURN (-1).x, -(1), (n:A).x, NOT (a = b), (NOT a) = b"),
            "RETURN (-1).x, -(1), (n:A).x, NOT a = b, (NOT a) = b");
  EXPECT_EQ(Print("RETURN (a - b) - c, a - (b - c), (2 ^ 3) ^ 2, 2 ^ (3 ^ 2)"),
            "RETURN a - b - c, a - (b - c), 2 ^ 3 ^ 2, 2 ^ (3 ^ 2)");
}

TEST(PrinterTest, QuotesNamesThatNeedIt) {
  EXPECT_EQ(QuoteVariableName("n"), "n");
  EXPECT_EQ(QuoteVariableName("match"), "`match`");
  EXPECT_EQ(QuoteVariableName("count"), "count");
  EXPECT_EQ(QuoteVariableName("a b"), "`a b`");
  EXPECT_EQ(QuoteVariableName("1x"), "`1x`");
  EXPECT_EQ(QuoteVariableName("a`b"), "`a``b`");
  EXPECT_EQ(QuoteVariableName(""), "``");
  EXPECT_EQ(QuoteSchemaName("Order"), "Order");
  EXPECT_EQ(QuoteSchemaName("match"), "match");
  EXPECT_EQ(QuoteSchemaName("has-dash"), "`has-dash`");
}

// Found by fuzzing (tests/fuzz/regressions/parser/): a qualified name whose last part is
// empty printed without it, so `CALL a.``` came back as the procedure `a`.
TEST(PrinterTest, QualifiedNamesKeepEveryPart) {
  EXPECT_EQ(Print("CALL a.``"), "CALL a.``");
  EXPECT_EQ(Print("CALL ``.a.``()"), "CALL ``.a.``()");
  EXPECT_EQ(Print("RETURN a.``(1), ``()"), "RETURN a.``(1), ``()");
  ExpectRoundTrip("MATCH (n) CALL tesn.`` CALL `x.y` RETURN 1");
  ExpectRoundTrip("RETURN f.``.g(1)");
}

TEST(PrinterTest, LiteralsReadBackExactly) {
  EXPECT_EQ(QuoteString("it's a \\ \"test\"\n\t\x01"), "'it\\'s a \\\\ \"test\"\\n\\t\\u0001'");
  EXPECT_EQ(FormatFloat(1.0), "1.0");
  EXPECT_EQ(FormatFloat(0.1), "0.1");
  EXPECT_EQ(FormatFloat(1e9), "1e9");
  EXPECT_EQ(FormatFloat(1.5e-7), "1.5e-7");
  EXPECT_EQ(FormatFloat(-0.0), "-0.0");
  for (double value : {0.1, 1.0 / 3.0, 1e308, 5e-324, 123456789.125, std::numeric_limits<double>::max()}) {
    auto expr = ParseExpression(FormatFloat(value));
    EXPECT_EQ(std::get<double>(expr->As<LiteralExpr>().value), value) << FormatFloat(value);
  }
  ExpectRoundTrip("RETURN -0.0, 0.0, -9223372036854775808, 9223372036854775807, 0x10, 'a\\u0000b'");
}

TEST(PrinterTest, RoundTripsEveryConstruct) {
  const char* queries[] = {
      "MATCH (a:A:B {x: 1, y: [1, 2.5, 'z', null, true]})-[r:T|U*2..5 {k: $p}]->(b)<-[*]-(c)--(d)<-->(e) "
      "WHERE a.x = 1 AND (b)-->() RETURN a, b, c",
      "OPTIONAL MATCH p = (a)-[*..3]-(b), q = ((c)-[*0..]->(d)) RETURN p, q",
      "MATCH (n) WITH DISTINCT n.x AS x, count(*) AS c ORDER BY c DESC, x SKIP 2 LIMIT 10 WHERE c > 1 "
      "RETURN DISTINCT *, x + c AS s",
      "UNWIND range(1, 10) AS i WITH i WHERE i % 2 = 0 RETURN collect(DISTINCT i) AS l",
      "CREATE (a:X {n: 1})-[:T {w: 2}]->(b), (c) MERGE (a)-[r:R]->(b) ON CREATE SET r.x = 1, r:Y "
      "ON MATCH SET r += {y: 2}, r = $m RETURN r",
      "MATCH (n) SET n.a = n.b + 1, n:L:M REMOVE n.c, n:K DETACH DELETE n",
      "MATCH (n)-[r]->() DELETE r, n",
      "CALL db.labels() YIELD label AS l, other WHERE l STARTS WITH 'a' RETURN l",
      "CALL ns.proc",
      "CALL ns.proc(1, 'x') YIELD *",
      "RETURN 1 AS x UNION RETURN 2 AS x UNION RETURN 3 AS x",
      "RETURN CASE WHEN a THEN 1 WHEN b THEN 2 ELSE 3 END, CASE x WHEN 1 THEN 'a' END",
      "RETURN [x IN l WHERE x > 1 | x * 2], [x IN l WHERE x > 1], [x IN l | x], [(a)-->(b) WHERE b.x | b], "
      "[p = (a)-[:T]->() | p]",
      "RETURN all(x IN l WHERE x), any(x IN l WHERE x), none(x IN l WHERE x), single(x IN l WHERE x), any(x "
      "IN l)",
      "RETURN l[0], l[1..2], l[..2], l[1..], l[-1], m['k'], n.a.b, n:A:B, (n:A).x, a.b.c(1), count(*)",
      "RETURN a < b <= c > d >= e = f <> g, a IS NULL, a IS NOT NULL, a IN b, a =~ 'r', a STARTS WITH 'x', "
      "a ENDS WITH 'y', a CONTAINS 'z'",
      "RETURN NOT NOT a, -a, +a, - -a, -(-1), 1 - -1, -1 ^ 2, (-1) ^ 2, -(1 ^ 2), 2 ^ -1, a XOR b OR c AND d",
      "RETURN $p, $0, $`weird param`, `weird var`, {`weird key`: 1}, n.`weird prop`",
      "MATCH (n:`Weird Label`)-[:`weird type`]->() RETURN n",
      "MATCH (n) WHERE EXISTS { MATCH (n)-->(m) WITH m WHERE m.x > 1 RETURN m UNION RETURN 1 AS m } RETURN n",
      "MATCH (n) WHERE exists((n)-->()) AND exists(n.x) RETURN n",
      "MATCH (n) WHERE NOT (n)-[:T*1..2]->(:X {y: 1}) RETURN n",
      "RETURN 'quote\\'s', \"dq\", '\\u00e9\\U0001F600', 1e9, .5, 0o17, 017",
      "WITH 1 AS `match` RETURN `match`",
      "MATCH (n) RETURN n.x AS x ORDER BY n.y DESC, x ASCENDING LIMIT $l",
      "MATCH p = SHORTEST 3 GROUPS (a)-[*]->(b), q = ANY 2 (c)-->+(d), ALL SHORTEST (e)-[*2..]-(f) RETURN p",
      "MATCH (x)((a:A)-[r:R {w: 1}]->(b) WHERE a.v < b.v){1,3}(y), ((c)<-[s]-(d)-->(e)){2}, (z)-[:T]->{0,}(w) "
      "RETURN x",
      "MATCH (a)-[:R]->+(b)-->*(c)<-[t:T]-{,4}(d)((e)--(f))+ RETURN a",
  };
  for (const char* query : queries) ExpectRoundTrip(query);
}

TEST(PrinterTest, EqualityDetectsEveryDifference) {
  auto equal = [](std::string_view a, std::string_view b) {
    return Equal(*ParseStatement(a), *ParseStatement(b));
  };
  EXPECT_TRUE(equal("MATCH (n) RETURN n", "match  (n)\nreturn n  // same"));
  EXPECT_TRUE(equal("RETURN 1 + 2 * 3", "RETURN 1 + (2 * 3)"));
  EXPECT_FALSE(equal("RETURN 1 + 2 * 3", "RETURN (1 + 2) * 3"));
  EXPECT_FALSE(equal("RETURN 1", "RETURN 1.0"));
  EXPECT_FALSE(equal("RETURN 0.0", "RETURN -0.0"));
  EXPECT_FALSE(equal("RETURN -1", "RETURN -(1)"));
  EXPECT_FALSE(equal("MATCH (a)-->(b) RETURN a", "MATCH (a)<--(b) RETURN a"));
  EXPECT_FALSE(equal("MATCH (a)-[*2]->(b) RETURN a", "MATCH (a)-[*2..]->(b) RETURN a"));
  EXPECT_FALSE(equal("MATCH (a:A) RETURN a", "MATCH (a:B) RETURN a"));
  EXPECT_FALSE(equal("RETURN n AS a", "RETURN n AS b"));
  EXPECT_FALSE(equal("RETURN count(x)", "RETURN count(DISTINCT x)"));
  EXPECT_FALSE(equal("RETURN 1 AS a UNION RETURN 1 AS a", "RETURN 1 AS a UNION ALL RETURN 1 AS a"));
  EXPECT_FALSE(equal("MATCH (n) RETURN n ORDER BY n", "MATCH (n) RETURN n ORDER BY n DESC"));
  EXPECT_FALSE(equal("MERGE (n) ON CREATE SET n.x = 1", "MERGE (n) ON MATCH SET n.x = 1"));
  EXPECT_FALSE(equal("MATCH (n) SET n = {}", "MATCH (n) SET n += {}"));
  EXPECT_FALSE(equal("CALL p", "CALL p()"));
}

}  // namespace
}  // namespace quiver::cypher
