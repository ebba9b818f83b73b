#pragma once
// What the import tests through quiver::ImportCsv share: input files written into a
// scratch directory, the report of skipped rows, and the message of a refused import.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "quiver/error.h"
#include "quiver/import.h"
#include "test_util/file_bytes.h"
#include "test_util/temp_dir.h"

namespace quiver::testing {

class ImportFilesTest : public ::testing::Test {
 protected:
  // DIR/name holding `text`; its path.
  std::string Write(const std::string& name, const std::string& text) {
    const std::string path = dir_.Join(name);
    WriteFileBytes(path, text);
    return path;
  }
  // Where ImportOptions::report_path points in these tests.
  std::string ReportPath() const { return dir_.Join("report.txt"); }
  // The report's lines after its heading.
  std::string Report() const {
    const std::string text = ReadFileBytes(ReportPath());
    return text.substr(text.find('\n') + 1);
  }
  // The message of the ArgumentError (InvalidInput) the import throws; "" when it does not.
  static std::string ImportError(const std::string& db, const std::vector<ImportSource>& sources,
                                 const ImportOptions& options) {
    try {
      ImportCsv(db, sources, options);
    } catch (const ArgumentError& e) {
      EXPECT_EQ(e.detail(), "InvalidInput");
      return e.message();
    }
    return "";
  }

  TempDir dir_;
};

}  // namespace quiver::testing
