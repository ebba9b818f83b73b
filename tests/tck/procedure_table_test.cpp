#include "procedure_table.h"

#include <gtest/gtest.h>

namespace quiver::tck {
namespace {

using Rows = std::vector<std::vector<Value>>;

TEST(ProcedureTableTest, ParsesSignatures) {
  const auto sig = ParseProcedureSignature(
      "there exists a procedure test.my.proc(name :: STRING?, id :: INTEGER?) :: (city :: STRING?, "
      "country_code :: "
      "INTEGER?):");
  EXPECT_EQ(sig.name, "test.my.proc");
  ASSERT_EQ(sig.inputs.size(), 2u);
  EXPECT_EQ(sig.inputs[1], (std::pair<std::string, std::string>{"id", "INTEGER?"}));
  ASSERT_EQ(sig.outputs.size(), 2u);
  EXPECT_EQ(sig.outputs[0].first, "city");

  const auto nothing = ParseProcedureSignature("there exists a procedure test.doNothing() :: ():");
  EXPECT_EQ(nothing.name, "test.doNothing");
  EXPECT_TRUE(nothing.inputs.empty());
  EXPECT_TRUE(nothing.outputs.empty());

  // Call5 writes a space before the final colon.
  const auto spaced = ParseProcedureSignature(
      "there exists a procedure test.my.proc(in :: INTEGER?) :: (a :: INTEGER?, b :: INTEGER?) :");
  EXPECT_EQ(spaced.outputs.size(), 2u);

  EXPECT_THROW(ParseProcedureSignature("there exists a procedure test.p(in INTEGER?) :: ():"),
               std::runtime_error);
  EXPECT_THROW(ParseProcedureSignature("there exists a procedure test.p() :: ()"), std::runtime_error);
}

TEST(ProcedureTableTest, ReturnsTheOutputsOfRowsWhoseInputsMatch) {
  const auto sig = ParseProcedureSignature(
      "there exists a procedure test.my.proc(name :: STRING?, id :: INTEGER?) :: (city :: STRING?, "
      "country_code :: "
      "INTEGER?):");
  const DataTable table{{{"name", "id", "city", "country_code"},
                         {"'Andres'", "1", "'Malmö'", "46"},
                         {"'Stefan'", "1", "'Berlin'", "49"},
                         {"'Stefan'", "2", "'München'", "49"},
                         {"'Stefan'", "1", "'Bonn'", "49"}}};
  const auto proc = MakeTableProcedure(sig, table);
  const std::vector<Value> args = {Value::String("Stefan"), Value::Int(1)};
  const Rows rows = proc(args);
  ASSERT_EQ(rows.size(), 2u);  // in table order
  EXPECT_EQ(rows[0][0].AsString(), "Berlin");
  EXPECT_EQ(rows[0][1].AsInt(), 49);
  EXPECT_EQ(rows[1][0].AsString(), "Bonn");
  const std::vector<Value> none = {Value::String("Nobody"), Value::Int(1)};
  EXPECT_TRUE(proc(none).empty());
}

TEST(ProcedureTableTest, NullAndNumbersMatchByEquivalence) {
  const auto sig =
      ParseProcedureSignature("there exists a procedure test.my.proc(in :: NUMBER?) :: (out :: STRING?):");
  const auto proc = MakeTableProcedure(
      sig, DataTable{{{"in", "out"}, {"42", "'wisdom'"}, {"42.3", "'about right'"}, {"null", "'nix'"}}});
  const std::vector<Value> int_arg = {Value::Int(42)};
  const std::vector<Value> float_arg = {Value::Float(42.3)};
  const std::vector<Value> whole_float = {Value::Float(42.0)};
  const std::vector<Value> null_arg = {Value::Null()};
  ASSERT_EQ(proc(int_arg).size(), 1u);
  EXPECT_EQ(proc(int_arg)[0][0].AsString(), "wisdom");
  EXPECT_EQ(proc(float_arg)[0][0].AsString(), "about right");
  EXPECT_EQ(proc(whole_float)[0][0].AsString(), "wisdom");  // Call3 #5: 42 passed as FLOAT
  EXPECT_EQ(proc(null_arg)[0][0].AsString(), "nix");
}

TEST(ProcedureTableTest, NoInputsReturnsEveryRowAndEmptyTablesWork) {
  const auto labels =
      ParseProcedureSignature("there exists a procedure test.labels() :: (label :: STRING?):");
  const auto proc = MakeTableProcedure(labels, DataTable{{{"label"}, {"'A'"}, {"'B'"}, {"'C'"}}});
  const Rows rows = proc({});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2][0].AsString(), "C");

  const auto nothing = ParseProcedureSignature("there exists a procedure test.doNothing() :: ():");
  EXPECT_TRUE(MakeTableProcedure(nothing, DataTable{{{}}})({}).empty());

  EXPECT_THROW(MakeTableProcedure(labels, DataTable{{{"other"}, {"'A'"}}}), std::runtime_error);
  EXPECT_THROW(MakeTableProcedure(labels, DataTable{{{"label"}, {"'A'", "1"}}}), std::runtime_error);
}

}  // namespace
}  // namespace quiver::tck
