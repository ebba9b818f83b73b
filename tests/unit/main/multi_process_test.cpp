// Many processes on one database (docs/concurrency.md): one writer, and readers in other
// processes opening read-only, or refreshing one open, while it commits and compacts.
// Each read-only open and each refresh sees a committed state whole — here, a chain
// whose every commit adds one node and the relationship to it, so nodes =
// relationships + 1 in every state — and never blocks the writer; a second writer is
// refused with Busy.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "quiver/database.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

constexpr int64_t kSteps = 600;

int64_t Count(Connection& conn, const std::string& match) {
  return conn.Query(match + " RETURN count(*) AS n").rows().at(0).at(0).AsInt();
}

// The reader process: until the writer is done (the file `done` exists), reads state
// after state and checks each — opening read-only again and again, or (`refresh`)
// opening once and catching up with Database::Refresh(). Exits 0 when every state was
// whole, none older than the one before, and the last one (read after `done`) the
// writer's final state.
[[noreturn]] void ReaderProcess(const std::string& path, const std::string& done, bool refresh) {
  int reads = 0, last = 0;
  std::unique_ptr<Database> db;
  for (;;) {
    const bool finished = ::access(done.c_str(), F_OK) == 0;
    try {
      if (db == nullptr || !refresh) {
        DatabaseOptions o;
        o.read_only = true;
        db = Database::Open(path, o);
      } else {
        db->Refresh();
      }
      auto conn = db->Connect();
      const int64_t nodes = Count(*conn, "MATCH (n:Step)");
      const int64_t rels = Count(*conn, "MATCH (:Step)-[r:NEXT]->(:Step)");
      if (nodes != rels + 1 || nodes < last) ::_exit(3);  // a torn or older state
      if (finished && nodes != kSteps + 1) ::_exit(6);   // not caught up
      last = static_cast<int>(nodes);
      ++reads;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "reader: read %d: %s\n", reads, e.what());
      ::_exit(4);
    }
    if (finished) ::_exit(reads > 1 ? 0 : 5);
  }
}

TEST(MultiProcessTest, ReadOnlyProcessesReadWholeStatesWhileTheWriterCommitsAndCompacts) {
  quiver::testing::TempDir dir;
  const std::string path = dir.Join("db"), done = dir.Join("done");
  Database::Open(path)->Connect()->Query("CREATE (:Step {i: 0})");
  // The readers fork before this process starts the writer's threads.
  std::vector<pid_t> readers;
  for (int r = 0; r < 2; ++r) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) ReaderProcess(path, done, /*refresh=*/r == 1);
    readers.push_back(pid);
  }
  DatabaseOptions options;
  options.memory_budget = 256 << 10;  // compactions while the readers open
  auto db = Database::Open(path, options);
  auto conn = db->Connect();
  auto step = conn->Prepare("MATCH (p:Step {i: $prev}) CREATE (p)-[:NEXT]->(:Step {i: $i, pad: $pad})",
                            {{"prev", Value::Int(0)}, {"i", Value::Int(1)}, {"pad", Value::String("")}});
  for (int64_t i = 1; i <= kSteps; ++i) {
    conn->Execute(*step, {{"prev", Value::Int(i - 1)}, {"i", Value::Int(i)}, {"pad", Value::String(std::string(800, 'p'))}});
  }
  {  // the budget made the writer compact while the readers opened
    std::FILE* current = std::fopen((path + "/CURRENT").c_str(), "r");
    char name[32] = {};
    ASSERT_NE(current, nullptr);
    ASSERT_NE(std::fgets(name, sizeof(name), current), nullptr);
    std::fclose(current);
    EXPECT_STRNE(name, "gen-000001\n") << "no compaction ran";
  }
  // A second writer, in another process, is refused while this one holds the database.
  const pid_t second = ::fork();
  ASSERT_GE(second, 0);
  if (second == 0) {
    try {
      auto other = Database::Open(path);
      ::_exit(1);
    } catch (const StorageError& e) {
      ::_exit(e.detail() == "Busy" ? 0 : 2);
    }
  }
  int status = 0;
  ::waitpid(second, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "a second writer was not refused with Busy";
  { std::FILE* f = std::fopen(done.c_str(), "w"); std::fclose(f); }
  for (pid_t pid : readers) {
    ::waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
        << "reader exit " << (WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  }
  EXPECT_EQ(Count(*conn, "MATCH (n:Step)"), kSteps + 1);
}

}  // namespace
}  // namespace quiver
