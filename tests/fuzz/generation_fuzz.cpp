// Fuzz target: the generation file reader, every file kind. A small valid database is
// built once per template (in memory: fuzz/mem_env.h); each input then damages ONE of
// its files and the target opens the database read-only (storage::DatabaseDir, Pin)
// and reads every fact through the Generation API — labels, both CSR directions,
// degrees, every property, external-id lookups, the names — then runs VerifyChecksums,
// VerifyStructure and `quiver check` (CheckDatabase), and optionally reads it all again
// through the query engine's GraphReader over a TransactionalStore.
//
// Input: byte 0 picks the file (DBID, CURRENT, then the generation's files in name
// order), byte 1 the mode, the rest is the damage:
//   mode bit 0     template: 0 integer external ids and 32-bit widths, 1 string ids and
//                  64-bit widths
//   mode bits 1-2  0: the rest of the input replaces the file; 1: the rest is a list of
//                  edits at absolute offsets; 2: edits inside a section (chosen by
//                  index); 3: no damage (the baseline, which must read back cleanly)
//   mode bit 3     reseal: recompute the file's checksums and its MANIFEST entry after
//                  the damage, so it reaches the structural checks (fuzz/reseal.h)
//   mode bit 4     open with verify_checksums
//   mode bit 5     also read through TransactionalStore::BeginRead (GraphReader)
//   mode bit 6     then open it as a writer would (DatabaseDir::Open read-write)
//
// Oracles, beyond "no crash, no sanitizer report, no exception from Status code":
//  * damage that was not resealed must be an error: at open, or from VerifyChecksums
//    for a file whose checksum only the MANIFEST holds (generation.md, "Checksums");
//  * a database that passes VerifyChecksums and VerifyStructure must read without an
//    error, and without an InternalError through GraphReader;
//  * `quiver check` fails exactly when Open + VerifyChecksums + VerifyStructure does;
//  * a writer's open never deletes or changes a file of the live generation.
//
// QUIVER_FUZZ_WRITE_SEEDS=DIR makes LLVMFuzzerInitialize write one seed per file and
// template (the file's own bytes, to be replaced and resealed) into DIR; `make fuzz`
// seeds the corpus so.

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "common/error_status.h"
#include "common/file/checksum.h"
#include "fuzz/edits.h"
#include "fuzz/fuzz_support.h"
#include "fuzz/graph_reads.h"
#include "fuzz/mem_env.h"
#include "fuzz/reseal.h"
#include "storage/checker.h"
#include "storage/txn/transactional_store.h"
#include "storage/database_dir.h"
#include "storage/graph_builder.h"
#include "storage/section_file.h"

namespace {

using quiver::Status;
using quiver::fuzz::Finding;
using quiver::fuzz::FuzzInput;
using quiver::fuzz::MemEnv;
using quiver::storage::GraphBuilder;
using quiver::storage::PropertyValue;
using PV = quiver::storage::PropertyValue;

constexpr char kDbPath[] = "/db";

struct Template {
  MemEnv::State state;
  std::vector<std::string> files;  // paths of the damageable files, in selector order
};

void Check(const Status& s, const char* what) {
  if (!s.ok()) Finding(std::string("template: ") + what + ": " + s.ToString());
}

// prefix + i (not operator+: g++ 12 warns falsely on "literal" + std::string).
std::string Numbered(const char* prefix, int64_t i) {
  std::string s = prefix;
  s += std::to_string(i);
  return s;
}

// Every feature of the format: label sets, self-loops, parallel edges, typed columns
// of each kind, mixed columns holding lists, maps and temporal values, bitmaps past one
// word, nodes without a key, and an `id` property that mirrors the external ids.
void AddGraph(GraphBuilder* b, bool string_keys) {
  quiver::DateTimeValue zoned{1'600'000'000, 5, 3600, "Europe/London"};
  for (int64_t i = 0; i < 70; ++i) {
    std::vector<std::string> labels;
    if (i % 2 == 0) labels.push_back("Person");
    if (i % 3 == 0) labels.push_back("Employee");
    if (i % 5 == 4) labels.push_back("City");
    GraphBuilder::Properties props;
    quiver::storage::ExternalKey key;
    if (i % 11 != 10) {
      if (string_keys) {
        props.push_back({"id", PV(key.emplace<std::string>(Numbered("k", i * 3 % 70)))});
      } else {
        props.push_back({"id", PV(key.emplace<int64_t>(i * 3 % 70 - 20))});
      }
    }
    if (i % 2 == 0) props.push_back({"age", PV(i)});
    if (i % 3 == 0) props.push_back({"name", PV(Numbered(i % 9 == 0 ? "ünï " : "n", i))});
    if (i % 4 == 0) props.push_back({"score", PV(i == 0 ? -0.0 : 0.25 * static_cast<double>(i))});
    if (i % 6 == 0) props.push_back({"active", PV(i % 12 == 0)});
    switch (i % 7) {
      case 0:
        props.push_back({"mixed", PV(PV::List{PV(1), PV("a"), PV()})});
        break;
      case 1:
        props.push_back({"mixed", PV(PV::Map{{"k", PV(2.5)}, {"z", PV(PV::List{})}})});
        break;
      case 2:
        props.push_back({"mixed", PV(quiver::DateValue{i * 100})});
        break;
      case 3:
        props.push_back({"mixed", PV(zoned)});
        break;
      case 4:
        props.push_back({"mixed", PV(quiver::DurationValue{1, -2, 3, 400})});
        break;
      case 5:
        props.push_back({"mixed", PV(quiver::TimeValue{1'000, -3600})});
        break;
      default:
        props.push_back({"mixed", PV(true)});
        break;
    }
    b->AddNode(labels, props, key);
  }
  auto edge = [&](uint64_t s, uint64_t t, const char* type, GraphBuilder::Properties props) {
    Check(b->AddEdge(s, t, type, props), "edge");
  };
  edge(0, 1, "KNOWS", {{"since", PV(2001)}});
  edge(0, 1, "KNOWS", {{"since", PV(2002)}, {"note", PV("again")}});
  edge(1, 0, "KNOWS", {});
  edge(3, 3, "KNOWS", {{"w", PV(0.5)}});
  edge(0, 4, "LIVES_IN", {{"since", PV("2010")}});
  edge(3, 4, "LIVES_IN", {{"since", PV(1999)}});
  edge(4, 4, "LIVES_IN", {{"when", PV(quiver::LocalDateTimeValue{86'400, 7})}});
  for (uint64_t i = 5; i + 1 < 70; i += 2) edge(i, i + 1, "NEXT", {{"i", PV(static_cast<int64_t>(i))}});
}

Template MakeTemplate(bool wide) {
  MemEnv env;
  quiver::storage::DatabaseOptions o;
  o.create_if_missing = true;
  quiver::storage::DatabaseId id{};
  for (size_t i = 0; i < id.size(); ++i) id[i] = static_cast<uint8_t>(0x10 + i);
  o.database_id = id;
  auto db = quiver::storage::DatabaseDir::Open(&env, kDbPath, o);
  Check(db.status(), "create");
  GraphBuilder b;
  AddGraph(&b, wide);
  quiver::storage::GenerationWriter::Options wo;
  if (wide) wo.min_node_id_width = wo.min_edge_position_width = 8;
  auto w = (*db)->BeginGeneration(b.node_count(), wo);
  Check(w.status(), "generation");
  Check(b.Write(w->get()), "write");
  auto published = (*db)->Publish(w->get(), 0);
  Check(published.status(), "publish");
  db->reset();
  Template t;
  t.state = env.Snapshot();
  const std::string gen = std::string(kDbPath) + "/" + quiver::storage::GenerationDirName(*published);
  t.files = {std::string(kDbPath) + "/DBID", std::string(kDbPath) + "/CURRENT"};
  for (const auto& [path, bytes] : t.state.files) {
    if (path.rfind(gen + "/", 0) == 0 && path != gen + "/PIN") t.files.push_back(path);
  }
  return t;
}

const Template& GetTemplate(int which) {
  static const Template* templates[2] = {new Template(MakeTemplate(false)), new Template(MakeTemplate(true))};
  return *templates[which];
}

// Edits inside a section of the original file (by directory index) reach arrays deep
// in a file with few bytes of input; absolute ones reach the header, footer and directory.
void Edit(FuzzInput& in, bool in_section, const std::string& original, std::string* file) {
  std::vector<quiver::fuzz::Region> sections;
  if (in_section) {
    auto parsed = quiver::storage::SectionFile::Parse(
        std::span(reinterpret_cast<const std::byte*>(original.data()), original.size()), "f", {});
    if (parsed.ok()) {
      for (const auto& s : parsed->sections()) sections.push_back({s.offset, s.length()});
    }
  }
  quiver::fuzz::ApplyEdits(in, sections, file);
}

// The reads, once the database is in place in env. Whether it opened and passed both
// checks.
bool ReadBack(MemEnv* env, const std::string& damaged_path, bool changed, bool verify, bool store) {
  const bool only_manifest_checks = damaged_path.find("/gen-") != std::string::npos &&
                                    damaged_path.substr(damaged_path.rfind('/') + 1) != "MANIFEST";
  quiver::storage::DatabaseOptions o;
  o.read_only = true;
  o.open.verify_checksums = verify;
  auto db = quiver::fuzz::NoThrow("DatabaseDir::Open",
                                  [&] { return quiver::storage::DatabaseDir::Open(env, kDbPath, o); });
  quiver::fuzz::ExpectDamageStatus("DatabaseDir::Open", db.status());
  if (!db.ok()) return false;
  auto gen = quiver::fuzz::NoThrow("Pin", [&] { return (*db)->Pin(); });
  quiver::fuzz::ExpectDamageStatus("Pin", gen.status());
  if (quiver::fuzz::Verbose() && !gen.ok())
    std::fprintf(stderr, "open: %s\n", gen.status().ToString().c_str());
  // Files other than the MANIFEST are checked against it only when checksums are
  // verified; DBID, CURRENT and the MANIFEST itself always at open.
  if (changed && gen.ok() && (verify || !only_manifest_checks)) {
    Finding("damage in " + damaged_path + " opened without an error");
  }
  if (!gen.ok()) return false;
  const quiver::storage::Generation& g = **gen;
  const Status checksums = quiver::fuzz::NoThrow("VerifyChecksums", [&] { return g.VerifyChecksums(); });
  quiver::fuzz::ExpectDamageStatus("VerifyChecksums", checksums);
  if (changed && checksums.ok()) Finding("damage in " + damaged_path + " passes VerifyChecksums");
  const Status structure = quiver::fuzz::NoThrow("VerifyStructure", [&] { return g.VerifyStructure(); });
  quiver::fuzz::ExpectDamageStatus("VerifyStructure", structure);
  const bool valid = checksums.ok() && structure.ok();
  if (quiver::fuzz::Verbose()) {
    std::fprintf(stderr, "open: OK, checksums: %s, structure: %s\n", checksums.ToString().c_str(),
                 structure.ToString().c_str());
  }
  // A read that meets a damaged block raises a typed Corruption (blocks are verified
  // lazily, as they are first read: docs/reliability.md); anything else thrown is a finding.
  const Status reads = quiver::fuzz::NoThrow(
      "reads", [&] { return quiver::CatchErrors([&] { return quiver::fuzz::ReadGeneration(g); }); });
  quiver::fuzz::ExpectDamageStatus("reads", reads);
  if (valid && !reads.ok()) Finding("a generation that passes check fails a read: " + reads.ToString());
  if (store) quiver::fuzz::ReadThroughStore(env, kDbPath, verify, valid);
  return valid;
}

// `quiver check` must fail on damage that was not resealed, and agree with Open,
// VerifyChecksums and VerifyStructure, which check the same things another way.
void CheckAgrees(MemEnv* env, const std::string& damaged_path, bool changed, bool valid) {
  const auto report =
      quiver::fuzz::NoThrow("CheckDatabase", [&] { return quiver::storage::CheckDatabase(env, kDbPath); });
  quiver::fuzz::ExpectDamageStatus("CheckDatabase", report.status);
  if (changed && report.ok()) Finding("quiver check passes damage in " + damaged_path);
  // check verifies the write log too: a generation that is valid on its own but whose
  // MANIFEST names a log position without a segment is a database the store refuses.
  const bool log_refused = valid && !report.ok() && ![&] {
    quiver::storage::StoreOptions o;
    o.read_only = true;
    return quiver::fuzz::NoThrow("TransactionalStore::Open", [&] {
             return quiver::storage::TransactionalStore::Open(env, kDbPath, o);
           }).ok();
  }();
  if (report.ok() != valid && !log_refused) {
    Finding("quiver check (" + report.status.ToString() + ") and Open + VerifyChecksums + VerifyStructure (" +
            (valid ? "OK" : "failed") + ") disagree about " + damaged_path);
  }
}

void WriteSeeds(const char* dir) {
  std::filesystem::create_directories(dir);
  for (int t = 0; t < 2; ++t) {
    const Template& tpl = GetTemplate(t);
    for (size_t f = 0; f < tpl.files.size(); ++f) {
      // Replace the file with its own bytes, resealed, read through both APIs.
      std::string seed = {static_cast<char>(f), static_cast<char>(t | 8 | 32)};
      seed += tpl.state.files.at(tpl.files[f]);
      std::ofstream(std::string(dir) + "/seed-" + std::to_string(t) + "-" + std::to_string(f),
                    std::ios::binary)
          << seed;
    }
  }
}

// A writer's open (DatabaseDir::Open read-write, as every import, compaction and
// Database::Open does) collects garbage: whatever it makes of the damage, it must not
// delete or change a file of the live generation.
void OpenForWriting(MemEnv* env, const Template& tpl, const std::string& damaged_path) {
  const MemEnv::State before = env->Snapshot();
  {
    quiver::storage::DatabaseOptions o;
    o.create_if_missing = false;
    auto db = quiver::fuzz::NoThrow("DatabaseDir::Open (writer)",
                                    [&] { return quiver::storage::DatabaseDir::Open(env, kDbPath, o); });
    quiver::fuzz::ExpectDamageStatus("DatabaseDir::Open (writer)", db.status());
  }
  const MemEnv::State after = env->Snapshot();
  for (const std::string& path : tpl.files) {
    if (path == damaged_path || path.find("/gen-") == std::string::npos) continue;
    auto it = after.files.find(path);
    if (it == after.files.end()) Finding("a writer's open of a damaged database deleted " + path);
    if (it->second != before.files.at(path)) Finding("a writer's open of a damaged database changed " + path);
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  if (const char* dir = std::getenv("QUIVER_FUZZ_WRITE_SEEDS")) WriteSeeds(dir);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzInput in(data, size);
  const uint8_t selector = in.U8();
  const uint8_t mode = in.U8();
  const Template& tpl = GetTemplate(mode & 1);
  const std::string& path = tpl.files[selector % tpl.files.size()];
  const std::string& original = tpl.state.files.at(path);
  std::string file = original;
  switch ((mode >> 1) & 3) {
    case 0:
      file = std::string(in.Rest());
      break;
    case 1:
      Edit(in, false, original, &file);
      break;
    case 2:
      Edit(in, true, original, &file);
      break;
    default:
      break;
  }
  const bool reseal = (mode & 8) != 0;
  MemEnv::State state = tpl.state;
  if (reseal && path.size() > 4 && path.compare(path.size() - 3, 3, ".qv") == 0) {
    quiver::fuzz::ResealSectionFile(&file);
    const std::string manifest = path.substr(0, path.rfind('/')) + "/MANIFEST";
    const std::string name = path.substr(path.rfind('/') + 1);
    if (!quiver::fuzz::UpdateManifestEntry(&state.files[manifest], name, file.size(),
                                           quiver::Checksum64(file))) {
      Finding("template MANIFEST has no entry for " + name);
    }
  } else if (reseal && path != std::string(kDbPath) + "/CURRENT") {
    quiver::fuzz::ResealSectionFile(&file);  // DBID and the MANIFEST: their own checksums only
  }
  const bool changed = file != original && !reseal;
  state.files[path] = std::move(file);
  MemEnv env;
  env.Restore(state);
  const bool valid = ReadBack(&env, path, changed, (mode & 16) != 0, (mode & 32) != 0);
  CheckAgrees(&env, path, changed, valid);
  if (mode & 64) OpenForWriting(&env, tpl, path);
  return 0;
}
