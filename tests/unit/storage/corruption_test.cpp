// The corruption matrix: flip a bit, zero a block, truncate — in every file of a
// database. `quiver check` (CheckDatabase) must name the damaged file, open with
// verify_checksums must refuse with Corruption, and a plain open must either refuse or
// serve reads that never crash (run under ASan/UBSan to make "never crash" strict) and
// never answer from a damaged block: a read that reaches one throws StorageError
// (Corruption) naming the file (block_verifier.h).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "quiver/error.h"
#include "storage/checker.h"
#include "test_graphs.h"
#include "test_util/file_bytes.h"
#include "test_util/temp_dir.h"

namespace quiver::storage {
namespace {

using quiver::testing::ReadFileBytes;
using quiver::testing::WriteFileBytes;

namespace fs = std::filesystem;

struct Damage {
  std::string name;
  uint64_t first_byte = 0;  // the first byte changed (size after a truncation)
  bool changed = true;
};


class CorruptionTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    source_ = new quiver::testing::TempDir();
    DatabaseOptions o;
    o.create_if_missing = true;
    o.database_id = testing::TestDatabaseId();
    auto db = DatabaseDir::Open(Env::Default(), source_->Join("db"), o);
    ASSERT_TRUE(db.ok());
    ASSERT_TRUE(testing::PublishModel(db->get(), testing::RichModel()).ok());
  }
  static void TearDownTestSuite() {
    delete source_;
    source_ = nullptr;
  }

  // The files worth damaging, relative to the database directory.
  static std::vector<std::string> Files() {
    std::vector<std::string> names = {"DBID", "CURRENT"};
    for (const auto& e : fs::directory_iterator(source_->Join("db/gen-000002"))) {
      const std::string name = e.path().filename().string();
      if (name != "PIN") names.push_back("gen-000002/" + name);
    }
    std::sort(names.begin(), names.end());
    return names;
  }

  // Runs one damaged copy of the database through check and both kinds of open.
  static void Examine(const std::string& file, const std::function<Damage(std::string*)>& damage) {
    quiver::testing::TempDir work;
    const std::string db = work.Join("db");
    fs::copy(source_->Join("db"), db, fs::copy_options::recursive);
    std::string bytes = ReadFileBytes(db + "/" + file);
    const Damage d = damage(&bytes);
    if (!d.changed) return;
    ++cases_;
    WriteFileBytes(db + "/" + file, bytes);
    SCOPED_TRACE(file + ": " + d.name);

    const CheckReport report = CheckDatabase(Env::Default(), db);
    ASSERT_FALSE(report.ok()) << "check missed the damage";
    EXPECT_TRUE(report.status.IsCorruption()) << report.status.ToString();
    EXPECT_EQ(report.file, file) << report.status.ToString();
    if (report.has_location && file != "CURRENT") {
      EXPECT_LE(report.offset, std::max<uint64_t>(d.first_byte, 0)) << report.status.ToString();
    }

    DatabaseOptions verified;
    verified.read_only = true;
    verified.open.verify_checksums = true;
    auto vdb = DatabaseDir::Open(Env::Default(), db, verified);
    if (vdb.ok()) {
      auto g = (*vdb)->Pin();
      ASSERT_FALSE(g.ok()) << "open with verify_checksums accepted a damaged database";
      EXPECT_TRUE(g.status().IsCorruption()) << g.status().ToString();
    } else {
      EXPECT_TRUE(vdb.status().IsCorruption()) << vdb.status().ToString();
    }

    DatabaseOptions plain;
    plain.read_only = true;
    auto pdb = DatabaseDir::Open(Env::Default(), db, plain);
    if (!pdb.ok()) {
      EXPECT_TRUE(pdb.status().IsCorruption()) << pdb.status().ToString();
      return;
    }
    auto g = (*pdb)->Pin();
    if (!g.ok()) {
      EXPECT_TRUE(g.status().IsCorruption()) << g.status().ToString();
      return;
    }
    bool refused = false;
    try {
      (void)testing::TouchEverything(**g);  // never out of bounds
    } catch (const StorageError& e) {
      EXPECT_EQ(e.detail(), "Corruption") << e.what();
      EXPECT_NE(e.message().find(file), std::string::npos) << "names the damaged file: " << e.what();
      refused = true;
      ++reads_refused_;
    }
    // Damage inside a section's data was read by TouchEverything, so it must have been refused.
    for (const GenerationFile& f : (*g)->files()) {
      if ("gen-000002/" + f.info.name != file) continue;
      for (const SectionView& s : f.parsed.sections()) {
        if (d.first_byte >= s.offset && d.first_byte < s.offset + s.length()) {
          EXPECT_TRUE(refused) << "a read answered from a damaged " << SectionTypeName(s.type) << " section";
        }
      }
    }
    EXPECT_FALSE((*g)->VerifyChecksums().ok() && (*g)->VerifyStructure().ok() && file != "CURRENT")
        << "the damage went unnoticed by the generation's own verification";
  }

  static quiver::testing::TempDir* source_;
  // Cases examined by the current test, so a test cannot silently examine nothing.
  static inline int cases_ = 0;
  // Of those, opened plainly and then refused by a read that reached the damage.
  static inline int reads_refused_ = 0;
};

quiver::testing::TempDir* CorruptionTest::source_ = nullptr;

TEST_F(CorruptionTest, FlippedBitAnywhereIsDetected) {
  cases_ = 0;
  reads_refused_ = 0;
  ASSERT_GE(Files().size(), 10u);
  for (const std::string& file : Files()) {
    const uint64_t size = fs::file_size(source_->Join("db/" + file));
    std::set<uint64_t> offsets = {0, 8, 12, 20, 33, 45, 56, 63, size / 2, size - 100, size - 70, size - 40,
                                  size - 16, size - 9, size - 1};
    for (uint64_t at : offsets) {
      if (at >= size) continue;
      Examine(file, [&](std::string* b) {
        (*b)[at] ^= 0x01;
        return Damage{"bit 0 of byte " + std::to_string(at), at};
      });
    }
  }
  EXPECT_GE(cases_, static_cast<int>(Files().size()) * 8);
  EXPECT_GT(reads_refused_, static_cast<int>(Files().size()) / 2) << "body flips are caught by the reads themselves";
}

TEST_F(CorruptionTest, ZeroedBlockIsDetected) {
  cases_ = 0;
  for (const std::string& file : Files()) {
    const uint64_t size = fs::file_size(source_->Join("db/" + file));
    for (uint64_t at : {uint64_t{0}, size / 2 / 4096 * 4096, size > 4096 ? size - 4096 : 0}) {
      Examine(file, [&](std::string* b) {
        const uint64_t len = std::min<uint64_t>(4096, b->size() - at);
        const std::string before = b->substr(at, len);
        std::fill(b->begin() + static_cast<std::ptrdiff_t>(at), b->begin() + static_cast<std::ptrdiff_t>(at + len), '\0');
        const size_t first = before.find_first_not_of('\0');
        return Damage{"zeroed [" + std::to_string(at) + ", +" + std::to_string(len) + ")",
                      first == std::string::npos ? at : at + first, first != std::string::npos};
      });
    }
  }
  EXPECT_GE(cases_, static_cast<int>(Files().size()));
}

TEST_F(CorruptionTest, TruncatedFileIsDetected) {
  cases_ = 0;
  for (const std::string& file : Files()) {
    const uint64_t size = fs::file_size(source_->Join("db/" + file));
    for (uint64_t len : {uint64_t{0}, size / 2, size - 1}) {
      Examine(file, [&](std::string* b) {
        b->resize(len);
        return Damage{"truncated to " + std::to_string(len), len};
      });
    }
  }
  EXPECT_EQ(cases_, static_cast<int>(Files().size()) * 3);
}

TEST_F(CorruptionTest, MissingFileIsNamed) {
  for (const std::string& file : Files()) {
    if (file == "CURRENT") continue;
    quiver::testing::TempDir work;
    fs::copy(source_->Join("db"), work.Join("db"), fs::copy_options::recursive);
    fs::remove(work.Join("db/" + file));
    const CheckReport report = CheckDatabase(Env::Default(), work.Join("db"));
    EXPECT_FALSE(report.ok()) << file;
    EXPECT_NE(report.status.message().find(file.substr(file.find('/') + 1)), std::string::npos)
        << report.status.ToString();
  }
}

// Every byte of the files readers index into, flipped in turn: an open without
// verification either refuses or serves reads that stay inside the mappings (this is the
// test that ASan/UBSan make strict).
TEST_F(CorruptionTest, ReadsOfAnyFlippedByteStayInBounds) {
  quiver::testing::TempDir work;
  const std::string db = work.Join("db");
  fs::copy(source_->Join("db"), db, fs::copy_options::recursive);
  DatabaseOptions plain;
  plain.read_only = true;
  auto reader = DatabaseDir::Open(Env::Default(), db, plain);
  ASSERT_TRUE(reader.ok());
  int opened = 0, refused = 0, caught_by_reads = 0;
  for (const std::string& file : Files()) {
    const bool indexed = file.find("rel-") != std::string::npos || file.find("labels") != std::string::npos ||
                         file.find("external-ids") != std::string::npos || file.find("node-prop-000005") != std::string::npos ||
                         file.find("edge-prop-000001") != std::string::npos;
    if (!indexed) continue;
    const std::string path = db + "/" + file;
    const std::string good = ReadFileBytes(path);
    for (size_t at = 0; at < good.size(); ++at) {
      std::string bad = good;
      bad[at] = static_cast<char>(bad[at] ^ (at % 2 ? 0x80 : 0x03));
      WriteFileBytes(path, bad);
      auto g = (*reader)->Pin();
      if (g.ok()) {
        ++opened;
        try {
          (void)testing::TouchEverything(**g);
        } catch (const StorageError& e) {
          ++caught_by_reads;
          EXPECT_NE(e.message().find(file), std::string::npos) << e.what();
        }
      } else {
        ++refused;
        EXPECT_TRUE(g.status().IsCorruption()) << file << " byte " << at << ": " << g.status().ToString();
      }
    }
    WriteFileBytes(path, good);
  }
  EXPECT_GT(opened, 1000) << "payload flips open without verification";
  EXPECT_GT(caught_by_reads, opened * 9 / 10) << "and nearly all are refused by the reads (the rest: padding)";
  EXPECT_GT(refused, 100) << "header, footer and directory flips are refused at open";
}

// Structural checks have teeth on their own: arrays whose checksums are right but whose
// contents break an invariant are reported with the offending element's offset.
TEST(StructureCheckTest, ReverseCsrThatIsNotTheTransposeIsCaught) {
  quiver::testing::TempDir dir;
  DatabaseOptions o;
  o.create_if_missing = true;
  auto db = std::move(DatabaseDir::Open(Env::Default(), dir.Join("db"), o)).value();
  // 0->1 twice (parallel), 0->2, 1->2, 2->0.
  const std::vector<uint64_t> src = {0, 0, 0, 1, 2}, dst = {1, 1, 2, 2, 0};
  auto publish = [&](const std::function<void(CsrArrays*)>& mutate) {
    CsrArrays csr = BuildCsr(3, src, dst);
    mutate(&csr);
    auto w = std::move(db->BeginGeneration(3)).value();
    EXPECT_TRUE(w->WriteDictionary({{}, {"T"}, {}}).ok());
    EXPECT_TRUE(w->WriteRelationshipType(0, csr).ok());
    EXPECT_TRUE(db->Publish(w.get(), 0).ok());
    return CheckDatabase(Env::Default(), dir.Join("db"));
  };
  EXPECT_TRUE(publish([](CsrArrays*) {}).ok());
  CheckReport r = publish([](CsrArrays* c) { std::swap(c->rev_edge_positions[0], c->rev_edge_positions[1]); });
  EXPECT_NE(r.status.message().find("transpose"), std::string::npos) << r.status.ToString();
  EXPECT_EQ(r.file, "gen-000003/rel-000000.qv");
  r = publish([](CsrArrays* c) { c->fwd_targets[1] = 7; });
  EXPECT_NE(r.status.message().find("node id out of range"), std::string::npos) << r.status.ToString();
  r = publish([](CsrArrays* c) { c->fwd_offsets[1] = 3, c->fwd_offsets[2] = 2; });
  EXPECT_NE(r.status.message().find("monotone"), std::string::npos) << r.status.ToString();
  // In-slice of node 1 is [(0, p0), (0, p1)]: listing p0 twice still matches the forward
  // CSR entry by entry, so only the permutation check sees it.
  r = publish([](CsrArrays* c) { c->rev_edge_positions[c->rev_offsets[1] + 1] = c->rev_edge_positions[c->rev_offsets[1]]; });
  EXPECT_NE(r.status.message().find("twice"), std::string::npos) << r.status.ToString();
  EXPECT_TRUE(r.has_location);
  EXPECT_GT(r.offset, 64u);
}

}  // namespace
}  // namespace quiver::storage
