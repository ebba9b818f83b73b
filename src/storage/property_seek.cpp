#include "storage/property_seek.h"

#include "quiver/value_ops.h"

namespace quiver::storage {

bool SeekMatches(const PropertySeek& seek, const Value& value) {
  if (value.IsNull()) return false;
  switch (seek.kind) {
    case PropertySeek::Kind::kEquals:
      for (const Value& v : seek.values) {
        if (Equals(value, v) == Ternary::kTrue) return true;
      }
      return false;
    case PropertySeek::Kind::kRange:
      if (seek.lower && (seek.lower->inclusive ? GreaterOrEqual(value, seek.lower->value)
                                               : GreaterThan(value, seek.lower->value)) != Ternary::kTrue) {
        return false;
      }
      if (seek.upper && (seek.upper->inclusive ? LessOrEqual(value, seek.upper->value)
                                               : LessThan(value, seek.upper->value)) != Ternary::kTrue) {
        return false;
      }
      return seek.lower.has_value() || seek.upper.has_value();
    case PropertySeek::Kind::kPrefix:
      return value.IsString() && !seek.values.empty() && seek.values[0].IsString() &&
             value.AsString().starts_with(seek.values[0].AsString());
  }
  return false;
}

}  // namespace quiver::storage
