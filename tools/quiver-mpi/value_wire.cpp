// The row encoding: per row a u32 cell count, per cell a tag byte then its payload
// (u64 for integers and float bits, u32 length + bytes for strings, u32 count + items
// for lists, u32 count + (key, value) pairs for maps). Host byte order: the ranks of
// one job run the same binary on the same architecture.
#include "value_wire.h"

#include <cstring>

namespace quiver::mpi {
namespace {

enum class Tag : uint8_t { kNull = 1, kFalse, kTrue, kInt, kFloat, kString, kList, kMap };

template <typename T>
void Put(std::string& out, T v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}

void PutString(std::string& out, std::string_view s) {
  Put(out, static_cast<uint32_t>(s.size()));
  out.append(s);
}

Status Encode(const Value& v, std::string& out) {
  switch (v.kind()) {
    case ValueKind::kNull:
      out.push_back(static_cast<char>(Tag::kNull));
      return Status::OK();
    case ValueKind::kBool:
      out.push_back(static_cast<char>(v.AsBool() ? Tag::kTrue : Tag::kFalse));
      return Status::OK();
    case ValueKind::kInt:
      out.push_back(static_cast<char>(Tag::kInt));
      Put(out, v.AsInt());
      return Status::OK();
    case ValueKind::kFloat:
      out.push_back(static_cast<char>(Tag::kFloat));
      Put(out, v.AsFloat());
      return Status::OK();
    case ValueKind::kString:
      out.push_back(static_cast<char>(Tag::kString));
      PutString(out, v.AsString());
      return Status::OK();
    case ValueKind::kList:
      out.push_back(static_cast<char>(Tag::kList));
      Put(out, static_cast<uint32_t>(v.AsList().size()));
      for (const Value& item : v.AsList()) QUIVER_RETURN_IF_ERROR(Encode(item, out));
      return Status::OK();
    case ValueKind::kMap:
      out.push_back(static_cast<char>(Tag::kMap));
      Put(out, static_cast<uint32_t>(v.AsMap().size()));
      for (const auto& [key, item] : v.AsMap()) {
        PutString(out, key);
        QUIVER_RETURN_IF_ERROR(Encode(item, out));
      }
      return Status::OK();
    default:
      return Status::InvalidArgument("a " + std::string(KindName(v.kind())) +
                                     " value cannot be gathered across ranks (a node's, relationship's or "
                                     "path's identity is its partition's; return its properties instead)");
  }
}

class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  bool done() const { return at_ == bytes_.size(); }

  template <typename T>
  Result<T> Get() {
    if (bytes_.size() - at_ < sizeof(T)) return Short();
    T v;
    std::memcpy(&v, bytes_.data() + at_, sizeof v);
    at_ += sizeof v;
    return v;
  }
  Result<std::string> GetString() {
    QUIVER_ASSIGN_OR_RETURN(uint32_t n, Get<uint32_t>());
    if (bytes_.size() - at_ < n) return Short();
    std::string s(bytes_.substr(at_, n));
    at_ += n;
    return s;
  }
  Result<Value> GetValue() {
    QUIVER_ASSIGN_OR_RETURN(uint8_t tag, Get<uint8_t>());
    switch (static_cast<Tag>(tag)) {
      case Tag::kNull:
        return Value::Null();
      case Tag::kFalse:
        return Value::Bool(false);
      case Tag::kTrue:
        return Value::Bool(true);
      case Tag::kInt: {
        QUIVER_ASSIGN_OR_RETURN(int64_t i, Get<int64_t>());
        return Value::Int(i);
      }
      case Tag::kFloat: {
        QUIVER_ASSIGN_OR_RETURN(double d, Get<double>());
        return Value::Float(d);
      }
      case Tag::kString: {
        QUIVER_ASSIGN_OR_RETURN(std::string s, GetString());
        return Value::String(std::move(s));
      }
      case Tag::kList: {
        QUIVER_ASSIGN_OR_RETURN(uint32_t n, Get<uint32_t>());
        std::vector<Value> items;
        for (uint32_t i = 0; i < n; ++i) {
          QUIVER_ASSIGN_OR_RETURN(Value item, GetValue());
          items.push_back(std::move(item));
        }
        return Value::List(std::move(items));
      }
      case Tag::kMap: {
        QUIVER_ASSIGN_OR_RETURN(uint32_t n, Get<uint32_t>());
        std::vector<ValueMap::Entry> entries;
        for (uint32_t i = 0; i < n; ++i) {
          QUIVER_ASSIGN_OR_RETURN(std::string key, GetString());
          QUIVER_ASSIGN_OR_RETURN(Value item, GetValue());
          entries.emplace_back(std::move(key), std::move(item));
        }
        return Value::Map(ValueMap(std::move(entries)));
      }
    }
    return Status::Corruption("gathered rows: unknown value tag " + std::to_string(tag));
  }

 private:
  static Status Short() { return Status::Corruption("gathered rows: cut short"); }
  std::string_view bytes_;
  size_t at_ = 0;
};

}  // namespace

Result<std::string> EncodeRows(const Rows& rows) {
  std::string out;
  for (const auto& row : rows) {
    Put(out, static_cast<uint32_t>(row.size()));
    for (const Value& v : row) QUIVER_RETURN_IF_ERROR(Encode(v, out));
  }
  return out;
}

Status DecodeRows(std::string_view bytes, Rows* rows) {
  Reader in(bytes);
  while (!in.done()) {
    QUIVER_ASSIGN_OR_RETURN(uint32_t n, in.Get<uint32_t>());
    std::vector<Value> row;
    for (uint32_t i = 0; i < n; ++i) {
      QUIVER_ASSIGN_OR_RETURN(Value v, in.GetValue());
      row.push_back(std::move(v));
    }
    rows->push_back(std::move(row));
  }
  return Status::OK();
}

}  // namespace quiver::mpi
