// Type conversion: toString, toInteger, toFloat, toBoolean, their OrNull variants and the
// list forms (toStringList ...). TCK TypeConversion1-4 fix the core: null in, null out; a
// string that does not parse gives null; a value of a kind the function cannot convert
// raises TypeError/InvalidArgumentValue (lists, maps, graph entities; booleans for toFloat;
// floats for toBoolean). The OrNull variants give null instead of raising.
// Where the TCK is silent Quiver follows Neo4j: toInteger(true) = 1, toBoolean(0) = false,
// toBoolean(' TRUE ') = true. A number past the Integer range (toInteger(1e20),
// toInteger('9223372036854775808')) raises ArgumentError/NumberOutOfRange rather than
// saturating as the JVM's casts would.

#include <string>

#include "exec/function/builtin_functions.h"
#include "exec/function/function_args.h"
#include "exec/function/number_text.h"

namespace quiver::function_internal {
namespace {

using Args = std::span<const Value>;

// How a conversion reports a value it cannot convert.
enum class Failure { kRaise, kNull };

Value Unconvertible(std::string_view fn, const Value& v, Failure failure) {
  if (failure == Failure::kNull) return Value::Null();
  ThrowConversionType(fn, v);
}

Value ConvertToString(std::string_view fn, const Value& v, Failure failure) {
  std::string out;
  switch (v.kind()) {
    case ValueKind::kNull:
    case ValueKind::kString:
      return v;
    case ValueKind::kBool:
      return Value::String(v.AsBool() ? "true" : "false");
    case ValueKind::kInt:
      return Value::String(std::to_string(v.AsInt()));
    case ValueKind::kFloat:
      return Value::String(FloatToCypherString(v.AsFloat()));
    case ValueKind::kDate:
      AppendIso(out, v.AsDate());
      return Value::String(std::move(out));
    case ValueKind::kLocalTime:
      AppendIso(out, v.AsLocalTime());
      return Value::String(std::move(out));
    case ValueKind::kTime:
      AppendIso(out, v.AsTime());
      return Value::String(std::move(out));
    case ValueKind::kLocalDateTime:
      AppendIso(out, v.AsLocalDateTime());
      return Value::String(std::move(out));
    case ValueKind::kDateTime:
      AppendIso(out, v.AsDateTime());
      return Value::String(std::move(out));
    case ValueKind::kDuration:
      AppendIso(out, v.AsDuration());
      return Value::String(std::move(out));
    default:
      return Unconvertible(fn, v, failure);
  }
}

Value OutOfIntegerRange(std::string_view fn, std::string text, Failure failure) {
  if (failure == Failure::kNull) return Value::Null();
  ThrowArgumentValue("NumberOutOfRange", std::string(fn) + "(): " + text + " is out of the Integer range");
}

Value ConvertToInteger(std::string_view fn, const Value& v, Failure failure) {
  int64_t out = 0;
  switch (v.kind()) {
    case ValueKind::kNull:
    case ValueKind::kInt:
      return v;
    case ValueKind::kBool:
      return Value::Int(v.AsBool() ? 1 : 0);
    case ValueKind::kFloat:
      if (TruncateToInteger(v.AsFloat(), out)) return Value::Int(out);
      return OutOfIntegerRange(fn, FloatToCypherString(v.AsFloat()), failure);
    case ValueKind::kString:
      switch (ParseIntegerText(v.AsString(), out)) {
        case IntegerParse::kOk:
          return Value::Int(out);
        case IntegerParse::kNotANumber:
          return Value::Null();
        case IntegerParse::kOutOfRange: {
          std::string quoted(1, '\'');  // appended, not operator+: dodges a GCC 12 -Wrestrict false positive
          quoted.append(v.AsString()).push_back('\'');
          return OutOfIntegerRange(fn, std::move(quoted), failure);
        }
      }
      break;
    default:
      break;
  }
  return Unconvertible(fn, v, failure);
}

Value ConvertToFloat(std::string_view fn, const Value& v, Failure failure) {
  switch (v.kind()) {
    case ValueKind::kNull:
    case ValueKind::kFloat:
      return v;
    case ValueKind::kInt:
      return Value::Float(static_cast<double>(v.AsInt()));
    case ValueKind::kString: {
      const std::optional<double> d = ParseFloat(v.AsString());
      return d ? Value::Float(*d) : Value::Null();
    }
    default:
      return Unconvertible(fn, v, failure);
  }
}

bool EqualsIgnoreAsciiCase(std::string_view a, std::string_view lower) {
  if (a.size() != lower.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const char c = a[i] >= 'A' && a[i] <= 'Z' ? static_cast<char>(a[i] - 'A' + 'a') : a[i];
    if (c != lower[i]) return false;
  }
  return true;
}

Value ConvertToBoolean(std::string_view fn, const Value& v, Failure failure) {
  switch (v.kind()) {
    case ValueKind::kNull:
    case ValueKind::kBool:
      return v;
    case ValueKind::kInt:
      return Value::Bool(v.AsInt() != 0);
    case ValueKind::kString: {
      std::string_view s = v.AsString();
      while (!s.empty() && static_cast<unsigned char>(s.front()) <= 0x20) s.remove_prefix(1);
      while (!s.empty() && static_cast<unsigned char>(s.back()) <= 0x20) s.remove_suffix(1);
      if (EqualsIgnoreAsciiCase(s, "true")) return Value::Bool(true);
      if (EqualsIgnoreAsciiCase(s, "false")) return Value::Bool(false);
      return Value::Null();
    }
    default:
      return Unconvertible(fn, v, failure);
  }
}

using Converter = Value (*)(std::string_view fn, const Value& v, Failure failure);

template <const char* kName, Converter kConvert>
Value Convert(Args args, FunctionContext&) {
  return kConvert(kName, args[0], Failure::kRaise);
}

template <const char* kName, Converter kConvert>
Value ConvertOrNull(Args args, FunctionContext&) {
  return kConvert(kName, args[0], Failure::kNull);
}

// toStringList(list) and friends: each element converted, null where it cannot be.
template <const char* kName, Converter kConvert>
Value ConvertList(Args args, FunctionContext&) {
  const Value& list = args[0];
  if (list.IsNull()) return list;
  if (!list.IsList()) ThrowArgumentType(kName, "a List", list);
  std::vector<Value> out;
  out.reserve(list.AsList().size());
  for (const Value& item : list.AsList()) out.push_back(kConvert(kName, item, Failure::kNull));
  return Value::List(std::move(out));
}

constexpr char kToString[] = "toString", kToStringOrNull[] = "toStringOrNull",
               kToStringList[] = "toStringList", kToInteger[] = "toInteger",
               kToIntegerOrNull[] = "toIntegerOrNull", kToIntegerList[] = "toIntegerList",
               kToFloat[] = "toFloat", kToFloatOrNull[] = "toFloatOrNull", kToFloatList[] = "toFloatList",
               kToBoolean[] = "toBoolean", kToBooleanOrNull[] = "toBooleanOrNull",
               kToBooleanList[] = "toBooleanList";

constexpr ScalarFunction kFunctions[] = {
    {kToString, 1, 1, Convert<kToString, ConvertToString>},
    {kToStringOrNull, 1, 1, ConvertOrNull<kToStringOrNull, ConvertToString>},
    {kToStringList, 1, 1, ConvertList<kToStringList, ConvertToString>},
    {kToInteger, 1, 1, Convert<kToInteger, ConvertToInteger>},
    {kToIntegerOrNull, 1, 1, ConvertOrNull<kToIntegerOrNull, ConvertToInteger>},
    {kToIntegerList, 1, 1, ConvertList<kToIntegerList, ConvertToInteger>},
    {kToFloat, 1, 1, Convert<kToFloat, ConvertToFloat>},
    {kToFloatOrNull, 1, 1, ConvertOrNull<kToFloatOrNull, ConvertToFloat>},
    {kToFloatList, 1, 1, ConvertList<kToFloatList, ConvertToFloat>},
    {kToBoolean, 1, 1, Convert<kToBoolean, ConvertToBoolean>},
    {kToBooleanOrNull, 1, 1, ConvertOrNull<kToBooleanOrNull, ConvertToBoolean>},
    {kToBooleanList, 1, 1, ConvertList<kToBooleanList, ConvertToBoolean>},
};

}  // namespace

std::span<const ScalarFunction> ConversionFunctions() {
  return kFunctions;
}

}  // namespace quiver::function_internal
