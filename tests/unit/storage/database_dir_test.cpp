#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <thread>

#include "common/file/checksum.h"
#include "common/file/env.h"
#include "test_graphs.h"
#include "test_util/temp_dir.h"

namespace quiver::storage {
namespace {

using testing::ExpectMatches;
using testing::Model;
using testing::PublishModel;

Result<std::unique_ptr<DatabaseDir>> OpenWriter(const std::string& path) {
  DatabaseOptions o;
  o.create_if_missing = true;
  return DatabaseDir::Open(Env::Default(), path, o);
}

Result<std::unique_ptr<DatabaseDir>> OpenReader(const std::string& path) {
  DatabaseOptions o;
  o.read_only = true;
  return DatabaseDir::Open(Env::Default(), path, o);
}

std::unique_ptr<DatabaseDir> Must(Result<std::unique_ptr<DatabaseDir>> r) {
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  return r.ok() ? std::move(r).value() : nullptr;
}

Model Chain(int n) {
  Model m = testing::RandomModel(static_cast<uint64_t>(n), static_cast<uint64_t>(n), 0, 1);
  for (int i = 0; i + 1 < n; ++i) m.edges.push_back({static_cast<uint64_t>(i), static_cast<uint64_t>(i + 1), "NEXT", {}});
  return m;
}

bool GenerationDirExists(const std::string& db, uint64_t g) {
  return std::filesystem::exists(db + "/" + GenerationDirName(g));
}

TEST(DatabaseDirTest, GenerationDirNamesParseStrictly) {
  EXPECT_EQ(GenerationDirName(42), "gen-000042");
  EXPECT_EQ(GenerationDirName(12345678), "gen-12345678");
  EXPECT_EQ(ParseGenerationDirName("gen-000042"), 42u);
  EXPECT_EQ(ParseGenerationDirName("gen-12345678"), 12345678u);
  for (const char* bad : {"gen-42", "gen-0000042", "gen-00004x", "gen-+00042", "gen-000042 ", "GEN-000042", ""}) {
    EXPECT_FALSE(ParseGenerationDirName(bad).has_value()) << bad;
  }
}

TEST(DatabaseDirTest, OpeningAMissingDatabaseIsNotFound) {
  quiver::testing::TempDir dir;
  EXPECT_TRUE(OpenReader(dir.Join("nope")).status().IsNotFound());
  DatabaseOptions o;  // writer without create_if_missing
  EXPECT_TRUE(DatabaseDir::Open(Env::Default(), dir.Join("nope"), o).status().IsNotFound());
}

TEST(DatabaseDirTest, SecondWriterIsToldWhichPidHoldsTheLock) {
  quiver::testing::TempDir dir;
  auto first = OpenWriter(dir.Join("db"));
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  auto second = OpenWriter(dir.Join("db"));
  ASSERT_EQ(second.status().code(), StatusCode::kBusy);
  std::string expected = "database is locked by pid ";
  expected += std::to_string(::getpid());
  EXPECT_NE(second.status().message().find(expected), std::string::npos) << second.status().message();
  first->reset();
  EXPECT_TRUE(OpenWriter(dir.Join("db")).ok()) << "the lock goes with the writer";
}

TEST(DatabaseDirTest, AWriterInAnotherProcessLocksUsOut) {
  quiver::testing::TempDir dir;
  ASSERT_TRUE(OpenWriter(dir.Join("db")).ok());
  int to_parent[2], to_child[2];
  ASSERT_EQ(::pipe(to_parent), 0);
  ASSERT_EQ(::pipe(to_child), 0);
  const pid_t child = ::fork();
  if (child == 0) {
    auto db = OpenWriter(dir.Join("db"));
    const char ok = db.ok() ? 'y' : 'n';
    (void)!::write(to_parent[1], &ok, 1);
    char c;
    (void)!::read(to_child[0], &c, 1);  // hold the lock until the parent has tried
    ::_exit(0);
  }
  char ok = 0;
  ASSERT_EQ(::read(to_parent[0], &ok, 1), 1);
  EXPECT_EQ(ok, 'y');
  auto mine = OpenWriter(dir.Join("db"));
  EXPECT_EQ(mine.status().code(), StatusCode::kBusy);
  const std::string holder = "pid " + std::to_string(static_cast<long>(child));
  EXPECT_NE(mine.status().message().find(holder), std::string::npos) << mine.status().message();
  // Readers never block, even with a writer elsewhere.
  auto reader = OpenReader(dir.Join("db"));
  ASSERT_TRUE(reader.ok());
  EXPECT_TRUE((*reader)->Pin().ok());
  (void)!::write(to_child[1], "x", 1);
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(OpenWriter(dir.Join("db")).ok());
}

TEST(DatabaseDirTest, ReadersHoldDifferentGenerationsAndPinsDeferDeletion) {
  quiver::testing::TempDir dir;
  const std::string path = dir.Join("db");
  auto db = Must(OpenWriter(path));
  ASSERT_TRUE(PublishModel(db.get(), Chain(3)).ok());  // gen 2
  auto reader = Must(OpenReader(path));
  auto g2 = *reader->Pin();
  ASSERT_TRUE(PublishModel(db.get(), Chain(5)).ok());  // gen 3
  auto g3 = *reader->Pin();
  EXPECT_EQ(g2->generation(), 2u);
  EXPECT_EQ(g3->generation(), 3u);
  ExpectMatches(*g2, Chain(3));  // the old generation is intact while pinned
  ExpectMatches(*g3, Chain(5));
  EXPECT_TRUE(GenerationDirExists(path, 2));
  EXPECT_FALSE(GenerationDirExists(path, 1)) << "unpinned old generations are deleted after publish";

  auto g2_copy = g2;  // shared ownership: the pin lasts until the last holder goes
  g2.reset();
  ASSERT_TRUE(db->CollectGarbage().ok());
  EXPECT_TRUE(GenerationDirExists(path, 2));
  g2_copy.reset();
  ASSERT_TRUE(db->CollectGarbage().ok());
  EXPECT_FALSE(GenerationDirExists(path, 2));
  EXPECT_TRUE(GenerationDirExists(path, 3)) << "current is never collected";
  ExpectMatches(*g3, Chain(5));
}

TEST(DatabaseDirTest, APinInAnotherProcessDefersDeletion) {
  quiver::testing::TempDir dir;
  const std::string path = dir.Join("db");
  auto db = Must(OpenWriter(path));
  ASSERT_TRUE(PublishModel(db.get(), Chain(3)).ok());  // gen 2
  int to_parent[2], to_child[2];
  ASSERT_EQ(::pipe(to_parent), 0);
  ASSERT_EQ(::pipe(to_child), 0);
  const pid_t child = ::fork();
  if (child == 0) {
    auto reader = OpenReader(path);
    auto g = reader.ok() ? (*reader)->Pin() : Result<std::shared_ptr<const Generation>>(reader.status());
    const char ok = g.ok() && (*g)->generation() == 2 ? 'y' : 'n';
    (void)!::write(to_parent[1], &ok, 1);
    char c;
    (void)!::read(to_child[0], &c, 1);
    ::_exit(0);
  }
  char ok = 0;
  ASSERT_EQ(::read(to_parent[0], &ok, 1), 1);
  ASSERT_EQ(ok, 'y');
  ASSERT_TRUE(PublishModel(db.get(), Chain(4)).ok());  // gen 3
  EXPECT_TRUE(GenerationDirExists(path, 2)) << "pinned by the child";
  (void)!::write(to_child[1], "x", 1);
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(db->CollectGarbage().ok());
  EXPECT_FALSE(GenerationDirExists(path, 2));
}

TEST(DatabaseDirTest, WriterOpenRemovesLeftoversAndNumbersPastThem) {
  quiver::testing::TempDir dir;
  const std::string path = dir.Join("db");
  {
    auto db = Must(OpenWriter(path));
    ASSERT_TRUE(PublishModel(db.get(), Chain(3)).ok());  // gen 2
    // An abandoned generation (a crash before CURRENT moved) and a stray temporary.
    auto w = db->BeginGeneration(1);
    ASSERT_TRUE(w.ok());
    EXPECT_EQ((*w)->generation(), 3u);
    ASSERT_TRUE(WriteFileAtomically(Env::Default(), path + "/CURRENT.tmp.keep", "x").ok());
    std::filesystem::rename(path + "/CURRENT.tmp.keep", path + "/CURRENT.tmp");
  }
  auto db = Must(OpenWriter(path));
  EXPECT_FALSE(GenerationDirExists(path, 3));
  EXPECT_FALSE(std::filesystem::exists(path + "/CURRENT.tmp"));
  EXPECT_EQ(*db->CurrentGeneration(), 2u);
  ExpectMatches(**db->Pin(), Chain(3));
  auto gen = PublishModel(db.get(), Chain(2));
  ASSERT_TRUE(gen.ok());
  EXPECT_EQ(*gen, 3u);
}

TEST(DatabaseDirTest, ReadOnlyDatabaseCannotPublish) {
  quiver::testing::TempDir dir;
  ASSERT_TRUE(OpenWriter(dir.Join("db")).ok());
  auto reader = Must(OpenReader(dir.Join("db")));
  EXPECT_EQ(reader->BeginGeneration(0).status().code(), StatusCode::kReadOnly);
}

TEST(DatabaseDirTest, DamagedCurrentOrDbidIsCorruption) {
  quiver::testing::TempDir dir;
  const std::string path = dir.Join("db");
  ASSERT_TRUE(OpenWriter(path).ok());
  for (const char* text : {"gen-000001", "gen-1\n", "garbage\n", ""}) {
    ASSERT_TRUE(WriteFileAtomically(Env::Default(), path + "/CURRENT", text).ok());
    auto reader = OpenReader(path);
    ASSERT_TRUE(reader.ok());
    EXPECT_TRUE((*reader)->Pin().status().IsCorruption()) << text;
  }
  ASSERT_TRUE(WriteFileAtomically(Env::Default(), path + "/CURRENT", "gen-000009\n").ok());
  EXPECT_TRUE(Must(OpenReader(path))->Pin().status().IsCorruption()) << "a generation that does not exist";
  ASSERT_TRUE(WriteFileAtomically(Env::Default(), path + "/DBID", "not a dbid file at all, but long enough to parse "
                                                                  "the header of a section file and fail its magic")
                  .ok());
  EXPECT_TRUE(OpenReader(path).status().IsCorruption());
}

// Found by the generation fuzz target's writer-open oracle: a writer's open collects
// garbage, and with CURRENT damaged into the name of a generation that is not there it
// deleted the live one.
TEST(DatabaseDirTest, AWriterDeletesNothingWhenCurrentNamesAMissingGeneration) {
  quiver::testing::TempDir dir;
  const std::string path = dir.Join("db");
  ASSERT_TRUE(PublishModel(Must(OpenWriter(path)).get(), Chain(3)).ok());  // gen 2
  for (const char* text : {"gen-000003\n", "gen-000001\n"}) {
    ASSERT_TRUE(WriteFileAtomically(Env::Default(), path + "/CURRENT", text).ok());
    auto writer = OpenWriter(path);
    EXPECT_TRUE(writer.status().IsCorruption()) << text << ": " << writer.status().ToString();
    EXPECT_TRUE(std::filesystem::exists(path + "/gen-000002/MANIFEST")) << text;
  }
  ASSERT_TRUE(WriteFileAtomically(Env::Default(), path + "/CURRENT", "gen-000002\n").ok());
  ExpectMatches(**Must(OpenWriter(path))->Pin(), Chain(3));
}

TEST(DatabaseDirTest, AGenerationFromAnotherDatabaseIsRejected) {
  quiver::testing::TempDir dir;
  auto a = Must(OpenWriter(dir.Join("a")));
  auto b = Must(OpenWriter(dir.Join("b")));
  ASSERT_NE(a->database_id(), b->database_id()) << "ids are random";
  ASSERT_TRUE(PublishModel(a.get(), Chain(3)).ok());
  // Copy a's current generation into b under b's next name and point CURRENT at it.
  std::filesystem::copy(dir.Join("a/gen-000002"), dir.Join("b/gen-000002"));
  std::filesystem::remove(dir.Join("b/gen-000002/PIN"));
  ASSERT_TRUE(WriteFileAtomically(Env::Default(), dir.Join("b/CURRENT"), "gen-000002\n").ok());
  auto g = b->Pin();
  ASSERT_TRUE(g.status().IsCorruption());
  EXPECT_NE(g.status().message().find("another database"), std::string::npos) << g.status().message();
}

TEST(DatabaseDirTest, ANewerFormatVersionIsRefusedWithAClearMessage) {
  quiver::testing::TempDir dir;
  const std::string path = dir.Join("db");
  ASSERT_TRUE(OpenWriter(path).ok());
  const std::string manifest = path + "/gen-000001/MANIFEST";
  std::string bytes = *ReadFileToString(Env::Default(), manifest);
  const uint32_t version = 7;
  std::memcpy(bytes.data() + 8, &version, sizeof(version));
  const uint64_t checksum = Checksum64(bytes.data(), 56);  // as a newer build would write it
  std::memcpy(bytes.data() + 56, &checksum, sizeof(checksum));
  std::ofstream(manifest, std::ios::binary | std::ios::trunc) << bytes;
  auto g = Must(OpenReader(path))->Pin();
  ASSERT_EQ(g.status().code(), StatusCode::kNotSupported) << g.status().ToString();
  EXPECT_NE(g.status().message().find("format version 7, this build reads <= " + std::to_string(kFormatVersion)), std::string::npos)
      << g.status().message();
}

// Readers on several threads pin while the writer publishes: every pin is a complete,
// consistent generation, and nobody blocks.
TEST(DatabaseDirTest, ConcurrentReadersSeeWholeGenerationsWhileTheWriterPublishes) {
  quiver::testing::TempDir dir;
  const std::string path = dir.Join("db");
  auto db = Must(OpenWriter(path));
  ASSERT_TRUE(PublishModel(db.get(), Chain(2)).ok());  // gen 2 = Chain(2), gen g = Chain(g)
  std::atomic<bool> done{false};
  std::atomic<int> pins{0};
  auto reader = [&] {
    auto r = Must(OpenReader(path));
    while (!done.load()) {
      auto g = r->Pin();
      ASSERT_TRUE(g.ok()) << g.status().ToString();
      const uint64_t n = (*g)->generation();
      ASSERT_EQ((*g)->NodeCount(), n) << "generation " << n;
      ASSERT_EQ((*g)->EdgeCount(), n - 1);
      for (uint64_t v = 0; v + 1 < n; ++v) ASSERT_EQ((*g)->Neighbors(0, 0, v, Direction::kOut).neighbors[0], v + 1);
      ++pins;
    }
  };
  std::thread a(reader), b(reader);
  for (int n = 3; n <= 12; ++n) ASSERT_TRUE(PublishModel(db.get(), Chain(n)).ok());
  while (pins.load() < 20) std::this_thread::yield();
  done = true;
  a.join();
  b.join();
  ASSERT_TRUE(db->CollectGarbage().ok());
  int generations = 0;
  for (const auto& e : std::filesystem::directory_iterator(path)) {
    generations += ParseGenerationDirName(e.path().filename().string()).has_value();
  }
  EXPECT_EQ(generations, 1) << "unpinned generations are gone once the readers are";
}

}  // namespace
}  // namespace quiver::storage
