#pragma once
// Builds a database directory whose graph is a base generation, the way `quiver import`
// and `quiver generate --db` do (a construction session), so engine tests can query
// base ⊕ delta and the external-id index. Compacts a database the way `quiver compact`
// does.

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "common/file/env.h"
#include "ingest/construction_session.h"
#include "ingest/csv_import.h"
#include "ingest/g500_output.h"
#include "ingest/worker_pool.h"
#include "storage/database_dir.h"
#include "storage/txn/transactional_store.h"

namespace quiver::testing {

inline void WriteTextFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  ASSERT_TRUE(out.good()) << path;
}

// Opens (creating) the database at db_path, feeds a construction session with `feed`
// (2 workers, 256 MiB) and commits it.
inline void BuildInSession(const std::string& db_path, bool edge_properties,
                           const std::function<Status(ingest::ConstructionSession*)>& feed) {
  storage::DatabaseOptions dbo;
  dbo.create_if_missing = true;
  auto db = storage::DatabaseDir::Open(Env::Default(), db_path, dbo);
  ASSERT_TRUE(db.ok()) << db.status().ToString();
  ingest::SessionOptions so;
  so.workers = 2;
  so.memory_budget = uint64_t{256} << 20;
  so.edge_properties = edge_properties;
  auto session = ingest::ConstructionSession::Begin(db->get(), so);
  ASSERT_TRUE(session.ok()) << session.status().ToString();
  Status fed = feed(session->get());
  ASSERT_TRUE(fed.ok()) << fed.ToString();
  auto committed = (*session)->Commit();
  ASSERT_TRUE(committed.ok()) << committed.status().ToString();
}

// One --nodes / --relationships group of `quiver import`: labels or the type, and the
// CSV text (header first).
struct CsvGroup {
  bool nodes = true;
  std::vector<std::string> names;
  std::string csv;
};

// Imports the groups into a new database at db_path (files written under scratch_dir).
inline void ImportCsvGraph(const std::string& db_path, const std::string& scratch_dir,
                           const std::vector<CsvGroup>& groups) {
  std::vector<ingest::InputGroup> inputs;
  for (size_t i = 0; i < groups.size(); ++i) {
    const std::string file = scratch_dir + "/group" + std::to_string(i) + ".csv";
    WriteTextFile(file, groups[i].csv);
    ingest::InputGroup g;
    g.kind = groups[i].nodes ? ingest::FileKind::kNodes : ingest::FileKind::kRelationships;
    g.names = groups[i].names;
    g.files = {file};
    inputs.push_back(std::move(g));
  }
  BuildInSession(db_path, /*edge_properties=*/true, [&](ingest::ConstructionSession* session) {
    return ingest::ImportCsv(inputs, ingest::ImportOptions{}, session).status();
  });
}

// `quiver generate g500 --db db_path` (and, when csv_dir is not empty, `--out csv_dir`).
inline void GenerateG500(uint32_t scale, const std::string& db_path, const std::string& csv_dir) {
  ingest::G500Params params;
  params.scale = scale;
  ingest::G500Generator g(params);
  BuildInSession(db_path, /*edge_properties=*/false,
                 [&](ingest::ConstructionSession* session) { return ingest::GenerateIntoSession(g, session); });
  if (!csv_dir.empty()) {
    ingest::WorkerPool pool(2);
    auto out = ingest::WriteG500Csv(g, Env::Default(), csv_dir, &pool, nullptr);
    ASSERT_TRUE(out.ok()) << out.status().ToString();
  }
}

// `quiver compact db_path`: the database must not be open elsewhere.
inline void CompactDatabase(const std::string& db_path) {
  storage::StoreOptions o;
  o.create_if_missing = false;
  o.auto_compact = false;
  auto store = storage::TransactionalStore::Open(Env::Default(), db_path, o);
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  const uint64_t before = (*store)->Stats().compactions;
  Status s = (*store)->Compact();
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ((*store)->Stats().compactions, before + 1) << "nothing was compacted";
}

}  // namespace quiver::testing
