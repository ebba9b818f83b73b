#pragma once
// A PropertyColumn written to a section file and opened from its bytes, as a generation
// opens one: for the tests of the batch reads (gathers) against the row reads.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/file/env.h"
#include "storage/property_column.h"
#include "storage/section_file.h"
#include "test_util/temp_dir.h"

namespace quiver::storage {

class ColumnFile {
 public:
  // `values[r]`, for the rows where `present(r)`, as the column of `values.size()` rows.
  template <typename Present>
  void Build(const std::vector<PropertyValue>& values, Present present, ColumnType expected_type) {
    std::vector<std::pair<uint64_t, const PropertyValue*>> rows;
    for (uint64_t r = 0; r < values.size(); ++r) {
      if (present(r)) rows.emplace_back(r, &values[r]);
    }
    const ColumnData data = BuildColumn(values.size(), rows);
    ASSERT_EQ(data.type, expected_type);
    const std::string path = dir_.Join("col.qv");
    FileIdentity id;
    id.kind = FileKind::kNodePropertyColumn;
    id.subtype = static_cast<uint32_t>(data.type);
    auto w = SectionFileWriter::Create(Env::Default(), path, id);
    ASSERT_TRUE(w.ok()) << w.status().ToString();
    ASSERT_TRUE(WriteColumn(w->get(), data).ok());
    ASSERT_TRUE((*w)->Finish().ok());
    bytes_ = *ReadFileToString(Env::Default(), path);
    auto file = SectionFile::Parse({reinterpret_cast<const std::byte*>(bytes_.data()), bytes_.size()}, "col.qv",
                                   {FileKind::kNodePropertyColumn, id.database_id, 0, 0});
    ASSERT_TRUE(file.ok()) << file.status().ToString();
    file_ = std::make_unique<SectionFile>(std::move(*file));
    auto column = PropertyColumn::Open(*file_, values.size());
    ASSERT_TRUE(column.ok()) << column.status().ToString();
    column_ = std::make_unique<PropertyColumn>(std::move(*column));
  }

  const PropertyColumn& column() const { return *column_; }
  const SectionFile& file() const { return *file_; }

 private:
  quiver::testing::TempDir dir_;
  std::string bytes_;
  std::unique_ptr<SectionFile> file_;
  std::unique_ptr<PropertyColumn> column_;
};

}  // namespace quiver::storage
