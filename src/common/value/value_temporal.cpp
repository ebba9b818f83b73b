// ISO-8601 text of the temporal payloads, as Neo4j's toString() and the TCK write it.
// The temporal library (src/common/temporal/) builds on these.

#include "quiver/value_temporal.h"

#include <cstdio>
#include <string>

namespace quiver {

namespace {

constexpr int64_t kNanosPerSecond = 1'000'000'000;
constexpr int64_t kSecondsPerDay = 86'400;

int64_t FloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

void AppendPadded(std::string& out, int64_t v, int width) {
  char buf[32];
  const int n = std::snprintf(buf, sizeof(buf), "%0*lld", width, static_cast<long long>(v));
  out.append(buf, static_cast<size_t>(n));
}

// ".5", ".000000001": nanoseconds as a fraction without trailing zeros; nothing for 0.
void AppendFraction(std::string& out, int64_t nanos) {
  if (nanos == 0) return;
  char buf[16];
  std::snprintf(buf, sizeof(buf), "%09lld", static_cast<long long>(nanos));
  int len = 9;
  while (len > 0 && buf[len - 1] == '0') --len;
  out.push_back('.');
  out.append(buf, static_cast<size_t>(len));
}

// Years have at least four digits; past 9999 they carry a '+' (ISO-8601 expanded years).
void AppendDate(std::string& out, int64_t days) {
  int64_t year = 0;
  unsigned month = 0;
  unsigned day = 0;
  CivilFromDays(days, year, month, day);
  if (year > 9999) out.push_back('+');
  if (year < 0) {
    out.push_back('-');
    AppendPadded(out, -year, 4);
  } else {
    AppendPadded(out, year, 4);
  }
  out.push_back('-');
  AppendPadded(out, month, 2);
  out.push_back('-');
  AppendPadded(out, day, 2);
}

// HH:MM[:SS[.fffffffff]] from nanoseconds since midnight.
void AppendTimeOfDay(std::string& out, int64_t nanos_of_day) {
  const int64_t seconds_of_day = nanos_of_day / kNanosPerSecond;
  const int64_t fraction = nanos_of_day % kNanosPerSecond;
  AppendPadded(out, seconds_of_day / 3600, 2);
  out.push_back(':');
  AppendPadded(out, seconds_of_day / 60 % 60, 2);
  const int64_t seconds = seconds_of_day % 60;
  if (seconds != 0 || fraction != 0) {
    out.push_back(':');
    AppendPadded(out, seconds, 2);
    AppendFraction(out, fraction);
  }
}

// Z, or +HH:MM[:SS].
void AppendOffset(std::string& out, int32_t offset_seconds) {
  if (offset_seconds == 0) {
    out.push_back('Z');
    return;
  }
  out.push_back(offset_seconds < 0 ? '-' : '+');
  const int64_t abs = offset_seconds < 0 ? -int64_t{offset_seconds} : offset_seconds;
  AppendPadded(out, abs / 3600, 2);
  out.push_back(':');
  AppendPadded(out, abs / 60 % 60, 2);
  if (abs % 60 != 0) {
    out.push_back(':');
    AppendPadded(out, abs % 60, 2);
  }
}

void AppendLocalDateTime(std::string& out, int64_t local_seconds, int32_t nanos) {
  const int64_t days = FloorDiv(local_seconds, kSecondsPerDay);
  const int64_t second_of_day = local_seconds - days * kSecondsPerDay;
  AppendDate(out, days);
  out.push_back('T');
  AppendTimeOfDay(out, second_of_day * kNanosPerSecond + nanos);
}

void AppendInt128(std::string& out, __int128 v) {
  out.append(std::to_string(static_cast<long long>(v)));  // callers stay within int64
}

}  // namespace

int64_t DaysFromCivil(int64_t year, unsigned month, unsigned day) {
  year -= month <= 2 ? 1 : 0;
  const int64_t era = (year >= 0 ? year : year - 399) / 400;
  const auto yoe = static_cast<unsigned>(year - era * 400);                            // [0, 399]
  const unsigned doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;  // [0, 365]
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;                          // [0, 146096]
  return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

void CivilFromDays(int64_t days, int64_t& year, unsigned& month, unsigned& day) {
  days += 719468;
  const int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const auto doe = static_cast<unsigned>(days - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  day = doy - (153 * mp + 2) / 5 + 1;
  month = mp < 10 ? mp + 3 : mp - 9;
  year = static_cast<int64_t>(yoe) + era * 400 + (month <= 2 ? 1 : 0);
}

void AppendIso(std::string& out, const DateValue& v) {
  AppendDate(out, v.days);
}

void AppendIso(std::string& out, const LocalTimeValue& v) {
  AppendTimeOfDay(out, v.nanos);
}

void AppendIso(std::string& out, const TimeValue& v) {
  AppendTimeOfDay(out, v.nanos);
  AppendOffset(out, v.offset_seconds);
}

void AppendIso(std::string& out, const LocalDateTimeValue& v) {
  AppendLocalDateTime(out, v.seconds, v.nanos);
}

void AppendIso(std::string& out, const DateTimeValue& v) {
  AppendLocalDateTime(out, v.seconds + v.offset_seconds, v.nanos);
  AppendOffset(out, v.offset_seconds);
  if (!v.zone.empty()) out.append("[").append(v.zone).append("]");
}

// P[nY][nM][nD][T[nH][nM][n.fS]], each component carrying the sign of its part: the
// month part splits into years and months, the seconds-plus-nanoseconds part into
// hours, minutes and seconds ('P-1Y-11M', 'PT-1M-0.001S'); all zero is 'PT0S'.
void AppendIso(std::string& out, const DurationValue& v) {
  const __int128 time_nanos = static_cast<__int128>(v.seconds) * kNanosPerSecond + v.nanos;
  if (v.months == 0 && v.days == 0 && time_nanos == 0) {
    out.append("PT0S");
    return;
  }
  out.push_back('P');
  const int64_t years = v.months / 12;
  const int64_t months = v.months % 12;
  if (years != 0) out.append(std::to_string(years)).push_back('Y');
  if (months != 0) out.append(std::to_string(months)).push_back('M');
  if (v.days != 0) out.append(std::to_string(v.days)).push_back('D');
  if (time_nanos == 0) return;
  out.push_back('T');
  const bool negative = time_nanos < 0;
  const __int128 abs = negative ? -time_nanos : time_nanos;
  const __int128 total_seconds = abs / kNanosPerSecond;
  const auto fraction = static_cast<int64_t>(abs % kNanosPerSecond);
  const __int128 hours = total_seconds / 3600;
  const __int128 minutes = total_seconds / 60 % 60;
  const __int128 seconds = total_seconds % 60;
  const char* sign = negative ? "-" : "";
  if (hours != 0) {
    out.append(sign);
    AppendInt128(out, hours);
    out.push_back('H');
  }
  if (minutes != 0) {
    out.append(sign);
    AppendInt128(out, minutes);
    out.push_back('M');
  }
  if (seconds != 0 || fraction != 0) {
    out.append(sign);
    AppendInt128(out, seconds);
    AppendFraction(out, fraction);
    out.push_back('S');
  }
}

}  // namespace quiver
