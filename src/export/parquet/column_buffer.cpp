#include "export/parquet/column_buffer.h"

#include <bit>
#include <cstring>

#include "common/assert.h"

namespace quiver::exporter::parquet {

std::string_view ColumnTypeName(ColumnType type) {
  switch (type) {
    case ColumnType::kInt64: return "INT64";
    case ColumnType::kDouble: return "DOUBLE";
    case ColumnType::kBoolean: return "BOOLEAN";
    case ColumnType::kString: return "STRING";
    case ColumnType::kDate: return "DATE";
    case ColumnType::kLocalTimeNanos: return "TIME(NANOS)";
    case ColumnType::kLocalDateTimeNanos: return "TIMESTAMP(NANOS)";
  }
  return "?";
}

ColumnBuffer::ColumnBuffer(const ColumnSpec& spec)
    : type_(spec.type), max_def_(MaxDefinitionLevel(spec)), max_rep_(MaxRepetitionLevel(spec)) {}

void ColumnBuffer::Value(ColumnType type) {
  QUIVER_ASSERT_MSG(type == type_, std::string(ColumnTypeName(type)) + " value appended to a " +
                                       std::string(ColumnTypeName(type_)) + " column");
  QUIVER_ASSERT_MSG(in_list_ == (max_rep_ > 0), "list column values go between BeginList and EndList");
  if (max_def_ > 0) def_.push_back(static_cast<uint8_t>(max_def_));
  if (max_rep_ > 0) rep_.push_back(list_elements_ == 0 ? 0 : 1);
  ++levels_;
  if (in_list_) {
    ++list_elements_;
  } else {
    ++rows_;
  }
}

template <typename T>
void ColumnBuffer::Fixed(T v) {
  // PLAIN is little-endian, as every machine Quiver builds for.
  static_assert(std::endian::native == std::endian::little);
  size_t at = fixed_.size();
  fixed_.resize(at + sizeof(T));
  std::memcpy(fixed_.data() + at, &v, sizeof(T));
}

void ColumnBuffer::AppendNull() {
  QUIVER_ASSERT_MSG(!in_list_, "list elements are never null");
  QUIVER_ASSERT_MSG(max_def_ > 0, "null appended to a required column");
  def_.push_back(0);
  if (max_rep_ > 0) rep_.push_back(0);
  ++levels_;
  ++rows_;
}

void ColumnBuffer::AppendInt(int64_t v) {
  Value(ColumnType::kInt64);
  Fixed(v);
}

void ColumnBuffer::AppendDouble(double v) {
  Value(ColumnType::kDouble);
  Fixed(v);
}

void ColumnBuffer::AppendBool(bool v) {
  Value(ColumnType::kBoolean);
  fixed_.push_back(v ? 1 : 0);
}

void ColumnBuffer::AppendString(std::string_view v) {
  Value(ColumnType::kString);
  bytes_.append(v);
  ends_.push_back(bytes_.size());
}

void ColumnBuffer::AppendDate(int32_t days) {
  Value(ColumnType::kDate);
  Fixed(days);
}

void ColumnBuffer::AppendNanos(int64_t v) {
  QUIVER_ASSERT_MSG(type_ == ColumnType::kLocalTimeNanos || type_ == ColumnType::kLocalDateTimeNanos,
                    "nanoseconds appended to a " + std::string(ColumnTypeName(type_)) + " column");
  Value(type_);
  Fixed(v);
}

void ColumnBuffer::BeginList() {
  QUIVER_ASSERT_MSG(max_rep_ > 0 && !in_list_, "BeginList on a flat column or inside a list");
  in_list_ = true;
  list_elements_ = 0;
}

void ColumnBuffer::EndList() {
  QUIVER_ASSERT_MSG(in_list_, "EndList without BeginList");
  in_list_ = false;
  if (list_elements_ == 0) {
    // The empty list: defined down to the list, no element slot.
    def_.push_back(static_cast<uint8_t>(max_def_ - 1));
    rep_.push_back(0);
    ++levels_;
  }
  ++rows_;
}

uint64_t ColumnBuffer::values() const {
  if (type_ == ColumnType::kString) return ends_.size();
  size_t width = type_ == ColumnType::kBoolean ? 1 : type_ == ColumnType::kDate ? 4 : 8;
  return fixed_.size() / width;
}

uint64_t ColumnBuffer::MemoryBytes() const {
  return def_.capacity() + rep_.capacity() + fixed_.capacity() + bytes_.capacity() +
         ends_.capacity() * sizeof(uint64_t);
}

void ColumnBuffer::Clear() {
  QUIVER_ASSERT(!in_list_);
  rows_ = levels_ = 0;
  def_.clear();
  rep_.clear();
  fixed_.clear();
  bytes_.clear();
  ends_.clear();
}

void ColumnBuffer::Append(const ColumnBuffer& other) {
  QUIVER_ASSERT_MSG(other.type_ == type_ && other.max_def_ == max_def_ && other.max_rep_ == max_rep_,
                    "appending a buffer of another column");
  QUIVER_ASSERT_MSG(!in_list_ && !other.in_list_, "appending inside a list");
  def_.insert(def_.end(), other.def_.begin(), other.def_.end());
  rep_.insert(rep_.end(), other.rep_.begin(), other.rep_.end());
  fixed_.insert(fixed_.end(), other.fixed_.begin(), other.fixed_.end());
  const uint64_t base = bytes_.size();
  bytes_.append(other.bytes_);
  for (uint64_t end : other.ends_) ends_.push_back(base + end);
  rows_ += other.rows_;
  levels_ += other.levels_;
}

}  // namespace quiver::exporter::parquet
