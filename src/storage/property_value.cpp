#include "storage/property_value.h"

#include <cstring>

namespace quiver::storage {
namespace {

constexpr int64_t kNanosPerSecond = 1'000'000'000;
constexpr int64_t kNanosPerDay = 86'400 * kNanosPerSecond;
// UTC offsets are limited to +-18:00 (as in Java's ZoneOffset, which Neo4j and the TCK
// follow); anything wider in a file is damage, not data.
constexpr int32_t kMaxOffsetSeconds = 18 * 3600;

template <typename T>
void AppendRaw(std::string* out, T v) {
  char buf[sizeof(T)];
  std::memcpy(buf, &v, sizeof(T));
  out->append(buf, sizeof(T));
}

class Decoder {
 public:
  Decoder(std::string_view bytes, uint64_t pos) : bytes_(bytes), pos_(pos) {}
  uint64_t pos() const { return pos_; }

  Result<PropertyValue> Value(int depth) {
    if (depth > kMaxValueNesting) return Error("nesting deeper than 64");
    uint8_t tag = 0;
    QUIVER_RETURN_IF_ERROR(Read(&tag));
    switch (static_cast<ValueTag>(tag)) {
      case ValueTag::kNull:
        return PropertyValue();
      case ValueTag::kBool: {
        uint8_t b = 0;
        QUIVER_RETURN_IF_ERROR(Read(&b));
        if (b > 1) return Error("bool byte " + std::to_string(b));
        return PropertyValue(b == 1);
      }
      case ValueTag::kInt64: {
        int64_t v = 0;
        QUIVER_RETURN_IF_ERROR(Read(&v));
        return PropertyValue(v);
      }
      case ValueTag::kDouble: {
        double v = 0;
        QUIVER_RETURN_IF_ERROR(Read(&v));
        return PropertyValue(v);
      }
      case ValueTag::kString: {
        std::string_view s;
        QUIVER_RETURN_IF_ERROR(ReadString(&s));
        return PropertyValue(s);
      }
      case ValueTag::kList: {
        uint32_t n = 0;
        QUIVER_RETURN_IF_ERROR(Read(&n));
        // Each element takes at least one byte: reject counts the input cannot hold
        // before reserving memory for them.
        if (n > bytes_.size() - pos_) return Error("list count " + std::to_string(n) + " exceeds the data");
        PropertyValue::List list;
        list.reserve(n);
        for (uint32_t i = 0; i < n; ++i) {
          QUIVER_ASSIGN_OR_RETURN(auto v, Value(depth + 1));
          list.push_back(std::move(v));
        }
        return PropertyValue(std::move(list));
      }
      case ValueTag::kMap: {
        uint32_t n = 0;
        QUIVER_RETURN_IF_ERROR(Read(&n));
        if (n > bytes_.size() - pos_) return Error("map count " + std::to_string(n) + " exceeds the data");
        PropertyValue::Map map;
        std::string_view prev;
        for (uint32_t i = 0; i < n; ++i) {
          std::string_view key;
          QUIVER_RETURN_IF_ERROR(ReadString(&key));
          if (i > 0 && !(prev < key)) return Error("map keys not strictly ascending");
          prev = key;
          QUIVER_ASSIGN_OR_RETURN(auto v, Value(depth + 1));
          map.emplace(std::string(key), std::move(v));
        }
        return PropertyValue(std::move(map));
      }
      case ValueTag::kDate: {
        DateValue v;
        QUIVER_RETURN_IF_ERROR(Read(&v.days));
        return PropertyValue(v);
      }
      case ValueTag::kLocalTime: {
        LocalTimeValue v;
        QUIVER_RETURN_IF_ERROR(Read(&v.nanos));
        QUIVER_RETURN_IF_ERROR(CheckNanosOfDay(v.nanos));
        return PropertyValue(v);
      }
      case ValueTag::kTime: {
        TimeValue v;
        QUIVER_RETURN_IF_ERROR(Read(&v.nanos));
        QUIVER_RETURN_IF_ERROR(Read(&v.offset_seconds));
        QUIVER_RETURN_IF_ERROR(CheckNanosOfDay(v.nanos));
        QUIVER_RETURN_IF_ERROR(CheckOffset(v.offset_seconds));
        return PropertyValue(v);
      }
      case ValueTag::kLocalDateTime: {
        LocalDateTimeValue v;
        QUIVER_RETURN_IF_ERROR(Read(&v.seconds));
        QUIVER_RETURN_IF_ERROR(Read(&v.nanos));
        QUIVER_RETURN_IF_ERROR(CheckNanosOfSecond(v.nanos));
        return PropertyValue(v);
      }
      case ValueTag::kDateTime: {
        DateTimeValue v;
        QUIVER_RETURN_IF_ERROR(Read(&v.seconds));
        QUIVER_RETURN_IF_ERROR(Read(&v.nanos));
        QUIVER_RETURN_IF_ERROR(Read(&v.offset_seconds));
        std::string_view zone;
        QUIVER_RETURN_IF_ERROR(ReadString(&zone));
        QUIVER_RETURN_IF_ERROR(CheckNanosOfSecond(v.nanos));
        QUIVER_RETURN_IF_ERROR(CheckOffset(v.offset_seconds));
        v.zone = std::string(zone);
        return PropertyValue(std::move(v));
      }
      case ValueTag::kDuration: {
        DurationValue v;
        QUIVER_RETURN_IF_ERROR(Read(&v.months));
        QUIVER_RETURN_IF_ERROR(Read(&v.days));
        QUIVER_RETURN_IF_ERROR(Read(&v.seconds));
        QUIVER_RETURN_IF_ERROR(Read(&v.nanos));
        QUIVER_RETURN_IF_ERROR(CheckNanosOfSecond(v.nanos));
        return PropertyValue(v);
      }
    }
    return Error("invalid value tag " + std::to_string(tag));
  }

 private:
  template <typename T>
  Status Read(T* v) {
    if (bytes_.size() - pos_ < sizeof(T)) return Error("truncated value");
    std::memcpy(v, bytes_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return Status::OK();
  }
  Status ReadString(std::string_view* s) {
    uint32_t len = 0;
    QUIVER_RETURN_IF_ERROR(Read(&len));
    if (bytes_.size() - pos_ < len) return Error("truncated string");
    *s = bytes_.substr(pos_, len);
    pos_ += len;
    return Status::OK();
  }
  Status CheckNanosOfDay(int64_t nanos) const {
    if (nanos < 0 || nanos >= kNanosPerDay)
      return Error("nanosecond of day " + std::to_string(nanos) + " out of range");
    return Status::OK();
  }
  Status CheckNanosOfSecond(int32_t nanos) const {
    if (nanos < 0 || nanos >= kNanosPerSecond)
      return Error("nanosecond " + std::to_string(nanos) + " out of range");
    return Status::OK();
  }
  Status CheckOffset(int32_t seconds) const {
    if (seconds < -kMaxOffsetSeconds || seconds > kMaxOffsetSeconds) {
      return Error("UTC offset " + std::to_string(seconds) + " s out of range");
    }
    return Status::OK();
  }
  Status Error(const std::string& what) const {
    return Status::Corruption("encoded value at heap offset " + std::to_string(pos_) + ": " + what);
  }

  std::string_view bytes_;
  uint64_t pos_;
};

void AppendString(std::string* out, std::string_view s) {
  AppendRaw(out, static_cast<uint32_t>(s.size()));
  out->append(s);
}

// Debug text of a temporal: the Cypher constructor call that would make it.
template <typename T>
std::string TemporalString(const char* function, const T& v) {
  std::string s = std::string(function) + "('";
  AppendIso(s, v);
  return s + "')";
}

}  // namespace

bool operator==(const PropertyValue& a, const PropertyValue& b) {
  if (a.v_.index() != b.v_.index()) return false;
  switch (a.tag()) {
    case ValueTag::kDouble: {
      const double x = a.as_double(), y = b.as_double();
      return std::memcmp(&x, &y, sizeof(double)) == 0;
    }
    case ValueTag::kNull:
      return true;
    case ValueTag::kBool:
      return a.as_bool() == b.as_bool();
    case ValueTag::kInt64:
      return a.as_int() == b.as_int();
    case ValueTag::kString:
      return a.as_string() == b.as_string();
    // Element-wise through this operator, so doubles and temporals nested inside keep
    // the same rules.
    case ValueTag::kList:
      return a.as_list() == b.as_list();
    case ValueTag::kMap:
      return a.as_map() == b.as_map();
    case ValueTag::kDate:
      return a.as_date().days == b.as_date().days;
    case ValueTag::kLocalTime:
      return a.as_local_time().nanos == b.as_local_time().nanos;
    case ValueTag::kTime:
      return a.as_time().nanos == b.as_time().nanos &&
             a.as_time().offset_seconds == b.as_time().offset_seconds;
    case ValueTag::kLocalDateTime:
      return a.as_local_date_time().seconds == b.as_local_date_time().seconds &&
             a.as_local_date_time().nanos == b.as_local_date_time().nanos;
    case ValueTag::kDateTime: {
      const DateTimeValue &x = a.as_date_time(), &y = b.as_date_time();
      return x.seconds == y.seconds && x.nanos == y.nanos && x.offset_seconds == y.offset_seconds &&
             x.zone == y.zone;
    }
    case ValueTag::kDuration: {
      const DurationValue x = a.as_duration(), y = b.as_duration();
      return x.months == y.months && x.days == y.days && x.seconds == y.seconds && x.nanos == y.nanos;
    }
  }
  return false;
}

std::string PropertyValue::ToString() const {
  switch (tag()) {
    case ValueTag::kNull:
      return "null";
    case ValueTag::kBool:
      return as_bool() ? "true" : "false";
    case ValueTag::kInt64:
      return std::to_string(as_int());
    case ValueTag::kDouble:
      return std::to_string(as_double());
    case ValueTag::kString:
      return "\"" + as_string() + "\"";
    case ValueTag::kList: {
      std::string s = "[";
      for (size_t i = 0; i < as_list().size(); ++i) s += (i ? ", " : "") + as_list()[i].ToString();
      return s + "]";
    }
    case ValueTag::kMap: {
      std::string s = "{";
      bool first = true;
      for (const auto& [k, v] : as_map()) {
        s += (first ? "" : ", ") + k + ": " + v.ToString();
        first = false;
      }
      return s + "}";
    }
    case ValueTag::kDate:
      return TemporalString("date", as_date());
    case ValueTag::kLocalTime:
      return TemporalString("localtime", as_local_time());
    case ValueTag::kTime:
      return TemporalString("time", as_time());
    case ValueTag::kLocalDateTime:
      return TemporalString("localdatetime", as_local_date_time());
    case ValueTag::kDateTime:
      return TemporalString("datetime", as_date_time());
    case ValueTag::kDuration:
      return TemporalString("duration", as_duration());
  }
  return "?";
}

void EncodeValue(const PropertyValue& value, std::string* out) {
  out->push_back(static_cast<char>(value.tag()));
  switch (value.tag()) {
    case ValueTag::kNull:
      break;
    case ValueTag::kBool:
      out->push_back(value.as_bool() ? 1 : 0);
      break;
    case ValueTag::kInt64:
      AppendRaw(out, value.as_int());
      break;
    case ValueTag::kDouble:
      AppendRaw(out, value.as_double());
      break;
    case ValueTag::kString:
      AppendString(out, value.as_string());
      break;
    case ValueTag::kList:
      AppendRaw(out, static_cast<uint32_t>(value.as_list().size()));
      for (const auto& v : value.as_list()) EncodeValue(v, out);
      break;
    case ValueTag::kMap:
      // std::map iterates in ascending key order: the encoding is canonical.
      AppendRaw(out, static_cast<uint32_t>(value.as_map().size()));
      for (const auto& [k, v] : value.as_map()) {
        AppendString(out, k);
        EncodeValue(v, out);
      }
      break;
    // Temporals: fixed-width little-endian fields in the order of the structs in
    // quiver/value_temporal.h, no padding; DateTime ends with its zone name as a string.
    case ValueTag::kDate:
      AppendRaw(out, value.as_date().days);
      break;
    case ValueTag::kLocalTime:
      AppendRaw(out, value.as_local_time().nanos);
      break;
    case ValueTag::kTime:
      AppendRaw(out, value.as_time().nanos);
      AppendRaw(out, value.as_time().offset_seconds);
      break;
    case ValueTag::kLocalDateTime:
      AppendRaw(out, value.as_local_date_time().seconds);
      AppendRaw(out, value.as_local_date_time().nanos);
      break;
    case ValueTag::kDateTime: {
      const DateTimeValue& v = value.as_date_time();
      AppendRaw(out, v.seconds);
      AppendRaw(out, v.nanos);
      AppendRaw(out, v.offset_seconds);
      AppendString(out, v.zone);
      break;
    }
    case ValueTag::kDuration: {
      const DurationValue v = value.as_duration();
      AppendRaw(out, v.months);
      AppendRaw(out, v.days);
      AppendRaw(out, v.seconds);
      AppendRaw(out, v.nanos);
      break;
    }
  }
}

Result<PropertyValue> DecodeValue(std::string_view bytes, uint64_t* pos) {
  if (*pos > bytes.size()) return Status::Corruption("encoded value offset " + std::to_string(*pos) + " past the heap");
  Decoder d(bytes, *pos);
  Result<PropertyValue> value = d.Value(0);
  if (value.ok()) *pos = d.pos();
  return value;
}

}  // namespace quiver::storage
