// Aggregate functions (being filled in).
#include "common/assert.h"
#include "exec/function/builtin_functions.h"

namespace quiver {
namespace {

class CountStar final : public Aggregator {
 public:
  void Update(std::span<const Value>) override { ++count_; }
  void Merge(Aggregator& other) override { count_ += static_cast<CountStar&>(other).count_; }
  Value Finalize() override { return Value::Int(count_); }

 private:
  int64_t count_ = 0;
};

}  // namespace

std::unique_ptr<Aggregator> MakeCountStar() {
  return std::make_unique<CountStar>();
}

std::unique_ptr<Aggregator> MakeDistinct(std::unique_ptr<Aggregator> inner) {
  QUIVER_ASSERT_MSG(false, "MakeDistinct not implemented yet");
  return inner;
}

namespace function_internal {
std::span<const AggregateFunction> AggregateFunctions() {
  return {};
}
}  // namespace function_internal

}  // namespace quiver
