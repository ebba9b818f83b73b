#include "result_matcher.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "tck_value.h"

namespace quiver::tck {
namespace {

void AppendCanonical(std::string& out, const Value& v, bool ignore_list_order);

// Strings, keys, labels and types go through the TCK printer's quoting, which escapes
// the quote and the backslash: the canonical text stays unambiguous.
void AppendQuoted(std::string& out, std::string_view s) {
  AppendTckString(out, Value::String(s));
}

void AppendMap(std::string& out, const ValueMap& map, bool ignore_list_order) {
  out.push_back('{');
  bool first = true;
  for (const auto& [key, value] : map) {  // ValueMap keeps keys sorted
    if (!first) out.append(", ");
    first = false;
    AppendQuoted(out, key);
    out.append(": ");
    AppendCanonical(out, value, ignore_list_order);
  }
  out.push_back('}');
}

void AppendNode(std::string& out, const NodeValue& node, bool ignore_list_order) {
  std::vector<std::string> labels = node.labels;
  std::sort(labels.begin(), labels.end());
  out.push_back('(');
  for (const std::string& label : labels) {
    out.push_back(':');
    AppendQuoted(out, label);
  }
  out.push_back(' ');
  AppendMap(out, node.properties, ignore_list_order);
  out.push_back(')');
}

void AppendRelationship(std::string& out, const RelationshipValue& rel, bool ignore_list_order) {
  out.append("[:");
  AppendQuoted(out, rel.type);
  out.push_back(' ');
  AppendMap(out, rel.properties, ignore_list_order);
  out.push_back(']');
}

void AppendCanonical(std::string& out, const Value& v, bool ignore_list_order) {
  switch (v.kind()) {
    case ValueKind::kFloat: {
      const double d = v.AsFloat();
      out.append(d == 0 ? "0.0" : FormatFloat(d));  // -0.0 matches 0.0
      return;
    }
    case ValueKind::kList: {
      std::vector<std::string> items;
      for (const Value& item : v.AsList()) {
        items.emplace_back();
        AppendCanonical(items.back(), item, ignore_list_order);
      }
      if (ignore_list_order) std::sort(items.begin(), items.end());
      out.push_back('[');
      for (size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out.append(", ");
        out.append(items[i]);
      }
      out.push_back(']');
      return;
    }
    case ValueKind::kMap:
      AppendMap(out, v.AsMap(), ignore_list_order);
      return;
    case ValueKind::kNode:
      AppendNode(out, v.AsNode(), ignore_list_order);
      return;
    case ValueKind::kRelationship:
      AppendRelationship(out, v.AsRelationship(), ignore_list_order);
      return;
    case ValueKind::kPath: {
      const PathValue& path = v.AsPath();
      out.push_back('<');
      AppendNode(out, path.nodes.front(), ignore_list_order);
      for (size_t i = 0; i < path.relationships.size(); ++i) {
        const RelationshipValue& rel = path.relationships[i];
        const bool forward = rel.start_id == path.nodes[i].id;  // a self-loop counts as forward
        out.append(forward ? "-" : "<-");
        AppendRelationship(out, rel, ignore_list_order);
        out.append(forward ? "->" : "-");
        AppendNode(out, path.nodes[i + 1], ignore_list_order);
      }
      out.push_back('>');
      return;
    }
    default:
      // null, booleans, integers, strings print unambiguously; temporals print as the
      // quoted ISO text, the same text as the string the TCK writes for them.
      AppendTckString(out, v);
      return;
  }
}

std::string Join(const std::vector<std::string>& items) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out.append(", ");
    out.append(items[i]);
  }
  return out + "]";
}

std::string RowKey(const std::vector<Value>& row, bool ignore_list_order) {
  std::string key;
  for (const Value& v : row) {
    AppendCanonical(key, v, ignore_list_order);
    key.push_back('\x1f');  // cannot occur unquoted in a canonical text
  }
  return key;
}

std::string ExpectedRowText(const std::vector<std::string>& cells) {
  std::string out = "|";
  for (const auto& cell : cells) out.append(" ").append(cell).append(" |");
  return out;
}

}  // namespace

std::string CanonicalText(const Value& v, bool ignore_list_order) {
  std::string out;
  AppendCanonical(out, v, ignore_list_order);
  return out;
}

std::string RowText(const std::vector<Value>& row) {
  std::string out = "|";
  for (const Value& v : row) out.append(" ").append(ToTckString(v)).append(" |");
  return out;
}

ResultExpectation ParseResultTable(const DataTable& table, RowOrder order, bool ignore_list_order) {
  ResultExpectation expected;
  expected.order = order;
  expected.ignore_list_order = ignore_list_order;
  if (table.rows.empty()) throw std::runtime_error("result table without a header row");
  expected.columns = table.rows.front();
  for (size_t r = 1; r < table.rows.size(); ++r) {
    const auto& cells = table.rows[r];
    if (cells.size() != expected.columns.size()) {
      throw std::runtime_error("result table row " + std::to_string(r) + " has " +
                               std::to_string(cells.size()) + " cells for " +
                               std::to_string(expected.columns.size()) + " columns");
    }
    std::vector<Value> row;
    for (const auto& cell : cells) row.push_back(ParseTckValue(cell));
    expected.rows.push_back(std::move(row));
    expected.row_texts.push_back(ExpectedRowText(cells));
  }
  return expected;
}

std::optional<std::string> MatchResult(const ResultExpectation& expected, const QueryResult& actual) {
  if (actual.columns() != expected.columns) {
    return "columns differ: expected " + Join(expected.columns) + ", got " + Join(actual.columns());
  }
  for (const auto& row : actual.rows()) {
    if (row.size() != expected.columns.size()) {
      return "result row with " + std::to_string(row.size()) + " values for " +
             std::to_string(expected.columns.size()) + " columns: " + RowText(row);
    }
  }
  const bool lists = expected.ignore_list_order;
  const std::string counts = " (expected " + std::to_string(expected.rows.size()) + " rows, got " +
                             std::to_string(actual.size()) + ")";

  if (expected.order == RowOrder::kInOrder) {
    const size_t common = std::min(expected.rows.size(), actual.size());
    for (size_t i = 0; i < common; ++i) {
      if (RowKey(expected.rows[i], lists) != RowKey(actual.rows()[i], lists)) {
        return "row " + std::to_string(i + 1) + " differs: expected " + expected.row_texts[i] + ", got " +
               RowText(actual.rows()[i]) + counts;
      }
    }
    if (expected.rows.size() > common) return "missing row " + expected.row_texts[common] + counts;
    if (actual.size() > common) return "unexpected row " + RowText(actual.rows()[common]) + counts;
    return std::nullopt;
  }

  // Any order: multiset difference of canonical row keys.
  std::map<std::string, std::vector<size_t>> unmatched_expected;  // key -> expected row indices
  for (size_t i = 0; i < expected.rows.size(); ++i)
    unmatched_expected[RowKey(expected.rows[i], lists)].push_back(i);
  std::optional<size_t> first_unexpected;
  for (size_t i = 0; i < actual.size(); ++i) {
    auto it = unmatched_expected.find(RowKey(actual.rows()[i], lists));
    if (it == unmatched_expected.end() || it->second.empty()) {
      if (!first_unexpected) first_unexpected = i;
      continue;
    }
    it->second.pop_back();
  }
  std::optional<size_t> first_missing;
  for (const auto& [key, indices] : unmatched_expected) {
    for (size_t i : indices) {
      if (!first_missing || i < *first_missing) first_missing = i;
    }
  }
  if (!first_missing && !first_unexpected) return std::nullopt;
  std::string reason;
  if (first_missing) reason = "missing row " + expected.row_texts[*first_missing];
  if (first_unexpected) {
    if (!reason.empty()) reason.append("; ");
    reason.append("unexpected row " + RowText(actual.rows()[*first_unexpected]));
  }
  return reason + counts;
}

}  // namespace quiver::tck
