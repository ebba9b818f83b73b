// Row splitting and tokenizing: chunk boundaries never change the rows, quoted
// newlines included; fields, quotes and columns; header parsing.
#include "ingest/csv_scan.h"

#include <gtest/gtest.h>

#include <random>

#include "ingest/csv_header.h"
#include "ingest/progress_reporter.h"

namespace quiver::ingest {
namespace {

struct Row {
  std::string text;
  uint64_t line;
  bool operator==(const Row&) const = default;
};

std::vector<Row> AllRows(std::string_view data, uint64_t chunk, bool at_eof, WorkerPool* pool,
                         uint64_t* consumed) {
  const SplitResult r = SplitRows(data, at_eof, 1, CsvDialect{}, chunk, pool);
  std::vector<Row> rows;
  uint64_t at = 0;
  for (const RowRange& range : r.chunks) {
    if (range.begin == range.end) continue;
    EXPECT_EQ(range.begin, at) << "chunks tile the consumed bytes";
    at = range.end;
    RowCursor cursor(data, range, '"');
    std::string_view row;
    uint64_t line;
    while (cursor.Next(&row, &line)) rows.push_back({std::string(row), line});
  }
  EXPECT_EQ(at, r.consumed);
  *consumed = r.consumed;
  return rows;
}

TEST(CsvScanTest, ChunkingNeverChangesRows) {
  std::mt19937 rng(3);
  std::string data;
  for (int i = 0; i < 400; ++i) {
    switch (rng() % 5) {
      case 0:
        data += "a,\"quoted\nnewline\",b\n";
        break;
      case 1:
        data += "\"x\"\"y\",\"\"\"\",z\r\n";
        break;
      case 2:
        data += "\n";
        break;  // blank line
      case 3:
        data += "\"a\nb\nc\",\"\n\"\n";
        break;
      default:
        data += std::to_string(rng()) + "," + std::to_string(rng()) + "\n";
        break;
    }
  }
  data += "last,row,\"no newline\"";
  WorkerPool pool(3);
  uint64_t consumed = 0;
  const auto want = AllRows(data, data.size() + 1, true, &pool, &consumed);
  EXPECT_EQ(consumed, data.size());
  EXPECT_EQ(want.back().text, "last,row,\"no newline\"");
  for (uint64_t chunk : {1, 2, 3, 7, 16, 100, 1000}) {
    EXPECT_EQ(AllRows(data, chunk, true, &pool, &consumed), want) << "chunk " << chunk;
  }
  // Not at EOF: the unterminated last row is left for the next segment.
  const auto partial = AllRows(data, 50, false, &pool, &consumed);
  EXPECT_EQ(partial.size(), want.size() - 1);
  EXPECT_EQ(data.substr(consumed), "last,row,\"no newline\"");
}

TEST(CsvScanTest, LinesCountPhysicalLines) {
  WorkerPool pool(2);
  uint64_t consumed;
  const auto rows = AllRows("a\n\"b\nc\"\nd\r\n\ne\n", 2, true, &pool, &consumed);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0], (Row{"a", 1}));
  EXPECT_EQ(rows[1], (Row{"\"b\nc\"", 2}));
  EXPECT_EQ(rows[2], (Row{"d", 4}));
  EXPECT_EQ(rows[3], (Row{"e", 6}));
}

TEST(CsvScanTest, TokenizeFieldsAndColumns) {
  std::vector<Field> f;
  std::string scratch;
  uint32_t col = 0;
  EXPECT_EQ(TokenizeRow("ab,\"c,d\",,\"e\"\"f\",", CsvDialect{}, &f, &scratch, &col), "");
  ASSERT_EQ(f.size(), 5u);
  EXPECT_EQ(f[0].text, "ab");
  EXPECT_EQ(f[1].text, "c,d");
  EXPECT_TRUE(f[1].quoted);
  EXPECT_EQ(f[2].text, "");
  EXPECT_FALSE(f[2].quoted);
  EXPECT_EQ(f[3].text, "e\"f");
  EXPECT_EQ(f[4].text, "");
  EXPECT_EQ(f[1].column, 4u);
  EXPECT_EQ(f[4].column, 18u);
  // Columns restart after a quoted newline.
  EXPECT_EQ(TokenizeRow("1,\"x\ny\",zz", CsvDialect{}, &f, &scratch, &col), "");
  EXPECT_EQ(f[2].column, 4u);
  EXPECT_EQ(f[2].line_offset, 1u);
  CsvDialect tsv{'\t', '\'', '|'};
  EXPECT_EQ(TokenizeRow("a\t'b\tc'\t'it''s'", tsv, &f, &scratch, &col), "");
  ASSERT_EQ(f.size(), 3u);
  EXPECT_EQ(f[1].text, "b\tc");
  EXPECT_EQ(f[2].text, "it's");
  EXPECT_EQ(TokenizeRow("a,b\"c", CsvDialect{}, &f, &scratch, &col),
            "quote character inside an unquoted field");
  EXPECT_EQ(col, 4u);
  EXPECT_EQ(TokenizeRow("a,\"b\"c", CsvDialect{}, &f, &scratch, &col),
            "unexpected character after a closing quote");
  EXPECT_EQ(col, 6u);
}

TEST(CsvHeaderTest, ParsesRolesTypesSpacesAndOptions) {
  const std::vector<std::string> fields = {"pid:ID(Person){id-type:int}",
                                           "name",
                                           "age:int",
                                           "score:double",
                                           "ok:boolean",
                                           "tags:string[]",
                                           ":LABEL",
                                           "junk:IGNORE",
                                           "n:long[]"};
  std::vector<uint64_t> cols(fields.size(), 1);
  auto h = ParseHeader(fields, cols, FileKind::kNodes);
  ASSERT_TRUE(h.ok()) << h.status().ToString();
  EXPECT_EQ(h->id, 0);
  const auto& c = h->columns;
  EXPECT_EQ(c[0].role, ColumnRole::kId);
  EXPECT_EQ(c[0].name, "pid");
  EXPECT_EQ(c[0].id_space, "Person");
  EXPECT_EQ(c[0].id_type, KeyType::kInteger);
  EXPECT_EQ(c[1].type, ValueType::kString);
  EXPECT_EQ(c[2].type, ValueType::kInt);
  EXPECT_EQ(c[3].type, ValueType::kFloat);
  EXPECT_EQ(c[4].type, ValueType::kBool);
  EXPECT_TRUE(c[5].array);
  EXPECT_EQ(c[6].role, ColumnRole::kLabel);
  EXPECT_EQ(c[7].role, ColumnRole::kIgnore);
  EXPECT_TRUE(c[8].array);
  EXPECT_EQ(c[8].type, ValueType::kInt);
  auto r =
      ParseHeader({":START_ID(A)", ":END_ID", ":TYPE", "w:float"}, {1, 13, 21, 27}, FileKind::kRelationships);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->start, 0);
  EXPECT_EQ(r->end, 1);
  EXPECT_EQ(r->type, 2);
  EXPECT_EQ(r->columns[0].id_space, "A");
}

TEST(CsvHeaderTest, RejectsBadHeaders) {
  struct Case {
    std::vector<std::string> fields;
    FileKind kind;
    std::string want;
  };
  const std::vector<Case> cases = {
      {{"a:ID", "b:ID"}, FileKind::kNodes, "a second ID column"},
      {{":ID{wat:1}"}, FileKind::kNodes, "unknown option 'wat'"},
      {{":ID{id-type:float}"}, FileKind::kNodes, "id-type must be int or string"},
      {{"x:int(P)"}, FileKind::kNodes, "only ID, START_ID and END_ID take an ID space"},
      {{":int"}, FileKind::kNodes, "a property needs a name"},
      {{"where:point"}, FileKind::kNodes, "not supported"},
      {{":START_ID", ":LABEL", ":END_ID"}, FileKind::kRelationships, "ID and LABEL belong in node files"},
      {{":START_ID"}, FileKind::kRelationships, "needs :START_ID and :END_ID"},
      {{"x:ID(P"}, FileKind::kNodes, "malformed type"},
  };
  for (const Case& c : cases) {
    auto h = ParseHeader(c.fields, std::vector<uint64_t>(c.fields.size(), 1), c.kind);
    ASSERT_FALSE(h.ok()) << c.want;
    EXPECT_NE(h.status().message().find(c.want), std::string::npos) << h.status().message();
  }
}

TEST(ProgressReporterTest, Lines) {
  EXPECT_EQ(ProgressReporter::Line("generate", 500, 1000, "edges", 0, 2.0, true),
            "generate: [############............]  50% 500/1000 edges, 250 edges/s, ETA 2s");
  EXPECT_EQ(ProgressReporter::Line("nodes", 2'000'000, 4'000'000, "bytes", 30'000, 1.0, false),
            "nodes:  50% 30.0K rows, 30.0K rows/s, ETA 1s");
  EXPECT_EQ(ProgressReporter::Line("x", 12'345'678, 0, "edges", 0, 2.0, false),
            "x: 12.35M edges, 6.17M edges/s");
}

}  // namespace
}  // namespace quiver::ingest
