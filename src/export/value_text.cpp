#include "export/value_text.h"

#include <charconv>
#include <cmath>

#include "quiver/value_ops.h"

namespace quiver::exporter {
namespace {

void AppendInt(std::string& out, int64_t v) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

// The shortest text that reads back to the same double; NaN, Infinity, -Infinity.
void AppendDouble(std::string& out, double v) {
  if (std::isnan(v)) {
    out += "NaN";
  } else if (std::isinf(v)) {
    out += v < 0 ? "-Infinity" : "Infinity";
  } else {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
  }
}

// A scalar's text, unquoted.
void AppendScalarText(std::string& out, const Value& v) {
  switch (v.kind()) {
    case ValueKind::kBool: out += v.AsBool() ? "true" : "false"; break;
    case ValueKind::kInt: AppendInt(out, v.AsInt()); break;
    case ValueKind::kFloat: AppendDouble(out, v.AsFloat()); break;
    case ValueKind::kString: out += v.AsString(); break;
    default: out += ToIsoString(v); break;
  }
}

// How a list and a map are written: the separator between items, and after a key.
struct ContainerSyntax {
  std::string_view separator, colon;
};
constexpr ContainerSyntax kJsonSyntax{",", ":"};
constexpr ContainerSyntax kCypherSyntax{", ", ": "};

// A list's items or a map's entries, each by `item` (keys by `key`), in brackets or braces.
template <typename Key, typename Item>
void AppendContainer(std::string& out, const Value& v, ContainerSyntax syntax, Key&& key, Item&& item) {
  bool first = true;
  auto next = [&] {
    if (!first) out += syntax.separator;
    first = false;
  };
  if (v.IsList()) {
    out += '[';
    for (const Value& element : v.AsList()) {
      next();
      item(out, element);
    }
    out += ']';
    return;
  }
  out += '{';
  for (const auto& [name, element] : v.AsMap()) {
    next();
    key(out, name);
    out += syntax.colon;
    item(out, element);
  }
  out += '}';
}

bool NeedsQuotes(std::string_view text) {
  return text.empty() || text.find_first_of(",\"\r\n") != std::string_view::npos;
}

}  // namespace

void AppendCsvText(std::string& out, std::string_view text) {
  if (!NeedsQuotes(text)) {
    out += text;
    return;
  }
  out += '"';
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

void AppendCsvField(std::string& out, const Value& v, char array_delimiter) {
  switch (v.kind()) {
    case ValueKind::kInt: AppendInt(out, v.AsInt()); return;
    case ValueKind::kFloat: AppendDouble(out, v.AsFloat()); return;
    case ValueKind::kString: AppendCsvText(out, v.AsString()); return;
    case ValueKind::kList: {
      std::string text;
      AppendFieldText(text, v, array_delimiter);
      AppendCsvText(out, text);  // an empty list: ""
      return;
    }
    default: AppendScalarText(out, v); return;
  }
}

void AppendFieldText(std::string& out, const Value& v, char array_delimiter) {
  if (!v.IsList()) {
    AppendScalarText(out, v);
    return;
  }
  bool first = true;
  for (const Value& item : v.AsList()) {
    if (!first) out += array_delimiter;
    first = false;
    AppendScalarText(out, item);
  }
}

void AppendJsonString(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out += "\\u00";
          out += kHex[(c >> 4) & 0xF];
          out += kHex[c & 0xF];
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void AppendJson(std::string& out, const Value& v) {
  switch (v.kind()) {
    case ValueKind::kNull: out += "null"; return;
    case ValueKind::kBool: out += v.AsBool() ? "true" : "false"; return;
    case ValueKind::kInt: AppendInt(out, v.AsInt()); return;
    case ValueKind::kFloat:
      if (std::isfinite(v.AsFloat())) {
        AppendDouble(out, v.AsFloat());
      } else {
        out += '"';
        AppendDouble(out, v.AsFloat());
        out += '"';
      }
      return;
    case ValueKind::kString: AppendJsonString(out, v.AsString()); return;
    case ValueKind::kList:
    case ValueKind::kMap: AppendContainer(out, v, kJsonSyntax, AppendJsonString, AppendJson); return;
    default: AppendJsonString(out, ToIsoString(v)); return;
  }
}

void AppendCypherName(std::string& out, std::string_view name) {
  out += '`';
  for (char c : name) {
    out += c;
    if (c == '`') out += '`';
  }
  out += '`';
}

void AppendCypherLiteral(std::string& out, const Value& v) {
  switch (v.kind()) {
    case ValueKind::kFloat: {
      const double d = v.AsFloat();
      if (std::isnan(d)) {
        out += "(0.0 / 0.0)";
      } else if (std::isinf(d)) {
        out += d < 0 ? "(-1.0 / 0.0)" : "(1.0 / 0.0)";
      } else {
        out += FormatFloat(d);  // always with a fraction or an exponent: a float literal
      }
      return;
    }
    case ValueKind::kList:
    case ValueKind::kMap: AppendContainer(out, v, kCypherSyntax, AppendCypherName, AppendCypherLiteral); return;
    case ValueKind::kDate: out += "date('" + ToIsoString(v) + "')"; return;
    case ValueKind::kLocalTime: out += "localtime('" + ToIsoString(v) + "')"; return;
    case ValueKind::kTime: out += "time('" + ToIsoString(v) + "')"; return;
    case ValueKind::kLocalDateTime: out += "localdatetime('" + ToIsoString(v) + "')"; return;
    case ValueKind::kDateTime: out += "datetime('" + ToIsoString(v) + "')"; return;
    case ValueKind::kDuration: out += "duration('" + ToIsoString(v) + "')"; return;
    default: AppendTckString(out, v); return;  // null, booleans, integers, 'strings' escaped
  }
}

void AppendPropertyMap(std::string& out, std::span<const std::pair<uint32_t, Value>> props, MapSyntax syntax,
                       const std::function<std::string_view(uint32_t)>& key_name) {
  const ContainerSyntax& punctuation = syntax == MapSyntax::kJson ? kJsonSyntax : kCypherSyntax;
  out += '{';
  bool first = true;
  for (const auto& [key, value] : props) {
    if (value.IsNull()) continue;
    if (!first) out += punctuation.separator;
    first = false;
    if (syntax == MapSyntax::kJson) {
      AppendJsonString(out, key_name(key));
    } else {
      AppendCypherName(out, key_name(key));
    }
    out += punctuation.colon;
    if (syntax == MapSyntax::kJson) {
      AppendJson(out, value);
    } else {
      AppendCypherLiteral(out, value);
    }
  }
  out += '}';
}

}  // namespace quiver::exporter
