#pragma once
// Where the Parquet files DuckDB wrote for the tests are (tests/parquet/write_fixtures.mjs,
// run by the ctest fixture parquet_fixtures into $QUIVER_TEST_TMPDIR/parquet-fixtures);
// empty when they are not there (node or the package missing), and the tests skip.

#include <cstdlib>
#include <filesystem>
#include <string>

namespace quiver::ingest::testing {

inline std::string ParquetFixtureDir() {
  const char* base = std::getenv("QUIVER_TEST_TMPDIR");
  if (base == nullptr) return "";
  std::string dir = std::string(base) + "/parquet-fixtures";
  return std::filesystem::exists(dir + "/expected.json") ? dir : "";
}

#define QUIVER_REQUIRE_PARQUET_FIXTURES(dir)                                                        \
  const std::string dir = ::quiver::ingest::testing::ParquetFixtureDir();                           \
  if (dir.empty()) GTEST_SKIP() << "no Parquet fixtures (ctest's parquet_fixtures writes them with " \
                                   "node and @duckdb/node-api)"

}  // namespace quiver::ingest::testing
