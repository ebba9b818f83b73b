#pragma once
// What OPTIONAL MATCH (optional.cpp) and CALL subqueries (apply.cpp) share: per input
// row, the subplan children[1] is opened with that row as its argument and pulled to its
// end before the next input row; the subclass says what each of its rows, and the end of
// an input row's run, put out.

#include <memory>

#include "exec/physical_operator.h"

namespace quiver::exec {

class SubplanPerRow : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;
  void Open(ExecContext& ctx, const Value* argument) override;

 protected:
  bool Produce(ExecContext& ctx, RowBatch& out) final;
  // A row the subplan gave for `outer`: appends at most one row to `out`.
  virtual void Matched(const Value* outer, const Value* sub_row, RowBatch& out) = 0;
  // The subplan is done with `outer` (`matched`: it gave a row): appends at most one row.
  virtual void Finished(ExecContext& ctx, const Value* outer, bool matched, RowBatch& out) = 0;

 private:
  InputRows input_rows_;
  std::unique_ptr<RowBatch> sub_;
  size_t sub_pos_ = 0;
  const Value* current_ = nullptr;
  bool matched_ = false;
};

}  // namespace quiver::exec
