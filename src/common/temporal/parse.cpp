// ISO-8601 parsing of date, time and datetime text (durations: parse_duration.cpp).
// A hand-written cursor rather than std::regex: the grammar is small, and this is on the
// path of every date('...') call.

#include "common/temporal/parse.h"

#include <string>

#include "common/temporal/civil.h"
#include "common/temporal/parts.h"
#include "common/temporal/zones.h"

namespace quiver::temporal {

namespace {

class Cursor {
 public:
  explicit Cursor(std::string_view text) : text_(text) {}

  bool AtEnd() const { return pos_ == text_.size(); }
  char Peek(size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }
  bool Eat(char c) {
    if (Peek() != c) return false;
    ++pos_;
    return true;
  }
  // Eats an ASCII letter in either case.
  bool EatLetter(char upper) { return Eat(upper) || Eat(static_cast<char>(upper - 'A' + 'a')); }
  // The number of consecutive digits from here (not consumed).
  size_t DigitRun() const {
    size_t n = 0;
    while (pos_ + n < text_.size() && text_[pos_ + n] >= '0' && text_[pos_ + n] <= '9') ++n;
    return n;
  }
  int64_t TakeNumber(size_t digits) {
    int64_t v = 0;
    for (size_t i = 0; i < digits; ++i) v = v * 10 + (text_[pos_ + i] - '0');
    pos_ += digits;
    return v;
  }
  std::string_view Rest() const { return text_.substr(pos_); }
  void Skip(size_t n) { pos_ += n; }
  size_t pos() const { return pos_; }

 private:
  std::string_view text_;
  size_t pos_ = 0;
};

[[noreturn]] void Fail(std::string_view text, TemporalKind kind) {
  ThrowInvalidValue("Text cannot be parsed to a " + std::string(TemporalKindName(kind)) + ": '" +
                    std::string(text) + "'");
}

// Checked constructors of the date forms; false when a field is out of range.
bool CalendarDay(int64_t year, int64_t month, int64_t day, int64_t& days) {
  if (year < kMinYear || year > kMaxYear || month < 1 || month > 12) return false;
  if (day < 1 || day > DaysInMonth(year, static_cast<int>(month))) return false;
  days = DaysFromCivil(year, static_cast<int>(month), static_cast<int>(day));
  return true;
}
bool WeekDay(int64_t year, int64_t week, int64_t dow, int64_t& days) {
  if (year < kMinYear || year > kMaxYear || dow < 1 || dow > 7) return false;
  if (week < 1 || week > WeeksInWeekBasedYear(year)) return false;
  days = FirstDayOfWeekBasedYear(year) + (week - 1) * 7 + (dow - 1);
  return DateInRange(days);
}
bool QuarterDay(int64_t year, int64_t quarter, int64_t doq, int64_t& days) {
  if (year < kMinYear || year > kMaxYear || quarter < 1 || quarter > 4) return false;
  if (doq < 1 || doq > DaysInQuarter(year, static_cast<int>(quarter))) return false;
  days = DaysFromCivil(year, static_cast<int>((quarter - 1) * 3 + 1), 1) + doq - 1;
  return true;
}
bool OrdinalDay(int64_t year, int64_t doy, int64_t& days) {
  if (year < kMinYear || year > kMaxYear || doy < 1 || doy > DaysInYear(year)) return false;
  days = DaysFromCivil(year, 1, 1) + doy - 1;
  return true;
}

// After the year of the long (dashed) form: -MM[-DD] | -Www[-D] | -Qq[-DD] | -DDD | nothing.
bool ParseLongDateRest(Cursor& c, int64_t year, int64_t& days) {
  if (!c.Eat('-')) return CalendarDay(year, 1, 1, days);
  if (c.EatLetter('W')) {
    const size_t n = c.DigitRun();
    if (n < 1 || n > 2) return false;
    const int64_t week = c.TakeNumber(n);
    int64_t dow = 1;
    if (c.Eat('-')) {
      if (c.DigitRun() != 1) return false;
      dow = c.TakeNumber(1);
    }
    return WeekDay(year, week, dow, days);
  }
  if (c.EatLetter('Q')) {
    if (c.DigitRun() != 1) return false;
    const int64_t quarter = c.TakeNumber(1);
    int64_t doq = 1;
    if (c.Eat('-')) {
      const size_t n = c.DigitRun();
      if (n < 1 || n > 2) return false;
      doq = c.TakeNumber(n);
    }
    return QuarterDay(year, quarter, doq, days);
  }
  const size_t n = c.DigitRun();
  if (n == 3) return OrdinalDay(year, c.TakeNumber(3), days);
  if (n < 1 || n > 2) return false;
  const int64_t month = c.TakeNumber(n);
  int64_t day = 1;
  if (c.Eat('-')) {
    const size_t m = c.DigitRun();
    if (m < 1 || m > 2) return false;
    day = c.TakeNumber(m);
  }
  return CalendarDay(year, month, day, days);
}

bool ParseDate(Cursor& c, int64_t& days) {
  if (c.Peek() == '+' || c.Peek() == '-') {
    const bool negative = c.Peek() == '-';
    c.Skip(1);
    const size_t n = c.DigitRun();
    if (n < 1 || n > 9) return false;
    const int64_t year = c.TakeNumber(n);
    return ParseLongDateRest(c, negative ? -year : year, days);
  }
  const size_t n = c.DigitRun();
  switch (n) {
    case 4: {
      const int64_t year = c.TakeNumber(4);
      if (c.EatLetter('W')) {  // YYYYWww[D]
        if (c.DigitRun() < 2) return false;
        const int64_t week = c.TakeNumber(2);
        const int64_t dow = c.DigitRun() == 1 ? c.TakeNumber(1) : 1;
        return WeekDay(year, week, dow, days);
      }
      if (c.EatLetter('Q')) {  // YYYYQq[DD]
        if (c.DigitRun() != 1 && c.DigitRun() != 3) return false;
        const int64_t quarter = c.TakeNumber(1);
        const int64_t doq = c.DigitRun() == 2 ? c.TakeNumber(2) : 1;
        return QuarterDay(year, quarter, doq, days);
      }
      return ParseLongDateRest(c, year, days);
    }
    case 6: {  // YYYYMM
      const int64_t year = c.TakeNumber(4);
      return CalendarDay(year, c.TakeNumber(2), 1, days);
    }
    case 7: {  // YYYYDDD
      const int64_t year = c.TakeNumber(4);
      return OrdinalDay(year, c.TakeNumber(3), days);
    }
    case 8: {  // YYYYMMDD
      const int64_t year = c.TakeNumber(4);
      const int64_t month = c.TakeNumber(2);
      return CalendarDay(year, month, c.TakeNumber(2), days);
    }
    default:
      return false;
  }
}

// A fraction of a second: [.,] then 1-9 digits, as nanoseconds.
bool ParseFraction(Cursor& c, int64_t& nanos) {
  nanos = 0;
  if (!c.Eat('.') && !c.Eat(',')) return true;
  const size_t n = c.DigitRun();
  if (n < 1 || n > 9) return false;
  nanos = c.TakeNumber(n);
  for (size_t i = n; i < 9; ++i) nanos *= 10;
  return true;
}

// HH[:MM[:SS[.f]]] or HH[MM[SS[.f]]].
bool ParseTime(Cursor& c, int64_t& nanos_of_day) {
  if (c.DigitRun() < 2) return false;
  const int64_t hour = c.TakeNumber(2);
  int64_t minute = 0;
  int64_t second = 0;
  int64_t fraction = 0;
  if (c.Peek() == ':') {
    c.Skip(1);
    if (c.DigitRun() != 2) return false;
    minute = c.TakeNumber(2);
    if (c.Eat(':')) {
      if (c.DigitRun() != 2) return false;
      second = c.TakeNumber(2);
      if (!ParseFraction(c, fraction)) return false;
    }
  } else if (c.DigitRun() >= 2) {
    minute = c.TakeNumber(2);
    if (c.DigitRun() >= 2) {
      second = c.TakeNumber(2);
      if (!ParseFraction(c, fraction)) return false;
    }
  }
  if (c.DigitRun() != 0) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  nanos_of_day = ((hour * 60 + minute) * 60 + second) * kNanosPerSecond + fraction;
  return true;
}

// Z, or an offset: up to the end or a '['.
bool ParseOffsetPart(Cursor& c, std::optional<int32_t>& offset) {
  const char first = c.Peek();
  if (first != 'Z' && first != 'z' && first != '+' && first != '-') return true;
  std::string_view rest = c.Rest();
  const size_t end = rest.find('[');
  const std::string_view text = rest.substr(0, end);
  offset = ParseOffset(text);
  if (!offset) return false;
  c.Skip(text.size());
  return true;
}

bool ParseZoneName(Cursor& c, std::string& name) {
  if (!c.Eat('[')) return true;
  std::string_view rest = c.Rest();
  const size_t close = rest.find(']');
  if (close == std::string_view::npos || close == 0) return false;
  name = std::string(rest.substr(0, close));
  c.Skip(close + 1);
  return true;
}

}  // namespace

ParsedText ParseDateTimeText(std::string_view text, TemporalKind kind) {
  const bool wants_date =
      kind == TemporalKind::kDate || kind == TemporalKind::kLocalDateTime || kind == TemporalKind::kDateTime;
  const bool wants_time = kind != TemporalKind::kDate;
  const bool wants_offset = kind == TemporalKind::kTime || kind == TemporalKind::kDateTime;
  ParsedText out;
  Cursor c(text);
  if (wants_date) {
    if (!ParseDate(c, out.days)) Fail(text, kind);
    out.has_date = true;
    if (wants_time && c.EatLetter('T')) {
      if (!ParseTime(c, out.nanos_of_day)) Fail(text, kind);
      out.has_time = true;
    }
  } else {
    if (!ParseTime(c, out.nanos_of_day)) Fail(text, kind);
    out.has_time = true;
  }
  if (wants_offset && out.has_time) {
    if (!ParseOffsetPart(c, out.offset)) Fail(text, kind);
    if (kind == TemporalKind::kDateTime && !ParseZoneName(c, out.zone_name)) Fail(text, kind);
  }
  if (!c.AtEnd()) Fail(text, kind);
  return out;
}

}  // namespace quiver::temporal
