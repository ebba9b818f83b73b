#pragma once
// CALL subqueries (Apply) and LOAD CSV: the operators of bind_subquery.cpp and
// bind_load_csv.cpp.

#include <string>
#include <vector>

#include "planner/logical_operator.h"

namespace quiver::planner {

// A CALL subquery: per input row, runs children[1] — planned over an Argument, which
// yields that row — to its end. A returning subquery emits the input row once per row
// of the subquery, with `result_slots` (its RETURN's columns) copied in; none drops
// the input row, unless `optional` (OPTIONAL CALL): then it comes out once with them
// null. A unit subquery (no RETURN) emits the input row once, after the subquery ran.
//
// `in_transactions`: the writes of every `batch_size` input rows (1,000 when null)
// are committed in a transaction of their own, through ExecContext::CommitBatch.
// `on_error` says what a failing batch does (exec/operator/apply_on_error.cpp);
// `status_slot` (REPORT STATUS AS s) gets each input row's batch status.
enum class OnError : uint8_t { kFail, kContinue, kBreak };
class LogicalApply final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kApply;
  LogicalApply() : LogicalOperator(kKind) {}

  void ForEachExpression(const std::function<void(BoundExprPtr&)>& visit) override {
    if (batch_size) visit(batch_size);
  }

  bool returns = false;
  bool optional = false;
  std::vector<SlotId> result_slots;
  bool in_transactions = false;
  BoundExprPtr batch_size;  // a constant or a parameter; null: the default
  static constexpr int64_t kDefaultBatchRows = 1000;
  OnError on_error = OnError::kFail;
  SlotId status_slot = kNoSlot;
};

// LOAD CSV: per input row, each record of the file `url` names into `slot` — a list of
// strings, or with `with_headers` a map from the first record's fields (empty fields
// null, as Neo4j does) — with its line and file in the slots linenumber() and file()
// read.
class LogicalLoadCsv final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kLoadCsv;
  LogicalLoadCsv() : LogicalOperator(kKind) {}

  void ForEachExpression(const std::function<void(BoundExprPtr&)>& visit) override { visit(url); }

  BoundExprPtr url;
  SlotId slot = kNoSlot;
  SlotId line_slot = kNoSlot;  // linenumber(): the line the record starts on
  SlotId file_slot = kNoSlot;  // file(): the file's absolute path
  bool with_headers = false;
  char field_terminator = ',';
};

}  // namespace quiver::planner
