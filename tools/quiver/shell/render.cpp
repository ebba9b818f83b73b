#include "shell/render.h"

#include <algorithm>
#include <iostream>
#include <numeric>

#include "csv_text.h"
#include "json_text.h"
#include "quiver/value_ops.h"
#include "value_json.h"

namespace quiver::cli::shell {

namespace {

// Columns narrower than this after fitting are no use: show the rows as lines instead.
constexpr size_t kMinColumn = 6;
const std::string kEllipsis = "\u2026";

// The code point at text[i] and its byte length (a malformed byte counts as one).
char32_t Decode(std::string_view text, size_t i, size_t& length) {
  const auto b = static_cast<unsigned char>(text[i]);
  length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
  if (i + length > text.size() || (b >= 0x80 && b < 0xC0)) {
    length = 1;
    return b;
  }
  char32_t cp = length == 1 ? b : length == 2 ? (b & 0x1F) : length == 3 ? (b & 0x0F) : (b & 0x07);
  for (size_t k = 1; k < length; ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
  return cp;
}

size_t CodePointWidth(char32_t cp) {
  if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0)) return 0;
  if ((cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x200B && cp <= 0x200F) || cp == 0xFE0F) return 0;
  if ((cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) || (cp >= 0xAC00 && cp <= 0xD7A3) ||
      (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
      (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x1F300 && cp <= 0x1FAFF) || (cp >= 0x20000 && cp <= 0x3FFFD)) {
    return 2;
  }
  return 1;
}

// `text` cut to at most `width` columns, the cut marked with an ellipsis. Newlines and
// tabs become spaces: a cell is one line.
std::string Fit(std::string_view text, size_t width) {
  std::string out;
  size_t used = 0;
  const bool cut = DisplayWidth(text) > width;
  const size_t room = cut ? (width > 0 ? width - 1 : 0) : width;
  for (size_t i = 0; i < text.size();) {
    size_t length = 0;
    const char32_t cp = Decode(text, i, length);
    const size_t w = (cp == '\n' || cp == '\t' || cp == '\r') ? 1 : CodePointWidth(cp);
    if (used + w > room) break;
    if (cp == '\n' || cp == '\t' || cp == '\r') {
      out += ' ';
    } else {
      out.append(text.substr(i, length));
    }
    used += w;
    i += length;
  }
  if (cut && width > 0) out += kEllipsis;
  return out;
}

bool Numeric(const Value& v) { return v.IsInt() || v.IsFloat(); }

std::string Pad(const std::string& text, size_t width, bool right) {
  const size_t w = DisplayWidth(text);
  const std::string space(width > w ? width - w : 0, ' ');
  return right ? space + text : text + space;
}

std::string Repeat(const std::string& piece, size_t n) {
  std::string out;
  for (size_t i = 0; i < n; ++i) out += piece;
  return out;
}

// The widths of the columns in `width` columns of screen, or nullopt when they would
// be too narrow to read.
std::optional<std::vector<size_t>> FitWidths(std::vector<size_t> natural, size_t width) {
  const size_t n = natural.size();
  const size_t frame = 3 * n + 1;
  const size_t total = std::accumulate(natural.begin(), natural.end(), size_t{0}) + frame;
  if (width == 0 || total <= width) return natural;
  if (width < frame + n * kMinColumn) return std::nullopt;
  const size_t budget = width - frame;
  // The largest cap with sum(min(natural, cap)) <= budget; the columns under it keep
  // their width, the wider ones share what is left.
  size_t lo = kMinColumn, hi = *std::max_element(natural.begin(), natural.end());
  while (lo < hi) {
    const size_t mid = (lo + hi + 1) / 2;
    size_t sum = 0;
    for (size_t w : natural) sum += std::min(w, mid);
    if (sum <= budget) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  for (size_t& w : natural) w = std::min(w, lo);
  return natural;
}

void RenderLines(const std::vector<std::string>& columns, const std::vector<std::vector<std::string>>& cells,
                 std::ostream& out) {
  size_t name_width = 0;
  for (const auto& c : columns) name_width = std::max(name_width, DisplayWidth(c));
  for (size_t r = 0; r < cells.size(); ++r) {
    if (r > 0) out << "\n";
    for (size_t i = 0; i < columns.size(); ++i) out << Pad(columns[i], name_width, true) << " = " << cells[r][i] << "\n";
  }
}

void RenderTable(const std::vector<std::string>& columns, const std::vector<std::vector<Value>>& rows,
                 const std::vector<std::vector<std::string>>& cells, const RenderOptions& options,
                 std::ostream& out) {
  std::vector<size_t> natural;
  for (const auto& c : columns) natural.push_back(DisplayWidth(c));
  for (const auto& row : cells) {
    for (size_t i = 0; i < row.size(); ++i) natural[i] = std::max(natural[i], DisplayWidth(row[i]));
  }
  const std::optional<std::vector<size_t>> widths = FitWidths(natural, options.width);
  if (!widths) {
    out << "(the rows are wider than " << options.width << " columns: shown as lines; :mode table, :width N)\n";
    RenderLines(columns, cells, out);
    return;
  }
  const bool box = options.mode == Mode::kBox;
  const std::string h = box ? "\u2500" : "-";
  const std::string v = box ? "\u2502" : "|";
  auto rule = [&](const char* left, const char* middle, const char* right) {
    out << (box ? left : "+");
    for (size_t i = 0; i < widths->size(); ++i) {
      out << Repeat(h, (*widths)[i] + 2) << (i + 1 < widths->size() ? (box ? middle : "+") : (box ? right : "+"));
    }
    out << "\n";
  };
  auto line = [&](const std::vector<std::string>& values, const std::vector<bool>& right) {
    out << v;
    for (size_t i = 0; i < values.size(); ++i) out << " " << Pad(Fit(values[i], (*widths)[i]), (*widths)[i], right[i]) << " " << v;
    out << "\n";
  };
  rule("\u250C", "\u252C", "\u2510");
  line(columns, std::vector<bool>(columns.size(), false));
  rule("\u251C", "\u253C", "\u2524");
  for (size_t r = 0; r < cells.size(); ++r) {
    std::vector<bool> right;
    for (const Value& value : rows[r]) right.push_back(Numeric(value));
    line(cells[r], right);
  }
  rule("\u2514", "\u2534", "\u2518");
}

std::string MarkdownCell(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += '\\';
    out += (c == '\n' ? ' ' : c);
  }
  return out;
}

Json RowJson(const std::vector<std::string>& columns, const std::vector<Value>& row) {
  Json obj = Json::object();
  for (size_t i = 0; i < row.size(); ++i) obj[columns[i]] = ToJson(row[i]);
  return obj;
}

}  // namespace

std::optional<Mode> ParseMode(std::string_view name) {
  for (Mode m : {Mode::kTable, Mode::kBox, Mode::kLine, Mode::kMarkdown, Mode::kCsv, Mode::kJson, Mode::kJsonl}) {
    if (ModeName(m) == name) return m;
  }
  return std::nullopt;
}

std::string_view ModeName(Mode mode) {
  switch (mode) {
    case Mode::kTable:
      return "table";
    case Mode::kBox:
      return "box";
    case Mode::kLine:
      return "line";
    case Mode::kMarkdown:
      return "markdown";
    case Mode::kCsv:
      return "csv";
    case Mode::kJson:
      return "json";
    case Mode::kJsonl:
      return "jsonl";
  }
  return "table";
}

std::string CellText(const Value& v, bool raw_strings) {
  if (raw_strings && v.IsString()) return std::string(v.AsString());
  return ToTckString(v);
}

size_t DisplayWidth(std::string_view text) {
  size_t width = 0;
  for (size_t i = 0; i < text.size();) {
    size_t length = 0;
    width += CodePointWidth(Decode(text, i, length));
    i += length;
  }
  return width;
}

void Render(const std::vector<std::string>& columns, const std::vector<std::vector<Value>>& rows, uint64_t more,
            const RenderOptions& options, std::ostream& out) {
  const bool raw = options.mode == Mode::kCsv;
  std::vector<std::vector<std::string>> cells;
  if (options.mode != Mode::kJson && options.mode != Mode::kJsonl) {
    for (const auto& row : rows) {
      std::vector<std::string> line;
      for (const Value& v : row) line.push_back(CellText(v, raw));
      cells.push_back(std::move(line));
    }
  }
  switch (options.mode) {
    case Mode::kTable:
    case Mode::kBox:
      RenderTable(columns, rows, cells, options, out);
      break;
    case Mode::kLine:
      RenderLines(columns, cells, out);
      break;
    case Mode::kMarkdown: {
      out << "|";
      for (const auto& c : columns) out << " " << MarkdownCell(c) << " |";
      out << "\n|";
      for (size_t i = 0; i < columns.size(); ++i) {
        const bool right = !rows.empty() && Numeric(rows[0][i]);
        out << (right ? " ---: |" : " --- |");
      }
      out << "\n";
      for (const auto& row : cells) {
        out << "|";
        for (const auto& cell : row) out << " " << MarkdownCell(cell) << " |";
        out << "\n";
      }
      break;
    }
    case Mode::kCsv:
      for (size_t i = 0; i < columns.size(); ++i) out << (i ? "," : "") << CsvField(columns[i]);
      out << "\n";
      for (const auto& row : cells) {
        for (size_t i = 0; i < row.size(); ++i) out << (i ? "," : "") << CsvField(row[i]);
        out << "\n";
      }
      break;
    case Mode::kJson: {
      Json array = Json::array();
      for (const auto& row : rows) array.push_back(RowJson(columns, row));
      out << JsonText(array) << "\n";
      break;
    }
    case Mode::kJsonl:
      for (const auto& row : rows) out << JsonText(RowJson(columns, row), -1) << "\n";
      break;
  }
  const bool summary = options.mode == Mode::kTable || options.mode == Mode::kBox || options.mode == Mode::kLine;
  if (summary) {
    const uint64_t shown = rows.size();
    out << shown + more << (shown + more == 1 ? " row" : " rows");
    if (more > 0) out << " (" << shown << " shown; :maxrows N shows more)";
    out << "\n";
  } else if (more > 0) {
    std::cerr << "(" << more << " more rows not shown; :maxrows N)\n";
  }
}

}  // namespace quiver::cli::shell
