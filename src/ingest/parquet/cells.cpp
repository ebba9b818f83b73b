#include "ingest/parquet/cells.h"

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "common/utf8.h"

namespace quiver::ingest::parquet {
namespace {

constexpr int64_t kNanosPerDay = 86'400'000'000'000;
constexpr int64_t kUnixEpochJulianDay = 2'440'588;

int64_t PerSecond(TimeUnit u) {
  return u == TimeUnit::kMillis ? 1'000 : u == TimeUnit::kMicros ? 1'000'000 : 1'000'000'000;
}

double ParseDecimal(std::string digits, int32_t scale) {
  digits += "e-" + std::to_string(scale);
  return std::strtod(digits.c_str(), nullptr);
}

// The magnitude of a big-endian two's-complement integer as decimal text.
std::string BigDecimalText(std::string_view be) {
  bool negative = !be.empty() && (static_cast<uint8_t>(be[0]) & 0x80);
  std::vector<uint8_t> mag(be.begin(), be.end());
  if (negative) {  // two's complement: invert and add one
    for (auto& b : mag) b = ~b;
    for (size_t i = mag.size(); i-- > 0;) {
      if (++mag[i] != 0) break;
    }
  }
  // Repeated division by 10^9 of the base-256 magnitude; the remainders are the
  // base-10^9 digits, least significant first.
  std::vector<uint32_t> parts;
  size_t first = 0;
  while (first < mag.size() && mag[first] == 0) ++first;
  while (first < mag.size()) {
    uint64_t rem = 0;
    for (size_t i = first; i < mag.size(); ++i) {
      uint64_t cur = (rem << 8) | mag[i];
      mag[i] = static_cast<uint8_t>(cur / 1'000'000'000);
      rem = cur % 1'000'000'000;
    }
    parts.push_back(static_cast<uint32_t>(rem));
    while (first < mag.size() && mag[first] == 0) ++first;
  }
  std::string digits = parts.empty() ? "0" : std::to_string(parts.back());
  for (size_t i = parts.empty() ? 0 : parts.size() - 1; i-- > 0;) {
    std::string part = std::to_string(parts[i]);
    digits.append(9 - part.size(), '0').append(part);
  }
  return negative ? "-" + digits : digits;
}

Status Invalid(std::string why) { return Status::InvalidArgument(std::move(why)); }

}  // namespace

double DecimalToDouble(int64_t unscaled, int32_t scale) { return ParseDecimal(std::to_string(unscaled), scale); }

double DecimalToDouble(std::string_view be, int32_t scale) { return ParseDecimal(BigDecimalText(be), scale); }

Status Int96ToLocalDateTime(std::string_view b, LocalDateTimeValue* out) {
  if (b.size() != 12) return Invalid("INT96 value of " + std::to_string(b.size()) + " bytes");
  int64_t nanos_of_day;
  uint32_t julian_day;
  std::memcpy(&nanos_of_day, b.data(), 8);
  std::memcpy(&julian_day, b.data() + 8, 4);
  if (nanos_of_day < 0 || nanos_of_day >= kNanosPerDay) {
    return Invalid("INT96 timestamp with " + std::to_string(nanos_of_day) + " nanoseconds of the day");
  }
  out->seconds = (static_cast<int64_t>(julian_day) - kUnixEpochJulianDay) * 86'400 + nanos_of_day / 1'000'000'000;
  out->nanos = static_cast<int32_t>(nanos_of_day % 1'000'000'000);
  return Status::OK();
}

Status ElementValue(const ColumnDescriptor& c, const ValueBuffer& v, uint64_t i, storage::PropertyValue* out) {
  switch (c.kind) {
    case CellKind::kBool:
      *out = v.ints[i] != 0;
      return Status::OK();
    case CellKind::kInt:
      *out = v.ints[i];
      return Status::OK();
    case CellKind::kUnsigned: {
      if (c.physical == PhysicalType::kInt32) {
        *out = static_cast<int64_t>(static_cast<uint32_t>(v.ints[i]));
        return Status::OK();
      }
      uint64_t u = static_cast<uint64_t>(v.ints[i]);
      if (u > static_cast<uint64_t>(INT64_MAX)) {
        return Invalid("UINT64 value " + std::to_string(u) + " is above the largest integer Quiver holds (" +
                       std::to_string(INT64_MAX) + ")");
      }
      *out = static_cast<int64_t>(u);
      return Status::OK();
    }
    case CellKind::kDouble:
      *out = v.doubles[i];
      return Status::OK();
    case CellKind::kDecimal:
      *out = v.storage == ValueStorage::kInts ? DecimalToDouble(v.ints[i], c.scale)
                                              : DecimalToDouble(v.bytes_at(i), c.scale);
      return Status::OK();
    case CellKind::kString: {
      std::string_view s = v.bytes_at(i);
      size_t bad = FindInvalidUtf8(s);
      if (bad != std::string_view::npos) return Invalid("not valid UTF-8 (" + DescribeInvalidUtf8Byte(s, bad) + ")");
      *out = s;
      return Status::OK();
    }
    case CellKind::kUuid: {
      std::string_view b = v.bytes_at(i);
      static constexpr char kHex[] = "0123456789abcdef";
      std::string text;
      for (size_t k = 0; k < b.size(); ++k) {
        if (k == 4 || k == 6 || k == 8 || k == 10) text += '-';
        text += kHex[static_cast<uint8_t>(b[k]) >> 4];
        text += kHex[static_cast<uint8_t>(b[k]) & 15];
      }
      *out = std::move(text);
      return Status::OK();
    }
    case CellKind::kDate:
      *out = DateValue{v.ints[i]};
      return Status::OK();
    case CellKind::kTime: {
      if (v.ints[i] < 0 || v.ints[i] >= 86'400 * PerSecond(c.unit)) {
        return Invalid("TIME value " + std::to_string(v.ints[i]) + " is outside the day");
      }
      const int64_t nanos = v.ints[i] * (1'000'000'000 / PerSecond(c.unit));
      if (c.utc) {
        *out = TimeValue{nanos, 0};
      } else {
        *out = LocalTimeValue{nanos};
      }
      return Status::OK();
    }
    case CellKind::kTimestamp: {
      int64_t per = PerSecond(c.unit), t = v.ints[i];
      int64_t seconds = t / per, rest = t % per;
      if (rest < 0) {  // floor division: instants before 1970 keep nanos in [0, 1e9)
        rest += per;
        --seconds;
      }
      auto nanos = static_cast<int32_t>(rest * (1'000'000'000 / per));
      if (c.utc) {
        *out = DateTimeValue{seconds, nanos, 0, ""};
      } else {
        *out = LocalDateTimeValue{seconds, nanos};
      }
      return Status::OK();
    }
    case CellKind::kInt96: {
      LocalDateTimeValue t;
      QUIVER_RETURN_IF_ERROR(Int96ToLocalDateTime(v.bytes_at(i), &t));
      *out = t;
      return Status::OK();
    }
  }
  return Invalid("unknown cell kind");
}

Status CellValue(const ColumnDescriptor& c, const DecodedColumn& d, uint64_t row, storage::PropertyValue* out) {
  RowState state = d.StateOf(row);
  if (state == RowState::kNull) {
    *out = storage::PropertyValue();
    return Status::OK();
  }
  if (state == RowState::kNullElement) {
    return Invalid("the list holds a null element (a Quiver list cannot hold null)");
  }
  if (!c.is_list) return ElementValue(c, d.values, d.ValueIndex(row), out);
  storage::PropertyValue::List list;
  uint64_t end = d.ValueEnd(row);
  list.reserve(end - d.ValueIndex(row));
  for (uint64_t i = d.ValueIndex(row); i < end; ++i) {
    QUIVER_RETURN_IF_ERROR(ElementValue(c, d.values, i, &list.emplace_back()));
  }
  *out = std::move(list);
  return Status::OK();
}

}  // namespace quiver::ingest::parquet
