// Error positions: syntax errors (parser) and semantic errors (binder) in multi-line
// queries name the line and column (in code points) and byte offset of the offending
// token, and show its source line with a caret under it. Each case states the position
// by hand, from the query text, not from the engine.

#include <gtest/gtest.h>

#include <string>

#include "quiver/database.h"

namespace quiver {
namespace {

struct Case {
  const char* query;
  const char* kind;  // class/detail
  int line, column, offset;
  const char* source_line;
  const char* caret;  // the caret line without its two-space indent
};

std::string Expected(const Case& c) {
  return "(line " + std::to_string(c.line) + ", column " + std::to_string(c.column) + ", offset " +
         std::to_string(c.offset) + ")\n  " + c.source_line + "\n  " + c.caret;
}

void Check(const Case& c) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  conn->Query("CREATE (:A {x: 1})-[:T]->(:B)");
  try {
    conn->Query(c.query);
    ADD_FAILURE() << "no error for:\n" << c.query;
  } catch (const QuiverError& e) {
    const std::string kind = std::string(ErrorClassName(e.error_class())) + "/" + e.detail();
    EXPECT_EQ(kind, c.kind) << c.query;
    EXPECT_EQ(e.phase(), ErrorPhase::kCompileTime) << c.query;
    const std::string what = e.what();
    const size_t at = what.find("(line ");
    ASSERT_NE(at, std::string::npos) << what;
    EXPECT_EQ(what.substr(at), Expected(c)) << "query:\n" << c.query << "\nmessage:\n" << what;
  }
}

TEST(ErrorPositions, SyntaxErrors) {
  // A misspelt clause keyword at the start of line 3.
  Check({"MATCH (n)\nWHERE n.x = 1\nRETRUN n", "SyntaxError/UnexpectedSyntax", 3, 1, 24, "RETRUN n", "^"});
  // An unclosed parenthesis: the error is where the ')' was expected, line 2.
  Check({"MATCH (a)\nRETURN (a.x + 1\nLIMIT 1", "SyntaxError/UnexpectedSyntax", 3, 1, 26, "LIMIT 1", "^"});
  // A keyword where an operand was expected, on an indented line: the column counts the
  // indentation.
  Check({"MATCH (a)\n  WHERE a.x >\n    RETURN a", "SyntaxError/UnexpectedSyntax", 3, 5, 28, "    RETURN a",
         "    ^"});
  // Columns count code points, not bytes: 'grüße' is 7 code points, 9 bytes.
  Check({"RETURN 1 AS one,\n 'grüße' AS g %", "SyntaxError/UnexpectedSyntax", 2, 15, 33, " 'grüße' AS g %",
         "              ^"});
}

TEST(ErrorPositions, SemanticErrors) {
  // An undefined variable on the third line.
  Check({"MATCH (a)\nWITH a\nRETURN a, b", "SyntaxError/UndefinedVariable", 3, 11, 27, "RETURN a, b", "          ^"});
  // A variable out of scope after WITH.
  Check({"MATCH (a)-[r]->(b)\nWITH a\nRETURN r", "SyntaxError/UndefinedVariable", 3, 8, 33, "RETURN r",
         "       ^"});
  // A relationship variable reused as a node: the caret is at the node pattern.
  Check({"MATCH (a)-[r]->(b)\nMATCH (r)\nRETURN a", "SyntaxError/VariableTypeConflict", 2, 7, 25, "MATCH (r)",
         "      ^"});
  // An aggregate inside an aggregate.
  Check({"MATCH (a)\nRETURN\n  count(count(a))", "SyntaxError/NestedAggregation", 3, 9, 25, "  count(count(a))",
         "        ^"});
  // A tab before the token stays a tab in the caret line.
  Check({"MATCH (a)\n\tRETURN zz", "SyntaxError/UndefinedVariable", 2, 9, 18, "\tRETURN zz", "\t       ^"});
}

}  // namespace
}  // namespace quiver
