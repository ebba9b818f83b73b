#pragma once
// A Parquet file as an import source (`quiver import` of a .parquet file): its column
// names are the header, in the CSV header grammar (csv_header.h), and each row group
// becomes a node or relationship chunk — the same batches, bad-row handling and
// messages as a CSV chunk (csv_chunks.h), so the construction session cannot tell the
// sources apart.
//
// A property column without a `:type` takes its type from the Parquet schema
// (docs/ingest.md, "Parquet"); one with a type must agree with it (a Parquet string
// column is parsed as CSV text is). A bad row's BadRow.line is its 0-based row in the
// file and its column the header column's 1-based index; the importer words the
// location ("file: row group G, row R, column 'C'").

#include <cstdint>
#include <string>
#include <vector>

#include "ingest/csv_chunks.h"
#include "ingest/csv_header.h"
#include "ingest/parquet/parquet_file.h"

namespace quiver::ingest::parquet {

struct SourceColumns {
  std::vector<int> read;        // the Parquet columns read, in this order
  std::vector<int> slot;        // per header column: its index in `read`, -1 when not read (:IGNORE)
  std::vector<bool> inferred;   // per header column: a property whose type is the Parquet type's
};

// The header of a Parquet file: its column names parsed as a CSV header, checked
// against the Parquet types. Errors are InvalidArgument "column 'name': reason" (the
// caller names the file).
// `names`, when given (a header file before the Parquet files of a group, neo4j-admin's
// "header.csv,part.parquet"), name the file's columns in their order instead of the
// file's own names: a file written by another tool imports without being rewritten.
Result<CsvHeader> SourceHeader(const ParquetFile& file, FileKind kind, SourceColumns* columns,
                               const std::vector<std::string>* names = nullptr);

// The chunk column type of header column i.
ColumnType SourceChunkType(const ParquetFile& file, const CsvHeader& header, const SourceColumns& columns, size_t i);

// The key type of the :ID column: the header's {id-type:...}, else integer for an
// integer Parquet column, else `fallback` (--id-type).
KeyType SourceIdType(const ParquetFile& file, const CsvHeader& header, const SourceColumns& columns,
                     KeyType fallback);

// Row group g (first_row: its first row in the file), its columns decoded in
// columns.read's order, as a chunk.
NodeChunk SourceNodeChunk(const NodeFileSpec& spec, const SourceColumns& columns, const ParquetFile& file,
                          uint64_t first_row, const std::vector<DecodedColumn>& data);
EdgeChunk SourceEdgeChunk(const EdgeFileSpec& spec, const SourceColumns& columns, const ParquetFile& file,
                          uint64_t first_row, const std::vector<DecodedColumn>& data);

}  // namespace quiver::ingest::parquet
