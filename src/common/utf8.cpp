#include "common/utf8.h"

#include <emmintrin.h>  // SSE2: part of every x86-64

#include <cstdio>

namespace quiver {

CodePoint DecodeUtf8(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char lead = byte(i);
  CodePoint cp;
  if (lead < 0x80) {
    cp.value = lead;
    cp.valid = true;
    return cp;
  }
  uint32_t length = 0;
  uint32_t value = 0;
  uint32_t min = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2;
    value = lead & 0x1F;
    min = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3;
    value = lead & 0x0F;
    min = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4;
    value = lead & 0x07;
    min = 0x10000;
  } else {
    return cp;  // stray continuation byte or invalid lead
  }
  if (i + length > text.size()) return cp;
  for (uint32_t k = 1; k < length; ++k) {
    unsigned char b = byte(i + k);
    if ((b & 0xC0) != 0x80) return cp;
    value = (value << 6) | (b & 0x3F);
  }
  if (value < min || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return cp;
  cp.value = value;
  cp.length = length;
  cp.valid = true;
  return cp;
}

size_t FindInvalidUtf8(std::string_view text) {
  const size_t n = text.size();
  size_t i = 0;
  while (i < n) {
    // ASCII fast path: a 16-byte block with no high bit set is valid as it is.
    while (i + 16 <= n) {
      const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + i));
      if (_mm_movemask_epi8(block) != 0) break;
      i += 16;
    }
    if (i >= n) break;
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    const CodePoint cp = DecodeUtf8(text, i);
    if (!cp.valid) return i;
    i += cp.length;
  }
  return std::string_view::npos;
}

std::string DescribeInvalidUtf8Byte(std::string_view text, size_t offset) {
  char buf[16];
  std::snprintf(buf, sizeof(buf), "byte 0x%02X", static_cast<unsigned>(static_cast<unsigned char>(text[offset])));
  return buf;
}

size_t Utf8SequenceLength(std::string_view s, size_t i) {
  const auto lead = static_cast<unsigned char>(s[i]);
  size_t len = 1;
  if (lead >= 0xF0 && lead <= 0xF4) {
    len = 4;
  } else if (lead >= 0xE0) {
    len = lead <= 0xEF ? 3 : 1;
  } else if (lead >= 0xC2) {
    len = 2;
  }
  if (len == 1 || i + len > s.size()) return 1;
  for (size_t k = 1; k < len; ++k) {
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 1;
  }
  return len;
}

size_t CodePointCount(std::string_view s) {
  size_t n = 0;
  for (size_t i = 0; i < s.size(); i += Utf8SequenceLength(s, i)) ++n;
  return n;
}

size_t ByteOffsetOfCodePoint(std::string_view s, size_t n) {
  size_t i = 0;
  for (; i < s.size() && n > 0; --n) i += Utf8SequenceLength(s, i);
  return i;
}

char32_t DecodeAt(std::string_view s, size_t i) {
  const size_t len = Utf8SequenceLength(s, i);
  const auto lead = static_cast<unsigned char>(s[i]);
  if (len == 1) return lead;
  char32_t cp = lead & (0x7F >> len);
  for (size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  return cp;
}

void AppendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

}  // namespace quiver
