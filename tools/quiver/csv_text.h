#pragma once
// CSV as the commands print it (`quiver query --format csv`, the shell's `:mode csv`):
// RFC 4180 quoting, only where a field needs it.

#include <string>

namespace quiver::cli {

inline std::string CsvField(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace quiver::cli
