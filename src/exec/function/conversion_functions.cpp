// Type conversion: toString, toInteger, toFloat, toBoolean, their OrNull variants and the
// list forms (toStringList ...). TCK TypeConversion1-4 fix the core: null in, null out; a
// string that does not parse gives null; a value of a kind the function cannot convert
// raises TypeError/InvalidArgumentValue (lists, maps, graph entities; booleans for toFloat;
// floats for toBoolean). The OrNull variants give null instead of raising.
// Where the TCK is silent Quiver follows Neo4j: toInteger(true) = 1, toBoolean(0) = false,
// toBoolean(' TRUE ') = true. A number past the Integer range (toInteger(1e20),
// toInteger('9223372036854775808')) raises ArgumentError/NumberOutOfRange rather than
// saturating as the JVM's casts would.

#include <algorithm>
#include <string>

#include "cypher/ast/cypher_type.h"
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

// valueType(v) (Neo4j 5.13): the most precise Cypher type of the value, as a type
// predicate would write it — "INTEGER NOT NULL", "LIST<STRING NOT NULL> NOT NULL", "NULL".
// A list's element type is the union of its elements' types in the canonical order of
// CypherType::Kind; a null among other elements makes them nullable rather than adding
// NULL; an empty list is LIST<NOTHING>.
using TypeKind = cypher::CypherType::Kind;

cypher::CypherType TypeOfValue(const Value& v) {
  cypher::CypherType t;
  t.not_null = true;
  switch (v.kind()) {
    case ValueKind::kNull: t.kind = TypeKind::kNull; t.not_null = false; return t;
    case ValueKind::kBool: t.kind = TypeKind::kBoolean; return t;
    case ValueKind::kInt: t.kind = TypeKind::kInteger; return t;
    case ValueKind::kFloat: t.kind = TypeKind::kFloat; return t;
    case ValueKind::kDate: t.kind = TypeKind::kDate; return t;
    case ValueKind::kLocalTime: t.kind = TypeKind::kLocalTime; return t;
    case ValueKind::kString: t.kind = TypeKind::kString; return t;
    case ValueKind::kMap: t.kind = TypeKind::kMap; return t;
    case ValueKind::kNode: t.kind = TypeKind::kNode; return t;
    case ValueKind::kRelationship: t.kind = TypeKind::kRelationship; return t;
    case ValueKind::kPath: t.kind = TypeKind::kPath; return t;
    case ValueKind::kTime: t.kind = TypeKind::kZonedTime; return t;
    case ValueKind::kLocalDateTime: t.kind = TypeKind::kLocalDateTime; return t;
    case ValueKind::kDateTime: t.kind = TypeKind::kZonedDateTime; return t;
    case ValueKind::kDuration: t.kind = TypeKind::kDuration; return t;
    case ValueKind::kList: break;
  }
  t.kind = TypeKind::kList;
  std::vector<cypher::CypherType> members;
  bool saw_null = false;
  for (const Value& element : v.AsList()) {
    if (element.IsNull()) {
      saw_null = true;
      continue;
    }
    cypher::CypherType member = TypeOfValue(element);
    if (std::find(members.begin(), members.end(), member) == members.end()) members.push_back(std::move(member));
  }
  if (members.empty()) {
    cypher::CypherType only;
    only.kind = saw_null ? TypeKind::kNull : TypeKind::kNothing;
    t.members.push_back(only);
    return t;
  }
  std::stable_sort(members.begin(), members.end(),
                   [](const cypher::CypherType& a, const cypher::CypherType& b) { return a.kind < b.kind; });
  if (saw_null) {
    for (cypher::CypherType& m : members) m.not_null = false;
  }
  if (members.size() == 1) {
    t.members.push_back(std::move(members[0]));
  } else {
    cypher::CypherType either;
    either.kind = TypeKind::kUnion;
    either.members = std::move(members);
    t.members.push_back(std::move(either));
  }
  return t;
}

Value ValueType(Args args, FunctionContext&) { return Value::String(cypher::CypherTypeToString(TypeOfValue(args[0]))); }

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
    {"valueType", 1, 1, ValueType},
};

}  // namespace

std::span<const ScalarFunction> ConversionFunctions() {
  return kFunctions;
}

}  // namespace quiver::function_internal
