#pragma once
// quiver::Value <-> Python objects (docs/python.md, "Values"). Call with the GIL held.

#include <pybind11/pybind11.h>

#include <string_view>

#include "quiver/value.h"

namespace quiver::python {

// Imports the datetime C API; call once from the module's init.
void InitValues();

// A Python object as a Value: None, bool, int (int64), float, str, list/tuple, dict
// with str keys, datetime.date/time/datetime/timedelta, quiver.Duration, and objects
// with __index__ (numpy integers). Raises TypeError, ValueError or OverflowError naming
// `what` (e.g. "parameter $p") for anything else.
Value FromPython(pybind11::handle object, std::string_view what);
// A parameters dict ({name: value}; a leading '$' in a name is dropped).
ValueMap ParametersFromPython(pybind11::handle parameters);

// A Value as a Python object: nodes, relationships and paths as dicts, temporal values
// as datetime objects (nanoseconds truncated to microseconds), durations as
// quiver.Duration. Raises ValueError for dates outside Python's years 1 to 9999.
pybind11::object ToPython(const Value& value);
pybind11::list RowToPython(const std::vector<Value>& row);

}  // namespace quiver::python
