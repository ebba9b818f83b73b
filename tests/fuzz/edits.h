#pragma once
// Damage to a file, described by fuzz input: a list of edits, each an op byte (bits 0-2
// the kind), a place and the kind's operands. Kinds: xor a byte, set a u32 or u64, add a
// small signed delta to a u32 or u64 (off-by-one counts and offsets), set an interesting
// integer (0, 1, 2^32, -1, ...), truncate or extend, insert or delete bytes. Little-endian,
// as every Quiver format is. At most 64 edits an input.

#include <cstdint>
#include <string>
#include <vector>

#include "fuzz/fuzz_support.h"

namespace quiver::fuzz {

// A byte range of the file as it was before the edits (a section, say).
struct Region {
  uint64_t offset = 0;
  uint64_t length = 0;
};

// With regions, each edit's place is a region (by index) and an offset in it; without,
// an absolute offset.
void ApplyEdits(FuzzInput& in, const std::vector<Region>& regions, std::string* file);

}  // namespace quiver::fuzz
