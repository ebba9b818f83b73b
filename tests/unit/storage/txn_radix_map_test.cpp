// RadixMap: the persistent map under every snapshot. Random operations against std::map,
// with every earlier version checked unchanged, and the memory account back to zero
// when the last version goes.

#include <gtest/gtest.h>

#include <map>
#include <random>

#include "storage/txn/radix_map.h"

namespace quiver::storage {
namespace {

template <typename M>
std::map<uint64_t, int> Contents(const M& m) {
  std::map<uint64_t, int> out;
  m.ForEach([&](uint64_t k, const int& v) { out[k] = v; });
  return out;
}

TEST(TxnRadixMapTest, VersionsStayUnchangedWhileTheNextOneIsBuilt) {
  MemoryAccount account;
  {
    std::mt19937_64 rng(7);
    std::vector<std::pair<RadixMap<int>, std::map<uint64_t, int>>> versions;
    RadixMap<int> m;
    std::map<uint64_t, int> ref;
    uint64_t edit = 1;
    for (int v = 0; v < 60; ++v) {
      EditContext ctx{edit++, &account, nullptr};
      for (int i = 0; i < 40; ++i) {
        // Keys in several ranges: dense small ids, sparse large ones, the top of the space.
        const uint64_t key =
            rng() % 3 == 0 ? rng() % 200 : (rng() % 3 == 0 ? rng() : ~uint64_t{0} - rng() % 50);
        if (rng() % 4 == 0 && !ref.empty()) {
          auto it = ref.lower_bound(key);
          if (it == ref.end()) it = ref.begin();
          EXPECT_TRUE(m.Erase(it->first, ctx));
          ref.erase(it);
        } else {
          const int value = static_cast<int>(rng() % 1000);
          m.Set(key, value, ctx);
          ref[key] = value;
        }
      }
      ASSERT_EQ(m.size(), ref.size());
      ASSERT_EQ(Contents(m), ref);
      versions.emplace_back(m, ref);
    }
    for (const auto& [map, expected] : versions) {
      EXPECT_EQ(Contents(map), expected);
      for (const auto& [k, v] : expected) ASSERT_EQ(*map.Find(k), v);
    }
    // Ranges.
    const auto& [last, expected] = versions.back();
    std::vector<uint64_t> got;
    last.ForEachInRange(50, 150, [&](uint64_t k, const int&) { got.push_back(k); });
    std::vector<uint64_t> want;
    for (auto it = expected.lower_bound(50); it != expected.end() && it->first < 150; ++it)
      want.push_back(it->first);
    EXPECT_EQ(got, want);
    EXPECT_GT(account.bytes(), 0u);
  }
  EXPECT_EQ(account.bytes(), 0u) << "every node gave its charge back";
}

TEST(TxnRadixMapTest, ATransactionChangesItsOwnNodesInPlace) {
  MemoryAccount account;
  RadixMap<int> m;
  EditContext first{1, &account, nullptr};
  for (uint64_t k = 0; k < 1024; ++k) m.Set(k, 1, first);
  const uint64_t after_bulk = account.bytes();
  // 1024 consecutive keys in 32-entry leaves: about 33 nodes, not one copy per insert.
  EXPECT_LT(after_bulk, 40u * 32 * sizeof(int) + 40u * 400);
  RadixMap<int> published = m;
  EditContext second{2, &account, nullptr};
  *m.Mutable(5, second) = 2;
  EXPECT_EQ(*published.Find(5), 1);
  EXPECT_EQ(*m.Find(5), 2);
  EXPECT_LT(account.bytes() - after_bulk, 3000u) << "one path was copied";
}

TEST(TxnRadixMapTest, SetsStoreOnlyBitmaps) {
  MemoryAccount account;
  IdSet s;
  EditContext ctx{1, &account, nullptr};
  for (uint64_t k = 100; k < 200; k += 3) s.Set(k, {}, ctx);
  EXPECT_TRUE(s.Contains(103));
  EXPECT_FALSE(s.Contains(104));
  std::vector<uint64_t> keys;
  s.ForEach([&](uint64_t k, SetMember) { keys.push_back(k); });
  ASSERT_EQ(keys.size(), 34u);
  EXPECT_EQ(keys.front(), 100u);
  EXPECT_EQ(keys.back(), 199u);
  EXPECT_TRUE(s.Erase(103, ctx));
  EXPECT_FALSE(s.Erase(103, ctx));
  EXPECT_EQ(s.size(), 33u);
}

}  // namespace
}  // namespace quiver::storage
