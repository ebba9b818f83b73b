#pragma once
// The shell's result modes (docs/shell.md): table (ASCII) and box (Unicode lines) that
// fit the terminal, line (a column per line, for wide rows), markdown, csv, json (one
// array) and jsonl (an object a line). Values print as `quiver query` prints them:
// strings quoted ('abc'), so the string "null" and null never look alike; numbers are
// right-aligned in the table modes.
//
// A table wider than `width` gives its widest columns less room, cutting cells with an
// ellipsis (…); when even that leaves a column narrower than a few characters, the
// result is shown in line mode instead (and says so).

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "quiver/value.h"

namespace quiver::cli::shell {

enum class Mode { kTable, kBox, kLine, kMarkdown, kCsv, kJson, kJsonl };
std::optional<Mode> ParseMode(std::string_view name);
std::string_view ModeName(Mode mode);
inline constexpr const char* kModeNames = "table, box, line, markdown, csv, json, jsonl";

struct RenderOptions {
  Mode mode = Mode::kTable;
  size_t width = 80;  // the terminal's columns (0: no limit)
};

// One value as a cell: Cypher's literal form, strings quoted (csv: strings raw).
std::string CellText(const Value& v, bool raw_strings = false);
// The display width of UTF-8 text (a code point a column; East Asian wide characters and
// emoji two).
size_t DisplayWidth(std::string_view text);

// Renders `rows` (the first ones of a result, `more` rows after them not shown).
void Render(const std::vector<std::string>& columns, const std::vector<std::vector<Value>>& rows, uint64_t more,
            const RenderOptions& options, std::ostream& out);

}  // namespace quiver::cli::shell
