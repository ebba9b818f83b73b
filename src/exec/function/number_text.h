#pragma once
// Numbers to and from text, as Cypher's toString(), toInteger() and toFloat() do it.
// Neo4j runs on the JVM, so its users see Java's number formats; Quiver matches them:
//  * FloatToCypherString: Java's Double.toString with shortest round-trip digits (JDK 19+):
//    plain "3.14", "1.0", "1234567.0" for 1e-3 <= |d| < 1e7, else "1.0E7", "1.5E-4";
//    "NaN", "Infinity", "-Infinity", "-0.0". (Not the TCK's result notation, which
//    FormatFloat in value_ops.h prints: that one is for test tables, not for users.)
//  * ParseFloat: Double.parseDouble's decimal subset: surrounding whitespace, a sign,
//    digits with an optional fraction and exponent (".5", "5.", "1e3"), an optional
//    d/f suffix, "NaN", "Infinity". No hex floats.
//  * ParseIntegerText: Long.parseLong, then BigDecimal (so "2.9" gives 2, truncated): no
//    surrounding whitespace, no exponent-free garbage.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace quiver::function_internal {

std::string FloatToCypherString(double d);

std::optional<double> ParseFloat(std::string_view text);

enum class IntegerParse { kOk, kNotANumber, kOutOfRange };
// On kOk stores the value, truncated toward zero when the text has a fraction.
IntegerParse ParseIntegerText(std::string_view text, int64_t& out);

// A float truncated toward zero, when it fits in an Integer (false for NaN, infinities and
// magnitudes past 2^63).
bool TruncateToInteger(double d, int64_t& out);

}  // namespace quiver::function_internal
