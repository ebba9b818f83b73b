#include "export/value_shape.h"

#include <optional>

namespace quiver::exporter {
namespace {

std::optional<ScalarKind> ScalarOf(ValueKind kind) {
  switch (kind) {
    case ValueKind::kBool: return ScalarKind::kBool;
    case ValueKind::kInt: return ScalarKind::kInt;
    case ValueKind::kFloat: return ScalarKind::kFloat;
    case ValueKind::kString: return ScalarKind::kString;
    case ValueKind::kDate: return ScalarKind::kDate;
    case ValueKind::kLocalTime: return ScalarKind::kLocalTime;
    case ValueKind::kTime: return ScalarKind::kTime;
    case ValueKind::kLocalDateTime: return ScalarKind::kLocalDateTime;
    case ValueKind::kDateTime: return ScalarKind::kDateTime;
    case ValueKind::kDuration: return ScalarKind::kDuration;
    default: return std::nullopt;
  }
}

}  // namespace

Shape ShapeOf(const Value& v) {
  if (auto scalar = ScalarOf(v.kind())) return Shape::Scalar(*scalar);
  if (!v.IsList()) return {Shape::kUntyped};
  const auto& items = v.AsList();
  if (items.empty()) return {Shape::kEmptyList};
  const std::optional<ScalarKind> first = ScalarOf(items.front().kind());
  if (!first) return {Shape::kUntyped};
  for (const Value& item : items) {
    if (ScalarOf(item.kind()) != first) return {Shape::kUntyped};
  }
  return Shape::ListOf(*first);
}

std::string_view ScalarTypeName(ScalarKind kind) {
  switch (kind) {
    case ScalarKind::kBool: return "boolean";
    case ScalarKind::kInt: return "long";
    case ScalarKind::kFloat: return "double";
    case ScalarKind::kString: return "string";
    case ScalarKind::kDate: return "date";
    case ScalarKind::kLocalTime: return "localtime";
    case ScalarKind::kTime: return "time";
    case ScalarKind::kLocalDateTime: return "localdatetime";
    case ScalarKind::kDateTime: return "datetime";
    case ScalarKind::kDuration: return "duration";
  }
  return "string";
}

std::string_view UntypedDescription(const Value& v) {
  if (v.IsMap()) return "a map";
  return "a list of lists or of mixed types";
}

}  // namespace quiver::exporter
