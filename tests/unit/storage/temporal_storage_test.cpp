// Temporal property values in storage (format version 2): the encoded-value bytes of the
// six kinds, their bounds checks, and exact round trips through the write log (commit,
// reopen, replay) and through a compacted generation (mixed property columns).

#include <gtest/gtest.h>

#include <cstring>
#include <limits>

#include "common/file/checksum.h"
#include "common/temporal/temporal.h"
#include "quiver/value_ops.h"
#include "storage/checker.h"
#include "storage/property_column.h"
#include "storage/section_file.h"
#include "storage/txn/log_format.h"
#include "storage/txn/value_convert.h"
#include "column_test_util.h"
#include "txn_test_util.h"

namespace quiver::storage {
namespace {

using namespace txntest;
using PV = PropertyValue;

constexpr int64_t kNanosPerDay = int64_t{86'400} * 1'000'000'000;

// The value the Cypher constructor makes from this text, e.g. Make(kDateTime, "...").
Value Make(TemporalKind kind, const char* text) {
  return ConstructTemporal(kind, Value::String(text), TemporalClock::Fixed({}));
}

PV ToPV(const Value& v) {
  Result<PV> pv = ToPropertyValue(v);
  EXPECT_TRUE(pv.ok()) << pv.status().ToString();
  return pv.ok() ? *pv : PV();
}

PV RoundTrip(const PV& v) {
  std::string bytes;
  EncodeValue(v, &bytes);
  uint64_t pos = 0;
  auto out = DecodeValue(bytes, &pos);
  EXPECT_TRUE(out.ok()) << v.ToString() << ": " << out.status().ToString();
  EXPECT_EQ(pos, bytes.size()) << v.ToString();
  return out.ok() ? *out : PV();
}

// Extremes of every kind, as Cypher makes them and as raw fields.
std::vector<PV> TemporalSamples() {
  return {
      PV(DateValue{0}),
      PV(DateValue{DaysFromCivil(-999'999'999, 1, 1)}),
      PV(DateValue{DaysFromCivil(999'999'999, 12, 31)}),
      ToPV(Make(TemporalKind::kDate, "-0044-03-15")),
      PV(LocalTimeValue{0}),
      PV(LocalTimeValue{kNanosPerDay - 1}),  // 23:59:59.999999999
      PV(TimeValue{1, 14 * 3600}),           // +14:00
      PV(TimeValue{kNanosPerDay - 1, -12 * 3600}),
      PV(TimeValue{0, 18 * 3600}),
      PV(TimeValue{0, -18 * 3600}),
      PV(LocalDateTimeValue{std::numeric_limits<int64_t>::min() / 2, 999'999'999}),
      ToPV(Make(TemporalKind::kLocalDateTime, "-999999999-01-01T00:00:00.000000001")),
      PV(DateTimeValue{-62'135'596'800, 5, 14 * 3600, ""}),
      PV(DateTimeValue{253'402'300'799, 999'999'999, -12 * 3600, ""}),
      ToPV(Make(TemporalKind::kDateTime, "2015-07-21T21:40:32.142+01:00[Europe/London]")),  // BST
      ToPV(Make(TemporalKind::kDateTime, "2015-01-21T21:40:32.142[Europe/London]")),        // GMT
      ToPV(Make(TemporalKind::kDateTime, "1818-07-21T21:40:32.142[Europe/Stockholm]")),     // LMT +01:12:12
      PV(DurationValue{}),
      PV(DurationValue{std::numeric_limits<int64_t>::max(), std::numeric_limits<int64_t>::min(), -1,
                       999'999'999}),
      ToPV(Make(TemporalKind::kDuration, "P14DT16H12M")),
      ToPV(Make(TemporalKind::kDuration, "-P1Y2M3DT4H5M6.000000007S")),
  };
}

TEST(TemporalStorageTest, EveryKindRoundTripsExactlyIncludingExtremes) {
  for (const PV& v : TemporalSamples()) {
    const PV back = RoundTrip(v);
    EXPECT_TRUE(back == v) << v.ToString() << " came back as " << back.ToString();
    EXPECT_EQ(back.tag(), v.tag());
  }
  // Through quiver::Value and back: every field survives (ToTckString alone would not
  // show a zone's stored offset or a duration's normalisation).
  for (const PV& v : TemporalSamples()) {
    const PV again = ToPV(ToValue(RoundTrip(v)));
    EXPECT_TRUE(again == v) << v.ToString();
  }
}

TEST(TemporalStorageTest, CypherValuesComeBackAsTheSameCypherValues) {
  const Value dt = Make(TemporalKind::kDateTime, "2015-07-21T21:40:32.142+01:00[Europe/London]");
  const Value back = ToValue(RoundTrip(ToPV(dt)));
  ASSERT_TRUE(back.IsDateTime());
  EXPECT_EQ(ToTckString(back), "'2015-07-21T21:40:32.142+01:00[Europe/London]'");
  EXPECT_EQ(back.AsDateTime().offset_seconds, 3600);
  EXPECT_EQ(back.AsDateTime().zone, "Europe/London");
  const Value du = ToValue(RoundTrip(ToPV(Make(TemporalKind::kDuration, "-P1Y2M3DT4H5M6.000000007S"))));
  EXPECT_EQ(ToTckString(du), "'P-1Y-2M-3DT-4H-5M-6.000000007S'");
  EXPECT_EQ(ToTckString(ToValue(RoundTrip(ToPV(Make(TemporalKind::kTime, "12:00-12:00"))))), "'12:00-12:00'");
}

TEST(TemporalStorageTest, TheEncodingIsTheDocumentedFixedWidthLayout) {
  // docs/format/generation.md, "Encoded value": tag, then little-endian fields, no padding.
  const std::vector<std::pair<PV, size_t>> sizes = {
      {PV(DateValue{1}), 1 + 8},
      {PV(LocalTimeValue{1}), 1 + 8},
      {PV(TimeValue{1, 2}), 1 + 8 + 4},
      {PV(LocalDateTimeValue{1, 2}), 1 + 8 + 4},
      {PV(DateTimeValue{1, 2, 3, ""}), 1 + 8 + 4 + 4 + 4},
      {PV(DateTimeValue{1, 2, 3, "Europe/London"}), 1 + 8 + 4 + 4 + 4 + 13},
      {PV(DurationValue{1, 2, 3, 4}), 1 + 8 + 8 + 8 + 4},
  };
  for (const auto& [v, size] : sizes) {
    std::string bytes;
    EncodeValue(v, &bytes);
    EXPECT_EQ(bytes.size(), size) << v.ToString();
  }
  std::string bytes;
  EncodeValue(PV(DateTimeValue{-2, 7, -3600, "Z/x"}), &bytes);
  ASSERT_EQ(bytes.size(), 1u + 8 + 4 + 4 + 4 + 3);
  EXPECT_EQ(static_cast<uint8_t>(bytes[0]), 12);  // ValueTag::kDateTime
  int64_t seconds;
  int32_t nanos, offset;
  uint32_t zone_len;
  std::memcpy(&seconds, bytes.data() + 1, 8);
  std::memcpy(&nanos, bytes.data() + 9, 4);
  std::memcpy(&offset, bytes.data() + 13, 4);
  std::memcpy(&zone_len, bytes.data() + 17, 4);
  EXPECT_EQ(seconds, -2);
  EXPECT_EQ(nanos, 7);
  EXPECT_EQ(offset, -3600);
  EXPECT_EQ(zone_len, 3u);
  EXPECT_EQ(bytes.substr(21), "Z/x");
  // The tags are the documented numbers 8..13, after the version-1 tags.
  EXPECT_EQ(static_cast<int>(PV(DateValue{}).tag()), 8);
  EXPECT_EQ(static_cast<int>(PV(LocalTimeValue{}).tag()), 9);
  EXPECT_EQ(static_cast<int>(PV(TimeValue{}).tag()), 10);
  EXPECT_EQ(static_cast<int>(PV(LocalDateTimeValue{}).tag()), 11);
  EXPECT_EQ(static_cast<int>(PV(DateTimeValue{}).tag()), 12);
  EXPECT_EQ(static_cast<int>(PV(DurationValue{}).tag()), 13);
}

TEST(TemporalStorageTest, ListsAndMapsOfTemporalsRoundTrip) {
  const PV list(
      PV::List{PV(DateValue{-1}), PV(1), PV(DurationValue{0, 0, -1, 5}),
               PV(PV::List{PV(TimeValue{3, -3600}), PV(DateTimeValue{1, 2, 3600, "Europe/Paris"})})});
  EXPECT_TRUE(RoundTrip(list) == list) << list.ToString();
  const PV map(PV::Map{{"d", PV(LocalDateTimeValue{-5, 6})}, {"t", PV(LocalTimeValue{7})}});
  EXPECT_TRUE(RoundTrip(map) == map) << map.ToString();
  // Equality is by field, also nested: another zone name is another value.
  EXPECT_FALSE(PV(PV::List{PV(DateTimeValue{1, 2, 3600, "Europe/Paris"})}) ==
               PV(PV::List{PV(DateTimeValue{1, 2, 3600, "Europe/Berlin"})}));
  EXPECT_FALSE(PV(TimeValue{3600'000'000'000, 3600}) == PV(TimeValue{0, 0}));  // same instant, other value
  EXPECT_FALSE(PV(DateValue{5}) == PV(LocalTimeValue{5}));
  EXPECT_EQ(PV(DateValue{0}).ToString(), "date('1970-01-01')");
  EXPECT_EQ(PV(DurationValue{0, 14, 58320, 0}).ToString(), "duration('P14DT16H12M')");
}

TEST(TemporalStorageTest, TruncatedOrOutOfRangePayloadsAreCorruption) {
  for (const PV& v : TemporalSamples()) {
    std::string good;
    EncodeValue(PV(PV::List{v}), &good);
    for (size_t n = 0; n < good.size(); ++n) {
      uint64_t pos = 0;
      auto r = DecodeValue(std::string_view(good).substr(0, n), &pos);
      EXPECT_TRUE(r.status().IsCorruption()) << v.ToString() << " truncated to " << n;
      EXPECT_EQ(pos, 0u);
    }
  }
  auto decode = [](const PV& v, size_t at, const void* field, size_t width) {
    std::string bytes;
    EncodeValue(v, &bytes);
    std::memcpy(bytes.data() + at, field, width);
    uint64_t pos = 0;
    return DecodeValue(bytes, &pos).status();
  };
  const int64_t day = kNanosPerDay, minus_one = -1;
  const int32_t billion = 1'000'000'000, negative = -1, wide = 18 * 3600 + 1;
  EXPECT_TRUE(decode(PV(LocalTimeValue{}), 1, &day, 8).IsCorruption());
  EXPECT_TRUE(decode(PV(LocalTimeValue{}), 1, &minus_one, 8).IsCorruption());
  EXPECT_TRUE(decode(PV(TimeValue{}), 1, &day, 8).IsCorruption());
  EXPECT_TRUE(decode(PV(TimeValue{}), 9, &wide, 4).IsCorruption());
  EXPECT_TRUE(decode(PV(LocalDateTimeValue{}), 9, &billion, 4).IsCorruption());
  EXPECT_TRUE(decode(PV(DateTimeValue{}), 9, &negative, 4).IsCorruption());
  EXPECT_TRUE(decode(PV(DateTimeValue{}), 13, &wide, 4).IsCorruption());
  const uint32_t long_zone = 1000;
  EXPECT_TRUE(decode(PV(DateTimeValue{0, 0, 0, "UTC"}), 17, &long_zone, 4).IsCorruption());
  EXPECT_TRUE(decode(PV(DurationValue{}), 25, &billion, 4).IsCorruption());
  // The bounds themselves are fine.
  const int32_t max_offset = -18 * 3600;
  EXPECT_TRUE(decode(PV(TimeValue{}), 9, &max_offset, 4).ok());
  // A tag past the last one is still an invalid tag.
  std::string bytes(1, static_cast<char>(14));
  uint64_t pos = 0;
  EXPECT_TRUE(DecodeValue(bytes, &pos).status().IsCorruption());
}

TEST(TemporalStorageTest, AColumnOfTemporalsIsAMixedColumnThatVerifiesAndReadsBack) {
  const std::vector<PV> samples = TemporalSamples();
  // Each sample on an even row, the odd rows (and one past the last sample) absent.
  std::vector<PV> values(2 * samples.size() + 1);
  for (size_t i = 0; i < samples.size(); ++i) values[2 * i] = samples[i];
  ColumnFile written;
  ASSERT_NO_FATAL_FAILURE(written.Build(
      values, [&](uint64_t r) { return r % 2 == 0 && r / 2 < samples.size(); }, ColumnType::kMixed));
  const PropertyColumn* column = &written.column();
  const SectionFile* file = &written.file();
  const Status verified = column->Verify(*file);
  EXPECT_TRUE(verified.ok()) << verified.ToString();
  for (size_t i = 0; i < samples.size(); ++i) {
    auto v = column->Get(2 * i);
    ASSERT_TRUE(v.ok()) << v.status().ToString();
    EXPECT_TRUE(*v == samples[i]) << samples[i].ToString() << " came back as " << v->ToString();
    EXPECT_TRUE(column->Get(2 * i + 1)->is_null());
  }
}

// Every kind, a list of them and a map holding one: the properties of one node.
std::vector<std::pair<std::string, Value>> CypherSamples() {
  return {
      {"d", Make(TemporalKind::kDate, "-999999999-01-01")},
      {"lt", Make(TemporalKind::kLocalTime, "23:59:59.999999999")},
      {"t", Make(TemporalKind::kTime, "00:00:00.000000001+14:00")},
      {"ldt", Make(TemporalKind::kLocalDateTime, "+999999999-12-31T23:59:59.999999999")},
      {"dt", Make(TemporalKind::kDateTime, "2015-07-21T21:40:32.142+01:00[Europe/London]")},
      {"dto", Make(TemporalKind::kDateTime, "2015-07-21T21:40:32.142-12:00")},
      {"du", Make(TemporalKind::kDuration, "-P1Y2M3DT4H5M6.000000007S")},
      {"list", Value::List({Make(TemporalKind::kDate, "2015-07-21"), Make(TemporalKind::kDuration, "PT0.5S"),
                            Make(TemporalKind::kDateTime, "2015-10-25T01:30[Europe/London]")})},
  };
}

void ExpectSamples(const GraphReader& r, NodeId n, const std::string& where) {
  SCOPED_TRACE(where);
  for (const auto& [name, value] : CypherSamples()) {
    const auto key = r.FindPropertyKey(name);
    ASSERT_TRUE(key.has_value()) << name;
    const Value got = r.GetNodeProperty(n, *key);
    EXPECT_EQ(got.kind(), value.kind()) << name;
    EXPECT_TRUE(ToPV(got) == ToPV(value)) << name << ": " << ToTckString(got) << " vs " << ToTckString(value);
    EXPECT_EQ(ToTckString(got), ToTckString(value)) << name;
  }
}

NodeId WriteSamples(TransactionalStore* store) {
  auto w = store->BeginWrite();
  EXPECT_TRUE(w.ok());
  GraphWriter& g = **w;
  const NodeId n = g.CreateNode({}, {});
  for (const auto& [name, value] : CypherSamples()) g.SetNodeProperty(n, g.InternPropertyKey(name), value);
  // And on a relationship, created with its properties.
  g.CreateRelationship(g.InternRelType("AT"), n, n,
                       std::vector<PropertyEntry>{{g.InternPropertyKey("d"), CypherSamples()[0].second}});
  EXPECT_TRUE((*w)->Commit().ok());
  return n;
}

TEST(TemporalStorageTest, CommittedTemporalsAreReplayedFromTheLogExactly) {
  testing::TempDir dir;
  NodeId n;
  {
    auto store = OpenStore(dir.Join("db"), Options());
    n = WriteSamples(store.get());
    ExpectSamples(*store->BeginRead(), n, "before reopen");
  }
  auto store = OpenStore(dir.Join("db"), Options());
  EXPECT_EQ(store->recovery().records_replayed, 1u);
  auto r = store->BeginRead();
  ExpectSamples(*r, n, "after replay");
  std::vector<Adjacent> adj;
  r->Expand(n, quiver::Direction::kOutgoing, {}, adj);
  ASSERT_EQ(adj.size(), 1u);
  EXPECT_EQ(ToTckString(r->GetRelationshipProperty(adj[0].rel.id, *r->FindPropertyKey("d"))),
            "'-999999999-01-01'");
}

TEST(TemporalStorageTest, CompactedTemporalsReadBackExactlyAfterReopen) {
  testing::TempDir dir;
  NodeId n;
  {
    StoreOptions o = Options();
    o.auto_compact = false;
    auto store = OpenStore(dir.Join("db"), o);
    n = WriteSamples(store.get());
    // A second node whose "d" is an integer: that column must be mixed, not a date column.
    {
      auto w = store->BeginWrite();
      ASSERT_TRUE(w.ok());
      (*w)->CreateNode({}, std::vector<PropertyEntry>{{(*w)->InternPropertyKey("d"), Value::Int(7)}});
      ASSERT_TRUE((*w)->Commit().ok());
    }
    ASSERT_TRUE(store->Compact().ok());
    ExpectSamples(*store->BeginRead(), n, "after compaction");
  }
  const CheckReport report = CheckDatabase(Env::Default(), dir.Join("db"));
  EXPECT_TRUE(report.ok()) << report.status.ToString();
  auto store = OpenStore(dir.Join("db"), Options());
  EXPECT_EQ(store->recovery().records_replayed, 0u);  // everything came from the generation
  auto r = store->BeginRead();
  ExpectSamples(*r, n, "after compaction and reopen");
  EXPECT_EQ(r->GetNodeProperty(n + 1, *r->FindPropertyKey("d")).AsInt(), 7);
  // And a second compaction carries them through unchanged (generation -> generation).
  {
    auto w = store->BeginWrite();
    ASSERT_TRUE(w.ok());
    (*w)->SetNodeProperty(n + 1, *r->FindPropertyKey("d"), Value::Int(8));
    ASSERT_TRUE((*w)->Commit().ok());
  }
  ASSERT_TRUE(store->Compact().ok());
  store.reset();
  store = OpenStore(dir.Join("db"), Options());
  ExpectSamples(*store->BeginRead(), n, "after a second compaction");
}

TEST(TemporalStorageTest, VersionOneFilesStillRead) {
  // This build writes version 3 and reads 1 to 3: version 2 only added value tags.
  SegmentHeader h;
  h.start_position = 0;
  std::string bytes = EncodeSegmentHeader(h);
  const uint32_t one = 1;
  std::memcpy(bytes.data() + 8, &one, 4);
  const uint64_t checksum = Checksum64(bytes.data(), 56);
  std::memcpy(bytes.data() + 56, &checksum, 8);
  EXPECT_TRUE(ParseSegmentHeader(bytes, "log").ok());
  const uint32_t newer = kLogFormatVersion + 1;
  std::memcpy(bytes.data() + 8, &newer, 4);
  const uint64_t checksum_newer = Checksum64(bytes.data(), 56);
  std::memcpy(bytes.data() + 56, &checksum_newer, 8);
  EXPECT_EQ(ParseSegmentHeader(bytes, "log").status().code(), StatusCode::kNotSupported);
  EXPECT_EQ(kLogFormatVersion, 3u);
  // Generations without a Schema file or relationship segments are still written as
  // version 3 (format.h).
  EXPECT_EQ(kBaseFormatVersion, 3u);
  EXPECT_EQ(kSchemaFormatVersion, 4u);
  EXPECT_EQ(kFormatVersion, 5u);
}

}  // namespace
}  // namespace quiver::storage
