#pragma once
// Shared helpers of the ingest tests: databases with a fixed id (so two builds of the
// same graph can be compared byte for byte), the bytes of a generation's files, and the
// storage tests' model graphs fed through a ConstructionSession.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "common/file/checksum.h"
#include "ingest/construction_session.h"
#include "test_util/file_bytes.h"
#include "test_util/temp_dir.h"
#include "unit/storage/test_graphs.h"

namespace quiver::ingest::testing {

using quiver::testing::ReadFileBytes;

using quiver::testing::TempDir;
using storage::testing::Model;

inline std::unique_ptr<storage::DatabaseDir> OpenDb(const std::string& path) {
  storage::DatabaseOptions o;
  o.create_if_missing = true;
  o.database_id = storage::testing::TestDatabaseId();
  auto db = storage::DatabaseDir::Open(Env::Default(), path, o);
  EXPECT_TRUE(db.ok()) << db.status().ToString();
  return db.ok() ? std::move(db).value() : nullptr;
}


// name -> XXH3 of every file of the database's current generation (PIN excluded), plus
// "CURRENT" -> its text.
inline std::map<std::string, std::string> GenerationFiles(const std::string& db_path) {
  std::map<std::string, std::string> out;
  const std::string current = ReadFileBytes(db_path + "/CURRENT");
  out["CURRENT"] = current;
  const std::string gen = db_path + "/" + current.substr(0, current.size() - 1);
  for (const auto& e : std::filesystem::directory_iterator(gen)) {
    const std::string name = e.path().filename().string();
    if (name == "PIN") continue;
    const std::string bytes = ReadFileBytes(e.path().string());
    out[name] = std::to_string(bytes.size()) + ":" + std::to_string(Checksum64(bytes));
  }
  return out;
}

// Every entry of a directory tree (relative paths), for "nothing left behind" checks.
inline std::vector<std::string> TreeEntries(const std::string& root) {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
    out.push_back(std::filesystem::relative(e.path(), root).string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// A column chunk of one row holding v.
inline ColumnChunk OneValue(uint32_t key, const storage::PropertyValue& v) {
  ColumnChunk c;
  c.key = key;
  if (v.is_int()) {
    c.type = ColumnType::kInt64;
    c.AppendInt(v.as_int());
  } else if (v.is_double()) {
    c.type = ColumnType::kDouble;
    c.AppendDouble(v.as_double());
  } else if (v.is_bool()) {
    c.type = ColumnType::kBool;
    c.AppendBool(v.as_bool());
  } else if (v.is_string()) {
    c.type = ColumnType::kString;
    c.AppendString(v.as_string());
  } else if (v.is_null()) {
    c.type = ColumnType::kInt64;
    c.AppendAbsent();
  } else {
    c.type = ColumnType::kMixed;
    c.AppendValue(v);
  }
  return c;
}

// Property chunks for one entity: keys interned in order (as GraphBuilder does), the
// last value of a repeated key kept.
inline std::vector<ColumnChunk> OneRow(ConstructionSession* s,
                                       const storage::GraphBuilder::Properties& props) {
  std::map<uint32_t, storage::PropertyValue> last;
  std::vector<uint32_t> order;
  for (const auto& [k, v] : props) {
    const uint32_t key = s->PropertyKey(k);
    if (!last.count(key)) order.push_back(key);
    last[key] = v;
  }
  std::vector<ColumnChunk> out;
  for (uint32_t key : order) out.push_back(OneValue(key, last[key]));
  return out;
}

// Feeds a model through the session one entity per batch, in `batches_per_call` calls.
inline Status FeedModel(const Model& m, ConstructionSession* s, size_t batches_per_call = 7) {
  std::vector<NodeBatch> nodes;
  uint32_t space = 0;
  for (const auto& n : m.nodes) {
    NodeBatch b;
    b.count = 1;
    std::vector<uint32_t> labels;
    for (const auto& l : n.labels) labels.push_back(s->Label(l));
    b.label_sets.push_back(labels);
    b.properties = OneRow(s, n.props);
    if (const auto* i = std::get_if<int64_t>(&n.key)) {
      QUIVER_ASSIGN_OR_RETURN(space, s->IdSpace("", KeyType::kInteger));
      b.id_space = space;
      b.keys.AppendInt(*i);
    } else if (const auto* str = std::get_if<std::string>(&n.key)) {
      QUIVER_ASSIGN_OR_RETURN(space, s->IdSpace("", KeyType::kString));
      b.id_space = space;
      b.keys.type = KeyType::kString;
      b.keys.AppendString(*str);
    }
    nodes.push_back(std::move(b));
    if (nodes.size() == batches_per_call) {
      QUIVER_RETURN_IF_ERROR(s->AddNodes(std::move(nodes)));
      nodes.clear();
    }
  }
  QUIVER_RETURN_IF_ERROR(s->AddNodes(std::move(nodes)));
  QUIVER_RETURN_IF_ERROR(s->FinishNodes(false, nullptr));
  std::vector<EdgeBatch> edges;
  for (const auto& e : m.edges) {
    EdgeBatch b;
    b.type = s->RelType(e.type);
    b.src.push_back(static_cast<uint32_t>(e.source));
    b.dst.push_back(static_cast<uint32_t>(e.target));
    b.properties = OneRow(s, e.props);
    edges.push_back(std::move(b));
    if (edges.size() == batches_per_call) {
      QUIVER_RETURN_IF_ERROR(s->AddEdges(std::move(edges)));
      edges.clear();
    }
  }
  return s->AddEdges(std::move(edges));
}

// Publishes m through GraphBuilder into a fresh database at path.
inline void PublishWithGraphBuilder(const Model& m, const std::string& path) {
  auto db = OpenDb(path);
  ASSERT_NE(db, nullptr);
  auto g = storage::testing::PublishModel(db.get(), m);
  ASSERT_TRUE(g.ok()) << g.status().ToString();
}

}  // namespace quiver::ingest::testing
