// SortedIdIndex (tools/quiver-mpi/sorted_id_index.h) against std::lower_bound on the
// same arrays: evenly spread ids (a hash partition's), clustered ids with a far outlier
// (buckets of many ids and many empty ones), one id, none, and the ends of the range.
#include "sorted_id_index.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>

namespace quiver::mpi {
namespace {

void ExpectMatchesBinarySearch(const std::vector<uint64_t>& ids, const std::vector<uint64_t>& probes) {
  const SortedIdIndex index(ids);
  for (uint64_t p : probes) {
    const uint64_t expected = static_cast<uint64_t>(std::lower_bound(ids.begin(), ids.end(), p) - ids.begin());
    ASSERT_EQ(index.LowerBound(p), expected) << "probe " << p;
    const auto found = index.Find(p);
    if (expected < ids.size() && ids[expected] == p) {
      ASSERT_EQ(found, expected) << "probe " << p;
    } else {
      ASSERT_FALSE(found.has_value()) << "probe " << p;
    }
  }
}

std::vector<uint64_t> Sorted(std::vector<uint64_t> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

TEST(SortedIdIndexTest, EvenlySpreadIdsEveryProbe) {
  std::mt19937_64 rng(3);
  std::vector<uint64_t> ids;
  for (uint64_t v = 0; v < 40000; ++v) {
    if (rng() % 4 == 1) ids.push_back(v);  // a quarter of 0..39999, as one of 4 ranks owns
  }
  std::vector<uint64_t> probes;
  for (uint64_t v = 0; v < 40010; ++v) probes.push_back(v);
  ExpectMatchesBinarySearch(ids, probes);
}

TEST(SortedIdIndexTest, AWholeRange) {
  std::vector<uint64_t> ids;
  for (uint64_t v = 500; v < 1500; ++v) ids.push_back(v);
  std::vector<uint64_t> probes = {std::numeric_limits<uint64_t>::max()};
  for (uint64_t v = 0; v < 2000; ++v) probes.push_back(v);
  ExpectMatchesBinarySearch(ids, probes);
}

TEST(SortedIdIndexTest, ClusteredIdsAndAFarOutlier) {
  std::mt19937_64 rng(5);
  std::vector<uint64_t> raw;
  for (int i = 0; i < 5000; ++i) raw.push_back(1000 + rng() % 3000);
  raw.push_back(std::numeric_limits<uint64_t>::max() - 1);
  raw.push_back(uint64_t{1} << 62);
  const std::vector<uint64_t> ids = Sorted(raw);
  std::vector<uint64_t> probes = {0, 999, 1000, 3999, 4000, uint64_t{1} << 62, (uint64_t{1} << 62) + 1,
                                  std::numeric_limits<uint64_t>::max() - 1, std::numeric_limits<uint64_t>::max()};
  for (int i = 0; i < 20000; ++i) probes.push_back(900 + rng() % 3200);
  for (int i = 0; i < 2000; ++i) probes.push_back(rng());
  ExpectMatchesBinarySearch(ids, probes);
}

TEST(SortedIdIndexTest, OneIdAndNone) {
  ExpectMatchesBinarySearch({42}, {0, 41, 42, 43, std::numeric_limits<uint64_t>::max()});
  ExpectMatchesBinarySearch({}, {0, 1, std::numeric_limits<uint64_t>::max()});
  ExpectMatchesBinarySearch({0, 1}, {0, 1, 2, std::numeric_limits<uint64_t>::max()});
  ExpectMatchesBinarySearch({0, std::numeric_limits<uint64_t>::max()},
                            {0, 1, std::numeric_limits<uint64_t>::max() - 1, std::numeric_limits<uint64_t>::max()});
}

}  // namespace
}  // namespace quiver::mpi
