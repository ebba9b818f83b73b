#pragma once
// Compares a query's result with a TCK expected-result table.
//
// Values are compared through a canonical text (CanonicalText) that is equal exactly
// when the two values match in the TCK's sense:
//  * nodes and relationships structurally — labels as a set, type, properties — never
//    by id, because the notation carries no ids; paths node by node and relationship by
//    relationship, including each relationship's direction;
//  * integers and floats are different kinds (1 does not match 1.0); floats by value,
//    so -0.0 matches 0.0 and NaN matches NaN;
//  * temporal values by their printed form: the TCK writes them as quoted strings
//    ('2015-07-21'), so a Date matches the string '2015-07-21';
//  * with `ignore_list_order`, lists (at every depth) as multisets.
// Because matching is an equivalence, comparing multisets of canonical texts is an
// exact multiset match (no bipartite search needed).

#include <optional>
#include <string>
#include <vector>

#include "gherkin.h"
#include "quiver/database.h"
#include "quiver/value.h"

namespace quiver::tck {

std::string CanonicalText(const Value& v, bool ignore_list_order);

enum class RowOrder { kAnyOrder, kInOrder };

struct ResultExpectation {
  RowOrder order = RowOrder::kAnyOrder;
  bool ignore_list_order = false;
  std::vector<std::string> columns;
  std::vector<std::vector<Value>> rows;
  std::vector<std::string> row_texts;  // the table's rows as written, for messages
};

// Reads a result table (header row, then value rows). Throws std::runtime_error on a
// cell the notation parser rejects.
ResultExpectation ParseResultTable(const DataTable& table, RowOrder order, bool ignore_list_order);

// nullopt when the result matches; otherwise a short reason naming the first
// difference (columns, a missing or unexpected row, or the first differing row).
std::optional<std::string> MatchResult(const ResultExpectation& expected, const QueryResult& actual);

// A row as "| v1 | v2 |" in TCK notation, for messages.
std::string RowText(const std::vector<Value>& row);

}  // namespace quiver::tck
