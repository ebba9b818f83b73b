#include "exec/function/string_case.h"

#include "common/utf8.h"

namespace quiver::function_internal {
namespace {

// Ranges of alternating upper/lower pairs: an even offset from `first` is upper case.
struct PairRange {
  char32_t first;
  char32_t last;  // inclusive, the last lower-case member
};
constexpr PairRange kPairRanges[] = {
    {0x0100, 0x012F}, {0x0132, 0x0137}, {0x0139, 0x0148}, {0x014A, 0x0177}, {0x0179, 0x017E},
    {0x0182, 0x0185}, {0x01CD, 0x01DC}, {0x01DE, 0x01EF}, {0x01F8, 0x021F}, {0x0222, 0x0233},
    {0x0246, 0x024F}, {0x03D8, 0x03EF}, {0x0460, 0x0481}, {0x048A, 0x04BF}, {0x04C1, 0x04CE},
    {0x04D0, 0x052F}, {0x1E00, 0x1E95}, {0x1EA0, 0x1EFF},
};

struct ShiftRange {
  char32_t upper_first;
  char32_t upper_last;
  char32_t lower_first;
};
constexpr ShiftRange kShiftRanges[] = {
    {U'A', U'Z', U'a'},       {0x00C0, 0x00D6, 0x00E0}, {0x00D8, 0x00DE, 0x00F8}, {0x0388, 0x038A, 0x03AD},
    {0x038E, 0x038F, 0x03CD}, {0x0391, 0x03A1, 0x03B1}, {0x03A3, 0x03AB, 0x03C3}, {0x0400, 0x040F, 0x0450},
    {0x0410, 0x042F, 0x0430}, {0x0531, 0x0556, 0x0561}, {0xFF21, 0xFF3A, 0xFF41},
};

// Single mappings outside the regular ranges: {upper, lower}.
constexpr std::pair<char32_t, char32_t> kSingles[] = {
    {0x0178, 0x00FF}, {0x0386, 0x03AC}, {0x038C, 0x03CC}, {0x0049, 0x0131},
    {0x0130, 0x0069}, {0x0053, 0x017F}, {0x039C, 0x00B5}, {0x03A3, 0x03C2},
};

char32_t Upper(char32_t c) {
  for (const ShiftRange& r : kShiftRanges) {
    const char32_t n = r.upper_last - r.upper_first;
    if (c >= r.lower_first && c <= r.lower_first + n) return c - r.lower_first + r.upper_first;
  }
  for (const PairRange& r : kPairRanges) {
    if (c >= r.first && c <= r.last && (c - r.first) % 2 == 1) return c - 1;
  }
  for (const auto& [upper, lower] : kSingles) {
    if (c == lower) return upper;  // ı -> I, ſ -> S, µ -> Μ, ς -> Σ: one-way mappings
  }
  return c;
}

char32_t Lower(char32_t c) {
  for (const ShiftRange& r : kShiftRanges) {
    if (c >= r.upper_first && c <= r.upper_last) return c - r.upper_first + r.lower_first;
  }
  for (const PairRange& r : kPairRanges) {
    if (c >= r.first && c <= r.last && (c - r.first) % 2 == 0) return c + 1;
  }
  // The one-way singles (I, S, Μ, Σ) were lowered by the ranges above already.
  if (c == 0x0178) return 0x00FF;
  if (c == 0x0386) return 0x03AC;
  if (c == 0x038C) return 0x03CC;
  if (c == 0x0130) return 0x0069;
  return c;
}

template <typename Map>
std::string MapCodePoints(std::string_view s, Map map) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    const size_t len = Utf8SequenceLength(s, i);
    const auto lead = static_cast<unsigned char>(s[i]);
    if (lead < 0x80) {
      map(out, static_cast<char32_t>(lead));
    } else if (len == 1) {
      out.push_back(s[i]);  // a malformed byte passes through untouched
    } else {
      map(out, DecodeAt(s, i));
    }
    i += len;
  }
  return out;
}

}  // namespace

std::string ToUpperUtf8(std::string_view s) {
  return MapCodePoints(s, [](std::string& out, char32_t c) {
    if (c == 0x00DF) {  // ß has no single upper-case letter; Java writes "SS"
      out.append("SS");
      return;
    }
    AppendUtf8(out, Upper(c));
  });
}

std::string ToLowerUtf8(std::string_view s) {
  return MapCodePoints(s, [](std::string& out, char32_t c) { AppendUtf8(out, Lower(c)); });
}

}  // namespace quiver::function_internal
