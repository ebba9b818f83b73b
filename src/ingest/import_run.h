#pragma once
// A whole CSV import into a database directory — open it, refuse a graph already there
// unless `replace`, begin a construction session, read the groups, commit — shared by
// `quiver import` and the public quiver::ImportCsv (include/quiver/import.h). Nothing is
// published unless every row was read (or skipped, with skip_bad_rows).

#include <string>
#include <vector>

#include "common/metrics/phase_recorder.h"
#include "ingest/csv_import.h"
#include "ingest/run_options.h"

namespace quiver::ingest {

struct ImportRun {
  bool replace = false;  // a database that holds a graph gets a new one; else an error
  Resources resources;
  Progress* progress = nullptr;         // optional
  PhaseCollector* phases = nullptr;     // optional
};

struct ImportOutcome {
  ImportStats stats;
  CommitResult commit;
};

// InvalidArgument "file:line:column: reason" for bad input, AlreadyExists-style
// InvalidArgument for a database that holds a graph (without replace), the storage
// error otherwise.
Result<ImportOutcome> ImportIntoDatabase(const std::string& db_path, const std::vector<InputGroup>& groups,
                                         const ImportOptions& options, const ImportRun& run);

}  // namespace quiver::ingest
