// Property index files (storage/property_index.h, property_index_build.h): built from a
// generation, every seek answers exactly what a filter over the nodes answers, a
// parallel build equals a serial one, and a damaged or stale file is Corruption.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "quiver/value_ops.h"
#include "storage/index_generation.h"
#include "storage/txn/value_convert.h"
#include "test_graphs.h"
#include "test_util/temp_dir.h"

namespace quiver::storage {
namespace {

using PV = PropertyValue;
using testing::Model;

// Nodes labelled A (most) or B, with a mixed column `v` (ints, floats with -0.0, NaN and
// the infinities, strings with NULs and non-ASCII, booleans, lists, absent) and `w`.
Model IndexModel(uint64_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const std::vector<PV> strings = {PV(""), PV("a"), PV("ab"), PV("abc"), PV("b"), PV(std::string("a\0", 2)),
                                   PV("\xc3\xa9t\xc3\xa9"), PV("z")};
  Model m;
  for (uint64_t i = 0; i < n; ++i) {
    testing::ModelNode node;
    node.labels = {rng() % 3 != 0 ? "A" : "B"};
    PV v;
    switch (rng() % 9) {
      case 0: case 1: v = PV(static_cast<int64_t>(rng() % 41) - 20); break;
      case 2: v = PV((static_cast<double>(rng() % 41) - 20) / 2); break;
      case 3: {
        const double special[] = {-0.0, std::nan(""), std::numeric_limits<double>::infinity(),
                                  -std::numeric_limits<double>::infinity(), 1e300, 9007199254740993.0};
        v = PV(special[rng() % 6]);
        break;
      }
      case 4: case 5: v = strings[rng() % strings.size()]; break;
      case 6: v = PV(rng() % 2 == 0); break;
      case 7: v = PV(PV::List{PV(1)}); break;
      default: break;  // absent
    }
    if (!v.is_null()) node.props.emplace_back("v", v);
    if (rng() % 2 == 0) node.props.emplace_back("w", rng() % 4 == 0 ? PV(PV::List{}) : PV(static_cast<int64_t>(rng() % 3)));
    m.nodes.push_back(std::move(node));
  }
  return m;
}

std::unique_ptr<DatabaseDir> OpenWriter(const std::string& path) {
  DatabaseOptions o;
  o.create_if_missing = true;
  auto db = DatabaseDir::Open(Env::Default(), path, o);
  EXPECT_TRUE(db.ok()) << db.status().ToString();
  return std::move(db).value();
}

IndexDefinition Definition(const Generation& g, std::string name, std::vector<std::string> keys) {
  IndexDefinition d;
  d.name = std::move(name);
  d.token = *g.FindLabel("A");
  for (const auto& k : keys) d.keys.push_back(*g.FindPropertyKey(k));
  return d;
}

// What a filter over every node answers: the A nodes whose `v` satisfies the seek.
std::vector<NodeId> BruteForce(const Generation& g, const PropertySeek& seek) {
  std::vector<NodeId> out;
  const uint32_t a = *g.FindLabel("A"), key = *g.FindPropertyKey("v");
  for (uint64_t node = 0; node < g.NodeCount(); ++node) {
    if (!g.HasLabel(node, a)) continue;
    const Value v = ToValue(*g.NodeProperty(node, key));
    bool match = false;
    switch (seek.kind) {
      case PropertySeek::Kind::kEquals:
        for (const Value& x : seek.values) match |= Equals(v, x) == Ternary::kTrue;
        break;
      case PropertySeek::Kind::kRange:
        match = (!seek.lower || (seek.lower->inclusive ? GreaterOrEqual(v, seek.lower->value)
                                                       : GreaterThan(v, seek.lower->value)) == Ternary::kTrue) &&
                (!seek.upper || (seek.upper->inclusive ? LessOrEqual(v, seek.upper->value)
                                                       : LessThan(v, seek.upper->value)) == Ternary::kTrue);
        break;
      case PropertySeek::Kind::kPrefix:
        match = v.IsString() && v.AsString().starts_with(seek.values[0].AsString());
        break;
    }
    if (match) out.push_back(node);
  }
  return out;
}

std::vector<PropertySeek> Seeks() {
  const std::vector<Value> probes = {Value::Int(0), Value::Float(-0.0), Value::Int(3), Value::Float(1.5),
                                     Value::Float(std::nan("")), Value::Float(std::numeric_limits<double>::infinity()),
                                     Value::Int(9007199254740993), Value::String(""), Value::String("ab"),
                                     Value::String(std::string("a\0", 2)), Value::Bool(true), Value::Null()};
  std::vector<PropertySeek> seeks;
  for (const Value& p : probes) seeks.push_back({PropertySeek::Kind::kEquals, {p}, {}, {}});
  seeks.push_back({PropertySeek::Kind::kEquals, {Value::Int(1), Value::Float(1.0), Value::String("z"), Value::Int(-20)}, {}, {}});
  const std::vector<Value> bounds = {Value::Int(-3), Value::Float(2.5), Value::Int(20), Value::String("a"),
                                     Value::String("b"), Value::Bool(false)};
  for (const Value& lo : bounds) {
    for (bool li : {true, false}) {
      seeks.push_back({PropertySeek::Kind::kRange, {}, PropertyBound{lo, li}, {}});
      seeks.push_back({PropertySeek::Kind::kRange, {}, {}, PropertyBound{lo, li}});
      for (const Value& hi : bounds) seeks.push_back({PropertySeek::Kind::kRange, {}, PropertyBound{lo, li}, PropertyBound{hi, !li}});
    }
  }
  for (const char* p : {"", "a", "ab", "\xc3\xa9", "q"}) seeks.push_back({PropertySeek::Kind::kPrefix, {Value::String(p)}, {}, {}});
  seeks.push_back({PropertySeek::Kind::kPrefix, {Value::String(std::string("a\0", 2))}, {}, {}});
  return seeks;
}

void ExpectSeeksMatchBruteForce(const Generation& g, const PropertyIndexView& index) {
  uint64_t matched = 0, empty = 0;
  for (const PropertySeek& seek : Seeks()) {
    auto ranges = IndexSeekRanges(seek);
    ASSERT_TRUE(ranges.has_value());
    std::vector<NodeId> got;
    index.Seek(*ranges, got);
    std::sort(got.begin(), got.end());
    matched += got.size();
    empty += got.empty() ? 1 : 0;
    EXPECT_EQ(got, BruteForce(g, seek)) << "seek kind " << static_cast<int>(seek.kind)
                                        << (seek.values.empty() ? "" : " " + ToTckString(seek.values[0]));
  }
  // The seeks are not trivially empty (those with bounds of two classes are, rightly).
  EXPECT_GT(matched, 3 * index.size());
  EXPECT_GT(empty, 5u);
  EXPECT_LT(empty, Seeks().size() * 2 / 3);
}

class PropertyIndexTest : public ::testing::Test {
 protected:
  void Publish(const Model& m) {
    db_ = OpenWriter(dir_.Join("db"));
    ASSERT_TRUE(testing::PublishModel(db_.get(), m).ok());
    auto g = db_->Pin();
    ASSERT_TRUE(g.ok()) << g.status().ToString();
    base_ = *g;
  }

  quiver::testing::TempDir dir_;
  std::unique_ptr<DatabaseDir> db_;
  std::shared_ptr<const Generation> base_;
};

TEST_F(PropertyIndexTest, EverySeekAnswersWhatAFilterAnswers) {
  Publish(IndexModel(3000, 1));
  const IndexDefinition d = Definition(*base_, "by_v", {"v"});
  auto derived = WriteIndexedGeneration(db_.get(), *base_, std::span(&d, 1), 2);
  ASSERT_TRUE(derived.ok()) << derived.status().ToString();
  auto g = db_->Pin();
  ASSERT_TRUE(g.ok()) << g.status().ToString();
  const PropertyIndexView* index = (*g)->PropertyIndex("by_v");
  ASSERT_NE(index, nullptr);
  EXPECT_EQ(index->definition(), d);
  EXPECT_EQ((*g)->PropertyIndex("other"), nullptr);
  ExpectSeeksMatchBruteForce(**g, *index);
  // Lists and absent values have no entry; a seek on a list is declined.
  EXPECT_FALSE(IndexSeekRanges({PropertySeek::Kind::kEquals, {Value::List({Value::Int(1)})}, {}, {}}).has_value());
  EXPECT_TRUE((*g)->VerifyStructure().ok());
}

TEST_F(PropertyIndexTest, CompositeKeysSeekOnTheirFirstKey) {
  Publish(IndexModel(2000, 2));
  const IndexDefinition d = Definition(*base_, "by_v_w", {"v", "w"});
  auto data = BuildPropertyIndex(*base_, d, 1);
  ASSERT_TRUE(data.ok()) << data.status().ToString();
  auto derived = WriteIndexedGeneration(db_.get(), *base_, std::span(&d, 1), 1);
  ASSERT_TRUE(derived.ok()) << derived.status().ToString();
  auto g = db_->Pin();
  ASSERT_TRUE(g.ok());
  const PropertyIndexView* index = (*g)->PropertyIndex("by_v_w");
  ASSERT_NE(index, nullptr);
  ExpectSeeksMatchBruteForce(**g, *index);
  // Within one first value, the second key orders the entries, absent and lists last.
  const uint32_t w = *(*g)->FindPropertyKey("w");
  for (uint64_t i = 1; i < index->size(); ++i) {
    std::string_view a = index->KeyAt(i - 1), b = index->KeyAt(i);
    size_t pa = 0, pb = 0;
    auto va = DecodeIndexKey(a, &pa), vb = DecodeIndexKey(b, &pb);
    ASSERT_TRUE(va && vb);
    if (OrderCompare(*va, *vb) != 0) continue;
    auto wa = DecodeIndexKey(a, &pa), wb = DecodeIndexKey(b, &pb);
    ASSERT_TRUE(wa && wb);
    if (!wa->IsNull() && !wb->IsNull()) EXPECT_LE(OrderCompare(*wa, *wb), 0);
    if (wa->IsNull()) EXPECT_TRUE(wb->IsNull());
    const Value stored = ToValue(*(*g)->NodeProperty(index->NodeAt(i), w));
    EXPECT_EQ(wb->IsNull(), !IsIndexable(stored));
  }
}

TEST_F(PropertyIndexTest, AParallelBuildEqualsASerialOne) {
  Publish(IndexModel(150'000, 3));
  const IndexDefinition d = Definition(*base_, "by_v", {"v"});
  uint64_t last = 0, calls = 0;
  auto serial = BuildPropertyIndex(*base_, d, 1);
  auto parallel = BuildPropertyIndex(*base_, d, 4, [&](uint64_t done, uint64_t total) {
    EXPECT_GE(done, last);
    EXPECT_EQ(total, 150'000u);
    last = done;
    ++calls;
  });
  ASSERT_TRUE(serial.ok() && parallel.ok());
  EXPECT_GT(serial->size(), 50'000u);
  EXPECT_EQ(serial->nodes, parallel->nodes);
  EXPECT_EQ(serial->key_offsets, parallel->key_offsets);
  EXPECT_EQ(serial->key_bytes, parallel->key_bytes);
  EXPECT_EQ(last, 150'000u);
  EXPECT_GE(calls, 3u);
}

TEST_F(PropertyIndexTest, BuildRefusesWhatIsNotANodePropertyIndex) {
  Publish(IndexModel(10, 4));
  IndexDefinition d = Definition(*base_, "x", {"v"});
  d.keys.clear();
  EXPECT_EQ(BuildPropertyIndex(*base_, d, 1).status().code(), StatusCode::kInvalidArgument);
  d = Definition(*base_, "x", {"v"});
  d.entity = IndexEntity::kRelationship;
  EXPECT_EQ(BuildPropertyIndex(*base_, d, 1).status().code(), StatusCode::kInvalidArgument);
  // A key no node carries: an empty index, not an error.
  d = Definition(*base_, "x", {"v"});
  d.keys = {base_->PropertyKeyCount() + 5};
  auto empty = BuildPropertyIndex(*base_, d, 1);
  ASSERT_TRUE(empty.ok());
  EXPECT_EQ(empty->size(), 0u);
}

}  // namespace
}  // namespace quiver::storage
