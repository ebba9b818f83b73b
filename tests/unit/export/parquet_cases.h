#pragma once
// The files the Parquet writer's tests write: every column type flat and as a list, with
// nulls, empty lists, any UTF-8, empty strings and each type's extremes, in several row
// groups of several pages, under each codec; zero rows; all nulls; text with and without
// dictionary encoding; a required edge list.
// Both readers check them against the same cells: ours (parquet_writer_test.cpp) and
// DuckDB (tests/parquet/read_quiver_parquet.mjs, over write_quiver_parquet.cpp's files
// and the expected.json ExpectedJson describes).

#include <cmath>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <variant>
#include <vector>

#include "common/file/env.h"
#include "export/parquet/file_writer.h"

namespace quiver::exporter::parquet::testing {

// A value as the test knows it: int64 for kInt64, kDate (days) and the nanosecond types.
using Scalar = std::variant<int64_t, double, bool, std::string>;

struct Cell {
  bool null = false;
  bool is_list = false;
  Scalar value{};
  std::vector<Scalar> elements{};
};

struct Case {
  std::string name;  // the file is NAME.parquet
  std::vector<ColumnSpec> columns{};
  std::vector<std::vector<Cell>> rows{};
  uint64_t row_group_rows = 0;  // rows per row group
  WriterOptions options{};
  std::vector<std::string> dictionary_columns{};  // text columns whose chunks must be dictionary-encoded
};

inline Cell Null() { return Cell{.null = true}; }
inline Cell Of(Scalar v) { return Cell{.value = std::move(v)}; }
inline Cell ListOf(std::vector<Scalar> e) { return Cell{.is_list = true, .elements = std::move(e)}; }

// Value k of a family of each type, the extremes first.
inline Scalar Sample(ColumnType type, int64_t k) {
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min(), kMax = std::numeric_limits<int64_t>::max();
  switch (type) {
    case ColumnType::kInt64: {
      const int64_t fixed[] = {kMin, kMax, 0, -1, 1};
      return k < 5 ? fixed[k] : (k * 1000000007) ^ (k << 40);
    }
    case ColumnType::kDouble: {
      const double inf = std::numeric_limits<double>::infinity();
      const double fixed[] = {std::nan(""), inf, -inf, -0.0, 0.0, std::numeric_limits<double>::denorm_min(),
                              std::numeric_limits<double>::max(), std::numeric_limits<double>::lowest()};
      return k < 8 ? fixed[k] : k * 0.1 - 250.125;
    }
    case ColumnType::kBoolean: return k % 3 != 0;
    case ColumnType::kString: {
      const char* fixed[] = {"", "Zürich ☃", "😀 emoji, 4 bytes", "a\tb\nc \"quoted\" \\ ,;", "日本語テキスト"};
      if (k < 5) return std::string(fixed[k]);
      if (k == 5) return std::string(3000, 'x') + "é";
      return "name-" + std::to_string(k % 300);
    }
    case ColumnType::kDate: {
      const int64_t fixed[] = {0, -719162 /* 0001-01-01 */, 2932896 /* 9999-12-31 */, -1, 1};
      return k < 5 ? fixed[k] : k * 17 - 40000;
    }
    case ColumnType::kLocalTimeNanos: {
      const int64_t fixed[] = {0, 86'399'999'999'999, 1, 43'200'000'000'000};
      return k < 4 ? fixed[k] : (k * 1'234'567'891) % 86'400'000'000'000;
    }
    case ColumnType::kLocalDateTimeNanos: {
      // DuckDB reads INT64 max/min as infinity; the extremes stay short of them.
      const int64_t fixed[] = {0, -1, 1, 9'000'000'000'000'000'000, -9'000'000'000'000'000'000};
      return k < 5 ? fixed[k] : k * 999'983'000'000'123 - 1'000'000'000'000'000'000;
    }
  }
  return int64_t{0};
}

// A cell of row r of a column of this shape: nulls every 7th row of optional columns, an
// empty list every 5th, lists of 0..3 elements.
inline Cell SampleCell(const ColumnSpec& c, int64_t r) {
  if (!c.required && r % 7 == 3) return Null();
  if (!c.list) return Of(Sample(c.type, (r * 7) % 4099 == 0 ? 0 : r % 97 < 10 ? r % 97 : r));
  std::vector<Scalar> e;
  if (r % 5 != 1) {
    for (int64_t k = 0; k <= r % 4; ++k) e.push_back(Sample(c.type, (r + k) % 13 == 0 ? k : r + k));
  }
  return ListOf(std::move(e));
}

inline std::vector<ColumnSpec> AllColumns() {
  std::vector<ColumnSpec> out{{.name = "id", .type = ColumnType::kInt64, .required = true}};
  const std::pair<const char*, ColumnType> types[] = {
      {"i64", ColumnType::kInt64},   {"d", ColumnType::kDouble},         {"b", ColumnType::kBoolean},
      {"s", ColumnType::kString},    {"dt", ColumnType::kDate},          {"t", ColumnType::kLocalTimeNanos},
      {"ts", ColumnType::kLocalDateTimeNanos}};
  for (auto [name, type] : types) out.push_back({.name = name, .type = type});
  for (auto [name, type] : types) out.push_back({.name = std::string("list_") + name, .type = type, .list = true});
  out.push_back({.name = "req_list", .type = ColumnType::kString, .list = true, .required = true});
  return out;
}

inline std::vector<Case> WriterCases() {
  std::vector<Case> cases;
  const std::pair<const char*, Codec> codecs[] = {{"uncompressed", Codec::kUncompressed},
                                                  {"snappy", Codec::kSnappy},
                                                  {"zstd", Codec::kZstd},
                                                  {"gzip", Codec::kGzip}};
  for (auto [codec_name, codec] : codecs) {
    Case c{.name = std::string("all_types_") + codec_name, .columns = AllColumns(), .row_group_rows = 1500};
    c.options.codec = codec;
    c.options.page_bytes = 4096;  // several pages per chunk
    for (int64_t r = 0; r < 5000; ++r) {
      std::vector<Cell> row;
      for (const ColumnSpec& col : c.columns) row.push_back(col.name == "id" ? Of(r) : SampleCell(col, r));
      c.rows.push_back(std::move(row));
    }
    cases.push_back(std::move(c));
  }
  cases.push_back(Case{.name = "zero_rows", .columns = AllColumns(), .row_group_rows = 10});
  Case nulls{.name = "all_null", .columns = AllColumns(), .row_group_rows = 100};
  for (int64_t r = 0; r < 300; ++r) {
    std::vector<Cell> row;
    for (const ColumnSpec& col : nulls.columns) {
      row.push_back(col.required ? (col.list ? ListOf({}) : Of(r)) : r % 2 == 0 || !col.list ? Null() : ListOf({}));
    }
    nulls.rows.push_back(std::move(row));
  }
  cases.push_back(std::move(nulls));
  // Text as labels are (a few values: dictionary-encoded, one value even at bit width 1),
  // and as names are (all distinct: PLAIN); with the dictionary disabled too.
  for (bool dictionary : {true, false}) {
    Case text{.name = dictionary ? "dictionary" : "no_dictionary",
              .columns = {{.name = "label", .type = ColumnType::kString, .required = true},
                          {.name = "one", .type = ColumnType::kString},
                          {.name = "tags", .type = ColumnType::kString, .list = true},
                          {.name = "name", .type = ColumnType::kString}},
              .row_group_rows = 4000};
    text.options.page_bytes = 2048;
    if (dictionary) {
      text.dictionary_columns = {"label", "one", "tags"};
    } else {
      text.options.dictionary_bytes = 0;
    }
    const char* labels[] = {"Person", "Company", "Zürich ☃", ""};
    for (int64_t r = 0; r < 10000; ++r) {
      std::vector<Scalar> tags;
      for (int64_t k = 0; k < r % 3; ++k) tags.push_back(std::string(labels[(r + k) % 4]));
      text.rows.push_back({Of(std::string(labels[r % 4])), r % 10 == 0 ? Null() : Of(std::string("same")),
                           r % 11 == 0 ? Null() : ListOf(std::move(tags)), Of("name " + std::to_string(r))});
    }
    cases.push_back(std::move(text));
  }
  Case edges{.name = "edges",
             .columns = {{.name = "src", .type = ColumnType::kInt64, .required = true},
                         {.name = "dst", .type = ColumnType::kInt64, .required = true}},
             .row_group_rows = 1 << 16};
  for (int64_t r = 0; r < 200000; ++r) edges.rows.push_back({Of(r / 16), Of((r * 2654435761) % 1048576)});
  cases.push_back(std::move(edges));
  return cases;
}

inline void AppendScalar(ColumnType type, const Scalar& v, ColumnBuffer* b) {
  switch (type) {
    case ColumnType::kInt64: return b->AppendInt(std::get<int64_t>(v));
    case ColumnType::kDouble: return b->AppendDouble(std::get<double>(v));
    case ColumnType::kBoolean: return b->AppendBool(std::get<bool>(v));
    case ColumnType::kString: return b->AppendString(std::get<std::string>(v));
    case ColumnType::kDate: return b->AppendDate(static_cast<int32_t>(std::get<int64_t>(v)));
    case ColumnType::kLocalTimeNanos:
    case ColumnType::kLocalDateTimeNanos: return b->AppendNanos(std::get<int64_t>(v));
  }
}

inline void AppendCell(const ColumnSpec& c, const Cell& cell, ColumnBuffer* b) {
  if (cell.null) return b->AppendNull();
  if (!cell.is_list) return AppendScalar(c.type, cell.value, b);
  b->BeginList();
  for (const Scalar& e : cell.elements) AppendScalar(c.type, e, b);
  b->EndList();
}

// Writes the case to path, row group by row group.
inline Status WriteCase(const Case& c, const std::string& path) {
  QUIVER_ASSIGN_OR_RETURN(auto writer, FileWriter::Create(Env::Default(), path, c.columns, c.options));
  for (size_t begin = 0; begin < c.rows.size(); begin += c.row_group_rows) {
    std::vector<ColumnBuffer> buffers;
    for (const ColumnSpec& col : c.columns) buffers.emplace_back(col);
    for (size_t r = begin; r < std::min(c.rows.size(), begin + c.row_group_rows); ++r) {
      for (size_t i = 0; i < c.columns.size(); ++i) AppendCell(c.columns[i], c.rows[r][i], &buffers[i]);
    }
    QUIVER_ASSIGN_OR_RETURN(EncodedRowGroup group, EncodeRowGroup(c.columns, buffers, c.options));
    QUIVER_RETURN_IF_ERROR(writer->Append(std::move(group)));
  }
  return writer->Finish();
}

// expected.json's form: 64-bit integers (and nanoseconds) as decimal text, doubles as
// text ("NaN", "Infinity", "-Infinity", "-0", else 17 significant digits), dates as day
// numbers, lists as arrays.
inline nlohmann::json ScalarJson(ColumnType type, const Scalar& v) {
  switch (type) {
    case ColumnType::kDouble: {
      double d = std::get<double>(v);
      if (std::isnan(d)) return "NaN";
      if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
      char buf[40];
      std::snprintf(buf, sizeof buf, "%.17g", d);
      return buf;
    }
    case ColumnType::kBoolean: return std::get<bool>(v);
    case ColumnType::kString: return std::get<std::string>(v);
    case ColumnType::kDate: return std::get<int64_t>(v);
    default: return std::to_string(std::get<int64_t>(v));
  }
}

inline nlohmann::json ExpectedJson(const Case& c) {
  nlohmann::json columns = nlohmann::json::array(), rows = nlohmann::json::array();
  for (const ColumnSpec& col : c.columns) {
    columns.push_back({{"name", col.name}, {"type", std::string(ColumnTypeName(col.type))}, {"list", col.list},
                       {"required", col.required}});
  }
  for (const auto& row : c.rows) {
    nlohmann::json out = nlohmann::json::array();
    for (size_t i = 0; i < row.size(); ++i) {
      const Cell& cell = row[i];
      if (cell.null) {
        out.push_back(nullptr);
      } else if (cell.is_list) {
        nlohmann::json list = nlohmann::json::array();
        for (const Scalar& e : cell.elements) list.push_back(ScalarJson(c.columns[i].type, e));
        out.push_back(std::move(list));
      } else {
        out.push_back(ScalarJson(c.columns[i].type, cell.value));
      }
    }
    rows.push_back(std::move(out));
  }
  return {{"file", c.name + ".parquet"}, {"codec", std::string(CodecName(c.options.codec))},
          {"dictionary_columns", c.dictionary_columns},
          {"row_groups", c.rows.empty() ? 0 : (c.rows.size() + c.row_group_rows - 1) / c.row_group_rows},
          {"columns", columns}, {"rows", rows}};
}

}  // namespace quiver::exporter::parquet::testing
