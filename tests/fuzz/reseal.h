#pragma once
// Recomputing checksums after a fuzz target damaged a file, so the damage reaches the
// structural checks behind the checksums instead of stopping at the first one (a random
// byte never passes XXH3). Every function works on any bytes: where the damage made a
// field nonsense (a footer pointing past the end), the checksums it would locate are
// left as they are.
//
// The layouts are the documented ones: docs/format/generation.md ("Common file
// structure", MANIFEST's file table) and docs/format/log.md (segment header, records).
// If a format changes, these still compile and the targets still run; only inputs that
// ask for a reseal stop reaching past the checksums until this file follows the format.

#include <cstdint>
#include <string>
#include <string_view>

namespace quiver::fuzz {

// A section file (generation.md): header checksum, block table, body checksum, footer
// checksum, in that order (each covers the one before).
void ResealSectionFile(std::string* bytes);

// Sets the MANIFEST's file-table entry named `name` to `size` and `checksum` (XXH3 of
// the whole file), then reseals the MANIFEST. False when the MANIFEST does not parse or
// has no such entry.
bool UpdateManifestEntry(std::string* manifest, std::string_view name, uint64_t size, uint64_t checksum);

// A write-log segment (log.md, version 3: 40-byte record headers): the header
// checksum, and both checksums of every record from the first on, each seeded with the
// record's log position, for as long as the record lengths stay inside the file and
// until an all-zero record header (the preallocated rest of the segment).
void ResealLogSegment(std::string* bytes);

}  // namespace quiver::fuzz
