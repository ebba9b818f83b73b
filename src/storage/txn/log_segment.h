#pragma once
// Log segment files as files (docs/format/log.md, "Files"): creating one whole and
// preallocated, listing them, removing stale ones, and where a new history starts.
// The bytes inside are log_format.h's; reading records is log_reader.h's.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common/file/env.h"
#include "storage/format.h"

namespace quiver::storage {

// Creates the version-3 segment starting at `start`, one granule long (header, then zeros):
// written to a temporary name, fsynced, renamed into place, the directory fsynced. So a
// segment file that exists always has a whole header. Replaces a segment of that name
// (which callers only do for one that holds no record).
Status CreateSegment(Env* env, const std::string& db_path, const DatabaseId& id, uint64_t start,
                     uint64_t base_sequence);

// Log segments in db_path, ascending by start position: (start, file name).
Result<std::vector<std::pair<uint64_t, std::string>>> ListSegments(Env* env, const std::string& db_path);

// Removes the segments starting below `position` (stale once a generation at `position`
// is durable). Best effort: a failure leaves them for the next writer, which ignores them.
void RemoveSegmentsBelow(Env* env, const std::string& db_path, uint64_t position);

// For a publish that replaces the whole graph (import, generate, --replace): a segment,
// empty, at the end of the current log, whose start becomes the new generation's log
// position, so no record written for the old graph is ever replayed onto the new one.
// `live_position` and `generation_format` are the live generation's. Reuses the last
// segment when it holds no record yet (a fresh database). When the log cannot be read to
// its end (damaged), the new history starts past every segment file. Returns that
// position; call RemoveSegmentsBelow(it) once the generation is published.
Result<uint64_t> StartNewHistory(Env* env, const std::string& db_path, const DatabaseId& id,
                                 uint64_t live_position, uint32_t generation_format);

}  // namespace quiver::storage
