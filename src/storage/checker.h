#pragma once
// The database checker behind `quiver check`: verifies every checksum and every
// structural invariant of the current generation and names the first broken file and
// byte offset. Checksums come first (a flipped bit is reported as a checksum mismatch in
// its 64 KiB block), then the structure (offsets monotone, ids in range, reverse CSR the
// transpose of forward, counts matching).

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

struct CheckReport {
  Status status;            // OK, or the first problem found
  std::string file;         // the broken file (relative to the database), when known
  uint64_t offset = 0;      // byte offset in that file, when known
  bool has_location = false;
  uint64_t generation = 0;  // the generation checked (0 if CURRENT is unreadable)
  std::vector<CheckedFile> files;  // files verified before stopping
  bool ok() const { return status.ok(); }
};

CheckReport CheckDatabase(Env* env, const std::string& db_path);

}  // namespace quiver::storage
