// quiver.export_database and quiver.import_exported's engine half: quiver::ExportDatabase
// and quiver::ImportExported (quiver/data_export.h) with the GIL released.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "module.h"
#include "quiver/data_export.h"

namespace py = pybind11;

namespace quiver::python {
namespace {

py::dict Export(const std::string& db_path, const std::string& directory, const std::string& format,
                const std::string& at_checkpoint, uint32_t threads, const std::string& codec) {
  ExportOptions options;
  options.format = format;
  options.codec = codec;
  options.at_checkpoint = at_checkpoint;
  options.threads = threads;
  ExportSummary s;
  {
    py::gil_scoped_release release;
    s = ExportDatabase(db_path, directory, options);
  }
  py::dict out;
  out["nodes"] = s.nodes;
  out["relationships"] = s.relationships;
  out["generation"] = s.generation;
  out["sequence"] = s.sequence;
  out["bytes"] = s.bytes;
  out["files"] = s.files;
  out["seconds"] = s.seconds;
  return out;
}

py::dict ImportExport(const std::string& db_path, const std::string& directory, bool skip_bad_rows,
                      const std::string& report_path, uint32_t threads) {
  ImportOptions options;
  options.skip_bad_rows = skip_bad_rows;
  options.report_path = report_path;
  options.threads = threads;
  ImportSummary s;
  {
    py::gil_scoped_release release;
    s = ImportExported(db_path, directory, options);
  }
  return ImportSummaryDict(s);
}

}  // namespace

void RegisterExport(py::module_& module) {
  module.def("export_database", &Export, py::arg("db_path"), py::arg("directory"), py::arg("format") = "csv",
             py::arg("at_checkpoint") = "", py::arg("threads") = 0, py::arg("codec") = "zstd");
  module.def("import_exported", &ImportExport, py::arg("db_path"), py::arg("directory"),
             py::arg("skip_bad_rows") = false, py::arg("report_path") = "", py::arg("threads") = 0);
}

}  // namespace quiver::python
