// stDev, stDevP, percentileDisc, percentileCont, computed as Neo4j does so results match
// its documentation: the standard deviations of fewer than two (stDev) or zero (stDevP)
// values are 0.0; percentileDisc picks an element (keeping its kind), percentileCont
// interpolates linearly and returns a Float; an empty percentile is null. The percentile
// must be a number in [0, 1], else ArgumentError/NumberOutOfRange (Aggregation6 #3-#5).

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "exec/function/aggregate_internal.h"
#include "exec/function/function_args.h"

namespace quiver::function_internal {
namespace {

// Welford's running mean and sum of squared deviations; Chan et al.'s update merges two.
class StandardDeviation final : public Aggregator {
 public:
  explicit StandardDeviation(bool population) : population_(population) {}
  void Update(std::span<const Value> args) override {
    if (args[0].IsNull()) return;
    const double x = NumberArg(population_ ? "stDevP" : "stDev", args[0]);
    ++n_;
    const double delta = x - mean_;
    mean_ += delta / static_cast<double>(n_);
    m2_ += delta * (x - mean_);
  }
  void Merge(Aggregator& other) override {
    const StandardDeviation& o = SameKind<StandardDeviation>(other);
    if (o.n_ == 0) return;
    const double n = static_cast<double>(n_ + o.n_);
    const double delta = o.mean_ - mean_;
    mean_ += delta * static_cast<double>(o.n_) / n;
    m2_ += o.m2_ + delta * delta * static_cast<double>(n_) * static_cast<double>(o.n_) / n;
    n_ += o.n_;
  }
  Value Finalize() override {
    const int64_t denominator = population_ ? n_ : n_ - 1;
    if (denominator <= 0) return Value::Float(0.0);
    return Value::Float(std::sqrt(m2_ / static_cast<double>(denominator)));
  }

 private:
  bool population_;
  int64_t n_ = 0;
  double mean_ = 0;
  double m2_ = 0;
};

class Percentile final : public Aggregator {
 public:
  explicit Percentile(bool continuous) : continuous_(continuous) {}

  void Update(std::span<const Value> args) override {
    if (args[0].IsNull()) return;
    if (!args[0].IsNumber()) ThrowArgumentType(Name(), "Numbers", args[0]);
    const double p = CheckPercentile(args[1]);
    if (!percentile_) percentile_ = p;  // the first row's, as Neo4j
    values_.push_back(args[0]);
    held_bytes_ += sizeof(Value);  // numbers: inline
  }
  void Merge(Aggregator& other) override {
    Percentile& o = SameKind<Percentile>(other);
    if (!percentile_) percentile_ = o.percentile_;
    values_.insert(values_.end(), o.values_.begin(), o.values_.end());
    o.values_.clear();
    held_bytes_ += std::exchange(o.held_bytes_, 0);
  }
  Value Finalize() override {
    if (values_.empty()) return Value::Null();
    std::sort(values_.begin(), values_.end(), ValueOrderLess());
    const double p = *percentile_;
    const size_t count = values_.size();
    if (p == 1.0 || count == 1) return continuous_ ? AsFloat(values_.back()) : values_.back();
    if (!continuous_) {
      // Nearest rank: the smallest value with at least p of the values at or below it.
      const double float_index = p * static_cast<double>(count);
      const auto index = static_cast<size_t>(float_index);
      return values_[float_index != static_cast<double>(index) || index == 0 ? index : index - 1];
    }
    const double float_index = p * static_cast<double>(count - 1);
    const auto floor = static_cast<size_t>(float_index);
    const auto ceil = static_cast<size_t>(std::ceil(float_index));
    if (ceil == floor || floor == count - 1) return AsFloat(values_[floor]);
    return Value::Float(values_[floor].AsNumber() * (static_cast<double>(ceil) - float_index) +
                        values_[ceil].AsNumber() * (float_index - static_cast<double>(floor)));
  }

 private:
  std::string_view Name() const { return continuous_ ? "percentileCont" : "percentileDisc"; }
  static Value AsFloat(const Value& v) { return Value::Float(v.AsNumber()); }

  double CheckPercentile(const Value& v) const {
    if (!v.IsNumber()) ThrowArgumentType(Name(), "a Number percentile", v);
    const double p = v.AsNumber();
    if (!(p >= 0.0 && p <= 1.0)) {  // NaN too
      ThrowArgumentValue(
          "NumberOutOfRange",
          std::string(Name()) + "(): the percentile must be in [0.0, 1.0], got " + ToTckString(v));
    }
    return p;
  }

  bool continuous_;
  std::optional<double> percentile_;
  std::vector<Value> values_;
};

}  // namespace

std::unique_ptr<Aggregator> MakeStDev() {
  return std::make_unique<StandardDeviation>(false);
}
std::unique_ptr<Aggregator> MakeStDevP() {
  return std::make_unique<StandardDeviation>(true);
}
std::unique_ptr<Aggregator> MakePercentileDisc() {
  return std::make_unique<Percentile>(false);
}
std::unique_ptr<Aggregator> MakePercentileCont() {
  return std::make_unique<Percentile>(true);
}

}  // namespace quiver::function_internal
