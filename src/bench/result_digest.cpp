#include "bench/result_digest.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>

namespace quiver::bench {

std::string CanonicalFloat(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  // Round half away from zero on the exact decimal expansion: the 7th significant digit
  // decides, as JavaScript's toExponential(5) does. printf's own rounding is half to even,
  // which disagrees on exact ties such as 123456.5 (an average of integers can be one).
  char buf[96];
  std::snprintf(buf, sizeof(buf), "%.40e", std::fabs(x));  // "d.dddd...e+XX"
  std::string digits;
  digits.push_back(buf[0]);
  digits.append(buf + 2, 5);
  const char* e = std::strchr(buf, 'e');
  int exponent = std::atoi(e + 1);
  if (buf[7] >= '5') {
    int i = 5;
    while (i >= 0 && digits[static_cast<size_t>(i)] == '9') digits[static_cast<size_t>(i--)] = '0';
    if (i < 0) {
      digits = "100000";
      ++exponent;
    } else {
      ++digits[static_cast<size_t>(i)];
    }
  }
  const bool negative = std::signbit(x) && digits != "000000";
  const std::string sign = negative ? "-" : "";
  if (digits == "000000") return "0";
  // Integral: the digits after the decimal point of digits x 10^(exponent-5) are zeros.
  if (exponent < 15) {
    const int fraction_digits = 5 - exponent;  // digits right of the point
    bool integral = fraction_digits <= 0;
    if (!integral && fraction_digits <= 5) {
      integral = digits.find_first_not_of('0', static_cast<size_t>(6 - fraction_digits)) == std::string::npos;
    }
    if (integral) {
      std::string whole = fraction_digits <= 0
                              ? digits + std::string(static_cast<size_t>(-fraction_digits), '0')
                              : digits.substr(0, static_cast<size_t>(6 - fraction_digits));
      return sign + whole;
    }
  }
  std::string mantissa = digits.substr(0, 1) + "." + digits.substr(1);
  return sign + mantissa + "e" + std::to_string(exponent);
}

std::string CanonicalValue(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kNull:
      return "null";
    case ValueKind::kBool:
      return v.AsBool() ? "true" : "false";
    case ValueKind::kInt:
      return std::to_string(v.AsInt());
    case ValueKind::kFloat:
      return CanonicalFloat(v.AsFloat());
    case ValueKind::kString:
      return nlohmann::json(std::string(v.AsString())).dump();
    case ValueKind::kList: {
      std::string out = "[";
      const auto& items = v.AsList();
      for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += ",";
        out += CanonicalValue(items[i]);
      }
      return out + "]";
    }
    default:
      return "<" + std::to_string(static_cast<int>(v.kind())) + ">";
  }
}

std::string CanonicalRow(const std::vector<Value>& row) {
  std::string out;
  for (size_t i = 0; i < row.size(); ++i) {
    if (i) out += ",";
    out += CanonicalValue(row[i]);
  }
  return out;
}

void ResultDigest::AddRows(std::vector<std::string> rows, bool ordered) {
  if (!ordered) std::sort(rows.begin(), rows.end());
  for (const std::string& r : rows) {
    for (unsigned char c : r) hash_ = (hash_ ^ c) * 0x100000001b3ULL;
    hash_ = (hash_ ^ static_cast<unsigned char>('\n')) * 0x100000001b3ULL;
    if (sample_.size() < kSampleRows) sample_.push_back(r);
  }
  rows_ += rows.size();
}

std::string ResultDigest::HashHex() const {
  char buf[17];
  std::snprintf(buf, sizeof(buf), "%016llx", static_cast<unsigned long long>(hash_));
  return buf;
}

nlohmann::json ResultDigest::ToJson() const {
  return {{"rows", rows_}, {"hash", HashHex()}, {"sample", sample_}};
}

}  // namespace quiver::bench
