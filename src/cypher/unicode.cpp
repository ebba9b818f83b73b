#include "cypher/unicode.h"

namespace quiver::cypher {

bool IsSpaceCodePoint(uint32_t cp) {
  return cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 ||
         cp == 0x202F || cp == 0x205F || cp == 0x3000 || cp == 0xFEFF;
}

bool IsIdentifierCodePoint(uint32_t cp) {
  if (cp < 0x80 || IsSpaceCodePoint(cp)) return false;
  struct Range {
    uint32_t first;
    uint32_t last;
  };
  // Punctuation, symbols, controls and emoji blocks.
  static constexpr Range kExcluded[] = {
      {0x80, 0xA9},     {0xAB, 0xB4},     {0xB6, 0xB9},     {0xBB, 0xBF},     {0xD7, 0xD7},
      {0xF7, 0xF7},     {0x2010, 0x205E}, {0x2190, 0x23FF}, {0x2500, 0x27BF}, {0x2900, 0x2BFF},
      {0x2E00, 0x2E7F}, {0x3001, 0x3003}, {0x3008, 0x3011}, {0xFE50, 0xFE6F}, {0xFF01, 0xFF0F},
      {0xFF1A, 0xFF20}, {0xFF3B, 0xFF40}, {0xFF5B, 0xFF65}, {0xFFF0, 0xFFFF}, {0x1F000, 0x1FAFF},
  };
  for (const Range& range : kExcluded) {
    if (cp >= range.first && cp <= range.last) return false;
  }
  return true;
}

}  // namespace quiver::cypher
