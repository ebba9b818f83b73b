// `quiver check --repair` (ingest/salvage.h): a damaged database is salvaged into a new
// one holding exactly the intact facts, and the losses list exactly what was left out —
// compared fact by fact with the undamaged original.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "ingest/salvage.h"
#include "storage/checker.h"
#include "storage/txn/log_segment.h"
#include "unit/storage/txn_test_util.h"

namespace quiver::ingest {
namespace {

namespace fs = std::filesystem;
using storage::SalvageLosses;
using namespace storage::txntest;

using Kind = SalvageLosses::Kind;

void Damage(const std::string& path, uint64_t at, uint64_t length) {
  std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
  for (uint64_t i = 0; i < length; ++i) {
    f.seekg(static_cast<std::streamoff>(at + i));
    const char c = static_cast<char>(f.get());
    f.seekp(static_cast<std::streamoff>(at + i));
    f.put(static_cast<char>(c ^ 0x5a));
  }
}

RefGraph Read(const std::string& path) {
  storage::StoreOptions o;
  o.read_only = true;
  auto store = storage::TransactionalStore::Open(Env::Default(), path, o);
  EXPECT_TRUE(store.ok()) << store.status().ToString();
  return store.ok() ? ReadRefGraph(*(*store)->BeginRead()) : RefGraph();
}

class SalvageTest : public ::testing::Test {
 protected:
  // A base generation of 3000 nodes (uid, name) with a ring and chords of :R (uid, w),
  // and two commits in the write log after it.
  void SetUp() override {
    path_ = dir_.Join("db");
    {
      auto store = OpenStore(path_, Options());
      auto w = store->BeginWrite();
      ASSERT_TRUE(w.ok());
      const PropertyKeyId uid = (*w)->InternPropertyKey("uid"), name = (*w)->InternPropertyKey("name");
      const PropertyKeyId weight = (*w)->InternPropertyKey("w");
      const LabelId person = (*w)->InternLabel("Person");
      const RelTypeId r = (*w)->InternRelType("R");
      std::vector<NodeId> ids;
      for (int64_t i = 0; i < kNodes; ++i) {
        ids.push_back((*w)->CreateNode(std::vector<LabelId>{person},
                                       std::vector<PropertyEntry>{{uid, Value::Int(i)},
                                                                  {name, Value::String("n" + std::to_string(i))}}));
      }
      for (int64_t i = 0; i < kNodes; ++i) {
        for (int64_t step : {1, 7}) {
          (*w)->CreateRelationship(r, ids[i], ids[(i + step) % kNodes],
                                   std::vector<PropertyEntry>{{uid, Value::Int(i * 10 + step)},
                                                              {weight, Value::Float(0.5 * static_cast<double>(i))}});
        }
      }
      ASSERT_TRUE((*w)->Commit().ok());
      ASSERT_TRUE(store->Compact().ok());  // into the generation
      for (int64_t i = 0; i < 2; ++i) {
        auto more = store->BeginWrite();
        ASSERT_TRUE(more.ok());
        (*more)->CreateNode({}, std::vector<PropertyEntry>{{(*more)->InternPropertyKey("uid"), Value::Int(-10 - i)}});
        ASSERT_TRUE((*more)->Commit().ok());
      }
    }
    original_ = Read(path_);
    ASSERT_EQ(original_.nodes.size(), static_cast<size_t>(kNodes + 2));
    const std::string current = [&] {
      std::ifstream in(path_ + "/CURRENT");
      std::string s;
      std::getline(in, s);
      return s;
    }();
    gen_ = path_ + "/" + current;
  }

  // The file of the "name" column (key 1: token ids follow first use, uid then name).
  std::string NamesColumn() const {
    const std::string name = "node-prop-000001.qv";
    EXPECT_TRUE(fs::exists(gen_ + "/" + name));
    return name;
  }
  Result<SalvageResult> Salvage() { return SalvageDatabase(Env::Default(), path_, dir_.Join("out"), SessionOptions{}); }

  static constexpr int64_t kNodes = 3000;
  quiver::testing::TempDir dir_;
  std::string path_, gen_;
  RefGraph original_;
};

TEST_F(SalvageTest, AnIntactDatabaseIsCopiedWholeWithNothingLost) {
  auto r = Salvage();
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->losses->total(), 0u);
  EXPECT_EQ(r->log.records_replayed, 2u);
  const RefGraph out = Read(dir_.Join("out"));
  EXPECT_EQ(out.nodes, original_.nodes);
  EXPECT_EQ(out.rels, original_.rels);
  EXPECT_TRUE(storage::CheckDatabase(Env::Default(), dir_.Join("out")).ok());
}

TEST_F(SalvageTest, ForwardCsrDamageIsMadeGoodFromTheReverseCsr) {
  Damage(gen_ + "/rel-000000.qv", 20000, 8);  // inside the forward targets
  ASSERT_FALSE(storage::CheckDatabase(Env::Default(), path_).ok());
  auto r = Salvage();
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->losses->count(Kind::kRelationship), 0u);
  EXPECT_GT(r->losses->recovered(), 0u);
  const RefGraph out = Read(dir_.Join("out"));
  EXPECT_EQ(out.rels, original_.rels) << "every relationship, from one direction or the other";
  EXPECT_EQ(out.nodes, original_.nodes);
}

TEST_F(SalvageTest, ARelationshipUnreadableBothWaysIsCountedExactly) {
  const uint64_t size = fs::file_size(gen_ + "/rel-000000.qv");
  // Damage every block of the file but the first: both CSRs' slices are unreadable.
  for (uint64_t at = 4096; at + 4096 < size; at += 4096) Damage(gen_ + "/rel-000000.qv", at + 100, 1);
  auto r = Salvage();
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  const RefGraph out = Read(dir_.Join("out"));
  EXPECT_LT(out.rels.size(), original_.rels.size());
  EXPECT_EQ(out.rels.size() + r->losses->count(Kind::kRelationship), original_.rels.size())
      << "what is not in the repaired database is in the report";
  for (const auto& [uid, rel] : out.rels) EXPECT_EQ(original_.rels.at(uid).start, rel.start) << "only true facts";
}

TEST_F(SalvageTest, DamagedPropertyBlocksLoseThoseValuesAndNothingElse) {
  Damage(gen_ + "/" + NamesColumn(), 12000, 4);
  auto r = Salvage();
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  const uint64_t lost = r->losses->count(Kind::kNodeProperty);
  EXPECT_GT(lost, 0u);
  const RefGraph out = Read(dir_.Join("out"));
  uint64_t missing = 0;
  for (const auto& [uid, node] : original_.nodes) {
    const RefNode& got = out.nodes.at(uid);
    EXPECT_EQ(got.labels, node.labels);
    for (const auto& [key, value] : node.props) {
      auto it = got.props.find(key);
      if (it == got.props.end()) {
        ++missing;
      } else {
        EXPECT_EQ(it->second, value) << "a salvaged value is the original value";
      }
    }
  }
  EXPECT_EQ(missing, lost) << "each missing value is one reported loss";
  EXPECT_EQ(out.rels, original_.rels);
}

TEST_F(SalvageTest, AColumnFileThatCannotBeOpenedIsLeftOutAndReported) {
  Damage(gen_ + "/" + NamesColumn(), 0, 64);  // its header
  auto r = Salvage();
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->losses->count(Kind::kFile), 1u);
  const RefGraph out = Read(dir_.Join("out"));
  for (const auto& [uid, node] : out.nodes) EXPECT_EQ(node.props.count("name"), 0u);
  EXPECT_EQ(out.nodes.size(), original_.nodes.size());
  EXPECT_EQ(out.rels, original_.rels);
}

TEST_F(SalvageTest, AnUnopenableRelationshipFileLosesItsTypeAndSaysSo) {
  Damage(gen_ + "/rel-000000.qv", 0, 64);
  auto r = Salvage();
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->losses->count(Kind::kFile), 1u);
  EXPECT_EQ(r->losses->count(Kind::kRelationship), original_.rels.size());
  EXPECT_TRUE(Read(dir_.Join("out")).rels.empty());
}

TEST_F(SalvageTest, TheWriteLogIsReplayedUpToItsFirstDamage) {
  // The second commit's record: damaged, with nothing after it to say it was durable —
  // a torn tail to recovery, replayed up to it here as well.
  auto segments = storage::ListSegments(Env::Default(), path_);
  ASSERT_TRUE(segments.ok());
  const std::string segment = path_ + "/" + segments->back().second;
  Damage(segment, 64 + 10, 4);  // the first record's header: everything after is unreadable
  auto r = Salvage();
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->log.records_replayed, 0u);
  EXPECT_EQ(r->losses->count(Kind::kLog), 1u);
  const RefGraph out = Read(dir_.Join("out"));
  EXPECT_EQ(out.nodes.size(), static_cast<size_t>(kNodes)) << "the base, without the two logged commits";
}

TEST_F(SalvageTest, NothingIsSalvagedFromADatabaseWhoseDictionaryIsDamaged) {
  Damage(gen_ + "/dictionary.qv", 0, 64);
  auto r = Salvage();
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("cannot salvage"), std::string::npos) << r.status().ToString();
}

TEST_F(SalvageTest, TheRepairNeverWritesOverADatabase) {
  fs::create_directories(dir_.Join("out"));
  std::ofstream(dir_.Join("out/x")) << "x";
  auto r = Salvage();
  EXPECT_EQ(r.status().code(), StatusCode::kInvalidArgument) << r.status().ToString();
}

}  // namespace
}  // namespace quiver::ingest
