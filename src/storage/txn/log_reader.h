#pragma once
// ScanLog: reads the write log past a generation's position and decides, by the rules of
// docs/format/log.md ("Recovery"), whether what it finds is a log, a log with a torn
// tail (a crash), or damage. Recovery replays the records it visits; StartNewHistory and
// `quiver check` use it to find where the log ends. Reading only: repairing a torn tail
// is RepairTornTail's, and only a writer calls it.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/file/env.h"
#include "storage/format.h"
#include "storage/txn/log_format.h"

namespace quiver::storage {

struct LogScan {
  uint64_t start_position = 0;  // where the scan began: the generation's position
  uint64_t end_position = 0;    // just past the last valid record
  uint64_t base_sequence = 0;   // the commits the generation includes
  uint64_t last_sequence = 0;   // of the last valid record (base_sequence if none)
  uint64_t segments_read = 0;
  uint64_t records = 0;
  std::vector<std::string> stale_segments;  // starting below start_position
  // A generation of format 1 or 2 at position 0 with no segment at all: a database
  // imported before every generation had its segment. Nothing was read.
  bool no_segment = false;
  // The last segment: where a writer continues.
  uint64_t last_segment_start = 0;
  uint32_t last_segment_version = 0;
  uint64_t last_segment_length = 0;  // file length
  // A torn tail: the last segment's records stop at end_position and bytes that are not
  // zero follow, up to end_position + torn_bytes; torn_reason says why the record there
  // is not valid.
  bool torn = false;
  uint64_t torn_bytes = 0;
  std::string torn_reason;
  // Salvaging only: the damage the scan stopped at (OK: it read the whole log). The
  // records before end_position were visited; nothing after it was.
  Status salvage_stop;
};

// Called for each valid record in log order; `where` names segment and position for
// messages. A non-OK status stops the scan and is returned.
using RecordVisitor =
    std::function<Status(const RecordView& record, uint64_t position, const std::string& where)>;

// Reads the log of db_path from `position`, the live generation's write_log_position;
// `generation_format` is that generation's format version (a format-3 generation's segment
// must exist). Corruption or NotSupported where the rules do not hold — or, salvaging
// (`quiver check --repair`), a scan that ends there with the damage in salvage_stop.
Result<LogScan> ScanLog(Env* env, const std::string& db_path, const DatabaseId& id, uint64_t position,
                        uint32_t generation_format, const RecordVisitor& visit, bool salvage = false);

// A writer's repair of the torn tail `scan` reported: the bytes are zeroed (version 3:
// the segment keeps its length) or cut off (versions 1 and 2), and the file is synced.
Status RepairTornTail(Env* env, const std::string& db_path, const LogScan& scan);

}  // namespace quiver::storage
