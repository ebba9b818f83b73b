// Fuzz target: the Parquet reader (src/ingest/parquet/, `quiver import` of .parquet).
// The input is a whole file: it is opened, every row group's readable columns are
// decoded, and every cell is converted to a Quiver value. Seeds are small files DuckDB
// wrote (corpus/parquet: codecs, pages v1 and v2, dictionaries, lists, nulls).
// Oracles, beyond "no crash, no exception, no read past a buffer" (the sanitizers):
//  * every failure is a Corruption or NotSupported naming the file ("parquet: /f.parquet:
//    ..."), or for a cell an InvalidArgument;
//  * a file that opens reads the same twice (the reader keeps no state between reads).

#include <string>
#include <vector>

#include "fuzz/fuzz_support.h"
#include "fuzz/mem_env.h"
#include "ingest/parquet/cells.h"
#include "ingest/parquet/parquet_file.h"

namespace {

using quiver::Status;
using quiver::StatusCode;
using quiver::fuzz::Finding;
using quiver::fuzz::MemEnv;
namespace pq = quiver::ingest::parquet;

constexpr char kPath[] = "/f.parquet";

void ExpectNamed(const Status& s) {
  if (s.code() != StatusCode::kCorruption && s.code() != StatusCode::kNotSupported) {
    Finding("unexpected status " + s.ToString());
  }
  if (s.message().rfind(std::string("parquet: ") + kPath + ": ", 0) != 0) Finding("error without its file: " + s.ToString());
}

// Every cell of every readable column, as text; "" and the status on failure.
std::string ReadAll(const pq::ParquetFile& file) {
  std::string out;
  pq::Decompressor decompressor;
  std::vector<int> columns;
  for (size_t c = 0; c < file.columns().size(); ++c) {
    if (file.columns()[c].unsupported.empty()) columns.push_back(static_cast<int>(c));
  }
  for (size_t g = 0; g < file.row_group_count(); ++g) {
    auto data = file.ReadRowGroup(g, columns, &decompressor);
    if (!data.ok()) {
      ExpectNamed(data.status());
      return out + "error: " + data.status().ToString();
    }
    for (size_t k = 0; k < columns.size(); ++k) {
      const auto& d = (*data)[k];
      for (uint64_t r = 0; r < d.rows; ++r) {
        quiver::storage::PropertyValue v;
        Status s = pq::CellValue(file.columns()[columns[k]], d, r, &v);
        if (!s.ok() && s.code() != StatusCode::kInvalidArgument) Finding("cell: " + s.ToString());
        out += s.ok() ? v.ToString() : s.message();
        out += '\n';
      }
    }
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  MemEnv env;
  {
    auto f = env.NewWritableFile(kPath);
    if (!f.ok() || !(*f)->Append(std::string_view(reinterpret_cast<const char*>(data), size)).ok() ||
        !(*f)->Close().ok()) {
      Finding("cannot write the input");
    }
  }
  quiver::fuzz::NoThrow("parquet", [&] {
    auto file = pq::ParquetFile::Open(&env, kPath);
    if (!file.ok()) {
      ExpectNamed(file.status());
      return 0;
    }
    if (ReadAll(**file) != ReadAll(**file)) Finding("two reads of one file differ");
    return 0;
  });
  return 0;
}
