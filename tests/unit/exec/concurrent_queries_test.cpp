// Queries on many threads of one database: readers run on snapshots while a writer
// commits and the store compacts under them. Each reader's counts only grow (a snapshot
// is a committed prefix), every answer is internally consistent (as many relationships
// as nodes minus one, the chain the writer builds), and nothing crashes. `make tsan` runs
// this under ThreadSanitizer.

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "quiver/database.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

TEST(ConcurrentQueriesTest, ReadersOnSnapshotsWhileAWriterCommitsAndCompacts) {
  quiver::testing::TempDir dir;
  DatabaseOptions options;
  options.durability = Durability::kAsync;
  options.memory_budget = 256 << 10;  // compactions while the readers run
  auto db = Database::Open(dir.Join("db"), options);
  db->Connect()->Query("CREATE (:Step {i: 0})");
  constexpr int kSteps = 300;
  std::atomic<bool> done{false};
  std::atomic<int> failures{0};
  std::thread writer([&] {
    auto conn = db->Connect();
    for (int i = 1; i <= kSteps; ++i) {
      conn->Query("MATCH (p:Step {i: $prev}) CREATE (p)-[:NEXT]->(:Step {i: $i, pad: $pad})",
                  ValueMap{{"prev", Value::Int(i - 1)}, {"i", Value::Int(i)},
                           {"pad", Value::String(std::string(1000, 'p'))}});
    }
    done = true;
  });
  std::vector<std::thread> readers;
  for (int r = 0; r < 3; ++r) {
    readers.emplace_back([&] {
      auto conn = db->Connect();
      int64_t last = 0;
      while (!done) {
        auto result = conn->Query("MATCH (n:Step) OPTIONAL MATCH (n)-[r:NEXT]->() RETURN count(n), count(r)");
        const int64_t nodes = result.rows()[0][0].AsInt(), rels = result.rows()[0][1].AsInt();
        if (nodes < last || rels != nodes - 1) ++failures;
        last = nodes;
      }
    });
  }
  writer.join();
  for (auto& t : readers) t.join();
  EXPECT_EQ(failures.load(), 0);
  auto final_count = db->Connect()->Query("MATCH (n:Step) RETURN count(n)");
  EXPECT_EQ(final_count.rows()[0][0].AsInt(), kSteps + 1);
}

TEST(ConcurrentQueriesTest, ManyThreadsOnAnInMemoryDatabase) {
  auto db = Database::OpenInMemory();
  db->Connect()->Query("UNWIND range(1, 100) AS i CREATE (:N {i: i})");
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      auto conn = db->Connect();
      for (int i = 0; i < 50; ++i) {
        if (t == 0) conn->Query("CREATE (:N {i: 1000})");
        auto r = conn->Query("MATCH (n:N) WHERE n.i <= 100 RETURN count(n), sum(n.i)");
        if (r.rows()[0][0].AsInt() != 100 || r.rows()[0][1].AsInt() != 5050) ++failures;
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
}

}  // namespace
}  // namespace quiver
