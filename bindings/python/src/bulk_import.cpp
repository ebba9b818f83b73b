// quiver.import_csv's engine half: quiver::ImportCsv with the GIL released.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "quiver/error.h"
#include "quiver/import.h"

#include "module.h"

namespace py = pybind11;

namespace quiver::python {

namespace {

// (kind "nodes" or "relationships", labels or the type, files)
using SourceSpec = std::tuple<std::string, std::vector<std::string>, std::vector<std::string>>;

py::dict ImportFiles(const std::string& db_path, const std::vector<SourceSpec>& specs, char delimiter, char quote,
                     char array_delimiter, bool integer_ids, bool skip_bad_rows, const std::string& report_path,
                     bool replace, uint32_t threads, std::optional<uint64_t> memory_budget, bool progress,
                     bool incremental) {
  std::vector<ImportSource> sources;
  for (const auto& [kind, names, files] : specs) {
    ImportSource source;
    if (kind == "nodes") {
      source.kind = ImportSource::Kind::kNodes;
    } else if (kind == "relationships") {
      source.kind = ImportSource::Kind::kRelationships;
    } else {
      throw py::value_error("an import source is 'nodes' or 'relationships', not '" + kind + "'");
    }
    source.names = names;
    source.files = files;
    sources.push_back(std::move(source));
  }
  ImportOptions options;
  options.delimiter = delimiter;
  options.quote = quote;
  options.array_delimiter = array_delimiter;
  options.integer_ids = integer_ids;
  options.skip_bad_rows = skip_bad_rows;
  options.report_path = report_path;
  options.replace = replace;
  options.incremental = incremental;
  options.threads = threads;
  options.memory_budget = memory_budget;
  options.progress = progress;
  ImportSummary summary;
  {
    py::gil_scoped_release release;
    summary = ImportCsv(db_path, sources, options);
  }
  return ImportSummaryDict(summary);
}

}  // namespace

py::dict ImportSummaryDict(const ImportSummary& summary) {
  py::dict out;
  out["nodes"] = summary.nodes;
  out["relationships"] = summary.relationships;
  out["bad_rows"] = summary.bad_rows;
  out["generation"] = summary.generation;
  out["seconds"] = summary.seconds;
  return out;
}

void RegisterImport(py::module_& module) {
  module.def("import_csv", &ImportFiles, py::arg("db_path"), py::arg("sources"), py::arg("delimiter") = ',',
             py::arg("quote") = '"', py::arg("array_delimiter") = ';', py::arg("integer_ids") = false,
             py::arg("skip_bad_rows") = false, py::arg("report_path") = "", py::arg("replace") = false,
             py::arg("threads") = 0, py::arg("memory_budget") = py::none(), py::arg("progress") = false,
             py::arg("incremental") = false);
}

}  // namespace quiver::python
