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

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <span>
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

  // Adds each values[i] whose valid[i] is set: the state Add would reach for each, by
  // a faster route when the chunk's values are finite and span at most 60 binary
  // exponents (what a column of one quantity holds): each is then an integer times the
  // smallest value's power of two, and their sum is exact in 128 bits, added as the few
  // doubles it splits into. Otherwise one Add per value.
  void AddAll(std::span<const double> values, std::span<const uint8_t> valid) {
    int min_e = INT32_MAX, max_e = INT32_MIN;
    bool fast = values.size() <= 8192;  // with 60 exponents, 2^13 terms stay below 2^126
    // Without a branch per value (so the compiler may vectorize it): a null or a ±0
    // (which adds nothing) leaves min_e and max_e alone; a NaN or infinity, kept apart
    // by Add, turns the fast route off.
    const uint8_t* __restrict flags = valid.data();
    const double* __restrict x = values.data();
    uint8_t special = 0;
    for (size_t i = 0; i < values.size(); ++i) {
      const uint64_t bits = std::bit_cast<uint64_t>(x[i]);
      const int e = static_cast<int>((bits >> 52) & 0x7ff);
      const bool counts = flags[i] != 0 && (bits << 1) != 0;
      special |= static_cast<uint8_t>(flags[i] != 0 && e == 0x7ff);
      const int scale = e == 0 ? 1 : e;  // subnormals share the smallest scale
      min_e = std::min(min_e, counts ? scale : INT32_MAX);
      max_e = std::max(max_e, counts ? scale : INT32_MIN);
    }
    fast = fast && special == 0;
    if (min_e == INT32_MAX && fast) return;  // nothing but zeros and nulls
    // Past 2^925 a chunk's total could overflow, which Add counts as an infinity.
    if (!fast || max_e - min_e > 60 || max_e > 1950) {
      for (size_t i = 0; i < values.size(); ++i) {
        if (valid[i]) Add(values[i]);
      }
      return;
    }
    __int128 total = 0;
    if (max_e - min_e <= 10) {
      // Every term fits in 63 bits (53 of mantissa, shifted by at most 10): a 64-bit
      // shift and a signed add per value, without a branch (a null or zero adds 0).
      for (size_t i = 0; i < values.size(); ++i) {
        const uint64_t bits = std::bit_cast<uint64_t>(values[i]);
        const int e = static_cast<int>((bits >> 52) & 0x7ff);
        const uint64_t mantissa = (bits & ((uint64_t{1} << 52) - 1)) | (e == 0 ? 0 : uint64_t{1} << 52);
        // In [0, 10] for every valid nonzero value; clamped for the others (a zero's scale
        // may be below min_e, a null's bits are anything), whose term the mask zeroes.
        const int shift = std::clamp((e == 0 ? 1 : e) - min_e, 0, 10);
        const auto term = static_cast<int64_t>((mantissa << shift) & (uint64_t{0} - (valid[i] != 0)));
        total += (bits >> 63) != 0 ? -term : term;
      }
    } else {
      for (size_t i = 0; i < values.size(); ++i) {
        const uint64_t bits = std::bit_cast<uint64_t>(values[i]);
        if (!valid[i] || (bits << 1) == 0) continue;
        const int e = static_cast<int>((bits >> 52) & 0x7ff);
        const uint64_t mantissa = (bits & ((uint64_t{1} << 52) - 1)) | (e == 0 ? 0 : uint64_t{1} << 52);
        const __int128 term = static_cast<__int128>(mantissa) << ((e == 0 ? 1 : e) - min_e);
        total += (bits >> 63) != 0 ? -term : term;
      }
    }
    // value = mantissa * 2^(scale - 1075): the total is in units of 2^(min_e - 1075),
    // which is at least 2^-1074, so every piece scales exactly.
    const int unit = min_e - 1075;
    while (total != 0) {
      const auto piece = static_cast<double>(total);
      Add(std::ldexp(piece, unit));
      total -= static_cast<__int128>(piece);
    }
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
