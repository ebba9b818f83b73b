// Derived generations (storage/index_generation.h): the base's files unchanged and
// linked, the indexes added, kept or dropped, `quiver check` passing, a crash at any
// step leaving the base or the derived generation; and index files that are damaged,
// out of order or stale are Corruption.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/file/fault_injection_env.h"
#include "storage/checker.h"
#include "storage/index_generation.h"
#include "test_graphs.h"
#include "test_util/power_loss.h"
#include "test_util/temp_dir.h"
#include "txn_test_util.h"

namespace quiver::storage {
namespace {

namespace fs = std::filesystem;
using PV = PropertyValue;
using testing::Model;

Model People() {
  Model m;
  const char* names[] = {"Ada", "Bob", "Cy", "Di", "Ed", "Flo"};
  for (int i = 0; i < 60; ++i) {
    GraphBuilder::Properties props = {{"name", PV(names[i % 6])}, {"age", PV(20 + i % 7)}};
    if (i % 5 == 0) props.emplace_back("score", PV(i / 4.0));
    m.nodes.push_back({{i % 4 == 0 ? "City" : "Person"}, props, int64_t{1000 + i}});
  }
  for (uint64_t i = 0; i + 1 < 60; ++i) m.edges.push_back({i, i + 1, "KNOWS", {{"w", static_cast<int64_t>(i)}}});
  return m;
}

IndexDefinition Index(const Generation& g, std::string name, const char* label, std::vector<const char*> keys) {
  IndexDefinition d;
  d.name = std::move(name);
  d.token = *g.FindLabel(label);
  for (const char* k : keys) d.keys.push_back(*g.FindPropertyKey(k));
  return d;
}

IndexDefinition RelIndex(const Generation& g, std::string name, const char* type, std::vector<const char*> keys) {
  IndexDefinition d;
  d.name = std::move(name);
  d.entity = IndexEntity::kRelationship;
  d.token = *g.FindRelType(type);
  for (const char* k : keys) d.keys.push_back(*g.FindPropertyKey(k));
  return d;
}

std::vector<NodeId> SeekEquals(const PropertyIndexView& index, Value v) {
  std::vector<NodeId> out;
  index.Seek(*IndexSeekRanges({PropertySeek::Kind::kEquals, {std::move(v)}, {}, {}}), out);
  return out;
}

std::unique_ptr<DatabaseDir> OpenWriter(Env* env, const std::string& path) {
  DatabaseOptions o;
  o.create_if_missing = true;
  auto db = DatabaseDir::Open(env, path, o);
  EXPECT_TRUE(db.ok()) << db.status().ToString();
  return db.ok() ? std::move(db).value() : nullptr;
}

class IndexGenerationTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = dir_.Join("db");
    db_ = OpenWriter(Env::Default(), path_);
    ASSERT_TRUE(testing::PublishModel(db_.get(), People(), 0).ok());
    base_ = *db_->Pin();
  }
  std::shared_ptr<const Generation> Current() {
    auto g = db_->Pin();
    EXPECT_TRUE(g.ok()) << g.status().ToString();
    return g.ok() ? *g : nullptr;
  }

  quiver::testing::TempDir dir_;
  std::string path_;
  std::unique_ptr<DatabaseDir> db_;
  std::shared_ptr<const Generation> base_;
};

TEST_F(IndexGenerationTest, TheDerivedGenerationIsTheBasePlusItsIndexes) {
  const std::vector<IndexDefinition> wanted = {Index(*base_, "by_name", "Person", {"name"}),
                                               Index(*base_, "by_age_name", "Person", {"age", "name"})};
  auto r = WriteIndexedGeneration(db_.get(), *base_, wanted, 2);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->generation, base_->generation() + 1);
  EXPECT_EQ(r->built, (std::vector<std::string>{"by_name", "by_age_name"}));
  EXPECT_EQ(r->linked_files, base_->manifest().files.size());
  EXPECT_EQ(r->copied_files, 0u);
  auto g = Current();
  ASSERT_NE(g, nullptr);
  const Manifest &b = base_->manifest(), &d = g->manifest();
  EXPECT_EQ(d.database_id, b.database_id);
  EXPECT_EQ(d.write_log_position, b.write_log_position);
  EXPECT_EQ(d.node_count, b.node_count);
  EXPECT_EQ(d.edge_count, b.edge_count);
  EXPECT_EQ(d.label_node_counts, b.label_node_counts);
  EXPECT_EQ(d.type_edge_counts, b.type_edge_counts);
  EXPECT_EQ(d.external_id_kind, b.external_id_kind);
  EXPECT_EQ(d.files.size(), b.files.size() + 2);
  for (const FileInfo& f : b.files) {
    const FileInfo* same = d.FindFile(f.kind, f.subject);
    ASSERT_NE(same, nullptr) << f.name;
    EXPECT_EQ(same->name, f.name);
    EXPECT_EQ(same->checksum, f.checksum) << f.name;
    EXPECT_EQ(same->size, f.size) << f.name;
    EXPECT_EQ(same->origin_generation, base_->generation());
    EXPECT_GE(fs::hard_link_count(fs::path(g->dir()) / f.name), 2u) << f.name;
  }
  testing::ExpectMatches(*g, People());
  const PropertyIndexView* by_name = g->PropertyIndex("by_name");
  ASSERT_NE(by_name, nullptr);
  EXPECT_EQ(by_name->size(), 45u);  // the Person nodes
  EXPECT_EQ(SeekEquals(*by_name, Value::String("Bob")).size(), 10u);  // i % 6 == 1, all Persons
  for (NodeId v : SeekEquals(*by_name, Value::String("Bob"))) EXPECT_EQ(*g->NodeProperty(v, *g->FindPropertyKey("name")), PV("Bob"));
  ASSERT_NE(g->PropertyIndex("by_age_name"), nullptr);
  EXPECT_EQ(SeekEquals(*g->PropertyIndex("by_age_name"), Value::Float(21.0)).size(),
            SeekEquals(*g->PropertyIndex("by_age_name"), Value::Int(21)).size());
  // quiver check: checksums, structure (each index equal to a rebuild), the log.
  const CheckReport report = CheckDatabase(Env::Default(), path_);
  EXPECT_TRUE(report.ok()) << report.status.ToString();
  // The base may go: the derived generation's names keep the files.
  const std::string base_dir = base_->dir();
  base_.reset();
  ASSERT_TRUE(db_->CollectGarbage().ok());
  EXPECT_FALSE(fs::exists(base_dir));
  EXPECT_TRUE(CheckDatabase(Env::Default(), path_).ok());
}

TEST_F(IndexGenerationTest, WantedIndexesAreKeptOthersDroppedChangedOnesRebuilt) {
  const IndexDefinition a = Index(*base_, "a", "Person", {"name"});
  const IndexDefinition b = Index(*base_, "b", "Person", {"age"});
  std::vector<IndexDefinition> wanted = {a, b};
  ASSERT_TRUE(WriteIndexedGeneration(db_.get(), *base_, wanted, 1).ok());
  auto first = Current();
  const FileInfo a_file = *first->manifest().FindFile(FileKind::kPropertyIndex, 0);
  IndexDefinition b2 = Index(*base_, "b", "City", {"age"});  // the name now means another index
  const IndexDefinition c = Index(*base_, "c", "City", {"score"});
  wanted = {a, b2, c};
  auto r = WriteIndexedGeneration(db_.get(), *first, wanted, 1);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->kept, std::vector<std::string>{"a"});
  EXPECT_EQ(r->built, (std::vector<std::string>{"b", "c"}));
  auto g = Current();
  EXPECT_EQ(g->generation(), first->generation() + 1);
  const FileInfo* kept = g->manifest().FindFile(FileKind::kPropertyIndex, 0);
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(kept->checksum, a_file.checksum);
  EXPECT_EQ(kept->origin_generation, first->generation());
  EXPECT_EQ(g->manifest().FindFile(FileKind::kDictionary)->origin_generation, base_->generation());
  EXPECT_EQ(g->PropertyIndex("b")->definition(), b2);
  EXPECT_EQ(g->PropertyIndex("b")->size(), 15u);  // the City nodes
  EXPECT_EQ(g->PropertyIndex("c")->size(), 3u);   // the City nodes with a score
  EXPECT_EQ(g->property_indexes().size(), 3u);
  EXPECT_TRUE(CheckDatabase(Env::Default(), path_).ok());
  // Nothing wanted: the plain base again, under a new number.
  ASSERT_TRUE(WriteIndexedGeneration(db_.get(), *g, {}, 1).ok());
  EXPECT_TRUE(Current()->property_indexes().empty());
  wanted = {a, a};
  EXPECT_EQ(WriteIndexedGeneration(db_.get(), *g, wanted, 1).status().code(), StatusCode::kInvalidArgument);
}

TEST_F(IndexGenerationTest, WithoutHardLinksTheFilesAreCopied) {
  txntest::SlowSyncEnv no_links(std::chrono::microseconds(0));  // forwards all but LinkFile
  db_.reset();
  db_ = OpenWriter(&no_links, path_);
  const IndexDefinition a = Index(*base_, "a", "Person", {"name"});
  auto r = WriteIndexedGeneration(db_.get(), *base_, std::span(&a, 1), 1);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->linked_files, 0u);
  EXPECT_EQ(r->copied_files, base_->manifest().files.size());
  EXPECT_EQ(fs::hard_link_count(fs::path(Current()->dir()) / "dictionary.qv"), 1u);
  EXPECT_TRUE(CheckDatabase(Env::Default(), path_).ok());
}

// Publishes People again with an index file holding `data` as given.
Status PublishWithIndex(DatabaseDir* db, const PropertyIndexData& data) {
  GraphBuilder builder;
  QUIVER_RETURN_IF_ERROR(testing::BuildGraph(People(), &builder));
  QUIVER_ASSIGN_OR_RETURN(auto w, db->BeginGeneration(builder.node_count()));
  w->SetFormatVersion(kSchemaFormatVersion);  // PropertyIndex files came with version 4
  QUIVER_RETURN_IF_ERROR(builder.Write(w.get()));
  QUIVER_ASSIGN_OR_RETURN(auto f, w->NewFile(PropertyIndexFileName(0), FileKind::kPropertyIndex, 0, 0));
  QUIVER_RETURN_IF_ERROR(WritePropertyIndex(f.get(), data, w->node_id_width()));
  QUIVER_ASSIGN_OR_RETURN(FileInfo info, f->Finish());
  w->AddFile(std::move(info));
  return db->Publish(w.get(), 0).status();
}

TEST_F(IndexGenerationTest, DamagedUnorderedOrStaleIndexesAreCorruption) {
  const IndexDefinition a = Index(*base_, "a", "Person", {"name"});
  auto good = BuildPropertyIndex(*base_, a, 1);
  ASSERT_TRUE(good.ok());
  auto expect_corrupt = [&](const PropertyIndexData& data, const std::string& why) {
    ASSERT_TRUE(PublishWithIndex(db_.get(), data).ok()) << why;
    auto g = db_->Pin();
    Status s = g.ok() ? (*g)->VerifyStructure() : g.status();
    EXPECT_EQ(s.code(), StatusCode::kCorruption) << why << ": " << s.ToString();
    EXPECT_FALSE(CheckDatabase(Env::Default(), path_).ok()) << why;
  };
  ASSERT_TRUE(PublishWithIndex(db_.get(), *good).ok());
  EXPECT_TRUE(CheckDatabase(Env::Default(), path_).ok());

  PropertyIndexData swapped = *good;  // two entries of different keys swapped
  std::swap(swapped.nodes[0], swapped.nodes.back());
  swapped.key_bytes = good->key_bytes.substr(good->key_offsets[good->size() - 1]) +
                      good->key_bytes.substr(good->key_offsets[1], good->key_offsets[good->size() - 1] - good->key_offsets[1]) +
                      good->key_bytes.substr(0, good->key_offsets[1]);
  expect_corrupt(swapped, "unordered");

  PropertyIndexData missing = *good;  // a node left out: well-formed, but stale
  missing.nodes.pop_back();
  missing.key_offsets.pop_back();
  missing.key_bytes.resize(missing.key_offsets.back());
  expect_corrupt(missing, "stale");

  PropertyIndexData other = *good;  // sorted and counted right, but node 0 is a City
  ASSERT_EQ(other.nodes[0], 6u);
  other.nodes[0] = 0;
  expect_corrupt(other, "an entry for a node without the label");

  PropertyIndexData past = *good;
  past.nodes.back() = 60;
  expect_corrupt(past, "node past the last");

  PropertyIndexData garbled = *good;
  garbled.key_bytes[0] = 0x07;  // no class byte
  expect_corrupt(garbled, "undecodable key");

  // A flipped byte in the file: the block checksums find it.
  ASSERT_TRUE(PublishWithIndex(db_.get(), *good).ok());
  auto g = Current();
  const std::string file = fs::path(g->dir()) / PropertyIndexFileName(0);
  g.reset();
  {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(100);
    f.put('\x5a');
  }
  auto damaged = db_->Pin();
  Status s = damaged.ok() ? (*damaged)->VerifyStructure() : damaged.status();
  EXPECT_EQ(s.code(), StatusCode::kCorruption) << s.ToString();
  EXPECT_FALSE(CheckDatabase(Env::Default(), path_).ok());
  // A salvage open (quiver check --repair) leaves the index out and says so.
  OpenOptions salvage;
  salvage.salvage = true;
  auto rescued = Generation::Open(Env::Default(), fs::path(file).parent_path().string(), db_->CurrentGeneration().value(),
                                  db_->database_id(), salvage);
  ASSERT_TRUE(rescued.ok()) << rescued.status().ToString();
  EXPECT_EQ((*rescued)->PropertyIndex("a"), nullptr);
  ASSERT_EQ((*rescued)->unreadable_files().size(), 1u);
  EXPECT_NE((*rescued)->unreadable_files()[0].first.find(PropertyIndexFileName(0)), std::string::npos);
}

// A relationship index: the type's forward positions, built, sought, checked; stale or
// out-of-range entries are Corruption as for nodes.
TEST_F(IndexGenerationTest, RelationshipIndexesHoldTheTypesPositions) {
  const IndexDefinition knows = RelIndex(*base_, "knows_w", "KNOWS", {"w"});
  auto r = WriteIndexedGeneration(db_.get(), *base_, std::span(&knows, 1), 2);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  auto g = Current();
  const PropertyIndexView* index = g->PropertyIndex("knows_w");
  ASSERT_NE(index, nullptr);
  EXPECT_EQ(index->definition(), knows);
  EXPECT_EQ(index->size(), 59u);
  const uint32_t type = *g->FindRelType("KNOWS");
  const std::vector<NodeId> found = SeekEquals(*index, Value::Float(17.0));
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(*g->EdgeProperty(EdgeRef{type, found[0]}, *g->FindPropertyKey("w")), PV(int64_t{17}));
  EXPECT_TRUE(CheckDatabase(Env::Default(), path_).ok());
  // A node build refuses the definition, and the other way round.
  EXPECT_EQ(BuildPropertyIndex(*g, knows, 1).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(BuildRelationshipPropertyIndex(*g, Index(*g, "n", "Person", {"name"}), 1).status().code(),
            StatusCode::kInvalidArgument);

  auto good = BuildRelationshipPropertyIndex(*g, knows, 3);
  ASSERT_TRUE(good.ok());
  g.reset();
  PropertyIndexData missing = *good;  // well-formed, but a relationship left out
  missing.nodes.pop_back();
  missing.key_offsets.pop_back();
  missing.key_bytes.resize(missing.key_offsets.back());
  ASSERT_TRUE(PublishWithIndex(db_.get(), missing).ok());
  Status s = Current()->VerifyStructure();
  EXPECT_EQ(s.code(), StatusCode::kCorruption) << s.ToString();
  EXPECT_FALSE(CheckDatabase(Env::Default(), path_).ok());
  PropertyIndexData past = *good;  // position 59 is past the type's 59 relationships
  past.nodes.back() = 59;
  ASSERT_TRUE(PublishWithIndex(db_.get(), past).ok());
  s = Current()->VerifyStructure();
  EXPECT_EQ(s.code(), StatusCode::kCorruption) << s.ToString();
}

TEST_F(IndexGenerationTest, AManifestEntryFromALaterGenerationIsCorruption) {
  Manifest m = base_->manifest();
  m.files[0].origin_generation = m.generation;
  const std::string out = dir_.Join("manifest-test");
  fs::create_directories(out);
  ASSERT_TRUE(WriteManifest(Env::Default(), out, m).ok());
  auto bytes = ReadFileToString(Env::Default(), out + "/MANIFEST");
  ASSERT_TRUE(bytes.ok());
  auto parsed = ParseManifest({reinterpret_cast<const std::byte*>(bytes->data()), bytes->size()}, "MANIFEST",
                              {FileKind::kManifest});
  EXPECT_EQ(parsed.status().code(), StatusCode::kCorruption) << parsed.status().ToString();
  m.files[0].origin_generation = m.generation - 1;  // an earlier one: fine
  ASSERT_TRUE(WriteManifest(Env::Default(), out, m).ok());
  bytes = ReadFileToString(Env::Default(), out + "/MANIFEST");
  parsed = ParseManifest({reinterpret_cast<const std::byte*>(bytes->data()), bytes->size()}, "MANIFEST", {FileKind::kManifest});
  ASSERT_TRUE(parsed.ok()) << parsed.status().ToString();
  EXPECT_EQ(parsed->files[0].origin_generation, m.generation - 1);
}

class IndexGenerationCrashTest : public ::testing::TestWithParam<quiver::testing::PowerLoss> {};

TEST_P(IndexGenerationCrashTest, ACrashLeavesTheBaseOrTheDerivedGeneration) {
  quiver::testing::TempDir source;
  ASSERT_TRUE(testing::PublishModel(OpenWriter(Env::Default(), source.Join("db")).get(), People()).ok());
  bool finished = false;
  int64_t crash_points = 0;
  for (int64_t crash_after = 0; !finished; ++crash_after, ++crash_points) {
    quiver::testing::TempDir work(quiver::testing::TempDir::Where::kMemoryIfAvailable);
    const std::string path = work.Join("db");
    fs::copy(source.Join("db"), path, fs::copy_options::recursive);
    uint64_t base_generation = 0;
    {
      FaultInjectionEnv env(Env::Default());
      {
        auto db = DatabaseDir::Open(&env, path, DatabaseOptions{});
        ASSERT_TRUE(db.ok());
        auto base = (*db)->Pin();
        ASSERT_TRUE(base.ok());
        base_generation = (*base)->generation();
        // A node index and a relationship index, written alike.
        const std::vector<IndexDefinition> wanted = {Index(**base, "a", "Person", {"name"}),
                                                     RelIndex(**base, "k", "KNOWS", {"w"})};
        env.SetCrashAfterOps(crash_after);
        auto r = WriteIndexedGeneration(db->get(), **base, wanted, 2);
        finished = r.ok();
        if (!r.ok()) EXPECT_TRUE(env.crashed()) << r.status().ToString();
      }
      ASSERT_TRUE(quiver::testing::LosePower(env, GetParam(), static_cast<uint64_t>(crash_after + 1)).ok());
      env.Reset();
    }
    auto db = DatabaseDir::Open(Env::Default(), path, DatabaseOptions{});
    ASSERT_TRUE(db.ok()) << db.status().ToString();
    auto g = (*db)->Pin();
    ASSERT_TRUE(g.ok()) << "crash after " << crash_after << ": " << g.status().ToString();
    if ((*g)->generation() == base_generation) {
      EXPECT_FALSE(finished) << "an acknowledged publish must survive";
      EXPECT_TRUE((*g)->property_indexes().empty());
    } else {
      EXPECT_EQ((*g)->generation(), base_generation + 1);
      ASSERT_NE((*g)->PropertyIndex("a"), nullptr);
      EXPECT_EQ(SeekEquals(*(*g)->PropertyIndex("a"), Value::String("Ada")).size(), 5u);  // i % 6 == 0 and i % 4 != 0
      ASSERT_NE((*g)->PropertyIndex("k"), nullptr);
      EXPECT_EQ(SeekEquals(*(*g)->PropertyIndex("k"), Value::Int(3)).size(), 1u);
    }
    testing::ExpectMatches(**g, People());
    g->reset();
    const CheckReport report = CheckDatabase(Env::Default(), path);
    EXPECT_TRUE(report.ok()) << "crash after " << crash_after << ": " << report.status.ToString();
    ASSERT_LT(crash_after, 200) << "the derivation never finished";
  }
  // Directory, links, the index file's writes and sync, the MANIFEST, CURRENT.
  EXPECT_GT(crash_points, 12);
}

INSTANTIATE_TEST_SUITE_P(PowerLossModes, IndexGenerationCrashTest, ::testing::ValuesIn(quiver::testing::kAllPowerLosses),
                         [](const auto& info) { return quiver::testing::PowerLossName(info.param); });

}  // namespace
}  // namespace quiver::storage
