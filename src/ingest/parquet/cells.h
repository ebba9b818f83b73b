#pragma once
// What a decoded Parquet value becomes in Quiver (docs/ingest.md, "Parquet"): the cell
// kinds of schema.h applied to a DecodedColumn's physical values. A value Quiver cannot
// hold — a UINT64 above INT64_MAX, text that is not UTF-8, a null list element, a time
// out of range — is an InvalidArgument with the reason only; the caller names the row.

#include <cstdint>
#include <string>
#include <string_view>

#include "ingest/parquet/column_reader.h"
#include "ingest/parquet/schema.h"
#include "storage/property_value.h"

namespace quiver::ingest::parquet {

// The value of `row` (null when the row has none); a list column gives a list.
Status CellValue(const ColumnDescriptor& column, const DecodedColumn& data, uint64_t row,
                 storage::PropertyValue* out);
// Value i of the buffer, by the column's cell kind.
Status ElementValue(const ColumnDescriptor& column, const ValueBuffer& values, uint64_t i,
                    storage::PropertyValue* out);

// The decimal rule: the double nearest to unscaled / 10^scale (correctly rounded: the
// exact decimal is formed as text and read by strtod). Unscaled is big-endian two's
// complement of any length.
double DecimalToDouble(std::string_view big_endian_unscaled, int32_t scale);
double DecimalToDouble(int64_t unscaled, int32_t scale);

// A legacy INT96 timestamp (nanoseconds of the day, then the Julian day, little-endian).
Status Int96ToLocalDateTime(std::string_view twelve_bytes, LocalDateTimeValue* out);

}  // namespace quiver::ingest::parquet
