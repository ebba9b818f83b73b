// Printing values in the notation of the TCK's expected-result tables.

#include <charconv>
#include <cmath>
#include <ostream>
#include <string>

#include "common/value/float_text.h"
#include "quiver/value.h"

namespace quiver {

namespace {

void AppendQuoted(std::string& out, std::string_view s) {
  // The TCK escapes only the quote and the backslash (Literals6 #4 and #5); a newline
  // is written as itself.
  out.push_back('\'');
  for (char c : s) {
    if (c == '\\' || c == '\'') out.push_back('\\');
    out.push_back(c);
  }
  out.push_back('\'');
}

bool IsPlainIdentifier(std::string_view s) {
  if (s.empty()) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
    const bool digit = c >= '0' && c <= '9';
    if (!(letter || (digit && i > 0))) return false;
  }
  return true;
}

// Map keys, labels and relationship types: bare when they are identifiers, otherwise in
// backticks with inner backticks doubled, as Cypher writes them.
void AppendSymbol(std::string& out, std::string_view s) {
  if (IsPlainIdentifier(s)) {
    out.append(s);
    return;
  }
  out.push_back('`');
  for (char c : s) {
    if (c == '`') out.push_back('`');
    out.push_back(c);
  }
  out.push_back('`');
}

void AppendMap(std::string& out, const ValueMap& map) {
  out.push_back('{');
  bool first = true;
  for (const auto& [key, value] : map) {
    if (!first) out.append(", ");
    first = false;
    AppendSymbol(out, key);
    out.append(": ");
    AppendTckString(out, value);
  }
  out.push_back('}');
}

void AppendNode(std::string& out, const NodeValue& node) {
  out.push_back('(');
  for (const std::string& label : node.labels) {
    out.push_back(':');
    AppendSymbol(out, label);
  }
  if (!node.properties.empty()) {
    if (!node.labels.empty()) out.push_back(' ');
    AppendMap(out, node.properties);
  }
  out.push_back(')');
}

void AppendRelationship(std::string& out, const RelationshipValue& rel) {
  out.append("[:");
  AppendSymbol(out, rel.type);
  if (!rel.properties.empty()) {
    out.push_back(' ');
    AppendMap(out, rel.properties);
  }
  out.push_back(']');
}

void AppendPath(std::string& out, const PathValue& path) {
  out.push_back('<');
  AppendNode(out, path.nodes.front());
  for (size_t i = 0; i < path.relationships.size(); ++i) {
    const RelationshipValue& rel = path.relationships[i];
    // Forward when the relationship starts at the node the traversal comes from; a
    // self-loop counts as forward.
    const bool forward = rel.start_id == path.nodes[i].id;
    out.append(forward ? "-" : "<-");
    AppendRelationship(out, rel);
    out.append(forward ? "->" : "-");
    AppendNode(out, path.nodes[i + 1]);
  }
  out.push_back('>');
}

template <typename T>
void AppendQuotedIso(std::string& out, const T& temporal) {
  out.push_back('\'');
  AppendIso(out, temporal);
  out.push_back('\'');
}

}  // namespace

std::string FormatFloat(double d) { return FormatShortestFloat(d, kTckFloatNotation); }

void AppendTckString(std::string& out, const Value& v) {
  switch (v.kind()) {
    case ValueKind::kNull:
      out.append("null");
      return;
    case ValueKind::kBool:
      out.append(v.AsBool() ? "true" : "false");
      return;
    case ValueKind::kInt:
      out.append(std::to_string(v.AsInt()));
      return;
    case ValueKind::kFloat:
      out.append(FormatFloat(v.AsFloat()));
      return;
    case ValueKind::kString:
      AppendQuoted(out, v.AsString());
      return;
    case ValueKind::kList: {
      out.push_back('[');
      bool first = true;
      for (const Value& item : v.AsList()) {
        if (!first) out.append(", ");
        first = false;
        AppendTckString(out, item);
      }
      out.push_back(']');
      return;
    }
    case ValueKind::kMap:
      AppendMap(out, v.AsMap());
      return;
    case ValueKind::kNode:
      AppendNode(out, v.AsNode());
      return;
    case ValueKind::kRelationship:
      AppendRelationship(out, v.AsRelationship());
      return;
    case ValueKind::kPath:
      AppendPath(out, v.AsPath());
      return;
    case ValueKind::kDate:
      AppendQuotedIso(out, v.AsDate());
      return;
    case ValueKind::kLocalTime:
      AppendQuotedIso(out, v.AsLocalTime());
      return;
    case ValueKind::kTime:
      AppendQuotedIso(out, v.AsTime());
      return;
    case ValueKind::kLocalDateTime:
      AppendQuotedIso(out, v.AsLocalDateTime());
      return;
    case ValueKind::kDateTime:
      AppendQuotedIso(out, v.AsDateTime());
      return;
    case ValueKind::kDuration:
      AppendQuotedIso(out, v.AsDuration());
      return;
  }
}

std::string ToTckString(const Value& v) {
  std::string out;
  AppendTckString(out, v);
  return out;
}

std::string ToIsoString(const Value& v) {
  std::string out = ToTckString(v);
  // A temporal's TCK text is its ISO text in quotes, which never holds a quote itself.
  if (v.IsTemporal()) out = out.substr(1, out.size() - 2);
  return out;
}

std::ostream& operator<<(std::ostream& os, const Value& v) {
  return os << ToTckString(v);
}

}  // namespace quiver
