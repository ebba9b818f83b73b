#include "storage/property_value.h"

#include <cstring>

namespace quiver::storage {
namespace {

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
  Status Error(const std::string& what) const {
    return Status::Corruption("encoded value at heap offset " + std::to_string(pos_) + ": " + what);
  }

  std::string_view bytes_;
  uint64_t pos_;
};

}  // namespace

bool operator==(const PropertyValue& a, const PropertyValue& b) {
  if (a.v_.index() != b.v_.index()) return false;
  if (a.is_double()) {
    const double x = a.as_double(), y = b.as_double();
    return std::memcmp(&x, &y, sizeof(double)) == 0;
  }
  return a.v_ == b.v_;
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
      AppendRaw(out, static_cast<uint32_t>(value.as_string().size()));
      out->append(value.as_string());
      break;
    case ValueTag::kList:
      AppendRaw(out, static_cast<uint32_t>(value.as_list().size()));
      for (const auto& v : value.as_list()) EncodeValue(v, out);
      break;
    case ValueTag::kMap:
      // std::map iterates in ascending key order: the encoding is canonical.
      AppendRaw(out, static_cast<uint32_t>(value.as_map().size()));
      for (const auto& [k, v] : value.as_map()) {
        AppendRaw(out, static_cast<uint32_t>(k.size()));
        out->append(k);
        EncodeValue(v, out);
      }
      break;
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
