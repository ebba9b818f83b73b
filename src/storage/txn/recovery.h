#pragma once
// Recovery: replays the write log past the live generation's position into a DeltaState
// (docs/format/log.md, "Recovery"). A torn tail of the last segment is truncated and
// reported; anything else that does not read back — a hole in the middle, a missing
// segment, a record that does not fit the state — is an error, never a silently short
// database.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/file/env.h"
#include "storage/txn/delta_state.h"

namespace quiver::storage {

struct RecoveryReport {
  uint64_t generation = 0;
  uint64_t start_position = 0;  // the generation's write_log_position
  uint64_t end_position = 0;    // where the log continues
  uint64_t segments_read = 0;
  uint64_t records_replayed = 0;
  uint64_t last_sequence = 0;
  bool truncated = false;        // a torn tail was cut off
  uint64_t truncated_at = 0;     // its log position
  uint64_t truncated_bytes = 0;  // bytes dropped from the file
  std::string truncated_reason;
  std::vector<std::string> stale_segments;  // below the generation's position (deleted by a writer)
  bool removed_torn_segment = false;        // a last segment with a torn header
  std::string ToString() const;
};

struct RecoveredLog {
  std::shared_ptr<DeltaState> state;  // the generation's state with every record replayed
  uint64_t segment_start = 0;         // the segment to append to
  bool create_segment = false;        // it does not exist yet: create it at end_position
};

// `state` is the live generation's (no changes, its log position and sequence 0).
// Writers (read_only false) truncate a torn tail and remove a torn last segment.
Result<RecoveredLog> RecoverLog(Env* env, const std::string& db_path, const DatabaseId& id,
                                std::shared_ptr<DeltaState> state, bool read_only, EditContext ctx,
                                RecoveryReport* report);

// Log segments in db_path, ascending by start position: (start, file name).
Result<std::vector<std::pair<uint64_t, std::string>>> ListSegments(Env* env, const std::string& db_path);

}  // namespace quiver::storage
