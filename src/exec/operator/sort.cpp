// Sort (ORDER BY): evaluates the sort keys of every input row once, then a stable sort
// by openCypher's total order (ValueOrderLess; DESC reverses it, nulls first).

#include <algorithm>
#include <numeric>

#include "exec/expression/evaluator.h"
#include "exec/operator/operators.h"

namespace quiver::exec {

namespace {

class SortOp final : public EagerOperator {
 public:
  using EagerOperator::EagerOperator;

 protected:
  void Process(ExecContext& ctx, RowBuffer& rows) override {
    const auto& op = logical();
    size_t n = rows.size();
    size_t k = op.exprs.size();
    std::vector<Value> keys(n * k);
    for (size_t i = 0; i < n; ++i) {
      for (size_t e = 0; e < k; ++e) keys[i * k + e] = Evaluate(*op.exprs[e], rows.Row(i), ctx);
    }
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      for (size_t e = 0; e < k; ++e) {
        int c = OrderCompare(keys[a * k + e], keys[b * k + e]);
        if (c != 0) return op.descending[e] ? c > 0 : c < 0;
      }
      return false;
    });
    RowBuffer sorted(rows.width());
    for (size_t i : order) sorted.AppendCopy(rows.Row(i));
    rows = std::move(sorted);
  }
};

}  // namespace

PhysicalOperatorPtr MakeSort(const LogicalOperator& op) {
  return std::make_unique<SortOp>(op);
}

}  // namespace quiver::exec
