#include "values.h"

// The datetime C API: its capsule pointer is per translation unit, so every use of it
// stays in this file (InitValues imports it).
#include <datetime.h>

#include <cstdint>
#include <string>
#include <utility>

#include "quiver/value_temporal.h"

namespace py = pybind11;

namespace quiver::python {

namespace {

constexpr int64_t kNanosPerSecond = 1'000'000'000;
constexpr int64_t kSecondsPerDay = 86'400;
// Deeper nesting than this is a list or dict that contains itself, most likely.
constexpr int kMaxDepth = 500;

[[noreturn]] void Raise(PyObject* type, const std::string& message) {
  PyErr_SetString(type, message.c_str());
  throw py::error_already_set();
}

py::object Steal(PyObject* object) {
  if (object == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(object);
}

// An attribute of one of the package's modules, imported on first use and kept for the
// life of the process. No function-local static: its guard would be held across an
// import, which may release the GIL; the GIL serializes this check instead.
PyObject* Cached(PyObject*& slot, const char* module, const char* name) {
  if (slot == nullptr) slot = py::object(py::module_::import(module).attr(name)).release().ptr();
  return slot;
}
PyObject* g_duration_class = nullptr;
PyObject* g_node_class = nullptr;
PyObject* g_relationship_class = nullptr;
PyObject* g_path_class = nullptr;
PyObject* g_zoneinfo_class = nullptr;
PyObject* DurationClass() { return Cached(g_duration_class, "quiver._values", "Duration"); }
PyObject* ZoneInfoClass() { return Cached(g_zoneinfo_class, "zoneinfo", "ZoneInfo"); }
// The dict subclasses nodes, relationships and paths arrive as.
py::dict NewDict(PyObject*& slot, const char* name) {
  PyObject* cls = Cached(slot, "quiver._values", name);
  return py::reinterpret_steal<py::dict>(Steal(PyObject_CallNoArgs(cls)).release());
}

std::string TypeName(PyObject* object) { return Py_TYPE(object)->tp_name; }

int64_t FloorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }
int64_t FloorMod(int64_t a, int64_t b) { return a - FloorDiv(a, b) * b; }

// ---- Python -> Value ------------------------------------------------------------------

int64_t IntFrom(PyObject* object, std::string_view what) {
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(object, &overflow);
  if (overflow != 0) {
    Raise(PyExc_OverflowError, std::string(what) +
                                   ": int out of the range of a Quiver INTEGER (64-bit signed: "
                                   "-2**63 to 2**63 - 1)");
  }
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  return v;
}

// A timedelta's whole seconds (utcoffset()); sub-second offsets have no Quiver form.
int32_t OffsetSeconds(const py::object& delta, std::string_view what) {
  PyObject* d = delta.ptr();
  if (!PyDelta_Check(d)) Raise(PyExc_TypeError, std::string(what) + ": utcoffset() did not return a timedelta");
  if (PyDateTime_DELTA_GET_MICROSECONDS(d) != 0) {
    Raise(PyExc_ValueError, std::string(what) + ": a UTC offset with a fraction of a second");
  }
  return static_cast<int32_t>(PyDateTime_DELTA_GET_DAYS(d) * kSecondsPerDay + PyDateTime_DELTA_GET_SECONDS(d));
}

// "+01:00", "-02:05:07", "Z": an offset as Cypher writes a time zone.
std::string OffsetText(int32_t offset) {
  if (offset == 0) return "Z";
  std::string out(1, offset < 0 ? '-' : '+');
  int32_t a = offset < 0 ? -offset : offset;
  auto two = [&](int32_t n) {
    out.push_back(static_cast<char>('0' + n / 10));
    out.push_back(static_cast<char>('0' + n % 10));
  };
  two(a / 3600);
  out.push_back(':');
  two(a / 60 % 60);
  if (a % 60 != 0) {
    out.push_back(':');
    two(a % 60);
  }
  return out;
}

// The IANA name of a tzinfo: ZoneInfo's key (or pytz's zone); empty when it has none.
std::string ZoneName(PyObject* tzinfo) {
  py::handle tz(tzinfo);
  const char* attribute = nullptr;
  const int is_zoneinfo = PyObject_IsInstance(tzinfo, ZoneInfoClass());
  if (is_zoneinfo < 0) throw py::error_already_set();
  if (is_zoneinfo == 1) {
    attribute = "key";
  } else if (py::hasattr(tz, "zone")) {
    attribute = "zone";  // pytz
  }
  if (attribute == nullptr) return {};
  py::object name = tz.attr(attribute);
  return PyUnicode_Check(name.ptr()) ? name.cast<std::string>() : std::string();
}

// Sub-microsecond digits a datetime subclass may carry (pandas.Timestamp.nanosecond).
int32_t ExtraNanos(PyObject* object) {
  if (PyDateTime_CheckExact(object)) return 0;
  py::handle h(object);
  if (!py::hasattr(h, "nanosecond")) return 0;
  py::object ns = h.attr("nanosecond");
  return PyLong_Check(ns.ptr()) ? static_cast<int32_t>(PyLong_AsLong(ns.ptr()) % 1000) : 0;
}

Value DateFrom(PyObject* o) {
  return Value::Date(DateValue{DaysFromCivil(PyDateTime_GET_YEAR(o), PyDateTime_GET_MONTH(o), PyDateTime_GET_DAY(o))});
}

Value DateTimeFrom(PyObject* o, std::string_view what) {
  const int64_t days = DaysFromCivil(PyDateTime_GET_YEAR(o), PyDateTime_GET_MONTH(o), PyDateTime_GET_DAY(o));
  const int64_t wall = days * kSecondsPerDay + PyDateTime_DATE_GET_HOUR(o) * 3600 +
                       PyDateTime_DATE_GET_MINUTE(o) * 60 + PyDateTime_DATE_GET_SECOND(o);
  const int32_t nanos = PyDateTime_DATE_GET_MICROSECOND(o) * 1000 + ExtraNanos(o);
  PyObject* tzinfo = PyDateTime_DATE_GET_TZINFO(o);
  py::object offset = tzinfo == Py_None ? py::none() : py::handle(o).attr("utcoffset")();
  if (offset.is_none()) return Value::LocalDateTime(LocalDateTimeValue{wall, nanos});
  const int32_t offset_seconds = OffsetSeconds(offset, what);
  std::string zone = ZoneName(tzinfo);
  if (zone.empty()) zone = OffsetText(offset_seconds);
  return Value::DateTime(DateTimeAtInstant(wall - offset_seconds, nanos, zone));
}

Value TimeFrom(PyObject* o, std::string_view what) {
  const int64_t nanos = (int64_t{PyDateTime_TIME_GET_HOUR(o)} * 3600 + PyDateTime_TIME_GET_MINUTE(o) * 60 +
                         PyDateTime_TIME_GET_SECOND(o)) *
                            kNanosPerSecond +
                        int64_t{PyDateTime_TIME_GET_MICROSECOND(o)} * 1000;
  if (PyDateTime_TIME_GET_TZINFO(o) == Py_None) return Value::LocalTime(LocalTimeValue{nanos});
  py::object offset = py::handle(o).attr("utcoffset")();
  if (offset.is_none()) {
    Raise(PyExc_ValueError, std::string(what) +
                                ": a datetime.time whose time zone has no fixed offset (a time of day "
                                "in a zone with daylight saving time has none); give a "
                                "datetime.timezone offset, or a datetime");
  }
  return Value::Time(TimeValue{nanos, OffsetSeconds(offset, what)});
}

Value DurationOf(int64_t months, int64_t days, __int128 seconds, __int128 nanos, std::string_view what) {
  seconds += nanos / kNanosPerSecond;
  nanos %= kNanosPerSecond;
  if (nanos < 0) {
    nanos += kNanosPerSecond;
    seconds -= 1;
  }
  if (seconds > INT64_MAX || seconds < INT64_MIN) {
    Raise(PyExc_OverflowError, std::string(what) + ": a duration's seconds out of the 64-bit range");
  }
  return Value::Duration(
      DurationValue{months, days, static_cast<int64_t>(seconds), static_cast<int32_t>(nanos)});
}

Value DurationFromQuiver(PyObject* o, std::string_view what) {
  py::handle h(o);
  auto field = [&](const char* name) { return IntFrom(h.attr(name).ptr(), what); };
  return DurationOf(field("months"), field("days"), field("seconds"), field("nanoseconds"), what);
}

std::string Utf8(PyObject* text) {
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(text, &size);
  if (data == nullptr) throw py::error_already_set();
  return std::string(data, static_cast<size_t>(size));
}

Value Convert(PyObject* o, std::string_view what, int depth) {
  if (o == Py_None) return Value::Null();
  if (PyBool_Check(o)) return Value::Bool(o == Py_True);
  if (PyLong_Check(o)) return Value::Int(IntFrom(o, what));
  if (PyFloat_Check(o)) return Value::Float(PyFloat_AS_DOUBLE(o));
  if (PyUnicode_Check(o)) return Value::String(Utf8(o));
  if (depth > kMaxDepth) {
    Raise(PyExc_ValueError, std::string(what) + ": nested more than " + std::to_string(kMaxDepth) +
                                " levels deep (a list or dict that contains itself?)");
  }
  if (PyList_Check(o) || PyTuple_Check(o)) {
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(o);
    PyObject** items = PySequence_Fast_ITEMS(o);
    std::vector<Value> list;
    list.reserve(static_cast<size_t>(n));
    for (Py_ssize_t i = 0; i < n; ++i) list.push_back(Convert(items[i], what, depth + 1));
    return Value::List(std::move(list));
  }
  if (PyDict_Check(o)) {
    std::vector<ValueMap::Entry> entries;
    entries.reserve(static_cast<size_t>(PyDict_Size(o)));
    PyObject* key = nullptr;
    PyObject* item = nullptr;
    Py_ssize_t pos = 0;
    while (PyDict_Next(o, &pos, &key, &item)) {
      if (!PyUnicode_Check(key)) {
        Raise(PyExc_TypeError, std::string(what) + ": a dict key of type " + TypeName(key) +
                                   " (a Quiver map's keys are str)");
      }
      entries.emplace_back(Utf8(key), Convert(item, what, depth + 1));
    }
    return Value::Map(ValueMap(std::move(entries)));
  }
  if (PyDateTime_Check(o)) return DateTimeFrom(o, what);
  if (PyDate_Check(o)) return DateFrom(o);
  if (PyTime_Check(o)) return TimeFrom(o, what);
  if (PyDelta_Check(o)) {  // the rule is Duration.from_timedelta's
    py::object duration = py::handle(DurationClass()).attr("from_timedelta")(py::handle(o));
    return DurationFromQuiver(duration.ptr(), what);
  }
  const int is_duration = PyObject_IsInstance(o, DurationClass());
  if (is_duration < 0) throw py::error_already_set();
  if (is_duration == 1) return DurationFromQuiver(o, what);
  if (PyIndex_Check(o)) {
    py::object index = Steal(PyNumber_Index(o));
    return Value::Int(IntFrom(index.ptr(), what));
  }
  Raise(PyExc_TypeError, std::string(what) + ": a " + TypeName(o) +
                             " has no Quiver value (pass None, bool, int, float, str, list, tuple, dict, "
                             "datetime.date, .time, .datetime, .timedelta or quiver.Duration)");
}

// ---- Value -> Python ------------------------------------------------------------------

py::object Text(std::string_view text) {
  return Steal(PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "replace"));
}

template <typename T>
std::string Iso(const T& value) {
  std::string out;
  AppendIso(out, value);
  return out;
}

struct Civil {
  int64_t year;
  unsigned month;
  unsigned day;
};
Civil CivilOf(int64_t days) {
  Civil c{};
  CivilFromDays(days, c.year, c.month, c.day);
  return c;
}

// Python's datetime holds years 1 to 9999.
void CheckYear(int64_t year, const std::string& iso, const char* kind) {
  if (year < 1 || year > 9999) {
    Raise(PyExc_ValueError, std::string("the ") + kind + " " + iso +
                                " is outside the years 1 to 9999 Python's datetime holds; return "
                                "toString() of it to read it as text");
  }
}

py::object FixedZone(int32_t offset_seconds) {
  if (offset_seconds == 0) return py::reinterpret_borrow<py::object>(PyDateTime_TimeZone_UTC);
  py::object delta = Steal(PyDelta_FromDSU(0, offset_seconds, 0));
  return Steal(PyTimeZone_FromOffset(delta.ptr()));
}

struct Clock {
  int hour, minute, second, micro;
};
Clock ClockOf(int64_t nanos_of_day) {
  const int64_t seconds = nanos_of_day / kNanosPerSecond;
  return Clock{static_cast<int>(seconds / 3600), static_cast<int>(seconds / 60 % 60),
               static_cast<int>(seconds % 60), static_cast<int>(nanos_of_day % kNanosPerSecond / 1000)};
}

// A datetime at wall-clock seconds since the epoch (+ nanos), with `tz` (None: naive).
py::object DateTimeAt(int64_t wall, int32_t nanos, PyObject* tz, int fold, const std::string& iso,
                      const char* kind) {
  const Civil c = CivilOf(FloorDiv(wall, kSecondsPerDay));
  CheckYear(c.year, iso, kind);
  const Clock k = ClockOf(FloorMod(wall, kSecondsPerDay) * kNanosPerSecond + nanos);
  return Steal(PyDateTimeAPI->DateTime_FromDateAndTimeAndFold(static_cast<int>(c.year), static_cast<int>(c.month),
                                                              static_cast<int>(c.day), k.hour, k.minute, k.second,
                                                              k.micro, tz, fold, PyDateTimeAPI->DateTimeType));
}

// A DateTime in its IANA zone: a datetime with that ZoneInfo, at the fold that gives the
// stored offset; with the fixed offset when Python's zone data disagrees or lacks it.
py::object ZonedDateTime(const DateTimeValue& v) {
  const int64_t wall = v.seconds + v.offset_seconds;
  const std::string iso = Iso(v);
  py::object zone;
  try {
    zone = py::reinterpret_borrow<py::object>(ZoneInfoClass())(v.zone);
  } catch (py::error_already_set&) {
    zone = py::object();  // unknown to Python's tz data
  }
  if (zone) {
    for (int fold = 0; fold <= 1; ++fold) {
      py::object dt = DateTimeAt(wall, v.nanos, zone.ptr(), fold, iso, "DateTime");
      py::object offset = dt.attr("utcoffset")();
      if (!offset.is_none() && OffsetSeconds(offset, "utcoffset") == v.offset_seconds) return dt;
    }
  }
  return DateTimeAt(wall, v.nanos, FixedZone(v.offset_seconds).ptr(), 0, iso, "DateTime");
}

py::dict NodeDict(const NodeValue& node) {
  py::dict out = NewDict(g_node_class, "Node");
  out["_id"] = py::int_(node.id);
  out["_label"] = node.labels.empty() ? py::object(py::none()) : Text(node.labels.front());
  py::list labels;
  for (const std::string& label : node.labels) labels.append(Text(label));
  out["_labels"] = labels;
  for (const auto& [key, value] : node.properties) {
    if (key == "_id" || key == "_label" || key == "_labels") continue;  // the identity wins
    out[Text(key)] = ToPython(value);
  }
  return out;
}

py::dict RelationshipDict(const RelationshipValue& rel) {
  py::dict out = NewDict(g_relationship_class, "Relationship");
  out["_id"] = py::int_(rel.id);
  py::object type = Text(rel.type);
  out["_type"] = type;
  out["_label"] = type;
  out["_src"] = py::int_(rel.start_id);
  out["_dst"] = py::int_(rel.end_id);
  for (const auto& [key, value] : rel.properties) {
    if (key == "_id" || key == "_type" || key == "_label" || key == "_src" || key == "_dst") continue;
    out[Text(key)] = ToPython(value);
  }
  return out;
}

}  // namespace

void InitValues() {
  PyDateTime_IMPORT;
  if (PyDateTimeAPI == nullptr) throw py::error_already_set();
}

Value FromPython(py::handle object, std::string_view what) { return Convert(object.ptr(), what, 0); }

ValueMap ParametersFromPython(py::handle parameters) {
  if (parameters.is_none()) return {};
  if (!PyDict_Check(parameters.ptr())) {
    Raise(PyExc_TypeError, "parameters must be a dict of {name: value}, not " + TypeName(parameters.ptr()));
  }
  std::vector<ValueMap::Entry> entries;
  PyObject* key = nullptr;
  PyObject* item = nullptr;
  Py_ssize_t pos = 0;
  while (PyDict_Next(parameters.ptr(), &pos, &key, &item)) {
    if (!PyUnicode_Check(key)) Raise(PyExc_TypeError, "a parameter name must be a str, not " + TypeName(key));
    std::string name = Utf8(key);
    if (!name.empty() && name.front() == '$') name.erase(0, 1);
    Value value = Convert(item, "parameter $" + name, 0);
    entries.emplace_back(std::move(name), std::move(value));
  }
  return ValueMap(std::move(entries));
}

py::object ToPython(const Value& value) {
  switch (value.kind()) {
    case ValueKind::kNull:
      return py::none();
    case ValueKind::kBool:
      return py::bool_(value.AsBool());
    case ValueKind::kInt:
      return py::int_(value.AsInt());
    case ValueKind::kFloat:
      return py::float_(value.AsFloat());
    case ValueKind::kString:
      return Text(value.AsString());
    case ValueKind::kList: {
      const std::vector<Value>& items = value.AsList();
      py::list out(items.size());
      for (size_t i = 0; i < items.size(); ++i) out[i] = ToPython(items[i]);
      return out;
    }
    case ValueKind::kMap: {
      py::dict out;
      for (const auto& [key, item] : value.AsMap()) out[Text(key)] = ToPython(item);
      return out;
    }
    case ValueKind::kNode:
      return NodeDict(value.AsNode());
    case ValueKind::kRelationship:
      return RelationshipDict(value.AsRelationship());
    case ValueKind::kPath: {
      const PathValue& path = value.AsPath();
      py::list nodes;
      for (const NodeValue& node : path.nodes) nodes.append(NodeDict(node));
      py::list rels;
      for (const RelationshipValue& rel : path.relationships) rels.append(RelationshipDict(rel));
      py::dict out = NewDict(g_path_class, "Path");
      out["_nodes"] = nodes;
      out["_rels"] = rels;
      return out;
    }
    case ValueKind::kDate: {
      const Civil c = CivilOf(value.AsDate().days);
      CheckYear(c.year, Iso(value.AsDate()), "Date");
      return Steal(PyDate_FromDate(static_cast<int>(c.year), static_cast<int>(c.month), static_cast<int>(c.day)));
    }
    case ValueKind::kLocalTime: {
      const Clock k = ClockOf(value.AsLocalTime().nanos);
      return Steal(PyTime_FromTime(k.hour, k.minute, k.second, k.micro));
    }
    case ValueKind::kTime: {
      const TimeValue& t = value.AsTime();
      const Clock k = ClockOf(t.nanos);
      py::object zone = FixedZone(t.offset_seconds);
      return Steal(PyDateTimeAPI->Time_FromTime(k.hour, k.minute, k.second, k.micro, zone.ptr(),
                                                PyDateTimeAPI->TimeType));
    }
    case ValueKind::kLocalDateTime: {
      const LocalDateTimeValue& v = value.AsLocalDateTime();
      return DateTimeAt(v.seconds, v.nanos, Py_None, 0, Iso(v), "LocalDateTime");
    }
    case ValueKind::kDateTime: {
      const DateTimeValue& v = value.AsDateTime();
      if (!v.zone.empty()) return ZonedDateTime(v);
      return DateTimeAt(v.seconds + v.offset_seconds, v.nanos, FixedZone(v.offset_seconds).ptr(), 0, Iso(v),
                        "DateTime");
    }
    case ValueKind::kDuration: {
      const DurationValue& d = value.AsDuration();
      return py::reinterpret_borrow<py::object>(DurationClass())(d.months, d.days, d.seconds, d.nanos);
    }
  }
  return py::none();
}

py::list RowToPython(const std::vector<Value>& row) {
  py::list out(row.size());
  for (size_t i = 0; i < row.size(); ++i) out[i] = ToPython(row[i]);
  return out;
}

}  // namespace quiver::python
