#pragma once
// toUpper()/toLower() over UTF-8. Covers the bicameral scripts users meet in practice
// (ASCII, Latin-1, Latin Extended-A and Additional, Greek, Cyrillic, Armenian, fullwidth
// Latin) with simple one-to-one mappings, plus ß -> SS as Java's toUpperCase() does;
// other code points pass through. Not full Unicode SpecialCasing: no locale, no
// context-dependent final sigma. (Why not towupper(): it depends on the process locale,
// which is global mutable state and differs between machines.)

#include <string>
#include <string_view>

namespace quiver::function_internal {

std::string ToUpperUtf8(std::string_view s);
std::string ToLowerUtf8(std::string_view s);

}  // namespace quiver::function_internal
