#pragma once
// What the property-index tests share (index_seek_test.cpp, rel_index_seek_test.cpp,
// the constraint tests): rows and plans as text, the values seeks are tried with, and a
// store's own compaction of an on-disk database.

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "common/file/env.h"
#include "quiver/database.h"
#include "quiver/value_ops.h"
#include "storage/txn/transactional_store.h"
#include "test_util/temp_dir.h"

namespace quiver::testing {

// Every row, each value as the TCK writes it, a space after each and a line per row.
inline std::string Rows(QueryResult result) {
  std::string out;
  while (result.Next()) {
    for (size_t i = 0; i < result.columns().size(); ++i) out += ToTckString(result.row()[i]) + " ";
    out += "\n";
  }
  return out;
}

// The first row's first value, an integer (a count).
inline int64_t FirstInt(Connection& conn, const std::string& query) {
  return conn.Query(query).rows().at(0).at(0).AsInt();
}

// EXPLAIN's plan of `query`, formatted; "" without one.
inline std::string PlanText(Connection& conn, const std::string& query, const ValueMap& params = {}) {
  QueryResult result = conn.Query("EXPLAIN " + query, params);
  return result.summary().plan ? FormatPlan(*result.summary().plan) : "";
}

// The values entities hold and seeks look for: each type class, their edges, and the
// values Cypher compares across types (1 = 1.0, never '1'; 2^53 + 0.0).
inline std::vector<Value> IndexSeekValues() {
  return {Value::Int(0),
          Value::Int(1),
          Value::Float(1.0),
          Value::Float(1.5),
          Value::Int(-3),
          Value::Float(-2.5),
          Value::Int(7),
          Value::Float(std::nan("")),
          Value::Float(INFINITY),
          Value::String("1"),
          Value::String("a"),
          Value::String("ab"),
          Value::String("abc"),
          Value::String(""),
          Value::String("b"),
          Value::String("é"),
          Value::Bool(true),
          Value::Bool(false),
          Value::List({Value::Int(1)}),
          Value::Int(int64_t{1} << 53),
          Value::Float(9007199254740992.0)};
}

// The parameters a differential test's predicates use for value x: $x, $list (x, null
// and 1.0) and $s (x if a string, else 'a', for STARTS WITH).
inline ValueMap SeekParams(const Value& x) {
  return ValueMap{{"x", x},
                  {"list", Value::List({x, Value::Null(), Value::Float(1.0)})},
                  {"s", x.IsString() ? x : Value::String("a")}};
}

// The store's own compaction of the database at `path` (closed meanwhile: `db` is
// reopened after); its indexes come back on the compacted generation.
inline void CompactOnDisk(std::unique_ptr<Database>& db, const std::string& path) {
  db.reset();
  storage::StoreOptions options;
  options.create_if_missing = false;
  options.auto_compact = false;
  auto store = storage::TransactionalStore::Open(Env::Default(), path, options);
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  ASSERT_TRUE((*store)->Compact().ok());
  EXPECT_EQ((*store)->Stats().last_index_build_error, "");
  store->reset();
  db = Database::Open(path);
}

// Two on-disk databases that take the same writes, one of them given indexes: the
// differential tests compare their answers.
class TwinDatabaseTest : public ::testing::Test {
 protected:
  void SetUp() override { Reopen(); }
  void Both(const std::string& query, const ValueMap& params = {}) {
    indexed_->Connect()->Query(query, params);
    plain_->Connect()->Query(query, params);
  }
  void CompactBoth() {
    CompactOnDisk(indexed_, dir_.Join("indexed"));
    CompactOnDisk(plain_, dir_.Join("plain"));
  }
  // Closes both and opens them again: the delta replayed from the log.
  void Reopen() {
    indexed_.reset();
    plain_.reset();
    indexed_ = Database::Open(dir_.Join("indexed"));
    plain_ = Database::Open(dir_.Join("plain"));
  }

  TempDir dir_;
  std::unique_ptr<Database> indexed_, plain_;
};

}  // namespace quiver::testing
