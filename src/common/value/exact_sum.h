#pragma once
// ExactSum: the sum of doubles as if computed with infinite precision and rounded once,
// to nearest, ties to even (Shewchuk, "Adaptive Precision Floating-Point Arithmetic",
// 1997; the algorithm of Python's math.fsum). The state is a short list of
// non-overlapping partial sums whose exact total is the exact sum so far, so the result
// does not depend on the order of the additions or on how partial states are merged —
// which is what lets sum() and avg() of floats run on many workers and still give the
// row engine's answer, bit for bit, for any worker count, vector or morsel size.
//
// Non-finite inputs are kept apart: any NaN, or +inf with -inf, gives NaN; otherwise an
// infinity gives itself. A partial sum that overflows (finite inputs whose running total
// passes ±1.8e308) counts as that infinity — the one case where the answer may depend
// on the order, as a naive sum's does. An exact zero is +0.0, as a naive sum from 0.0.

#include <cmath>
#include <cstdint>
#include <vector>

namespace quiver {

class ExactSum {
 public:
  void Add(double x) {
    if (!std::isfinite(x)) {
      special_ += x;
      any_special_ = true;
      return;
    }
    size_t kept = 0;
    for (double y : partials_) {
      if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
      const double hi = x + y;
      const double lo = y - (hi - x);
      if (lo != 0.0) partials_[kept++] = lo;
      x = hi;
    }
    partials_.resize(kept);
    if (!std::isfinite(x)) {  // the running total overflowed
      special_ += x;
      any_special_ = true;
      return;
    }
    partials_.push_back(x);
  }

  // Adds an integer of up to 128 bits exactly (split into doubles without rounding).
  void AddInteger(__int128 v) {
    while (v != 0) {
      const auto d = static_cast<double>(v);
      Add(d);
      v -= static_cast<__int128>(d);
    }
  }

  void Merge(const ExactSum& other) {
    for (double p : other.partials_) Add(p);
    if (other.any_special_) {
      special_ += other.special_;
      any_special_ = true;
    }
  }

  // The exact sum, correctly rounded.
  double Value() const {
    if (any_special_) return special_;
    size_t n = partials_.size();
    if (n == 0) return 0.0;
    double hi = partials_[--n];
    double lo = 0.0;
    while (n > 0) {
      const double x = hi;
      const double y = partials_[--n];
      hi = x + y;
      lo = y - (hi - x);
      if (lo != 0.0) break;
    }
    // Round half to even across the partials left: when lo is exactly half an ulp and
    // the next partial has its sign, the exact sum is past the tie.
    if (n > 0 && ((lo < 0.0 && partials_[n - 1] < 0.0) || (lo > 0.0 && partials_[n - 1] > 0.0))) {
      const double y = lo * 2.0;
      const double x = hi + y;
      if (y == x - hi) hi = x;
    }
    return hi == 0.0 ? 0.0 : hi;
  }

 private:
  std::vector<double> partials_;  // non-overlapping, increasing magnitude
  double special_ = 0.0;          // the sum of the non-finite inputs (and overflows)
  bool any_special_ = false;
};

}  // namespace quiver
