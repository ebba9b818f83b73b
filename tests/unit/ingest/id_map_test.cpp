// IdMap: each representation (sequence, direct, hash; strings) answers lookups, finds
// duplicates in node order, and yields the external-id data the format expects.
#include "ingest/id_map.h"

#include <gtest/gtest.h>

#include <random>

namespace quiver::ingest {
namespace {

IdMap Build(const std::vector<KeyChunk>& chunks, std::vector<DuplicateKey>* dups, uint32_t workers = 3) {
  WorkerPool pool(workers);
  std::vector<KeySegment> segments;
  uint64_t first = 0;
  for (const KeyChunk& c : chunks) {
    segments.push_back({first, &c});
    first += c.count;
  }
  return IdMap::Build(chunks.empty() ? KeyType::kInteger : chunks[0].type, segments, &pool, dups);
}

KeyChunk Ints(std::vector<int64_t> v) {
  KeyChunk c;
  for (int64_t k : v) c.AppendInt(k);
  return c;
}

TEST(IdMapTest, SequenceNeedsNoTable) {
  KeyChunk a;
  a.sequence = true;
  a.first = 100;
  a.count = 10;
  KeyChunk b = Ints({110, 111, 112});  // explicit but consecutive: still a sequence
  std::vector<DuplicateKey> dups;
  const IdMap m = Build({a, b}, &dups);
  EXPECT_TRUE(dups.empty());
  EXPECT_EQ(m.MemoryBytes(), 0u);
  EXPECT_EQ(m.Find(int64_t{100}), 0u);
  EXPECT_EQ(m.Find(int64_t{112}), 12u);
  EXPECT_EQ(m.Find(int64_t{113}), IdMap::kAbsent);
  EXPECT_EQ(m.Find(int64_t{99}), IdMap::kAbsent);
  EXPECT_EQ(m.Find(std::string_view("100")), IdMap::kAbsent);
  WorkerPool pool(1);
  EXPECT_EQ(m.ExternalIds(13, &pool).kind, storage::ExternalIdKind::kInt64);
  KeyChunk dense;
  dense.sequence = true;
  dense.count = 5;
  EXPECT_EQ(Build({dense}, &dups).ExternalIds(5, &pool).kind, storage::ExternalIdKind::kDense);
}

TEST(IdMapTest, DirectAndHashAgreeWithAReferenceMap) {
  std::mt19937_64 rng(1);
  for (bool sparse : {false, true}) {
    std::vector<int64_t> keys;
    std::map<int64_t, uint32_t> want;
    for (uint32_t i = 0; i < 20000; ++i) {
      int64_t k = sparse ? static_cast<int64_t>(rng()) : static_cast<int64_t>(rng() % 30000) - 500;
      if (i % 1000 == 7 && !keys.empty()) k = keys[rng() % keys.size()];  // a duplicate
      keys.push_back(k);
      want.emplace(k, i);  // the first node keeps the key
    }
    std::vector<DuplicateKey> dups;
    const IdMap m =
        Build({Ints({keys.begin(), keys.begin() + 7000}), Ints({keys.begin() + 7000, keys.end()})}, &dups);
    EXPECT_EQ(m.size(), want.size());
    EXPECT_EQ(dups.size(), keys.size() - want.size());
    for (size_t i = 1; i < dups.size(); ++i) EXPECT_LT(dups[i - 1].node, dups[i].node);
    for (const auto& d : dups) {
      EXPECT_EQ(std::to_string(keys[d.node]), d.key);
      EXPECT_EQ(want.at(keys[d.node]), d.first_node);
    }
    for (const auto& [k, node] : want) ASSERT_EQ(m.Find(k), node) << k;
    for (int i = 0; i < 1000; ++i) {
      const int64_t probe = static_cast<int64_t>(rng());
      EXPECT_EQ(m.Find(probe), want.count(probe) ? want.at(probe) : IdMap::kAbsent);
    }
  }
}

TEST(IdMapTest, StringKeys) {
  KeyChunk a, b;
  a.type = b.type = KeyType::kString;
  for (const char* k : {"alice", "bob", "", "carol"}) a.AppendString(k);
  for (const char* k : {"dave", "bob", "alice2"}) b.AppendString(k);
  std::vector<DuplicateKey> dups;
  const IdMap m = Build({a, b}, &dups, 2);
  ASSERT_EQ(dups.size(), 1u);
  EXPECT_EQ(dups[0].node, 5u);
  EXPECT_EQ(dups[0].first_node, 1u);
  EXPECT_EQ(dups[0].key, "'bob'");
  EXPECT_EQ(m.Find(std::string_view("carol")), 3u);
  EXPECT_EQ(m.Find(std::string_view("")), 2u);
  EXPECT_EQ(m.Find(std::string_view("alice2")), 6u);
  EXPECT_EQ(m.Find(std::string_view("zed")), IdMap::kAbsent);
  EXPECT_EQ(m.Find(int64_t{1}), IdMap::kAbsent);
}

}  // namespace
}  // namespace quiver::ingest
