#pragma once
// Recovery: replays the write log past the live generation's position into a DeltaState
// (docs/format/log.md, "Recovery"). ScanLog (log_reader.h) decides what is a torn tail —
// the unfinished last batch of a crash, dropped and reported — and what is damage, which
// is an error, never a silently short database; a record that does not fit the state
// is Corruption too.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/file/env.h"
#include "storage/txn/delta_state.h"
#include "storage/txn/log_segment.h"

namespace quiver::storage {

struct RecoveryReport {
  uint64_t generation = 0;
  uint64_t start_position = 0;  // the generation's write_log_position
  uint64_t end_position = 0;    // where the log continues
  uint64_t segments_read = 0;
  uint64_t records_replayed = 0;
  uint64_t last_sequence = 0;
  bool truncated = false;        // a torn tail was dropped
  uint64_t truncated_at = 0;     // its log position
  uint64_t truncated_bytes = 0;  // bytes dropped (zeroed by a writer; left by a reader)
  std::string truncated_reason;
  std::vector<std::string> stale_segments;  // below the generation's position (deleted by a writer)
  // Salvaging only: the damage replay stopped at (OK: the whole log replayed), and the
  // bytes of log past it that were not replayed.
  Status salvage_stop;
  uint64_t salvage_unread_bytes = 0;
  std::string ToString() const;
};

struct RecoveredLog {
  std::shared_ptr<DeltaState> state;  // the generation's state with every record replayed
  uint64_t segment_start = 0;         // the segment to append to
  uint32_t segment_version = 0;       // its format version
  uint64_t segment_length = 0;        // its file length
  bool create_segment = false;        // there is none to append to: create one at the end
};

// `state` is the live generation's (no changes, its log position and sequence 0).
// Writers (read_only false) repair a torn tail (log_reader.h, RepairTornTail).
Result<RecoveredLog> RecoverLog(Env* env, const std::string& db_path, const DatabaseId& id,
                                std::shared_ptr<DeltaState> state, bool read_only, EditContext ctx,
                                RecoveryReport* report);

// For `quiver check --repair`: replays every commit up to the first damage of the log
// (or the first record that does not fit the state), each commit whole or not at all,
// and reports where it stopped. Reads only.
Result<std::shared_ptr<DeltaState>> SalvageLog(Env* env, const std::string& db_path, const DatabaseId& id,
                                               std::shared_ptr<DeltaState> state, EditContext ctx,
                                               RecoveryReport* report);

}  // namespace quiver::storage
