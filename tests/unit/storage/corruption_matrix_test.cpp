// The corruption matrix of docs/reliability.md, produced by this test: every kind of file
// of a database (a rich generation and a write log with three commits) × every kind of
// damage → what a user sees. The test runs each cell, checks the rules every cell must
// keep, renders the table and compares it with the one in the doc, so the doc cannot
// drift from the behaviour. When behaviour changes on purpose, paste the table the
// failure prints into docs/reliability.md.
//
// Rules for every cell: `quiver check` (CheckDatabase) reports the damage naming the
// file; an open either refuses with Corruption naming the file, or opens and then a read
// of the damaged data raises Corruption naming the file; a read never answers from the
// damage (TouchEverything reads every fact of the generation, and the store's snapshot
// must equal the undamaged one when nothing was refused).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "common/error_status.h"
#include "quiver/error.h"
#include "storage/checker.h"
#include "storage/txn/transactional_store.h"
#include "test_graphs.h"
#include "test_util/file_bytes.h"
#include "test_util/temp_dir.h"
#include "unit/storage/txn_test_util.h"

namespace quiver::storage {
namespace {

using quiver::testing::ReadFileBytes;
using quiver::testing::WriteFileBytes;

namespace fs = std::filesystem;


// The damages, in the table's column order. Each edits the file's bytes; "deleted"
// removes the file instead.
enum class Damage { kDataBit, kZeroedBlock, kHeaderByte, kOneByteShort, kEmptied, kDeleted };
constexpr Damage kDamages[] = {Damage::kDataBit,      Damage::kZeroedBlock, Damage::kHeaderByte,
                               Damage::kOneByteShort, Damage::kEmptied,     Damage::kDeleted};
const char* DamageName(Damage d) {
  switch (d) {
    case Damage::kDataBit: return "a bit of its data flipped";
    case Damage::kZeroedBlock: return "the 4 KiB page of that bit zeroed";
    case Damage::kHeaderByte: return "a header byte changed";
    case Damage::kOneByteShort: return "one byte short";
    case Damage::kEmptied: return "emptied";
    case Damage::kDeleted: return "deleted";
  }
  return "?";
}

std::string Escape(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

class CorruptionMatrixTest : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = source_.Join("db");
    DatabaseOptions o;
    o.create_if_missing = true;
    o.database_id = testing::TestDatabaseId();
    {
      auto db = DatabaseDir::Open(Env::Default(), db_, o);
      ASSERT_TRUE(db.ok());
      // Every feature of the format, and files of several 4 KiB pages: 12,000 more nodes
      // with properties and keys, in a ring of relationships with a property.
      testing::Model model = testing::RichModel();
      const uint64_t first = model.nodes.size();
      for (int64_t i = 0; i < kExtraNodes; ++i) {
        model.nodes.push_back({{i % 2 == 0 ? "Even" : "Odd"}, {{"age", i}, {"name", "p" + std::to_string(i)}},
                               int64_t{1'000'000} + i});
        model.edges.push_back({first + static_cast<uint64_t>(i), first + static_cast<uint64_t>((i + 1) % kExtraNodes),
                               "RING", {{"i", i}}});
      }
      ASSERT_TRUE(testing::PublishModel(db->get(), model).ok());
    }
    // Three commits, so that the damaged first record is followed by records that name
    // it durable: damage, not a crash's torn tail (docs/format/log.md, "Recovery").
    StoreOptions so;
    so.auto_compact = false;
    so.create_if_missing = false;
    auto store = TransactionalStore::Open(Env::Default(), db_, so);
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    for (int i = 0; i < 3; ++i) {
      auto w = (*store)->BeginWrite();
      ASSERT_TRUE(w.ok());
      const PropertyKeyId key = (*w)->InternPropertyKey("commit");
      (*w)->CreateNode({}, std::vector<PropertyEntry>{{key, Value::Int(i)}});
      ASSERT_TRUE((*w)->Commit().ok());
    }
    store->reset();
    generation_ = ReadFileBytes(db_ + "/CURRENT");
    while (!generation_.empty() && (generation_.back() == '\n' || generation_.back() == '\0')) generation_.pop_back();
    original_ = Snapshot(db_);
  }

  // What a reader sees: every node with its labels and properties, every relationship
  // both ways, as text. Throws what the reads throw.
  static std::string Snapshot(const std::string& db) {
    StoreOptions so;
    so.read_only = true;
    auto store = TransactionalStore::Open(Env::Default(), db, so);
    if (!store.ok()) return "open: " + store.status().ToString();
    auto reader = (*store)->BeginRead();
    std::ostringstream out;
    std::vector<NodeId> ids;
    reader->ScanNodes(0, reader->NodeIdBound(), std::nullopt, ids);
    std::vector<LabelId> labels;
    std::vector<PropertyEntry> props;
    std::vector<Adjacent> adj;
    for (NodeId n : ids) {
      out << "node " << n;
      labels.clear();
      reader->GetLabels(n, labels);
      for (LabelId l : labels) out << " :" << reader->LabelName(l);
      props.clear();
      reader->GetNodeProperties(n, props);
      for (const auto& [k, v] : props) out << " " << reader->PropertyKeyName(k) << "=" << ToTckString(v);
      for (quiver::Direction dir : {quiver::Direction::kOutgoing, quiver::Direction::kIncoming}) {
        adj.clear();
        reader->Expand(n, dir, {}, adj);
        for (const Adjacent& a : adj) {
          out << (dir == quiver::Direction::kOutgoing ? " ->" : " <-") << a.rel.id << ":" << reader->RelTypeName(a.rel.type);
          props.clear();
          reader->GetRelationshipProperties(a.rel.id, props);
          for (const auto& [k, v] : props) out << " " << reader->PropertyKeyName(k) << "=" << ToTckString(v);
        }
      }
      out << "\n";
    }
    return out.str();
  }

  // The files, one row each, by the name the table gives their kind.
  std::vector<std::pair<std::string, std::string>> Rows() const {
    std::vector<std::pair<std::string, std::string>> rows = {{"DBID", "DBID"}, {"CURRENT", "CURRENT"}};
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(db_ + "/" + generation_)) names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    // The largest file of a kind: the one whose middle is surely in its data.
    auto first = [&](const std::string& prefix) {
      std::string best;
      uint64_t best_size = 0;
      for (const std::string& n : names) {
        const uint64_t size = fs::file_size(db_ + "/" + generation_ + "/" + n);
        if (n.rfind(prefix, 0) == 0 && (best.empty() || size > best_size)) best = n, best_size = size;
      }
      if (best.empty()) ADD_FAILURE() << "no " << prefix << " file in " << generation_;
      return generation_ + "/" + best;
    };
    rows.emplace_back("MANIFEST", first("MANIFEST"));
    rows.emplace_back("dictionary", first("dictionary"));
    rows.emplace_back("node labels", first("labels"));
    rows.emplace_back("external ids", first("external-ids"));
    rows.emplace_back("relationships (CSR, both directions)", first("rel-"));
    rows.emplace_back("node property column", first("node-prop-"));
    rows.emplace_back("relationship property column", first("edge-prop-"));
    for (const auto& e : fs::directory_iterator(db_)) {
      const std::string n = e.path().filename().string();
      if (n.rfind("log-", 0) == 0) rows.emplace_back("write-log segment", n);
    }
    return rows;
  }

  // The byte "its data" means: the middle of a generation file (inside its sections'
  // data once the file spans pages), the first record's payload of a log segment (the
  // rest of a preallocated segment is zeros), byte 0 of DBID and CURRENT.
  static uint64_t DataOffset(const std::string& file, const std::string& bytes) {
    if (file == "DBID" || file == "CURRENT") return 0;
    if (file.rfind("log-", 0) == 0) return 64 + 40;
    return bytes.size() / 2;
  }

  // Runs one cell and returns what it shows; checks the rules every cell keeps.
  std::string Cell(const std::string& file, Damage damage) {
    SCOPED_TRACE(file + ", " + DamageName(damage));
    quiver::testing::TempDir work;
    const std::string db = work.Join("db");
    fs::copy(db_, db, fs::copy_options::recursive);
    const std::string path = db + "/" + file;
    std::string bytes = ReadFileBytes(path);
    const uint64_t data = DataOffset(file, bytes);
    switch (damage) {
      case Damage::kDataBit: bytes[data] = static_cast<char>(bytes[data] ^ 0x01); break;
      case Damage::kZeroedBlock: {
        const uint64_t at = data / 4096 * 4096;
        std::fill(bytes.begin() + static_cast<std::ptrdiff_t>(at),
                  bytes.begin() + static_cast<std::ptrdiff_t>(std::min<uint64_t>(at + 4096, bytes.size())), '\0');
        break;
      }
      case Damage::kHeaderByte: bytes[std::min<size_t>(8, bytes.size() - 1)] ^= 0x10; break;
      case Damage::kOneByteShort: bytes.pop_back(); break;
      case Damage::kEmptied: bytes.clear(); break;
      case Damage::kDeleted: break;
    }
    if (damage == Damage::kDeleted) {
      fs::remove(path);
    } else {
      WriteFileBytes(path, bytes);
    }
    const std::string base = file.substr(file.find('/') == std::string::npos ? 0 : file.find('/') + 1);

    const CheckReport report = CheckDatabase(Env::Default(), db);
    EXPECT_FALSE(report.ok()) << "quiver check missed the damage";
    EXPECT_NE(report.status.ToString().find(base), std::string::npos) << report.status.ToString();

    StoreOptions so;
    so.read_only = true;
    auto store = TransactionalStore::Open(Env::Default(), db, so);
    if (!store.ok()) {
      // Without CURRENT a directory is not a database to a reader ("no Quiver database
      // at ... (no CURRENT)"); a writer refuses it as Corruption when its log holds
      // commits. Every other damage is Corruption.
      if (file == "CURRENT" && damage == Damage::kDeleted) {
        EXPECT_TRUE(store.status().IsNotFound()) << store.status().ToString();
      } else {
        EXPECT_TRUE(store.status().IsCorruption()) << store.status().ToString();
      }
      EXPECT_NE(store.status().ToString().find(base), std::string::npos) << store.status().ToString();
      return "open fails";
    }
    // Opened: every read of the damaged data must refuse, naming the file.
    std::string seen;
    const Status read = CatchErrors([&] {
      DatabaseOptions o;
      o.read_only = true;
      auto dir = DatabaseDir::Open(Env::Default(), db, o);
      if (!dir.ok()) return dir.status();
      auto g = (*dir)->Pin();
      if (!g.ok()) return g.status();
      (void)testing::TouchEverything(**g);
      seen = Snapshot(db);
      return Status::OK();
    });
    if (!read.ok()) {
      EXPECT_TRUE(read.IsCorruption()) << read.ToString();
      EXPECT_NE(read.ToString().find(base), std::string::npos) << read.ToString();
      return "opens; reading it fails";
    }
    EXPECT_EQ(seen, original_) << "answered from damaged data";
    return "no effect on reads";
  }

  static constexpr int64_t kExtraNodes = 12'000;
  quiver::testing::TempDir source_;
  std::string db_, generation_, original_;
};

TEST_F(CorruptionMatrixTest, TheTableInDocsReliabilityIsWhatTheDatabaseDoes) {
  std::ostringstream table;
  table << "| file |";
  for (Damage d : kDamages) table << " " << DamageName(d) << " |";
  table << "\n| --- |";
  for (size_t i = 0; i < std::size(kDamages); ++i) table << " --- |";
  table << "\n";
  int cells = 0;
  for (const auto& [kind, file] : Rows()) {
    table << "| " << Escape(kind) << " |";
    for (Damage d : kDamages) {
      table << " " << Cell(file, d) << " |";
      ++cells;
    }
    table << "\n";
  }
  EXPECT_EQ(cells, 10 * 6);

  const std::string doc_path = std::string(QUIVER_SOURCE_DIR) + "/docs/reliability.md";
  const std::string doc = ReadFileBytes(doc_path);
  const std::string begin = "<!-- corruption-matrix: begin -->\n", end = "<!-- corruption-matrix: end -->";
  const size_t b = doc.find(begin), e = doc.find(end);
  ASSERT_NE(b, std::string::npos) << doc_path << " has no " << begin;
  ASSERT_NE(e, std::string::npos) << doc_path << " has no " << end;
  EXPECT_EQ(doc.substr(b + begin.size(), e - b - begin.size()), table.str())
      << "docs/reliability.md's corruption matrix differs from what the database does; the table is:\n"
      << table.str();
}

}  // namespace
}  // namespace quiver::storage
