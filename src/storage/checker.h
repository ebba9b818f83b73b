#pragma once
// The database checker behind `quiver check`: verifies every checksum and every
// structural invariant of the current generation and names the first broken file and
// byte offset. Checksums come first (a flipped bit is reported as a checksum mismatch in
// its 4 KiB block), then the structure (offsets monotone, ids in range, reverse CSR the
// transpose of forward, counts matching), then the write log past the generation: every
// rule recovery applies (docs/format/log.md, "Recovery": segments whole and contiguous
// from the generation's position, checksums, sequences, damage told from a torn tail)
// and every record replayed onto the generation, as a read-only open would; then the
// generation of every named checkpoint (storage/checkpoints.h) as the current one's
// files and structure, since `--at` and `revert` open them.

#include <cstdint>
#include <string>
#include <vector>

#include "common/file/env.h"
#include "quiver/status.h"

namespace quiver::storage {

struct CheckedFile {
  std::string name;  // relative to the database directory
  uint64_t size = 0;
};

// What the write log past the generation holds (when the checks got that far).
struct LogCheck {
  bool checked = false;
  uint64_t segments = 0;
  uint64_t records = 0;  // commits since the generation
  uint64_t start_position = 0, end_position = 0;
  uint64_t last_sequence = 0;
  bool torn = false;  // a crash's unfinished last commits, dropped by the next writer
  uint64_t torn_bytes = 0;
  std::string torn_reason;
  std::vector<std::string> stale_segments;
};

struct CheckReport {
  Status status;            // OK, or the first problem found
  std::string file;         // the broken file (relative to the database), when known
  uint64_t offset = 0;      // byte offset in that file, when known
  bool has_location = false;
  uint64_t generation = 0;  // the generation checked (0 if CURRENT is unreadable)
  std::vector<CheckedFile> files;  // files verified before stopping
  LogCheck log;
  // The named checkpoints whose generations were checked too (besides the live one).
  std::vector<std::string> checkpoints_checked;
  bool ok() const { return status.ok(); }
};

CheckReport CheckDatabase(Env* env, const std::string& db_path);

}  // namespace quiver::storage
