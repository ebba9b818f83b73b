// List functions (and the functions that take a list or a string alike: size, reverse,
// isEmpty). A null argument gives null; a value of the wrong kind raises
// TypeError/InvalidArgumentType, except range(), whose wrong-typed arguments the TCK wants
// as ArgumentError/InvalidArgumentType (List11 #5).

#include <algorithm>
#include <string>
#include <vector>

#include "exec/function/builtin_functions.h"
#include "exec/function/function_args.h"
#include "common/utf8.h"

namespace quiver::function_internal {
namespace {

using Args = std::span<const Value>;

// range() refuses to build lists past this many elements (16 bytes each: 4 GiB), which
// no query means to build; the memory budget proper is the executor's to enforce.
constexpr int64_t kMaxRangeSize = int64_t{1} << 28;

const std::vector<Value>& ListArg(std::string_view fn, const Value& v) {
  if (!v.IsList()) ThrowArgumentType(fn, "a List", v);
  return v.AsList();
}

Value Size(Args args, FunctionContext&) {
  const Value& x = args[0];
  if (x.IsNull()) return x;
  if (x.IsString()) return Value::Int(static_cast<int64_t>(CodePointCount(x.AsString())));
  if (x.IsList()) return Value::Int(static_cast<int64_t>(x.AsList().size()));
  ThrowArgumentType("size", "a List or a String", x);
}

Value IsEmpty(Args args, FunctionContext&) {
  const Value& x = args[0];
  if (x.IsNull()) return x;
  if (x.IsString()) return Value::Bool(x.AsString().empty());
  if (x.IsList()) return Value::Bool(x.AsList().empty());
  if (x.IsMap()) return Value::Bool(x.AsMap().empty());
  ThrowArgumentType("isEmpty", "a List, a String or a Map", x);
}

Value Head(Args args, FunctionContext&) {
  if (args[0].IsNull()) return args[0];
  const std::vector<Value>& list = ListArg("head", args[0]);
  return list.empty() ? Value::Null() : list.front();
}

Value Last(Args args, FunctionContext&) {
  if (args[0].IsNull()) return args[0];
  const std::vector<Value>& list = ListArg("last", args[0]);
  return list.empty() ? Value::Null() : list.back();
}

Value Tail(Args args, FunctionContext&) {
  if (args[0].IsNull()) return args[0];
  const std::vector<Value>& list = ListArg("tail", args[0]);
  if (list.empty()) return args[0];
  return Value::List(std::vector<Value>(list.begin() + 1, list.end()));
}

Value Reverse(Args args, FunctionContext&) {
  const Value& x = args[0];
  if (x.IsNull()) return x;
  if (x.IsList()) return Value::List(std::vector<Value>(x.AsList().rbegin(), x.AsList().rend()));
  if (!x.IsString()) ThrowArgumentType("reverse", "a List or a String", x);
  const std::string_view s = x.AsString();
  std::string out(s.size(), '\0');
  for (size_t i = 0; i < s.size();) {  // code point by code point, each copied to its mirror place
    const size_t len = Utf8SequenceLength(s, i);
    std::copy_n(s.begin() + static_cast<ptrdiff_t>(i), len, out.end() - static_cast<ptrdiff_t>(i + len));
    i += len;
  }
  return Value::String(std::move(out));
}

int64_t RangeArg(const Value& v) {
  if (!v.IsInt()) {
    ThrowArgumentValue("InvalidArgumentType",
                       "range() expects Integer arguments, got " + std::string(v.TypeName()));
  }
  return v.AsInt();
}

// range(start, end [, step]): both ends inclusive; empty when step points away from end.
Value Range(Args args, FunctionContext& ctx) {
  for (const Value& v : args) {
    if (v.IsNull()) return Value::Null();
  }
  const int64_t start = RangeArg(args[0]);
  const int64_t end = RangeArg(args[1]);
  const int64_t step = args.size() == 3 ? RangeArg(args[2]) : 1;
  if (step == 0) ThrowArgumentValue("NumberOutOfRange", "range(): step must not be zero");
  // 128-bit arithmetic: end - start and the last element may overflow 64 bits.
  const __int128 span = static_cast<__int128>(end) - start;
  if ((span > 0 && step < 0) || (span < 0 && step > 0)) return Value::List({});
  const __int128 count = span / step + 1;
  if (count > kMaxRangeSize) {
    throw ResourceExhaustedError(
        "ListTooLarge",
        "range() would build a list of " + std::to_string(static_cast<int64_t>(count)) + " elements");
  }
  ctx.CheckFits(static_cast<uint64_t>(count) * sizeof(Value));
  std::vector<Value> out;
  out.reserve(static_cast<size_t>(count));
  for (__int128 i = 0; i < count; ++i) out.push_back(Value::Int(static_cast<int64_t>(start + i * step)));
  return Value::List(std::move(out));
}

Value Coalesce(Args args, FunctionContext&) {
  for (const Value& v : args) {
    if (!v.IsNull()) return v;
  }
  return Value::Null();
}

constexpr ScalarFunction kFunctions[] = {
    {"size", 1, 1, Size},   {"isEmpty", 1, 1, IsEmpty},
    {"head", 1, 1, Head},   {"last", 1, 1, Last},
    {"tail", 1, 1, Tail},   {"reverse", 1, 1, Reverse},
    {"range", 2, 3, Range}, {"coalesce", 1, ScalarFunction::kVariadic, Coalesce},
};

}  // namespace

std::span<const ScalarFunction> ListFunctions() {
  return kFunctions;
}

}  // namespace quiver::function_internal
