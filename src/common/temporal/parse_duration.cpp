// ISO-8601 durations: the unit form P[nY][nM][nW][nD][T[nH][nM][n[.f]S]] (components
// signed, the smallest one given may carry a fraction) and the date form
// P<YYYY-MM-DD or YYYYMMDD>[T<hh:mm:ss.f or hhmmss.f>].

#include <cstdint>
#include <optional>
#include <string>

#include "common/temporal/civil.h"
#include "common/temporal/parse.h"
#include "common/temporal/parts.h"

namespace quiver::temporal {

namespace {

[[noreturn]] void Fail(std::string_view text) {
  ThrowInvalidValue("Text cannot be parsed to a duration: '" + std::string(text) + "'");
}

bool IsDigit(char c) {
  return c >= '0' && c <= '9';
}

// sign * each component, without overflowing on the most negative value.
Value SignedDuration(int sign, int64_t months, int64_t days, int64_t seconds, int64_t nanos) {
  if (sign < 0 && (months == INT64_MIN || days == INT64_MIN || seconds == INT64_MIN)) {
    ThrowOverflow("duration out of range");
  }
  return MakeDuration(sign * months, sign * days, sign * seconds, sign * nanos);
}

// One component of the unit form: [+-]digits[(.|,)digits].
struct Component {
  bool present = false;
  bool negative = false;
  int64_t whole = 0;
  std::string fraction;  // digits after the separator; empty: none
  double AsDouble() const {
    double v = static_cast<double>(whole);
    if (!fraction.empty()) v += std::stod("0." + fraction);
    return negative ? -v : v;
  }
  int64_t AsInt() const { return negative ? -whole : whole; }
};

// Reads a number at `pos` and, when the unit letter follows, stores it. Returns false
// on a malformed number; leaves `pos` unchanged when the next unit is a different one.
bool ReadComponent(std::string_view s, size_t& pos, char unit, Component& out) {
  size_t p = pos;
  bool negative = false;
  if (p < s.size() && (s[p] == '+' || s[p] == '-')) negative = s[p++] == '-';
  const size_t digits_start = p;
  int64_t whole = 0;
  while (p < s.size() && IsDigit(s[p])) {
    if (__builtin_mul_overflow(whole, int64_t{10}, &whole) ||
        __builtin_add_overflow(whole, s[p] - '0', &whole)) {
      return false;
    }
    ++p;
  }
  if (p == digits_start) return true;  // no number here: not this component
  std::string fraction;
  if (p < s.size() && (s[p] == '.' || s[p] == ',')) {
    ++p;
    while (p < s.size() && IsDigit(s[p])) fraction.push_back(s[p++]);
    if (fraction.empty()) return false;
  }
  if (p >= s.size() || (s[p] != unit && s[p] != unit - 'A' + 'a')) return true;  // another unit
  out = Component{true, negative, whole, fraction};
  pos = p + 1;
  return true;
}

std::optional<Value> ParseUnitForm(std::string_view s, size_t pos, int sign) {
  Component y, mo, w, d, h, mi, sec;
  const auto read = [&](char unit, Component& c) { return ReadComponent(s, pos, unit, c); };
  if (!read('Y', y) || !read('M', mo) || !read('W', w) || !read('D', d)) return std::nullopt;
  bool has_t = false;
  if (pos < s.size() && (s[pos] == 'T' || s[pos] == 't')) {
    has_t = true;
    ++pos;
    if (!read('H', h) || !read('M', mi) || !read('S', sec)) return std::nullopt;
    if (!h.present && !mi.present && !sec.present) return std::nullopt;
  }
  if (pos != s.size()) return std::nullopt;
  if (!y.present && !mo.present && !w.present && !d.present && !has_t) return std::nullopt;
  if (sec.fraction.size() > 9) return std::nullopt;

  // Only the smallest component given may be fractional.
  const Component* order[] = {&y, &mo, &w, &d, &h, &mi};
  const Component* fractional = nullptr;
  for (const Component* c : order) {
    if (fractional != nullptr && c->present) return std::nullopt;
    if (!c->fraction.empty()) fractional = c;
  }
  if (fractional != nullptr && sec.present) return std::nullopt;

  if (fractional != nullptr) {
    const double months = y.AsDouble() * 12 + mo.AsDouble();
    const double days = w.AsDouble() * 7 + d.AsDouble();
    const double seconds = h.AsDouble() * 3600 + mi.AsDouble() * 60;
    return ApproximateDuration(sign * months, sign * days, sign * seconds, 0);
  }
  int64_t months = 0;
  int64_t days = 0;
  int64_t seconds = 0;
  if (__builtin_mul_overflow(y.AsInt(), int64_t{12}, &months) ||
      __builtin_add_overflow(months, mo.AsInt(), &months) ||
      __builtin_mul_overflow(w.AsInt(), int64_t{7}, &days) ||
      __builtin_add_overflow(days, d.AsInt(), &days)) {
    ThrowOverflow("duration out of range: '" + std::string(s) + "'");
  }
  int64_t hour_seconds = 0;
  int64_t minute_seconds = 0;
  if (__builtin_mul_overflow(h.AsInt(), int64_t{3600}, &hour_seconds) ||
      __builtin_mul_overflow(mi.AsInt(), int64_t{60}, &minute_seconds) ||
      __builtin_add_overflow(hour_seconds, minute_seconds, &seconds) ||
      __builtin_add_overflow(seconds, sec.AsInt(), &seconds)) {
    ThrowOverflow("duration out of range: '" + std::string(s) + "'");
  }
  int64_t nanos = 0;
  if (!sec.fraction.empty()) {
    nanos = std::stoll(sec.fraction);
    for (size_t i = sec.fraction.size(); i < 9; ++i) nanos *= 10;
    if (sec.negative) nanos = -nanos;
  }
  return SignedDuration(sign, months, days, seconds, nanos);
}

int64_t Digits(std::string_view s, size_t pos, size_t n) {
  int64_t v = 0;
  for (size_t i = 0; i < n; ++i) v = v * 10 + (s[pos + i] - '0');
  return v;
}

size_t DigitRun(std::string_view s, size_t pos) {
  size_t n = 0;
  while (pos + n < s.size() && IsDigit(s[pos + n])) ++n;
  return n;
}

// P2012-02-02T14:37:21.545, P20120202T143721, PT14:37: the "alternative format".
std::optional<Value> ParseDateForm(std::string_view s, size_t pos, int sign) {
  int64_t months = 0;
  int64_t days = 0;
  const size_t run = DigitRun(s, pos);
  if (run == 4 && pos + 10 <= s.size() && s[pos + 4] == '-' && s[pos + 7] == '-' &&
      DigitRun(s, pos + 5) == 2 && DigitRun(s, pos + 8) == 2) {
    months = Digits(s, pos, 4) * 12 + Digits(s, pos + 5, 2);
    days = Digits(s, pos + 8, 2);
    if (Digits(s, pos + 5, 2) > 12 || days > 31) return std::nullopt;
    pos += 10;
  } else if (run == 8) {
    months = Digits(s, pos, 4) * 12 + Digits(s, pos + 4, 2);
    days = Digits(s, pos + 6, 2);
    if (Digits(s, pos + 4, 2) > 12 || days > 31) return std::nullopt;
    pos += 8;
  } else if (run != 0) {
    return std::nullopt;
  }
  int64_t seconds = 0;
  int64_t nanos = 0;
  if (pos < s.size() && (s[pos] == 'T' || s[pos] == 't')) {
    ++pos;
    int64_t hh = 0;
    int64_t mm = 0;
    int64_t ss = 0;
    if (DigitRun(s, pos) == 2 && pos + 2 < s.size() && s[pos + 2] == ':') {
      hh = Digits(s, pos, 2);
      pos += 3;
      if (DigitRun(s, pos) != 2) return std::nullopt;
      mm = Digits(s, pos, 2);
      pos += 2;
      if (pos < s.size() && s[pos] == ':') {
        if (DigitRun(s, pos + 1) != 2) return std::nullopt;
        ss = Digits(s, pos + 1, 2);
        pos += 3;
      }
    } else {
      const size_t n = DigitRun(s, pos);
      if (n != 2 && n != 4 && n != 6) return std::nullopt;
      hh = Digits(s, pos, 2);
      if (n >= 4) mm = Digits(s, pos + 2, 2);
      if (n == 6) ss = Digits(s, pos + 4, 2);
      pos += n;
    }
    if (pos < s.size() && (s[pos] == '.' || s[pos] == ',')) {
      const size_t n = DigitRun(s, pos + 1);
      if (n < 1 || n > 9) return std::nullopt;
      nanos = Digits(s, pos + 1, n);
      for (size_t i = n; i < 9; ++i) nanos *= 10;
      pos += n + 1;
    }
    if (hh > 24 || mm > 60 || ss > 60) return std::nullopt;
    seconds = hh * 3600 + mm * 60 + ss;
  } else if (run == 0) {
    return std::nullopt;
  }
  if (pos != s.size()) return std::nullopt;
  return SignedDuration(sign, months, days, seconds, nanos);
}

}  // namespace

Value ParseDurationText(std::string_view text) {
  size_t pos = 0;
  int sign = 1;
  if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) sign = text[pos++] == '-' ? -1 : 1;
  if (pos >= text.size() || (text[pos] != 'P' && text[pos] != 'p')) Fail(text);
  ++pos;
  if (std::optional<Value> v = ParseUnitForm(text, pos, sign)) return *v;
  if (std::optional<Value> v = ParseDateForm(text, pos, sign)) return *v;
  Fail(text);
}

}  // namespace quiver::temporal
