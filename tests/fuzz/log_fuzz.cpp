// Fuzz target: the write-log reader and recovery, through the store's public API only
// (TransactionalStore::Open, BeginRead, BeginWrite, Counts), so that it keeps compiling
// while the log's internals change. A database is built once in memory: a base
// generation, then commits that use every log operation and value kind; each input then
// puts its own bytes in the log segment and opens the store read-only, optionally
// read-write (recovery truncates a torn tail, a commit follows, optionally a
// compaction) and read-only again.
//
// Input: byte 0 is the mode, the rest the damage.
//   bits 0-1  the segment: 0 the template's header + the input; 1 the input alone
//             (not even padded to the 64 KiB granule); 2 the template segment with
//             edits (fuzz/edits.h); 3 the template segment with the input written after
//             its last record, where a crash leaves a torn tail
//             Modes 0 and 3 pad the file with zeros to a whole number of granules, as a
//             version-3 segment always is (docs/format/log.md, "Segments are preallocated").
//   bit 2     reseal: recompute the header's and every record's checksums after the
//             damage (fuzz/reseal.h follows docs/format/log.md), to reach the payload
//             decoder past the checksums
//   bit 3     add a second, empty segment at the log position in the next 4 bytes
//   bit 4     open read-write too: commit one node, then reopen read-only
//   bit 5     verify_checksums_on_open
//   bit 6     with bit 4: compact at that commit (the ingest builder, as Database::Open)
// Oracles, beyond "OK or a Status, never a crash":
//  * read-only and read-write opens agree: both fail, or both see the same graph; a
//    reopen after the read-write session sees what that session committed;
//  * damage not resealed never changes what a commit wrote: an open that succeeds sees
//    the graph after some prefix of the template's commits, and a tail of garbage after
//    every valid record (mode 3) always opens, with all of them.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "fuzz/edits.h"
#include "fuzz/fuzz_support.h"
#include "fuzz/graph_reads.h"
#include "fuzz/mem_env.h"
#include "fuzz/reseal.h"
#include "ingest/compaction_build.h"
#include "storage/database_dir.h"
#include "storage/graph_builder.h"
#include "storage/txn/transactional_store.h"

namespace {

using quiver::Status;
using quiver::Value;
using quiver::fuzz::Finding;
using quiver::fuzz::FuzzInput;
using quiver::fuzz::MemEnv;
using quiver::storage::TransactionalStore;

constexpr char kDbPath[] = "/db";
constexpr size_t kSegmentHeaderBytes = 64, kRecordHeaderBytes = 40, kGranuleBytes = 64 * 1024;

struct Template {
  MemEnv::State state;
  std::string segment_path;
  std::string segment;                // with every commit
  std::string empty_segment;          // as the first read-write open created it
  size_t records_end = 0;             // file offset after the template's last record
  std::vector<std::string> prefixes;  // DigestGraph after 0, 1, ... commits
};

void Check(const Status& s, const char* what) {
  if (!s.ok()) Finding(std::string("template: ") + what + ": " + s.ToString());
}

quiver::storage::StoreOptions Options(bool read_only, bool verify) {
  quiver::storage::StoreOptions o;
  o.read_only = read_only;
  o.create_if_missing = false;
  o.auto_compact = false;
  o.verify_checksums_on_open = verify;
  o.compaction_workers = 1;
  return o;
}

std::string Digest(const TransactionalStore& store) {
  return quiver::fuzz::DigestGraph(*store.BeginRead());
}

// One transaction per step, using every operation of the log and every value kind.
void Commits(TransactionalStore* store, Template* t) {
  using quiver::PropertyEntry;
  auto commit = [&](auto&& body) {
    auto w = store->BeginWrite();
    Check(w.status(), "begin");
    body(**w);
    Check((*w)->Commit(), "commit");
    t->prefixes.push_back(Digest(*store));
  };
  commit([](quiver::GraphWriter& w) {
    const auto person = w.InternLabel("Person");
    const auto knows = w.InternRelType("KNOWS");
    const auto name = w.InternPropertyKey("name"), when = w.InternPropertyKey("when");
    const quiver::LabelId labels[] = {person};
    const PropertyEntry props[] = {{name, Value::String("ada")},
                                   {when, Value::DateTime({1'600'000'000, 5, 3600, "Europe/London"})}};
    const auto a = w.CreateNode(labels, props);
    const PropertyEntry rel_props[] = {
        {name, Value::List({Value::Int(1), Value::Float(2.5), Value::Null()})}};
    w.CreateRelationship(knows, a, 0, rel_props);
  });
  commit([](quiver::GraphWriter& w) {
    const auto key = w.InternPropertyKey("m");
    w.SetNodeProperty(0, key, Value::Map({{"a", Value::Date({19000})}, {"b", Value::Bool(true)}}));
    w.SetNodeProperty(1, key, Value::Duration({1, 2, 3, 4}));
    w.SetNodeProperty(1, w.InternPropertyKey("t"), Value::Time({1000, -3600}));
    w.SetNodeProperty(1, w.InternPropertyKey("lt"), Value::LocalTime({5}));
    w.SetNodeProperty(1, w.InternPropertyKey("ldt"), Value::LocalDateTime({86'400, 7}));
    w.AddLabel(1, w.InternLabel("Admin"));
  });
  commit([](quiver::GraphWriter& w) {
    w.SetRelationshipProperty(0, w.InternPropertyKey("since"), Value::Int(2001));
    w.RemoveLabel(0, *w.FindLabel("Base"));
    w.SetNodeProperty(0, *w.FindPropertyKey("m"), Value::Null());
  });
  commit([](quiver::GraphWriter& w) {
    std::vector<quiver::Adjacent> rels;
    const quiver::NodeId last = w.NodeIdBound() - 1;
    w.Expand(last, quiver::Direction::kBoth, {}, rels);
    for (const auto& r : rels) w.DeleteRelationship(r.rel.id);
    w.DeleteNode(last);
    w.CreateNode({}, {});
  });
}

// The file offset after the last record of a segment this build wrote: records follow
// the 64-byte header back to back, each 40 + length bytes rounded up to 8, and the
// rest of the preallocated file is zeros (docs/format/log.md).
size_t RecordsEnd(const std::string& segment) {
  size_t at = kSegmentHeaderBytes;
  while (at + kRecordHeaderBytes <= segment.size() &&
         std::string_view(segment).substr(at, kRecordHeaderBytes).find_first_not_of('\0') != std::string_view::npos) {
    uint32_t length;
    std::memcpy(&length, segment.data() + at + 8, sizeof(length));
    at += (kRecordHeaderBytes + length + 7) / 8 * 8;
  }
  return at;
}

void PadToGranule(std::string* segment) {
  segment->resize((segment->size() + kGranuleBytes - 1) / kGranuleBytes * kGranuleBytes, '\0');
}

Template MakeTemplate() {
  MemEnv env;
  quiver::storage::DatabaseOptions o;
  o.create_if_missing = true;
  o.database_id = quiver::storage::DatabaseId{7, 7, 7};
  {
    auto db = quiver::storage::DatabaseDir::Open(&env, kDbPath, o);
    Check(db.status(), "create");
    quiver::storage::GraphBuilder b;
    b.AddNode({"Base"}, {{"id", int64_t{1}}, {"s", "x"}}, int64_t{1});
    b.AddNode({"Base", "Person"}, {{"id", int64_t{2}}}, int64_t{2});
    Check(b.AddEdge(0, 1, "KNOWS", {{"w", 0.5}}), "edge");
    auto w = (*db)->BeginGeneration(b.node_count());
    Check(w.status(), "generation");
    Check(b.Write(w->get()), "write");
    Check((*db)->Publish(w->get(), 0).status(), "publish");
  }
  Template t;
  auto store = TransactionalStore::Open(&env, kDbPath, Options(false, false));
  Check(store.status(), "store");
  t.prefixes.push_back(Digest(**store));
  for (const auto& [path, bytes] : env.Snapshot().files) {
    if (path.rfind(std::string(kDbPath) + "/log-", 0) == 0) {
      t.segment_path = path;
      t.empty_segment = bytes;
    }
  }
  if (t.segment_path.empty()) Finding("template: a read-write open made no log segment");
  Commits(store->get(), &t);
  store->reset();
  t.state = env.Snapshot();
  t.segment = t.state.files.at(t.segment_path);
  t.records_end = RecordsEnd(t.segment);
  return t;
}

void ExpectPrefix(const Template& t, const std::string& digest, const char* what) {
  if (std::find(t.prefixes.begin(), t.prefixes.end(), digest) == t.prefixes.end()) {
    Finding(std::string(what) + ": damage that was not resealed changed what the commits wrote:\n" + digest);
  }
}

// The store's Open, Status-checked. Null when it failed.
std::unique_ptr<TransactionalStore> Open(MemEnv* env, bool read_only, bool verify, bool compact) {
  auto options = Options(read_only, verify);
  if (compact) {
    options.auto_compact = true;
    options.compaction_threshold = 1;  // the first commit compacts
    quiver::ingest::SessionOptions session;
    session.workers = 1;
    session.memory_budget = uint64_t{64} << 20;
    options.compaction_builder = quiver::ingest::MakeSessionCompactionBuilder(session);
  }
  auto store = quiver::fuzz::NoThrow("TransactionalStore::Open",
                                     [&] { return TransactionalStore::Open(env, kDbPath, options); });
  quiver::fuzz::ExpectDamageStatus(read_only ? "read-only open" : "read-write open", store.status());
  if (quiver::fuzz::Verbose()) {
    std::fprintf(stderr, "%s open: %s\n", read_only ? "read-only" : "read-write",
                 store.ok() ? (*store)->recovery().ToString().c_str() : store.status().ToString().c_str());
  }
  return store.ok() ? std::move(store).value() : nullptr;
}

// QUIVER_FUZZ_WRITE_SEEDS=DIR: the template's segment as an input that replaces the
// segment with itself, resealed, read-write (and one that compacts).
void WriteSeeds(const char* dir, const Template& t) {
  std::filesystem::create_directories(dir);
  for (uint8_t mode : {uint8_t{1 | 4 | 16}, uint8_t{1 | 4 | 16 | 64}}) {
    std::ofstream(std::string(dir) + "/segment-" + std::to_string(mode), std::ios::binary)
        << static_cast<char>(mode) << t.segment;
  }
}

const Template& GetTemplate() {
  static const Template* tpl = new Template(MakeTemplate());
  return *tpl;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (const char* dir = std::getenv("QUIVER_FUZZ_WRITE_SEEDS")) WriteSeeds(dir, GetTemplate());
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Template* tpl = &GetTemplate();
  FuzzInput in(data, size);
  const uint8_t mode = in.U8();
  const bool reseal = (mode & 4) != 0, verify = (mode & 32) != 0;
  const uint32_t extra_position = (mode & 8) ? in.U32() : 0;
  std::string segment;
  switch (mode & 3) {
    case 0:
      segment = tpl->segment.substr(0, kSegmentHeaderBytes) + std::string(in.Rest());
      PadToGranule(&segment);
      break;
    case 1:
      segment = std::string(in.Rest());
      break;
    case 2:
      segment = tpl->segment;
      quiver::fuzz::ApplyEdits(in, {}, &segment);
      break;
    default: {
      const std::string_view tail = in.Rest();
      segment = tpl->segment;
      if (segment.size() < tpl->records_end + tail.size()) segment.resize(tpl->records_end + tail.size());
      segment.replace(tpl->records_end, tail.size(), tail);
      PadToGranule(&segment);
      break;
    }
  }
  if (reseal) quiver::fuzz::ResealLogSegment(&segment);
  MemEnv::State state = tpl->state;
  state.files[tpl->segment_path] = segment;
  if (mode & 8) {
    std::string extra = tpl->empty_segment;
    for (int i = 0; i < 8; ++i) extra[32 + i] = static_cast<char>(i < 4 ? extra_position >> (8 * i) : 0);
    quiver::fuzz::ResealLogSegment(&extra);
    char name[64];
    std::snprintf(name, sizeof(name), "%s/log-%020u.qlog", kDbPath, extra_position);
    state.files[name] = extra;
  }
  MemEnv env;
  env.Restore(state);

  std::string read_only_digest;
  bool read_only_ok = false;
  if (auto store = Open(&env, true, verify, false)) {
    read_only_ok = true;
    (void)store->Counts();
    (void)store->Stats();
    read_only_digest = Digest(*store);
    quiver::fuzz::ReadGraph(*store->BeginRead(), true);
    if (!reseal) ExpectPrefix(*tpl, read_only_digest, "read-only open");
  } else if ((mode & 3) == 3 && !reseal && (mode & 8) == 0) {
    Finding("garbage after the last record made the database unreadable");
  }
  if ((mode & 3) == 3 && !reseal && (mode & 8) == 0 && read_only_digest != tpl->prefixes.back()) {
    Finding("garbage after the last record lost a commit");
  }
  if ((mode & 16) == 0) return 0;

  std::string committed;
  {
    auto store = Open(&env, false, verify, (mode & 64) != 0);
    if ((store != nullptr) != read_only_ok) Finding("read-only and read-write opens disagree");
    if (!store) return 0;
    if (Digest(*store) != read_only_digest) Finding("read-write recovery sees another graph than read-only");
    auto w = store->BeginWrite();
    quiver::fuzz::ExpectDamageStatus("BeginWrite", w.status());
    if (w.ok()) {
      const quiver::PropertyEntry props[] = {{(*w)->InternPropertyKey("after"), Value::Int(1)}};
      (*w)->CreateNode({}, props);
      quiver::fuzz::ExpectDamageStatus("Commit", (*w)->Commit());
    }
    committed = Digest(*store);
  }
  auto again = Open(&env, true, verify, false);
  if (!again) Finding("the database does not reopen after a read-write session");
  if (Digest(*again) != committed) Finding("a reopen does not see what the read-write session committed");
  return 0;
}
