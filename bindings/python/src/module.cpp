// _quiver: the engine half of the Python module (docs/python.md). The package quiver
// (bindings/python/quiver/) wraps these classes in the Kùzu-shaped API.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "quiver/byte_size.h"
#include "quiver/database.h"
#include "quiver/quiver.h"
#include "quiver/value_temporal.h"

#include "errors.h"
#include "module.h"
#include "session.h"
#include "values.h"

namespace py = pybind11;
using namespace quiver::python;  // NOLINT(google-build-using-namespace): this file binds them

namespace {

std::shared_ptr<DatabaseCore> OpenDatabase(const std::string& path, bool read_only,
                                           std::optional<uint64_t> memory_budget, const std::string& durability,
                                           std::optional<uint64_t> query_memory_limit, uint32_t workers) {
  quiver::DatabaseOptions options;
  options.read_only = read_only;
  options.memory_budget = memory_budget;
  options.query_memory_limit = query_memory_limit;
  options.query_workers = workers;
  if (durability == "durable") {
    options.durability = quiver::Durability::kDurable;
  } else if (durability == "async") {
    options.durability = quiver::Durability::kAsync;
  } else {
    throw py::value_error("durability is 'durable' or 'async', not '" + durability + "'");
  }
  return DatabaseCore::Open(path, options);
}

uint64_t ParseSize(const std::string& text) {
  quiver::Result<uint64_t> size = quiver::ParseByteSize(text);
  if (!size.ok()) throw py::value_error(size.status().message());
  return *size;
}

}  // namespace

PYBIND11_MODULE(_quiver, m) {
  m.doc() = "Quiver's engine for the quiver package (use `import quiver`).";
  InitValues();
  RegisterErrorTranslator();
  m.attr("__version__") = QUIVER_VERSION;

  py::class_<DatabaseCore, std::shared_ptr<DatabaseCore>>(m, "Database")
      .def(py::init(&OpenDatabase), py::arg("path"), py::arg("read_only") = false,
           py::arg("memory_budget") = py::none(), py::arg("durability") = "durable",
           py::arg("query_memory_limit") = py::none(), py::arg("workers") = 0)
      .def("connect", &DatabaseCore::Connect)
      .def("refresh", &DatabaseCore::Refresh)
      .def("close", &DatabaseCore::Close)
      .def_property_readonly("closed", &DatabaseCore::closed);

  py::class_<PreparedCore, std::shared_ptr<PreparedCore>>(m, "PreparedStatement")
      .def_property_readonly("text", &PreparedCore::text)
      .def_property_readonly("columns", &PreparedCore::columns)
      .def_property_readonly("column_types", &PreparedCore::column_types)
      .def_property_readonly("read_only", &PreparedCore::read_only)
      .def("close", &PreparedCore::Close)
      .def_property_readonly("closed", &PreparedCore::closed);

  py::class_<ConnectionCore, std::shared_ptr<ConnectionCore>>(m, "Connection")
      .def(
          "query",
          [](ConnectionCore& self, const std::string& text, py::object parameters) {
            return self.Query(text, ParametersFromPython(parameters));
          },
          py::arg("text"), py::arg("parameters") = py::none())
      .def(
          "execute",
          [](ConnectionCore& self, PreparedCore& prepared, py::object parameters) {
            return self.Execute(prepared, ParametersFromPython(parameters));
          },
          py::arg("prepared"), py::arg("parameters") = py::none())
      .def(
          "prepare",
          [](ConnectionCore& self, const std::string& text, py::object parameters) {
            return self.Prepare(text, ParametersFromPython(parameters));
          },
          py::arg("text"), py::arg("parameters") = py::none())
      .def("begin", &ConnectionCore::Begin, py::arg("read_only") = false)
      .def("commit", &ConnectionCore::Commit)
      .def("rollback", &ConnectionCore::Rollback)
      .def_property_readonly("in_transaction", &ConnectionCore::InTransaction)
      .def("interrupt", &ConnectionCore::Interrupt)
      .def("set_query_timeout", &ConnectionCore::SetQueryTimeout, py::arg("milliseconds"))
      .def("set_query_memory_limit", &ConnectionCore::SetQueryMemoryLimit, py::arg("bytes"))
      .def_property_readonly("query_memory_limit", &ConnectionCore::query_memory_limit)
      .def("close", &ConnectionCore::Close)
      .def_property_readonly("closed", &ConnectionCore::closed);

  py::class_<ResultCore, std::shared_ptr<ResultCore>>(m, "QueryResult")
      .def_property_readonly("columns", &ResultCore::columns)
      .def_property_readonly("column_types", &ResultCore::column_types)
      .def("has_next", &ResultCore::HasNext)
      .def("get_next", [](ResultCore& self) { return self.Next(false); })
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", [](ResultCore& self) { return self.Next(true); })
      .def("get_all", &ResultCore::All)
      .def("get_num_tuples", &ResultCore::NumTuples)
      .def("summary", &ResultCore::Summary)
      .def("close", &ResultCore::Close)
      .def_property_readonly("closed", &ResultCore::closed);

  m.def("parse_byte_size", &ParseSize, py::arg("text"),
        "Bytes in a size such as '512M' or '4G' (powers of two, as the quiver tool reads them).");
  m.def(
      "duration_iso",
      [](int64_t months, int64_t days, int64_t seconds, int32_t nanoseconds) {
        std::string out;
        quiver::AppendIso(out, quiver::DurationValue{months, days, seconds, nanoseconds});
        return out;
      },
      py::arg("months"), py::arg("days"), py::arg("seconds"), py::arg("nanoseconds"),
      "A duration's ISO-8601 text, as toString() writes it (nanoseconds in [0, 10**9)).");
  m.def(
      "to_value_and_back", [](py::handle object) { return ToPython(FromPython(object, "value")); },
      py::arg("value"), "A Python value through quiver::Value and back (tests).");
  RegisterImport(m);
  RegisterExport(m);
}
