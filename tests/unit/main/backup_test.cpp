// Online backup and restore through the public API (quiver/backup.h): a backup taken
// while another thread commits and the store compacts holds every commit acknowledged
// before it began, and nothing but a prefix of the commits; a second backup into the
// same directory copies only what changed; restore makes an independent database; and
// every misuse or damage is a named error.

#include "quiver/backup.h"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include "quiver/checkpoint.h"
#include "quiver/database.h"
#include "quiver/error.h"
#include "quiver/import.h"
#include "test_util/query_error.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using quiver::testing::ErrorOfCall;
using quiver::testing::TempDir;

struct Counts {
  int64_t count = 0, min = 0, max = 0;
};

// What a database holds of the writer's (:T {i}) nodes.
Counts CountsOf(const std::string& path) {
  DatabaseOptions o;
  o.read_only = true;
  auto db = Database::Open(path, o);
  QueryResult r = db->Connect()->Query("MATCH (t:T) RETURN count(t), coalesce(min(t.i), 0), coalesce(max(t.i), 0)");
  const auto& row = r.rows().at(0);
  return {row[0].AsInt(), row[1].AsInt(), row[2].AsInt()};
}

TEST(BackupTest, OnlineWhileAWriterCommitsAndTheStoreCompacts) {
  TempDir dir;
  const std::string db_path = dir.Join("db"), backup = dir.Join("backup");
  DatabaseOptions options;
  options.memory_budget = uint64_t{16} << 20;  // a small delta: compactions during the rounds
  auto db = Database::Open(db_path, options);
  std::atomic<int64_t> acknowledged{0};
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    auto conn = db->Connect();
    const Value pad = Value::String(std::string(8192, 'x'));
    for (int64_t i = 1; !stop.load(); ++i) {
      conn->Query("CREATE (:T {i: $i, pad: $pad})", {{"i", Value::Int(i)}, {"pad", pad}});
      acknowledged.store(i);
    }
  });
  std::set<uint64_t> generations;
  for (int round = 0; round < 6; ++round) {
    const int64_t target = acknowledged.load() + 300;
    while (acknowledged.load() < target) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    const int64_t before = acknowledged.load();
    const BackupSummary s = BackupDatabase(db_path, backup);
    EXPECT_EQ(s.incremental, round > 0);
    generations.insert(s.generation);
    const Counts c = CountsOf(backup);
    EXPECT_GE(c.max, before) << "round " << round << ": a commit acknowledged before the backup is missing";
    EXPECT_EQ(c.count, c.max) << "round " << round << ": not a prefix of the commits";
    EXPECT_EQ(c.min, 1);
  }
  stop.store(true);
  writer.join();
  EXPECT_GT(generations.size(), 1u) << "no compaction ran during the rounds: the test did not test that";
}

TEST(BackupTest, IncrementalCopiesWhatChangedAndRestoreIsIndependent) {
  TempDir dir;
  const std::string db_path = dir.Join("db"), backup = dir.Join("backup"), restored = dir.Join("restored");
  {
    auto db = Database::Open(db_path);
    db->Connect()->Query("UNWIND range(1, 5000) AS i CREATE (:T {i: i, name: 'node ' + toString(i)})");
  }
  const BackupSummary first = BackupDatabase(db_path, backup);
  EXPECT_FALSE(first.incremental);
  {
    auto db = Database::Open(db_path);
    db->Connect()->Query("CREATE (:T {i: 5001})");
  }
  const BackupSummary second = BackupDatabase(db_path, backup);
  EXPECT_TRUE(second.incremental);
  EXPECT_EQ(second.generation, first.generation);
  EXPECT_GT(second.files_kept, 0u);
  EXPECT_LT(second.bytes_copied, first.bytes_copied + 1);
  EXPECT_EQ(CountsOf(backup).max, 5001);

  const RestoreSummary r = RestoreDatabase(backup, restored);
  EXPECT_EQ(r.generation, second.generation);
  EXPECT_EQ(CountsOf(restored).count, 5001);
  {
    // The restored database is written; the backup does not change with it.
    auto db = Database::Open(restored);
    db->Connect()->Query("CREATE (:T {i: 5002})");
  }
  EXPECT_EQ(CountsOf(restored).max, 5002);
  EXPECT_EQ(CountsOf(backup).max, 5001);
  EXPECT_EQ(CountsOf(db_path).max, 5001);
}

// The number of :T nodes of a database, or of one of its checkpoints.
int64_t CountT(const std::string& path, const std::string& checkpoint = "") {
  DatabaseOptions o;
  o.read_only = true;
  o.at_checkpoint = checkpoint;
  return Database::Open(path, o)->Connect()->Query("MATCH (t:T) RETURN count(t)").rows().at(0)[0].AsInt();
}

TEST(BackupTest, CarriesTheNamedCheckpoints) {
  TempDir dir;
  const std::string db_path = dir.Join("db"), backup = dir.Join("backup");
  auto add = [&](int n) { Database::Open(db_path)->Connect()->Query("UNWIND range(1, $n) AS i CREATE (:T {i: i})", {{"n", Value::Int(n)}}); };
  add(10);
  CreateCheckpoint(db_path, "ten");
  add(5);
  CreateCheckpoint(db_path, "fifteen");  // compacts: "ten" is a generation of its own
  add(1);
  const BackupSummary first = BackupDatabase(db_path, backup);
  EXPECT_EQ(CountT(backup), 16);
  EXPECT_EQ(CountT(backup, "ten"), 10);
  EXPECT_EQ(CountT(backup, "fifteen"), 15);
  // Incremental: the checkpoint's generation is kept, not copied again.
  add(1);
  const BackupSummary second = BackupDatabase(db_path, backup);
  EXPECT_TRUE(second.incremental);
  EXPECT_GT(second.files_kept, 0u);
  EXPECT_EQ(CountT(backup), 17);
  EXPECT_EQ(CountT(backup, "ten"), 10);
  // A restore has them too.
  RestoreDatabase(backup, dir.Join("restored"));
  EXPECT_EQ(ListCheckpoints(dir.Join("restored")).size(), 2u);
  EXPECT_EQ(CountT(dir.Join("restored"), "ten"), 10);
  // A checkpoint dropped at the source leaves the next backup, with its generation.
  DropCheckpoint(db_path, "ten");
  BackupDatabase(db_path, backup);
  EXPECT_EQ(ListCheckpoints(backup).size(), 1u);
  EXPECT_NE(ErrorOfCall([&] { CountT(backup, "ten"); }).find("no checkpoint named 'ten'"), std::string::npos);
  int generations = 0;  // the live one, which "fifteen" names: "ten"'s went with it
  for (const auto& entry : std::filesystem::directory_iterator(backup)) {
    generations += entry.path().filename().string().starts_with("gen-");
  }
  EXPECT_EQ(generations, 1);
  EXPECT_GT(first.files_linked, 0u);
}

TEST(BackupTest, MisuseAndDamageAreNamedErrors) {
  TempDir dir;
  const std::string db_path = dir.Join("db"), other = dir.Join("other"), backup = dir.Join("backup");
  {
    // Imported: the nodes are in generation files (a damaged one is tried below).
    std::ofstream csv(dir.Join("nodes.csv"));
    csv << "id:ID,i:int,name\n";
    for (int i = 1; i <= 3000; ++i) csv << "n" << i << "," << i << ",name " << i << "\n";
  }
  ImportCsv(db_path, {ImportSource{ImportSource::Kind::kNodes, {"T"}, {dir.Join("nodes.csv")}}});
  Database::Open(other)->Connect()->Query("CREATE (:T {i: 1})");

  std::filesystem::create_directories(dir.Join("stuff"));
  std::ofstream(dir.Join("stuff/notes.txt")) << "mine";
  EXPECT_NE(ErrorOfCall([&] { BackupDatabase(db_path, dir.Join("stuff")); }).find("ArgumentError/InvalidInput"),
            std::string::npos);
  BackupDatabase(other, backup);
  const std::string mixed = ErrorOfCall([&] { BackupDatabase(db_path, backup); });
  EXPECT_NE(mixed.find("backup of another database"), std::string::npos) << mixed;

  // Restore makes a new database only, from a finished backup only.
  EXPECT_NE(ErrorOfCall([&] { RestoreDatabase(backup, db_path); }).find("is not empty"), std::string::npos);
  std::ofstream(backup + "/BACKUP_IN_PROGRESS") << "";
  EXPECT_NE(ErrorOfCall([&] { RestoreDatabase(backup, dir.Join("new")); }).find("did not finish"), std::string::npos);
  std::filesystem::remove(backup + "/BACKUP_IN_PROGRESS");
  RestoreDatabase(backup, dir.Join("new"));
  EXPECT_EQ(CountsOf(dir.Join("new")).count, 1);

  // A damaged generation file is found by the check that ends the backup, and named.
  std::string victim;
  for (const auto& gen : std::filesystem::directory_iterator(db_path)) {
    if (gen.path().filename().string().rfind("gen-", 0) != 0) continue;
    for (const auto& f : std::filesystem::directory_iterator(gen.path())) {
      if (f.path().extension() == ".qv" && f.file_size() > 8192) victim = f.path().string();
    }
  }
  ASSERT_FALSE(victim.empty());
  {
    std::fstream f(victim, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(4200);
    f.put('\x5a');
  }
  const std::string damaged = ErrorOfCall([&] { BackupDatabase(db_path, dir.Join("backup2")); });
  EXPECT_NE(damaged.find("StorageError/Corruption"), std::string::npos) << damaged;
  EXPECT_NE(damaged.find(std::filesystem::path(victim).filename().string()), std::string::npos) << damaged;
}

}  // namespace
}  // namespace quiver
