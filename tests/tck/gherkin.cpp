#include "gherkin.h"

#include <filesystem>
#include <map>
#include <stdexcept>

namespace quiver::tck {
namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// Splits "| a | b\|c |" into {"a", "b|c"}.
std::vector<std::string> SplitRow(std::string_view line) {
  std::vector<std::string> cells;
  line = Trim(line);
  if (line.empty() || line.front() != '|') return cells;
  line.remove_prefix(1);
  std::string cell;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '\\' && i + 1 < line.size() && (line[i + 1] == '|' || line[i + 1] == '\\')) {
      cell.push_back(line[++i]);
    } else if (c == '|') {
      cells.emplace_back(Trim(cell));
      cell.clear();
    } else {
      cell.push_back(c);
    }
  }
  return cells;
}

std::string Substitute(std::string text, const std::map<std::string, std::string>& values) {
  for (const auto& [key, value] : values) {
    const std::string placeholder = "<" + key + ">";
    for (size_t pos = text.find(placeholder); pos != std::string::npos;
         pos = text.find(placeholder, pos + value.size())) {
      text.replace(pos, placeholder.size(), value);
    }
  }
  return text;
}

Step SubstituteStep(const Step& step, const std::map<std::string, std::string>& values) {
  Step out = step;
  out.text = Substitute(out.text, values);
  if (out.doc_string) out.doc_string = Substitute(*out.doc_string, values);
  if (out.table) {
    for (auto& row : out.table->rows) {
      for (auto& cell : row) cell = Substitute(cell, values);
    }
  }
  return out;
}

class FeatureParser {
 public:
  FeatureParser(const std::string& file, std::string_view text) : file_(file) {
    size_t start = 0;
    while (start <= text.size()) {
      size_t end = text.find('\n', start);
      if (end == std::string_view::npos) end = text.size();
      lines_.emplace_back(text.substr(start, end - start));
      start = end + 1;
    }
  }

  std::vector<Scenario> Parse() {
    std::vector<std::string> pending_tags;
    while (pos_ < lines_.size()) {
      std::string_view line = Trim(lines_[pos_]);
      if (line.empty() || line.front() == '#') {
        ++pos_;
      } else if (line.front() == '@') {
        for (size_t i = 0; i < line.size();) {
          size_t end = line.find(' ', i);
          if (end == std::string_view::npos) end = line.size();
          if (end > i) pending_tags.emplace_back(line.substr(i, end - i));
          i = end + 1;
        }
        ++pos_;
      } else if (StartsWith(line, "Feature:")) {
        feature_ = std::string(Trim(line.substr(8)));
        pending_tags.clear();
        ++pos_;
      } else if (StartsWith(line, "Background:")) {
        ++pos_;
        background_ = ParseSteps();
      } else if (StartsWith(line, "Scenario Outline:") || StartsWith(line, "Scenario:")) {
        ParseScenario(line, std::move(pending_tags));
        pending_tags.clear();
      } else if (feature_.empty()) {
        ++pos_;  // free text before the Feature line
      } else {
        ++pos_;  // feature description text
      }
    }
    return std::move(scenarios_);
  }

 private:
  [[noreturn]] void Fail(const std::string& what) const {
    throw std::runtime_error(file_ + ":" + std::to_string(pos_ + 1) + ": " + what);
  }

  void ParseScenario(std::string_view header, std::vector<std::string> tags) {
    const bool outline = StartsWith(header, "Scenario Outline:");
    Scenario base;
    base.file = file_;
    base.feature = feature_;
    base.name = std::string(Trim(header.substr(header.find(':') + 1)));
    base.line = static_cast<int>(pos_) + 1;
    base.tags = std::move(tags);
    ++pos_;
    base.steps = background_;
    for (auto& step : ParseSteps()) base.steps.push_back(std::move(step));
    if (!outline) {
      scenarios_.push_back(std::move(base));
      return;
    }
    // One or more Examples blocks follow.
    int example = 0;
    while (pos_ < lines_.size()) {
      std::string_view line = Trim(lines_[pos_]);
      if (line.empty() || line.front() == '#') {
        ++pos_;
        continue;
      }
      if (!StartsWith(line, "Examples:")) break;
      ++pos_;
      DataTable examples = ParseTable();
      if (examples.rows.empty()) Fail("Examples without a table");
      const auto& header_row = examples.rows.front();
      for (size_t r = 1; r < examples.rows.size(); ++r) {
        std::map<std::string, std::string> values;
        for (size_t c = 0; c < header_row.size() && c < examples.rows[r].size(); ++c) {
          values[header_row[c]] = examples.rows[r][c];
        }
        Scenario expanded = base;
        expanded.example_index = example++;
        expanded.name = Substitute(base.name, values);
        for (auto& step : expanded.steps) step = SubstituteStep(step, values);
        scenarios_.push_back(std::move(expanded));
      }
    }
  }

  std::vector<Step> ParseSteps() {
    std::vector<Step> steps;
    std::string previous_keyword = "Given";
    while (pos_ < lines_.size()) {
      std::string_view line = Trim(lines_[pos_]);
      if (line.empty() || line.front() == '#') {
        ++pos_;
        continue;
      }
      std::string keyword;
      for (std::string_view k : {"Given ", "When ", "Then ", "And ", "But "}) {
        if (StartsWith(line, k)) keyword = std::string(Trim(k));
      }
      if (keyword.empty()) break;  // the next Scenario, Examples or tag line
      Step step;
      step.line = static_cast<int>(pos_) + 1;
      step.keyword = (keyword == "And" || keyword == "But") ? previous_keyword : keyword;
      previous_keyword = step.keyword;
      step.text = std::string(Trim(line.substr(keyword.size())));
      ++pos_;
      // An optional doc string or table argument.
      while (pos_ < lines_.size() && Trim(lines_[pos_]).empty()) ++pos_;
      if (pos_ < lines_.size()) {
        std::string_view next = Trim(lines_[pos_]);
        if (StartsWith(next, "\"\"\"")) {
          step.doc_string = ParseDocString();
        } else if (!next.empty() && next.front() == '|') {
          step.table = ParseTable();
        }
      }
      steps.push_back(std::move(step));
    }
    return steps;
  }

  std::string ParseDocString() {
    const std::string_view open = lines_[pos_];
    const size_t indent = open.find("\"\"\"");
    ++pos_;
    std::string text;
    bool first = true;
    while (true) {
      if (pos_ >= lines_.size()) Fail("unterminated doc string");
      std::string_view line = lines_[pos_++];
      if (StartsWith(Trim(line), "\"\"\"")) break;
      // Strip the doc string's indentation (the column of the opening quotes).
      size_t strip = 0;
      while (strip < indent && strip < line.size() && line[strip] == ' ') ++strip;
      if (!first) text.push_back('\n');
      text.append(line.substr(strip));
      first = false;
    }
    while (!text.empty() && (text.back() == '\r' || text.back() == ' ')) text.pop_back();
    return text;
  }

  DataTable ParseTable() {
    DataTable table;
    while (pos_ < lines_.size()) {
      std::string_view line = Trim(lines_[pos_]);
      if (!line.empty() && line.front() == '#') {
        // A comment inside a table (the TCK comments out rows); the table goes on
        // only if another row follows.
        size_t next = pos_ + 1;
        while (next < lines_.size() && !Trim(lines_[next]).empty() && Trim(lines_[next]).front() == '#')
          ++next;
        if (next < lines_.size() && StartsWith(Trim(lines_[next]), "|")) {
          pos_ = next;
          continue;
        }
        break;
      }
      if (line.empty() || line.front() != '|') break;
      table.rows.push_back(SplitRow(line));
      ++pos_;
    }
    return table;
  }

  std::string file_;
  std::vector<std::string_view> lines_;
  size_t pos_ = 0;
  std::string feature_;
  std::vector<Step> background_;
  std::vector<Scenario> scenarios_;
};

}  // namespace

std::string Scenario::Id() const {
  std::string id = std::filesystem::path(file).stem().string();
  id.append(":").append(std::to_string(line));
  if (example_index >= 0) id.append("#").append(std::to_string(example_index));
  id.append(" ").append(name);
  return id;
}

std::vector<Scenario> ParseFeature(const std::string& file, std::string_view text) {
  return FeatureParser(file, text).Parse();
}

}  // namespace quiver::tck
