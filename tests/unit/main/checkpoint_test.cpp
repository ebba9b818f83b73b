// Named checkpoints through the public API (quiver/checkpoint.h): a checkpoint keeps the
// graph as it was through later writes and compactions, opens read-only, can be reverted
// to (with a new log history: nothing written since comes back at the next open), and
// frees its space when dropped; misuse is a named error.

#include "quiver/checkpoint.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/file/env.h"
#include "quiver/database.h"
#include "quiver/error.h"
#include "storage/checker.h"
#include "storage/database_dir.h"
#include "test_util/query_error.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using quiver::testing::ErrorOfCall;
using quiver::testing::TempDir;

// Creates (:T {i}) for i in [from, to] in one commit.
void AddNodes(const std::string& path, int from, int to) {
  auto db = Database::Open(path);
  db->Connect()->Query("UNWIND range($a, $b) AS i CREATE (:T {i: i})", {{"a", Value::Int(from)}, {"b", Value::Int(to)}});
}

// The number of :T nodes, live or at a checkpoint.
int64_t CountAt(const std::string& path, const std::string& checkpoint = "") {
  DatabaseOptions o;
  o.read_only = true;
  o.at_checkpoint = checkpoint;
  auto db = Database::Open(path, o);
  return db->Connect()->Query("MATCH (t:T) RETURN count(t)").rows().at(0)[0].AsInt();
}

TEST(CheckpointTest, KeepsOpensRevertsAndDrops) {
  TempDir dir;
  const std::string db = dir.Join("db");
  AddNodes(db, 1, 100);
  const CheckpointInfo one = CreateCheckpoint(db, "one");
  EXPECT_TRUE(one.live);
  EXPECT_GT(one.bytes, 0u);
  AddNodes(db, 101, 200);
  CreateCheckpoint(db, "two");
  AddNodes(db, 201, 300);
  CreateCheckpoint(db, "three");  // its compaction collects what no name keeps
  AddNodes(db, 301, 310);         // in the log only

  const std::vector<CheckpointInfo> all = ListCheckpoints(db);
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].name, "one");
  EXPECT_FALSE(all[0].live);
  EXPECT_LT(all[0].generation, all[1].generation);
  EXPECT_EQ(CountAt(db, "one"), 100);
  EXPECT_EQ(CountAt(db, "two"), 200);
  EXPECT_EQ(CountAt(db, "three"), 300);
  EXPECT_EQ(CountAt(db), 310);

  // Revert: the checkpoint's graph, and a new history from there on.
  const uint64_t reverted = RevertToCheckpoint(db, "one");
  EXPECT_GT(reverted, all[2].generation);
  EXPECT_EQ(CountAt(db), 100);
  AddNodes(db, 1001, 1001);
  EXPECT_EQ(CountAt(db), 101) << "the log written before the revert was replayed onto it";
  EXPECT_EQ(CountAt(db, "two"), 200);  // later checkpoints survive a revert

  // Drop: the name goes, and its generation's space with it.
  EXPECT_GT(DropCheckpoint(db, "two"), 0u);
  EXPECT_EQ(ListCheckpoints(db).size(), 2u);
  EXPECT_NE(ErrorOfCall([&] { CountAt(db, "two"); }).find("no checkpoint named 'two'"), std::string::npos);
  EXPECT_EQ(CountAt(db, "three"), 300);
  EXPECT_EQ(CountAt(db), 101);
}

TEST(CheckpointTest, CheckVerifiesTheCheckpointsGenerations) {
  TempDir dir;
  const std::string db = dir.Join("db");
  AddNodes(db, 1, 100);
  const CheckpointInfo one = CreateCheckpoint(db, "one");
  AddNodes(db, 101, 200);
  CreateCheckpoint(db, "two");  // compacts: "one" is no longer the live generation
  storage::CheckReport r = storage::CheckDatabase(Env::Default(), db);
  ASSERT_TRUE(r.ok()) << r.status.ToString();
  EXPECT_EQ(r.checkpoints_checked, std::vector<std::string>{"one"});  // "two" is the live one
  // A flipped byte in a file only the checkpoint's generation holds is found and named.
  const std::string gen_dir = db + "/" + storage::GenerationDirName(one.generation);
  std::string damaged;
  for (const auto& entry : std::filesystem::directory_iterator(gen_dir)) {
    if (entry.path().extension() == ".qv" && std::filesystem::hard_link_count(entry.path()) == 1) {
      damaged = entry.path().string();
      break;
    }
  }
  ASSERT_FALSE(damaged.empty());
  {
    std::fstream f(damaged, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(64);
    f.put('\xA5');
  }
  r = storage::CheckDatabase(Env::Default(), db);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.status.message().find("checkpoint 'one'"), std::string::npos) << r.status.ToString();
  EXPECT_EQ(db + "/" + r.file, damaged);
}

TEST(CheckpointTest, MisuseIsANamedError) {
  TempDir dir;
  const std::string db = dir.Join("db");
  AddNodes(db, 1, 10);
  EXPECT_NE(ErrorOfCall([&] { CreateCheckpoint(db, "no spaces"); }).find("ArgumentError/InvalidInput"),
            std::string::npos);
  CreateCheckpoint(db, "a");
  EXPECT_NE(ErrorOfCall([&] { CreateCheckpoint(db, "a"); }).find("exists already"), std::string::npos);
  EXPECT_NE(ErrorOfCall([&] { RevertToCheckpoint(db, "b"); }).find("no checkpoint named 'b'"), std::string::npos);
  EXPECT_NE(ErrorOfCall([&] { DropCheckpoint(db, "b"); }).find("(it has: a)"), std::string::npos);
  DatabaseOptions writable;
  writable.at_checkpoint = "a";
  EXPECT_NE(ErrorOfCall([&] { Database::Open(db, writable); }).find("opens read-only"), std::string::npos);
  {
    // One writer: a checkpoint is not taken under another's feet.
    auto open = Database::Open(db);
    EXPECT_NE(ErrorOfCall([&] { CreateCheckpoint(db, "c"); }).find("StorageError"), std::string::npos);
  }
  // A damaged list is Corruption, never a silently shorter list.
  {
    std::fstream f(db + "/CHECKPOINTS", std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(2);
    f.put('9');
  }
  EXPECT_NE(ErrorOfCall([&] { ListCheckpoints(db); }).find("StorageError/Corruption"), std::string::npos);
}

}  // namespace
}  // namespace quiver
