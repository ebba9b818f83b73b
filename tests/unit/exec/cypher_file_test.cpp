// The data-driven Cypher tests: every tests/cypher/*.test file is run in a matrix of
// configurations, one GoogleTest case each — CypherFile.<name> on a fresh in-memory
// database and CypherFileOnDisk.<name> on a fresh database directory (the transactional
// store), so the engine is checked against both implementations of the graph
// interfaces; CypherFileTiny.<name> and CypherFileOnDiskTiny.<name> with 4 workers,
// vectors of 3 rows and morsels of 2 nodes, so every vectorized fragment splits into
// many chunks and morsels; CypherFileRowEngine.<name> with every operator row at a time.
// Results must not depend on the configuration. The
// format (after DuckDB's sqllogictest), blocks separated by blank lines:
//
//   # a comment
//   statement ok
//   CREATE (:A {num: 1})
//
//   statement error SyntaxError/UndefinedVariable      (class, optionally /detail)
//   MATCH (n) RETURN m
//
//   query                       (or `query unordered`: rows compared as a multiset)
//   MATCH (n:A) RETURN n, n.num
//   ----
//   (:A {num: 1}) | 1
//
//   reset                       (a fresh empty database from here on)
//
// Expected values are written in the TCK's notation (quiver::ToTckString), columns
// separated by " | "; a query expecting no rows ends at the `----` line.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "quiver/database.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

namespace fs = std::filesystem;

fs::path CypherTestDir() {
  return fs::path(QUIVER_SOURCE_DIR) / "tests" / "cypher";
}

struct Block {
  int line = 0;
  std::string directive;  // "statement ok", "statement error X", "query", "query unordered", "reset"
  std::string query;
  std::vector<std::string> expected;
};

std::vector<Block> ParseFile(const fs::path& path) {
  std::ifstream in(path);
  std::vector<Block> blocks;
  std::string line;
  int number = 0;
  Block* current = nullptr;
  bool in_results = false;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) {
      current = nullptr;
      in_results = false;
      continue;
    }
    if (current == nullptr) {
      if (line[0] == '#') continue;
      blocks.push_back(Block{number, line, "", {}});
      current = &blocks.back();
      continue;
    }
    if (in_results) {
      current->expected.push_back(line);
    } else if (line == "----") {
      in_results = true;
    } else {
      if (!current->query.empty()) current->query += "\n";
      current->query += line;
    }
  }
  return blocks;
}

std::string RowText(const std::vector<Value>& row) {
  std::string out;
  for (size_t i = 0; i < row.size(); ++i) {
    if (i > 0) out += " | ";
    out += ToTckString(row[i]);
  }
  return out;
}

std::string ErrorName(const QuiverError& e) {
  std::string name(ErrorClassName(e.error_class()));
  if (!e.detail().empty()) name += "/" + e.detail();
  return name;
}

void RunFile(const fs::path& path, bool on_disk, const DatabaseOptions& options) {
  auto blocks = ParseFile(path);
  ASSERT_FALSE(blocks.empty()) << path;
  std::vector<std::unique_ptr<quiver::testing::TempDir>> dirs;
  auto open = [&] {
    if (!on_disk) return Database::OpenInMemory(options);
    dirs.push_back(std::make_unique<quiver::testing::TempDir>());
    return Database::Open(dirs.back()->Join("db"), options);
  };
  auto db = open();
  auto conn = db->Connect();
  for (const auto& block : blocks) {
    std::string where = path.filename().string() + ":" + std::to_string(block.line);
    if (block.directive == "reset") {
      conn.reset();
      db.reset();
      db = open();
      conn = db->Connect();
      continue;
    }
    if (block.directive == "statement ok") {
      try {
        (void)conn->Query(block.query).rows();  // a streaming result's errors come with its rows
      } catch (const QuiverError& e) {
        ADD_FAILURE() << where << ": unexpected error " << e.what() << "\n  query: " << block.query;
      }
      continue;
    }
    if (block.directive.rfind("statement error", 0) == 0) {
      std::string want = block.directive.substr(std::string("statement error").size());
      want.erase(0, want.find_first_not_of(' '));
      try {
        (void)conn->Query(block.query).rows();
        ADD_FAILURE() << where << ": expected " << want << ", the query succeeded\n  query: " << block.query;
      } catch (const QuiverError& e) {
        std::string got = ErrorName(e);
        bool match = want.find('/') == std::string::npos ? got.substr(0, got.find('/')) == want : got == want;
        EXPECT_TRUE(match) << where << ": expected " << want << ", got " << got << ": " << e.what();
      }
      continue;
    }
    if (block.directive == "query" || block.directive == "query unordered") {
      std::vector<std::string> actual;
      try {
        auto result = conn->Query(block.query);
        for (const auto& row : result.rows()) actual.push_back(RowText(row));
      } catch (const QuiverError& e) {
        ADD_FAILURE() << where << ": unexpected error " << e.what() << "\n  query: " << block.query;
        continue;
      }
      std::vector<std::string> expected = block.expected;
      if (block.directive == "query unordered") {
        std::sort(actual.begin(), actual.end());
        std::sort(expected.begin(), expected.end());
      }
      if (actual != expected) {
        std::ostringstream msg;
        msg << where << ": wrong result\n  query: " << block.query << "\n  expected:\n";
        for (const auto& e : expected) msg << "    " << e << "\n";
        msg << "  actual:\n";
        for (const auto& a : actual) msg << "    " << a << "\n";
        ADD_FAILURE() << msg.str();
      }
      continue;
    }
    ADD_FAILURE() << where << ": unknown directive '" << block.directive << "'";
  }
}

class CypherFileTest : public ::testing::Test {
 public:
  CypherFileTest(fs::path path, bool on_disk, DatabaseOptions options)
      : path_(std::move(path)), on_disk_(on_disk), options_(options) {}
  void TestBody() override { RunFile(path_, on_disk_, options_); }

 private:
  fs::path path_;
  bool on_disk_;
  DatabaseOptions options_;
};

struct Configuration {
  const char* suite;
  bool on_disk;
  DatabaseOptions options;
};

std::vector<Configuration> Configurations() {
  DatabaseOptions tiny;
  tiny.query_workers = 4;
  tiny.vector_size = 3;
  tiny.morsel_nodes = 2;
  DatabaseOptions row_engine;
  row_engine.vectorize = false;
  return {{"CypherFile", false, {}},
          {"CypherFileOnDisk", true, {}},
          {"CypherFileTiny", false, tiny},
          {"CypherFileOnDiskTiny", true, tiny},
          {"CypherFileRowEngine", false, row_engine}};
}

// Registers one test per file before main() runs, so ctest discovers each file.
const bool kRegistered = [] {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(CypherTestDir(), ec)) {
    if (entry.path().extension() == ".test") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& file : files) {
    for (const Configuration& c : Configurations()) {
      ::testing::RegisterTest(c.suite, file.stem().string().c_str(), nullptr, nullptr, __FILE__, __LINE__,
                              [file, c]() -> ::testing::Test* { return new CypherFileTest(file, c.on_disk, c.options); });
    }
  }
  return true;
}();

TEST(CypherFileSuite, FindsTestFiles) {
  std::error_code ec;
  EXPECT_TRUE(fs::is_directory(CypherTestDir(), ec)) << CypherTestDir();
}

}  // namespace
}  // namespace quiver
