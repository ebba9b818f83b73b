#pragma once
// ResultDigest: a query's answer reduced to something two engines can be compared on —
// the row count, a hash of the rows in a canonical text form, and the first rows — for
// `quiver bench queries` (docs/benchmarks.md, "Analytical queries side by side with
// Kùzu").
//
// The canonical form is defined here and, identically, in bench/peers/kuzu/queries.mjs;
// the two must stay in step (the JS side renders Kùzu's values, this side Quiver's):
//   null            null
//   boolean         true / false
//   integer         its decimal digits, exactly
//   float           rounded to 6 significant digits, half away from zero; an integral
//                   result below 1e15 in magnitude prints as an integer ("3", not
//                   "3.00000e0"), else mantissa "e" exponent ("1.23457e-2") — so 2.9999999999999996
//                   and 3.0 (two summation orders of one average) read the same
//   string          JSON-quoted
//   list            [v,v,...]
// A row is its values joined by ','; the hash is FNV-1a 64 over every row followed by
// '\n', in result order when the query orders its rows and sorted otherwise. Queries
// return scalars only: nodes, maps and temporal values print as <kind> and hash alike.

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "quiver/value.h"

namespace quiver::bench {

inline constexpr uint64_t kFnvOffset = 0xcbf29ce484222325ULL;

std::string CanonicalFloat(double x);
std::string CanonicalValue(const Value& v);
std::string CanonicalRow(const std::vector<Value>& row);

class ResultDigest {
 public:
  // Adds the canonical rows of one execution (sorted first unless `ordered`).
  void AddRows(std::vector<std::string> rows, bool ordered);

  uint64_t rows() const { return rows_; }
  // 16 lowercase hex digits.
  std::string HashHex() const;
  // {"rows", "hash", "sample": the first kSampleRows rows}
  nlohmann::json ToJson() const;

  static constexpr size_t kSampleRows = 10;

 private:
  uint64_t rows_ = 0;
  uint64_t hash_ = kFnvOffset;
  std::vector<std::string> sample_;
};

}  // namespace quiver::bench
