#include "ingest/csv_values.h"

#include <charconv>
#include <cmath>
#include <limits>

#include "common/temporal/temporal.h"
#include "quiver/error.h"
#include "storage/txn/value_convert.h"

namespace quiver::ingest {
namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != b[i]) return false;
  }
  return true;
}

// One array element or scalar of type t into a PropertyValue; error message or "".
// A temporal field: the text as Cypher's date('…'), datetime('…'), … read it.
std::string ParseTemporalText(ValueType t, std::string_view text, storage::PropertyValue* out) {
  TemporalKind kind = TemporalKind::kDate;
  switch (t) {
    case ValueType::kLocalTime: kind = TemporalKind::kLocalTime; break;
    case ValueType::kTime: kind = TemporalKind::kTime; break;
    case ValueType::kLocalDateTime: kind = TemporalKind::kLocalDateTime; break;
    case ValueType::kDateTime: kind = TemporalKind::kDateTime; break;
    case ValueType::kDuration: kind = TemporalKind::kDuration; break;
    default: break;
  }
  try {
    // Only "now" would read the clock, and no ISO text is "now": a fixed one keeps the
    // import deterministic; "Z" is the zone of a time or datetime written without one.
    static const TemporalClock kNoClock = TemporalClock::Fixed(TemporalInstant{});
    auto value = storage::ToPropertyValue(ParseTemporal(kind, text, kNoClock));
    if (!value.ok()) return Shown(text) + ": " + value.status().message();
    *out = std::move(value).value();
    return {};
  } catch (const QuiverError& e) {
    return Shown(text) + " is not a " + std::string(ValueTypeName(t)) + " (" + e.message() + ")";
  }
}

std::string ParseScalar(ValueType t, std::string_view text, storage::PropertyValue* out) {
  switch (t) {
    case ValueType::kInt: {
      int64_t v;
      if (!ParseInt64(text, &v)) return Shown(text) + " is not an integer";
      *out = v;
      return {};
    }
    case ValueType::kFloat: {
      double v;
      if (!ParseDouble(text, &v)) return Shown(text) + " is not a number";
      *out = v;
      return {};
    }
    case ValueType::kBool: {
      bool v;
      if (!ParseBool(text, &v)) return Shown(text) + " is not a boolean (true or false)";
      *out = v;
      return {};
    }
    case ValueType::kString:
      *out = storage::PropertyValue(text);
      return {};
    default:
      return ParseTemporalText(t, text, out);
  }
}

}  // namespace

// 'text' for messages: at most 64 bytes, line breaks shown as \n and \r.
std::string Shown(std::string_view text) {
  std::string s = "'";
  for (char ch : text.substr(0, 64)) {
    if (ch == '\n') {
      s += "\\n";
    } else if (ch == '\r') {
      s += "\\r";
    } else {
      s.push_back(ch);
    }
  }
  if (text.size() > 64) s += "...";
  s += "'";
  return s;
}

bool ParseInt64(std::string_view text, int64_t* out) {
  text = Trim(text);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return ec == std::errc() && end == text.data() + text.size();
}

bool ParseDouble(std::string_view text, double* out) {
  text = Trim(text);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  if (text.empty()) return false;
  if (EqualsIgnoreCase(text, "nan")) {
    *out = std::numeric_limits<double>::quiet_NaN();
    return true;
  }
  const bool neg = text.front() == '-';
  const std::string_view mag = neg ? text.substr(1) : text;
  if (EqualsIgnoreCase(mag, "infinity") || EqualsIgnoreCase(mag, "inf")) {
    *out = neg ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    return true;
  }
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return ec == std::errc() && end == text.data() + text.size();
}

bool ParseBool(std::string_view text, bool* out) {
  text = Trim(text);
  if (EqualsIgnoreCase(text, "true")) {
    *out = true;
    return true;
  }
  if (EqualsIgnoreCase(text, "false")) {
    *out = false;
    return true;
  }
  return false;
}

ColumnType ChunkTypeOf(const ColumnSpec& spec) {
  if (spec.array) return ColumnType::kMixed;
  switch (spec.type) {
    case ValueType::kInt:
      return ColumnType::kInt64;
    case ValueType::kFloat:
      return ColumnType::kDouble;
    case ValueType::kBool:
      return ColumnType::kBool;
    case ValueType::kString:
      return ColumnType::kString;
    default:
      return ColumnType::kMixed;  // a temporal column
  }
}

std::string ParseCell(const ColumnSpec& spec, const Field& field, const CsvDialect& dialect, Cell* cell) {
  cell->kind = Cell::Kind::kAbsent;
  const std::string_view text = field.text;
  // Empty is absent, but a quoted "" is an empty string, or in an array column an empty
  // list (what `quiver export` writes for one).
  if (text.empty() && !(field.quoted && (spec.type == ValueType::kString || spec.array))) return {};
  if (spec.array) {
    storage::PropertyValue::List list;
    if (text.empty()) {
      cell->kind = Cell::Kind::kList;
      cell->list = storage::PropertyValue(std::move(list));
      return {};
    }
    size_t at = 0;
    while (at <= text.size()) {
      size_t next = text.find(dialect.array_delimiter, at);
      if (next == std::string_view::npos) next = text.size();
      storage::PropertyValue v;
      std::string error = ParseScalar(spec.type, text.substr(at, next - at), &v);
      if (!error.empty()) return error + " (in a " + std::string(ValueTypeName(spec.type)) + "[] element)";
      list.push_back(std::move(v));
      at = next + 1;
    }
    cell->kind = Cell::Kind::kList;
    cell->list = storage::PropertyValue(std::move(list));
    return {};
  }
  switch (spec.type) {
    case ValueType::kInt:
      if (!ParseInt64(text, &cell->i)) return Shown(text) + " is not an integer";
      cell->kind = Cell::Kind::kInt;
      return {};
    case ValueType::kFloat:
      if (!ParseDouble(text, &cell->f)) return Shown(text) + " is not a number";
      cell->kind = Cell::Kind::kFloat;
      return {};
    case ValueType::kBool:
      if (!ParseBool(text, &cell->b)) return Shown(text) + " is not a boolean (true or false)";
      cell->kind = Cell::Kind::kBool;
      return {};
    case ValueType::kString:
      cell->kind = Cell::Kind::kString;
      cell->s = text;
      return {};
    default: {
      std::string error = ParseTemporalText(spec.type, text, &cell->list);
      if (error.empty()) cell->kind = Cell::Kind::kList;  // a value the chunk stores as it is
      return error;
    }
  }
}

void AppendCell(const Cell& cell, ColumnChunk* chunk) {
  switch (cell.kind) {
    case Cell::Kind::kAbsent:
      return chunk->AppendAbsent();
    case Cell::Kind::kInt:
      return chunk->AppendInt(cell.i);
    case Cell::Kind::kFloat:
      return chunk->AppendDouble(cell.f);
    case Cell::Kind::kBool:
      return chunk->AppendBool(cell.b);
    case Cell::Kind::kString:
      return chunk->AppendString(cell.s);
    case Cell::Kind::kList:
      return chunk->AppendValue(cell.list);
  }
}

}  // namespace quiver::ingest
