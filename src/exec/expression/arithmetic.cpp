// Arithmetic on Cypher values: Integer op Integer stays Integer (overflow is an
// ArithmeticError, never a silent wrap), a Float operand makes the result Float, `+`
// also concatenates strings and lists, and null propagates.

#include <cmath>

#include "common/temporal/temporal.h"
#include "exec/expression/expression_internal.h"

namespace quiver::exec {

void ThrowInvalidArgumentType(std::string message) {
  throw TypeError("InvalidArgumentType", std::move(message), ErrorPhase::kRuntime);
}

namespace {

[[noreturn]] void Overflow(const char* op) {
  throw ArithmeticError("IntegerOverflow", std::string("integer overflow in ") + op, ErrorPhase::kRuntime);
}

[[noreturn]] void BadOperands(const char* op, const Value& a, const Value& b) {
  ThrowInvalidArgumentType(std::string("cannot apply ") + op + " to " + std::string(a.TypeName()) + " and " +
                           std::string(b.TypeName()));
}

// The text `'a' + 1` appends: integers in decimal, floats as Cypher prints them.
std::string NumberText(const Value& v) {
  if (v.IsInt()) return std::to_string(v.AsInt());
  return FormatFloat(v.AsFloat());
}

}  // namespace

Value Add(const Value& a, const Value& b) {
  if (a.IsList() || b.IsList()) {
    std::vector<Value> items;
    if (a.IsList()) {
      items = a.AsList();
    } else {
      items.push_back(a);
    }
    if (b.IsList()) {
      items.insert(items.end(), b.AsList().begin(), b.AsList().end());
    } else {
      items.push_back(b);
    }
    return Value::List(std::move(items));
  }
  if (a.IsNull() || b.IsNull()) return Value();
  if (a.IsTemporal() || b.IsTemporal()) return TemporalAdd(a, b);
  if (a.IsInt() && b.IsInt()) {
    int64_t r;
    if (__builtin_add_overflow(a.AsInt(), b.AsInt(), &r)) Overflow("+");
    return Value::Int(r);
  }
  if (a.IsNumber() && b.IsNumber()) return Value::Float(a.AsNumber() + b.AsNumber());
  if (a.IsString() && b.IsString()) {
    std::string s(a.AsString());
    s.append(b.AsString());
    return Value::String(std::move(s));
  }
  if (a.IsString() && b.IsNumber()) return Value::String(std::string(a.AsString()) + NumberText(b));
  if (a.IsNumber() && b.IsString()) return Value::String(NumberText(a) + std::string(b.AsString()));
  BadOperands("+", a, b);
}

Value Subtract(const Value& a, const Value& b) {
  if (a.IsNull() || b.IsNull()) return Value();
  if (a.IsTemporal() || b.IsTemporal()) return TemporalSubtract(a, b);
  if (a.IsInt() && b.IsInt()) {
    int64_t r;
    if (__builtin_sub_overflow(a.AsInt(), b.AsInt(), &r)) Overflow("-");
    return Value::Int(r);
  }
  if (a.IsNumber() && b.IsNumber()) return Value::Float(a.AsNumber() - b.AsNumber());
  BadOperands("-", a, b);
}

Value Multiply(const Value& a, const Value& b) {
  if (a.IsNull() || b.IsNull()) return Value();
  if (a.IsTemporal() || b.IsTemporal()) return DurationMultiply(a, b);
  if (a.IsInt() && b.IsInt()) {
    int64_t r;
    if (__builtin_mul_overflow(a.AsInt(), b.AsInt(), &r)) Overflow("*");
    return Value::Int(r);
  }
  if (a.IsNumber() && b.IsNumber()) return Value::Float(a.AsNumber() * b.AsNumber());
  BadOperands("*", a, b);
}

Value Divide(const Value& a, const Value& b) {
  if (a.IsNull() || b.IsNull()) return Value();
  if (a.IsTemporal() || b.IsTemporal()) return DurationDivide(a, b);
  if (a.IsInt() && b.IsInt()) {
    if (b.AsInt() == 0) throw ArithmeticError("DivisionByZero", "/ by zero", ErrorPhase::kRuntime);
    if (a.AsInt() == INT64_MIN && b.AsInt() == -1) Overflow("/");
    return Value::Int(a.AsInt() / b.AsInt());
  }
  if (a.IsNumber() && b.IsNumber()) return Value::Float(a.AsNumber() / b.AsNumber());
  BadOperands("/", a, b);
}

Value Modulo(const Value& a, const Value& b) {
  if (a.IsNull() || b.IsNull()) return Value();
  if (a.IsInt() && b.IsInt()) {
    if (b.AsInt() == 0) throw ArithmeticError("DivisionByZero", "% by zero", ErrorPhase::kRuntime);
    if (b.AsInt() == -1) return Value::Int(0);  // INT64_MIN % -1 traps in C++
    return Value::Int(a.AsInt() % b.AsInt());
  }
  if (a.IsNumber() && b.IsNumber()) return Value::Float(std::fmod(a.AsNumber(), b.AsNumber()));
  BadOperands("%", a, b);
}

Value Power(const Value& a, const Value& b) {
  if (a.IsNull() || b.IsNull()) return Value();
  if (a.IsNumber() && b.IsNumber()) return Value::Float(std::pow(a.AsNumber(), b.AsNumber()));
  BadOperands("^", a, b);
}

Value Negate(const Value& a) {
  if (a.IsNull()) return Value();
  if (a.IsInt()) {
    if (a.AsInt() == INT64_MIN) Overflow("unary -");
    return Value::Int(-a.AsInt());
  }
  if (a.IsFloat()) return Value::Float(-a.AsFloat());
  ThrowInvalidArgumentType("cannot negate a " + std::string(a.TypeName()));
}

}  // namespace quiver::exec
