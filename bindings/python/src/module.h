#pragma once
// The parts of the _quiver module defined outside module.cpp.

#include <pybind11/pybind11.h>

namespace quiver {
struct ImportSummary;
}  // namespace quiver

namespace quiver::python {

void RegisterImport(pybind11::module_& module);
// An ImportSummary as the dict quiver.ImportSummary is made of (bulk_import.cpp).
pybind11::dict ImportSummaryDict(const ImportSummary& summary);
void RegisterExport(pybind11::module_& module);

}  // namespace quiver::python
