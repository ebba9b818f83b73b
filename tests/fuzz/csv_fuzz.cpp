// Fuzz target: CSV import (`quiver import`): ImportCsv into a ConstructionSession over a
// database in memory, then Commit. The input is split at its 0x00 bytes:
//
//   NODES \0 RELATIONSHIPS [\0 OPTIONS]
//
// NODES and RELATIONSHIPS are one group of files each; a 0x01 byte inside one starts the
// group's next file (neo4j-admin's "header.csv,part1.csv"). OPTIONS, when present, are
// up to three bytes:
//   byte 0  bits 0-1 delimiter (, TAB | ;); bit 2 quote ' instead of "; bit 3
//           --skip-bad-rows (with a report file); bit 4 integer ids by default; bit 5
//           gzip the node files; bit 6 the node bytes are a gzip stream as given; bit 7
//           --nodes=L and --relationships=T
//   byte 1  chunk bytes of the first run (0: the import's default)
//   byte 2  bit 0 spill edges to runs; bit 1 two workers; bit 2 no second run
// Oracles, beyond "no crash, no exception":
//  * a failed import is an InvalidArgument naming file:line:column, (or, for gzip input,
//    the file);
//  * a committed import passes VerifyChecksums and VerifyStructure and reads back
//    without an error;
//  * determinism (docs/ingest.md): a second run with tiny chunks and segments and
//    another worker count ends in the same error message, or publishes the same bytes.

#include <zlib.h>

#include <cctype>
#include <map>

#include "common/file/checksum.h"
#include "fuzz/fuzz_support.h"
#include "fuzz/graph_reads.h"
#include "fuzz/mem_env.h"
#include "ingest/csv_import.h"

namespace {

using quiver::Status;
using quiver::fuzz::Finding;
using quiver::fuzz::MemEnv;
using quiver::ingest::FileKind;
using quiver::ingest::InputGroup;

constexpr char kDbPath[] = "/db";
constexpr char kInputDir[] = "/in";

struct Run {
  uint64_t chunk_bytes = 0;
  uint64_t segment_bytes = 0;
  uint32_t workers = 1;
  uint64_t spill_edges = 0;
};

struct Outcome {
  std::string status;                        // "OK" or the error
  std::map<std::string, std::string> files;  // published file -> size:checksum
};

std::vector<std::string> Split(std::string_view s, char at) {
  std::vector<std::string> parts;
  for (size_t i = 0;;) {
    const size_t j = s.find(at, i);
    parts.emplace_back(s.substr(i, j == std::string_view::npos ? std::string_view::npos : j - i));
    if (j == std::string_view::npos) return parts;
    i = j + 1;
  }
}

std::string Gzip(std::string_view data) {
  z_stream z{};
  deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);  // 16: gzip header
  std::string out(deflateBound(&z, data.size()) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

// "FILE:LINE:COLUMN: reason" with FILE one of the inputs (any "FILE: " for gzip files,
// whose stream errors have no line).
bool NamesPlace(const std::string& message, const std::vector<std::string>& files) {
  for (const auto& f : files) {
    if (message.rfind(f + ":", 0) != 0) continue;
    if (f.size() > 3 && f.compare(f.size() - 3, 3, ".gz") == 0) return true;
    size_t i = f.size() + 1;
    for (int field = 0; field < 2; ++field) {
      const size_t digits = i;
      while (i < message.size() && std::isdigit(static_cast<unsigned char>(message[i]))) ++i;
      if (i == digits || i >= message.size() || message[i] != ':') return false;
      ++i;
    }
    return true;
  }
  return false;
}

Outcome Import(const std::vector<InputGroup>& groups, const std::map<std::string, std::string>& inputs,
               const quiver::ingest::ImportOptions& base, const Run& run) {
  MemEnv env;
  (void)env.CreateDirs(kInputDir);
  for (const auto& [path, bytes] : inputs) env.Write(path, bytes);
  quiver::storage::DatabaseOptions o;
  o.create_if_missing = true;
  o.database_id = quiver::storage::DatabaseId{1, 2, 3};
  auto db = quiver::storage::DatabaseDir::Open(&env, kDbPath, o);
  if (!db.ok()) Finding("creating the database: " + db.status().ToString());
  quiver::ingest::SessionOptions so;
  so.workers = run.workers;
  so.memory_budget = uint64_t{16} << 20;  // buffers follow the budget: smaller is faster
  so.spill_edges = run.spill_edges;
  auto session = quiver::ingest::ConstructionSession::Begin(db->get(), so);
  if (!session.ok()) Finding("session: " + session.status().ToString());
  quiver::ingest::ImportOptions io = base;
  io.env = &env;
  io.chunk_bytes = run.chunk_bytes;
  io.segment_bytes = run.segment_bytes;
  std::vector<std::string> files;
  for (const auto& g : groups) files.insert(files.end(), g.files.begin(), g.files.end());

  auto imported = quiver::fuzz::NoThrow("ImportCsv", [&] { return ImportCsv(groups, io, session->get()); });
  if (!imported.ok()) {
    const Status& s = imported.status();
    if (s.code() != quiver::StatusCode::kInvalidArgument || !NamesPlace(s.message(), files)) {
      Finding("import error without file:line:column: " + s.ToString());
    }
    return {s.ToString(), {}};
  }
  auto committed = quiver::fuzz::NoThrow("Commit", [&] { return (*session)->Commit(); });
  if (!committed.ok()) {
    quiver::fuzz::ExpectDamageStatus("Commit", committed.status());
    return {"commit: " + committed.status().ToString(), {}};
  }
  session->reset();
  auto gen = (*db)->Pin();
  if (!gen.ok()) Finding("pinning the imported generation: " + gen.status().ToString());
  const Status checksums = (*gen)->VerifyChecksums();
  const Status structure = (*gen)->VerifyStructure();
  if (!checksums.ok() || !structure.ok()) {
    Finding("an imported generation fails check: " + checksums.ToString() + " / " + structure.ToString());
  }
  const Status reads = quiver::fuzz::ReadGeneration(**gen);
  if (!reads.ok()) Finding("an imported generation fails a read: " + reads.ToString());
  Outcome out{"OK", {}};
  for (const auto& f : (*gen)->files()) {
    auto bytes = env.Read((*gen)->dir() + "/" + f.info.name);
    if (bytes.ok())
      out.files[f.info.name] =
          std::to_string(bytes->size()) + ":" + std::to_string(quiver::Checksum64(*bytes));
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::vector<std::string> parts =
      Split(std::string_view(reinterpret_cast<const char*>(data), size), '\0');
  const std::string options = parts.size() > 2 ? parts[2] : std::string();
  const uint8_t o0 = options.size() > 0 ? static_cast<uint8_t>(options[0]) : 0;
  const uint8_t o1 = options.size() > 1 ? static_cast<uint8_t>(options[1]) : 0;
  const uint8_t o2 = options.size() > 2 ? static_cast<uint8_t>(options[2]) : 0;

  quiver::ingest::ImportOptions io;
  io.dialect.delimiter = ",\t|;"[o0 & 3];
  io.dialect.quote = (o0 & 4) ? '\'' : '"';
  io.skip_bad_rows = (o0 & 8) != 0;
  if (io.skip_bad_rows) io.report_path = std::string(kInputDir) + "/import.report";
  io.default_id_type = (o0 & 16) ? quiver::ingest::KeyType::kInteger : quiver::ingest::KeyType::kString;

  std::map<std::string, std::string> inputs;
  std::vector<InputGroup> groups;
  for (int kind = 0; kind < 2; ++kind) {
    InputGroup g;
    g.kind = kind == 0 ? FileKind::kNodes : FileKind::kRelationships;
    if (o0 & 128) g.names = {kind == 0 ? "L" : "T"};
    const std::vector<std::string> files =
        Split(kind < static_cast<int>(parts.size()) ? parts[kind] : "", '\x01');
    for (size_t i = 0; i < files.size(); ++i) {
      const bool gz = kind == 0 && (o0 & (32 | 64)) != 0;
      std::string path =
          std::string(kInputDir) + "/" + (kind == 0 ? "nodes-" : "rels-") + std::to_string(i) + ".csv";
      if (gz) path += ".gz";
      inputs[path] = gz && (o0 & 64) == 0 ? Gzip(files[i]) : files[i];
      g.files.push_back(path);
    }
    groups.push_back(std::move(g));
  }

  Run first;
  first.chunk_bytes = o1;
  first.segment_bytes = 64 << 10;  // the default (budget / 16, at least 4 MiB) zero-fills 4 MiB a read
  first.spill_edges = (o2 & 1) ? 2 : 0;
  first.workers = (o2 & 2) ? 2 : 1;
  const Outcome a = Import(groups, inputs, io, first);
  if ((o2 & 4) == 0) {
    Run second;
    second.chunk_bytes = 1 + o1 % 7;
    second.segment_bytes = 16 + o1 % 50;
    second.workers = 3 - first.workers;
    second.spill_edges = (o2 & 1) ? 0 : 3;
    const Outcome b = Import(groups, inputs, io, second);
    if (a.status != b.status)
      Finding("the outcome depends on chunks or workers: " + a.status + " vs " + b.status);
    if (a.files != b.files) Finding("the published bytes depend on chunks, segments or workers");
  }
  return 0;
}
