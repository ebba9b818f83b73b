#pragma once
// The parts of the _quiver module defined outside module.cpp.

#include <pybind11/pybind11.h>

namespace quiver::python {

void RegisterImport(pybind11::module_& module);
void RegisterExport(pybind11::module_& module);

}  // namespace quiver::python
