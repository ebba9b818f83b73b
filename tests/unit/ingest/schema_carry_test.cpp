// The schema catalog through the ingest layer's generation builders: the construction
// session's compaction (what Database::Open and `quiver compact` use) and `quiver check
// --repair` carry a database's index definitions into the generation they write; a
// Schema file that cannot be read is a salvage loss, not a failed repair.

#include <gtest/gtest.h>

#include <fstream>

#include "ingest/compaction_build.h"
#include "ingest/salvage.h"
#include "unit/storage/txn_test_util.h"

namespace quiver::ingest {
namespace {

using namespace storage::txntest;
using storage::IndexDefinition;

// Commits a RANGE index `name` on (:label {key}).
void CreateIndex(storage::TransactionalStore& store, const std::string& name, std::string_view label) {
  auto w = store.BeginWrite();
  ASSERT_TRUE(w.ok());
  IndexDefinition d;
  d.name = name;
  d.token = (*w)->InternLabel(label);
  d.keys = {(*w)->InternPropertyKey("name")};
  (*w)->CreateIndex(d);
  (*w)->CreateNode(std::vector<LabelId>{d.token}, {});
  ASSERT_TRUE((*w)->Commit().ok());
}

// A database whose generation holds index "a" (on :Person) and one node.
std::string CompactedWithIndexA(testing::TempDir& dir) {
  const std::string path = dir.Join("db");
  auto store = OpenStore(path, Options());
  EXPECT_NE(store, nullptr);
  if (store == nullptr) return path;
  CreateIndex(*store, "a", "Person");
  EXPECT_TRUE(store->Compact().ok());
  return path;
}

std::vector<std::string> UserIndexes(const std::string& path) {
  storage::StoreOptions o;
  o.read_only = true;
  auto store = storage::TransactionalStore::Open(Env::Default(), path, o);
  EXPECT_TRUE(store.ok()) << store.status().ToString();
  std::vector<std::string> names;
  if (!store.ok()) return names;
  for (const IndexDefinition& d : (*store)->BeginRead()->Schema().indexes()) {
    if (d.kind != storage::IndexKind::kLookup) names.push_back(d.name);
  }
  return names;
}

std::string CurrentGenerationDir(const std::string& path) {
  auto current = storage::ReadCurrent(Env::Default(), path);
  EXPECT_TRUE(current.ok());
  return JoinPath(path, storage::GenerationDirName(current.ok() ? *current : 0));
}

TEST(SchemaCarryTest, TheSessionCompactionBuilderWritesTheCatalog) {
  testing::TempDir dir;
  const std::string path = dir.Join("db");
  {
    storage::StoreOptions o = Options();
    o.compaction_builder = MakeSessionCompactionBuilder({});
    auto store = OpenStore(path, o);
    ASSERT_NE(store, nullptr);
    CreateIndex(*store, "a", "Person");
    ASSERT_TRUE(store->Compact().ok());
    EXPECT_EQ(store->Stats().log_since_generation, 0u);
  }
  std::ifstream schema(JoinPath(CurrentGenerationDir(path), storage::kSchemaFileName));
  EXPECT_TRUE(schema.good()) << "no Schema file in the compacted generation";
  EXPECT_EQ(UserIndexes(path), std::vector<std::string>{"a"});
}

TEST(SchemaCarryTest, RepairKeepsTheCatalogOfTheGenerationAndTheLog) {
  testing::TempDir dir;
  const std::string path = CompactedWithIndexA(dir);
  {
    auto store = OpenStore(path, Options());
    ASSERT_NE(store, nullptr);
    CreateIndex(*store, "b", "Movie");  // in the log only
  }
  auto r = SalvageDatabase(Env::Default(), path, dir.Join("out"), SessionOptions{});
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->losses->total(), 0u);
  EXPECT_EQ(UserIndexes(dir.Join("out")), (std::vector<std::string>{"a", "b"}));
}

TEST(SchemaCarryTest, RepairOfADamagedSchemaFileLosesOnlyTheDefinitions) {
  testing::TempDir dir;
  const std::string path = CompactedWithIndexA(dir);
  {
    std::fstream f(JoinPath(CurrentGenerationDir(path), storage::kSchemaFileName),
                   std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(70);  // inside the catalog's bytes
    f.put('\x7f');
  }
  auto r = SalvageDatabase(Env::Default(), path, dir.Join("out"), SessionOptions{});
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->losses->count(storage::SalvageLosses::Kind::kFile), 1u);
  EXPECT_TRUE(UserIndexes(dir.Join("out")).empty());
  storage::StoreOptions o;
  o.read_only = true;
  auto out = storage::TransactionalStore::Open(Env::Default(), dir.Join("out"), o);
  ASSERT_TRUE(out.ok());
  EXPECT_EQ((*out)->BeginRead()->NodeCount(), 1u) << "the data was lost with the definitions";
}

}  // namespace
}  // namespace quiver::ingest
