#include "errors.h"

#include <pybind11/pybind11.h>

#include <new>

namespace py = pybind11;

namespace quiver::python {

namespace {

void SetPythonError(const QuiverError& error) {
  const char* phase = error.phase() == ErrorPhase::kCompileTime ? "compile time" : "runtime";
  try {
    py::object exception = py::module_::import("quiver._errors")
                               .attr("_from_engine")(std::string(ErrorClassName(error.error_class())),
                                                     error.detail(), phase, error.message(), error.what());
    PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(exception.ptr())), exception.ptr());
  } catch (py::error_already_set&) {
    // The extension imported without its package: the plain text.
    PyErr_SetString(PyExc_RuntimeError, error.what());
  }
}

}  // namespace

void RegisterErrorTranslator() {
  py::register_exception_translator([](std::exception_ptr pointer) {
    try {
      if (pointer) std::rethrow_exception(pointer);
    } catch (const QuiverError& error) {
      SetPythonError(error);
    } catch (const std::bad_alloc&) {
      SetPythonError(ResourceExhaustedError("OutOfMemory", "out of memory (std::bad_alloc)"));
    }
  });
}

void ThrowClientError(std::string detail, std::string message) {
  throw ClientError(std::move(detail), std::move(message));
}

}  // namespace quiver::python
