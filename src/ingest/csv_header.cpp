#include "ingest/csv_header.h"

#include <algorithm>
#include <set>

namespace quiver::ingest {
namespace {

std::string Lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

Status HeaderError(uint64_t column, std::string_view field, std::string_view what) {
  std::string msg = "column ";
  msg += std::to_string(column);
  msg += " (";
  msg += field;
  msg += "): ";
  msg += what;
  return Status::InvalidArgument(std::move(msg));
}

// Splits "ID(Person){id-type:int}" into base "ID", group "Person", options "id-type:int".
struct TypeParts {
  std::string base, group, options;
  bool has_group = false, has_options = false;
};

std::optional<TypeParts> SplitType(std::string_view t) {
  TypeParts p;
  size_t i = 0;
  while (i < t.size() && t[i] != '(' && t[i] != '{') p.base.push_back(t[i++]);
  if (i < t.size() && t[i] == '(') {
    const size_t close = t.find(')', i);
    if (close == std::string_view::npos) return std::nullopt;
    p.group = std::string(t.substr(i + 1, close - i - 1));
    p.has_group = true;
    i = close + 1;
  }
  if (i < t.size() && t[i] == '{') {
    if (t.back() != '}') return std::nullopt;
    p.options = std::string(t.substr(i + 1, t.size() - i - 2));
    p.has_options = true;
    i = t.size();
  }
  if (i != t.size()) return std::nullopt;
  return p;
}

Status ParseIdOptions(const std::string& options, ColumnSpec* spec, uint64_t column, std::string_view field) {
  size_t at = 0;
  while (at <= options.size()) {
    size_t comma = options.find(',', at);
    if (comma == std::string::npos) comma = options.size();
    std::string item = options.substr(at, comma - at);
    item.erase(std::remove(item.begin(), item.end(), ' '), item.end());
    at = comma + 1;
    if (item.empty()) continue;
    const size_t colon = item.find(':');
    if (colon == std::string::npos)
      return HeaderError(column, field, "option '" + item + "' is not key:value");
    const std::string key = Lower(item.substr(0, colon));
    const std::string value = Lower(item.substr(colon + 1));
    if (key != "id-type") return HeaderError(column, field, "unknown option '" + key + "' (known: id-type)");
    if (value == "int" || value == "integer" || value == "long") {
      spec->id_type = KeyType::kInteger;
    } else if (value == "string") {
      spec->id_type = KeyType::kString;
    } else {
      return HeaderError(column, field, "id-type must be int or string, not '" + value + "'");
    }
  }
  return Status::OK();
}

}  // namespace

std::string_view ValueTypeName(ValueType t) {
  switch (t) {
    case ValueType::kInt:
      return "int";
    case ValueType::kFloat:
      return "float";
    case ValueType::kBool:
      return "boolean";
    case ValueType::kString:
      return "string";
    case ValueType::kDate:
      return "date";
    case ValueType::kLocalTime:
      return "localtime";
    case ValueType::kTime:
      return "time";
    case ValueType::kLocalDateTime:
      return "localdatetime";
    case ValueType::kDateTime:
      return "datetime";
    case ValueType::kDuration:
      return "duration";
  }
  return "?";
}

Result<CsvHeader> ParseHeader(const std::vector<std::string>& fields,
                              const std::vector<uint64_t>& byte_columns, FileKind kind) {
  CsvHeader h;
  std::set<std::string> names;
  for (size_t i = 0; i < fields.size(); ++i) {
    const std::string& f = fields[i];
    const uint64_t col = byte_columns[i];
    ColumnSpec spec;
    spec.byte_column = col;
    // The type is what follows the last ':' outside parentheses and braces.
    size_t colon = std::string::npos;
    int depth = 0;
    for (size_t j = 0; j < f.size(); ++j) {
      if (f[j] == '(' || f[j] == '{') ++depth;
      if (f[j] == ')' || f[j] == '}') --depth;
      if (f[j] == ':' && depth == 0) colon = j;
    }
    std::string type_text;
    if (colon == std::string::npos) {
      spec.name = f;
    } else {
      spec.name = f.substr(0, colon);
      type_text = f.substr(colon + 1);
    }
    if (!type_text.empty()) {
      const auto parts = SplitType(type_text);
      if (!parts) return HeaderError(col, f, "malformed type '" + type_text + "'");
      const std::string base = Lower(parts->base);
      const bool special = base == "id" || base == "start_id" || base == "end_id";
      if ((parts->has_group || parts->has_options) && !special) {
        return HeaderError(col, f, "only ID, START_ID and END_ID take an ID space or options");
      }
      if (parts->has_options && base != "id") return HeaderError(col, f, "only ID columns take options");
      spec.id_space = parts->group;
      if (base == "id") {
        spec.role = ColumnRole::kId;
        QUIVER_RETURN_IF_ERROR(ParseIdOptions(parts->options, &spec, col, f));
      } else if (base == "start_id") {
        spec.role = ColumnRole::kStartId;
      } else if (base == "end_id") {
        spec.role = ColumnRole::kEndId;
      } else if (base == "label") {
        spec.role = ColumnRole::kLabel;
      } else if (base == "type") {
        spec.role = ColumnRole::kType;
      } else if (base == "ignore") {
        spec.role = ColumnRole::kIgnore;
      } else {
        std::string t = base;
        if (t.size() > 2 && t.compare(t.size() - 2, 2, "[]") == 0) {
          spec.array = true;
          t.resize(t.size() - 2);
        }
        if (t == "int" || t == "long" || t == "short" || t == "byte") {
          spec.type = ValueType::kInt;
        } else if (t == "float" || t == "double") {
          spec.type = ValueType::kFloat;
        } else if (t == "boolean") {
          spec.type = ValueType::kBool;
        } else if (t == "string" || t == "char") {
          spec.type = ValueType::kString;
        } else if (t == "date") {
          spec.type = ValueType::kDate;
        } else if (t == "localtime") {
          spec.type = ValueType::kLocalTime;
        } else if (t == "time") {
          spec.type = ValueType::kTime;
        } else if (t == "localdatetime") {
          spec.type = ValueType::kLocalDateTime;
        } else if (t == "datetime") {
          spec.type = ValueType::kDateTime;
        } else if (t == "duration") {
          spec.type = ValueType::kDuration;
        } else if (t == "point") {
          return HeaderError(col, f, "type 'point' is not supported by quiver import (Quiver has no spatial values)");
        } else {
          return HeaderError(col, f, "unknown type '" + parts->base + "'");
        }
      }
    }
    if (spec.role == ColumnRole::kProperty && spec.name.empty())
      return HeaderError(col, f, "a property needs a name");
    const bool node_role = spec.role == ColumnRole::kId || spec.role == ColumnRole::kLabel;
    const bool rel_role = spec.role == ColumnRole::kStartId || spec.role == ColumnRole::kEndId ||
                          spec.role == ColumnRole::kType;
    if (kind == FileKind::kNodes && rel_role)
      return HeaderError(col, f, "START_ID, END_ID and TYPE belong in relationship files");
    if (kind == FileKind::kRelationships && node_role)
      return HeaderError(col, f, "ID and LABEL belong in node files");
    int* slot = spec.role == ColumnRole::kId        ? &h.id
                : spec.role == ColumnRole::kStartId ? &h.start
                : spec.role == ColumnRole::kEndId   ? &h.end
                : spec.role == ColumnRole::kType    ? &h.type
                                                    : nullptr;
    if (slot != nullptr) {
      if (*slot >= 0) return HeaderError(col, f, "a second " + type_text + " column");
      *slot = static_cast<int>(i);
    }
    const bool stores_property =
        spec.role == ColumnRole::kProperty || (spec.role == ColumnRole::kId && !spec.name.empty());
    if (stores_property && !names.insert(spec.name).second) {
      return HeaderError(col, f, "property '" + spec.name + "' appears twice");
    }
    h.columns.push_back(std::move(spec));
  }
  if (kind == FileKind::kRelationships && (h.start < 0 || h.end < 0)) {
    return Status::InvalidArgument("a relationship header needs :START_ID and :END_ID columns");
  }
  return h;
}

}  // namespace quiver::ingest
