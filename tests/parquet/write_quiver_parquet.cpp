// Writes the Parquet writer's test files (tests/unit/export/parquet_cases.h) into DIR with
// an expected.json saying what each holds, for DuckDB to read back
// (read_quiver_parquet.mjs, run by ctest parquet_writer_duckdb through read_quiver_parquet.sh).
//   write_quiver_parquet DIR

#include <filesystem>
#include <fstream>
#include <iostream>

#include "unit/export/parquet_cases.h"

int main(int argc, char** argv) {
  using namespace quiver::exporter::parquet::testing;
  if (argc != 2) {
    std::cerr << "usage: write_quiver_parquet DIR\n";
    return 2;
  }
  const std::string dir = argv[1];
  std::filesystem::create_directories(dir);
  nlohmann::json expected = nlohmann::json::array();
  for (const Case& c : WriterCases()) {
    quiver::Status s = WriteCase(c, dir + "/" + c.name + ".parquet");
    if (!s.ok()) {
      std::cerr << c.name << ": " << s.ToString() << "\n";
      return 1;
    }
    expected.push_back(ExpectedJson(c));
  }
  std::ofstream(dir + "/expected.json") << expected.dump();
  return 0;
}
