// PropertyColumn::GatherSlots and GatherDoubles: the batch reads behind the vectorized
// engine's integer and float vectors give, for consecutive, ascending (with gaps and
// repeats) and random rows alike, exactly what IsPresent, Int64At and DoubleAt give row
// by row — at every element width, from any bit of the presence bitmap, with and
// without absent rows among them.

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "column_test_util.h"

namespace quiver::storage {
namespace {

constexpr uint64_t kRows = 5000;

// Absent on every 7th row and on a run of 70 (a whole bitmap word and more).
bool Present(uint64_t r) {
  return r % 7 != 0 && (r < 1000 || r >= 1070);
}
// Absent only on a run of 70: most row sets then fall where every row is present.
bool PresentAroundAGap(uint64_t r) {
  return r < 1000 || r >= 1070;
}
bool AllPresent(uint64_t) {
  return true;
}

// The row sets every gather path takes: consecutive from unaligned starts and across
// bitmap words, one row, ascending with gaps, ascending with repeats (whose span can
// equal their count, as consecutive rows' does), descending and random.
std::vector<std::vector<uint64_t>> RowSets() {
  std::vector<std::vector<uint64_t>> sets;
  auto consecutive = [](uint64_t first, uint64_t count) {
    std::vector<uint64_t> rows(count);
    std::iota(rows.begin(), rows.end(), first);
    return rows;
  };
  sets.push_back(consecutive(0, kRows));
  for (uint64_t first : {1, 3, 57, 63, 64, 990}) {
    for (uint64_t count : {1, 5, 8, 9, 100, 2048}) sets.push_back(consecutive(first, count));
  }
  sets.push_back({5, 6, 6, 8});  // span 4, four rows: not consecutive
  sets.push_back({10, 10, 10, 10, 11, 12, 13, 13, 14, 20});
  std::vector<uint64_t> sparse;
  for (uint64_t r = 3; r < kRows; r += 13) sparse.push_back(r);
  sets.push_back(sparse);
  std::mt19937_64 rng(5);
  std::vector<uint64_t> random(4096);
  for (auto& r : random) r = rng() % kRows;
  sets.push_back(random);
  std::sort(random.begin(), random.end());
  sets.push_back(random);  // ascending with repeats
  std::reverse(random.begin(), random.end());
  sets.push_back(random);
  return sets;
}

std::string Describe(const std::vector<uint64_t>& rows) {
  return std::to_string(rows.size()) + " rows from " + std::to_string(rows.front());
}

// Integers of each width the column may store them in (the largest value decides).
TEST(SlotGatherTest, IntegerRowsMatchTheRowReadsAtEveryWidth) {
  for (auto present_at : {Present, PresentAroundAGap, AllPresent})
    for (int64_t scale : {int64_t{1}, int64_t{300}, int64_t{70000}, int64_t{5000000000}}) {
      std::vector<PropertyValue> values;
      for (uint64_t r = 0; r < kRows; ++r) values.emplace_back(static_cast<int64_t>(r % 97) * scale);
      ColumnFile file;
      ASSERT_NO_FATAL_FAILURE(file.Build(values, present_at, ColumnType::kInt64));
      const PropertyColumn& column = file.column();
      for (const auto& rows : RowSets()) {
        std::vector<uint64_t> slots(rows.size(), 0xDEAD);
        std::vector<uint8_t> present(rows.size(), 9);
        column.GatherSlots(rows, slots.data(), present.data());
        for (size_t i = 0; i < rows.size(); ++i) {
          const uint64_t r = rows[i];
          ASSERT_EQ(present[i], column.IsPresent(r) ? 1 : 0) << "row " << r << ", " << Describe(rows);
          ASSERT_EQ(static_cast<int64_t>(slots[i]), present[i] ? column.Int64At(r) : 0)
              << "row " << r << ", scale " << scale << ", " << Describe(rows);
        }
      }
    }
}

TEST(SlotGatherTest, FloatRowsMatchTheRowReads) {
  for (auto present_at : {Present, PresentAroundAGap, AllPresent}) {
    std::vector<PropertyValue> values;
    for (uint64_t r = 0; r < kRows; ++r) values.emplace_back(static_cast<double>(r) / 8 - 100.5);
    ColumnFile file;
    ASSERT_NO_FATAL_FAILURE(file.Build(values, present_at, ColumnType::kDouble));
    const PropertyColumn& column = file.column();
    for (const auto& rows : RowSets()) {
      std::vector<double> doubles(rows.size(), -1.0);
      std::vector<uint8_t> present(rows.size(), 9);
      column.GatherDoubles(rows, doubles.data(), present.data());
      for (size_t i = 0; i < rows.size(); ++i) {
        const uint64_t r = rows[i];
        ASSERT_EQ(present[i], column.IsPresent(r) ? 1 : 0) << "row " << r << ", " << Describe(rows);
        ASSERT_EQ(doubles[i], present[i] ? column.DoubleAt(r) : 0.0) << "row " << r << ", " << Describe(rows);
      }
    }
  }
}

}  // namespace
}  // namespace quiver::storage
