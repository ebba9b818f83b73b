// PropertyColumn::GatherStrings: the batch read behind the vectorized engine's string
// vectors gives, for ascending and random rows alike, exactly what StringAt and
// IsPresent give row by row — absent rows, empty strings, rows past the column.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "column_test_util.h"

namespace quiver::storage {
namespace {

class StringGatherTest : public ::testing::Test {
 protected:
  static constexpr uint64_t kRows = 5000;

  void SetUp() override {
    std::vector<PropertyValue> values;
    values.reserve(kRows);
    for (uint64_t r = 0; r < kRows; ++r) {
      // Absent on every 7th row, empty on every 11th, some long enough to need the heap
      // of a whole block.
      std::string s = r % 11 == 0 ? "" : "city-" + std::to_string(r % 37);
      if (r % 101 == 0) s.append(300, static_cast<char>('a' + r % 26));
      values.emplace_back(s);
    }
    ASSERT_NO_FATAL_FAILURE(file_.Build(values, [](uint64_t r) { return r % 7 != 0; }, ColumnType::kString));
    column_ = &file_.column();
  }

  // GatherStrings over `rows` against StringAt / IsPresent per row.
  void ExpectRowByRow(const std::vector<uint64_t>& rows) const {
    std::vector<std::string_view> strings(rows.size(), "junk");
    std::vector<uint8_t> present(rows.size(), 9);
    column_->GatherStrings(rows, strings.data(), present.data());
    for (size_t i = 0; i < rows.size(); ++i) {
      const uint64_t r = rows[i];
      ASSERT_EQ(present[i], column_->IsPresent(r) ? 1 : 0) << "row " << r;
      if (present[i]) {
        EXPECT_EQ(strings[i], column_->StringAt(r)) << "row " << r;
      } else {
        EXPECT_TRUE(strings[i].empty()) << "row " << r;
      }
    }
  }

  ColumnFile file_;
  const PropertyColumn* column_ = nullptr;
};

TEST_F(StringGatherTest, AscendingRowsMatchTheRowReads) {
  std::vector<uint64_t> all(kRows);
  for (uint64_t r = 0; r < kRows; ++r) all[r] = r;
  ExpectRowByRow(all);
  std::vector<uint64_t> sparse;
  for (uint64_t r = 3; r < kRows; r += 13) sparse.push_back(r);
  ExpectRowByRow(sparse);
  ExpectRowByRow({0});
  ExpectRowByRow({kRows - 1});
  EXPECT_EQ(column_->StringAt(22), "");  // an empty string is present, not absent
  EXPECT_TRUE(column_->IsPresent(22));
  EXPECT_FALSE(column_->IsPresent(21));
}

TEST_F(StringGatherTest, RandomAndRepeatedRowsMatchTheRowReads) {
  std::mt19937_64 rng(11);
  std::vector<uint64_t> rows(4096);
  for (auto& r : rows) r = rng() % kRows;
  ExpectRowByRow(rows);
  // Descending, with duplicates: not ascending, so the prefetching path.
  std::sort(rows.rbegin(), rows.rend());
  ExpectRowByRow(rows);
}

TEST_F(StringGatherTest, RowsPastTheColumnAreAbsent) {
  ExpectRowByRow({1, 2, kRows, kRows + 5});   // ascending, past the end
  ExpectRowByRow({kRows + 5, 3, kRows, 1});  // random, past the end
}

}  // namespace
}  // namespace quiver::storage
