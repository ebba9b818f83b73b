#include "storage/txn/recovery.h"

#include "storage/txn/log_reader.h"
#include "storage/txn/transaction.h"

namespace quiver::storage {

std::string RecoveryReport::ToString() const {
  std::string s = "generation " + std::to_string(generation) + ", log " + std::to_string(start_position) +
                  ".." + std::to_string(end_position) + ": " + std::to_string(records_replayed) +
                  " records replayed from " + std::to_string(segments_read) + " segments, last sequence " +
                  std::to_string(last_sequence);
  if (truncated) {
    s += "; torn tail at position " + std::to_string(truncated_at) + " (" + truncated_reason +
         "): " + std::to_string(truncated_bytes) + " bytes dropped";
  }
  if (!stale_segments.empty()) s += "; " + std::to_string(stale_segments.size()) + " stale segments";
  return s;
}

Result<RecoveredLog> RecoverLog(Env* env, const std::string& db_path, const DatabaseId& id,
                                std::shared_ptr<DeltaState> state, bool read_only, EditContext ctx,
                                RecoveryReport* report) {
  const Generation& gen = state->base->gen();
  report->generation = gen.generation();
  report->start_position = state->log_position;
  report->end_position = state->log_position;
  Transaction replay(nullptr, *state, ctx, Transaction::Options{Durability::kAsync, UINT64_MAX, false});
  QUIVER_ASSIGN_OR_RETURN(
      LogScan scan,
      ScanLog(env, db_path, id, state->log_position, gen.manifest().format_version,
              [&replay](const RecordView& rec, uint64_t, const std::string& where) {
                return replay.Replay(rec.payload, where);
              }));
  report->segments_read = scan.segments_read;
  report->records_replayed = scan.records;
  report->stale_segments = scan.stale_segments;
  report->truncated = scan.torn;
  report->truncated_at = scan.end_position;
  report->truncated_bytes = scan.torn_bytes;
  report->truncated_reason = scan.torn_reason;
  if (scan.torn && !read_only) QUIVER_RETURN_IF_ERROR(RepairTornTail(env, db_path, scan));

  RecoveredLog out;
  out.state = std::make_shared<DeltaState>(replay.work());
  out.state->sequence = scan.last_sequence;
  out.state->log_position = scan.end_position;
  replay.Rollback();  // detached: the state keeps its structures, nothing else to undo
  out.create_segment = scan.no_segment;
  out.segment_start = scan.last_segment_start;
  out.segment_version = scan.last_segment_version;
  out.segment_length = scan.last_segment_length;
  report->end_position = scan.end_position;
  report->last_sequence = scan.last_sequence;
  return out;
}

Result<std::shared_ptr<DeltaState>> SalvageLog(Env* env, const std::string& db_path, const DatabaseId& id,
                                               std::shared_ptr<DeltaState> state, EditContext ctx,
                                               RecoveryReport* report) {
  const Generation& gen = state->base->gen();
  report->generation = gen.generation();
  report->start_position = state->log_position;
  // One transaction per record, each with an edit token of its own (so a record that
  // fails halfway has changed none of the structures `current` holds), and a record that
  // does not fit stops the replay whole.
  DeltaState current = *state;
  uint64_t edit = ctx.edit;
  QUIVER_ASSIGN_OR_RETURN(
      LogScan scan,
      ScanLog(
          env, db_path, id, state->log_position, gen.manifest().format_version,
          [&](const RecordView& rec, uint64_t, const std::string& where) {
            EditContext record_ctx = ctx;
            record_ctx.edit = edit++;
            Transaction replay(nullptr, current, record_ctx, Transaction::Options{Durability::kAsync, UINT64_MAX, false});
            QUIVER_RETURN_IF_ERROR(replay.Replay(rec.payload, where));
            current = replay.work();
            replay.Rollback();  // detached: `current` keeps the structures
            return Status::OK();
          },
          /*salvage=*/true));
  report->segments_read = scan.segments_read;
  report->records_replayed = scan.records;
  report->end_position = scan.end_position;
  report->last_sequence = scan.last_sequence;
  report->salvage_stop = scan.salvage_stop;
  report->truncated = scan.torn;
  report->truncated_bytes = scan.torn_bytes;
  report->truncated_reason = scan.torn_reason;
  if (!scan.salvage_stop.ok()) {
    uint64_t total = 0;  // log bytes on disk past the stop (an upper bound of what is lost)
    if (auto segments = ListSegments(env, db_path); segments.ok()) {
      for (const auto& [start, name] : *segments) {
        auto size = env->FileSize(JoinPath(db_path, name));
        if (size.ok() && start + *size > scan.end_position + kSegmentHeaderSize) {
          total += start + *size - kSegmentHeaderSize - std::max(start, scan.end_position);
        }
      }
    }
    report->salvage_unread_bytes = total;
  }
  auto out = std::make_shared<DeltaState>(current);
  out->sequence = scan.last_sequence;
  out->log_position = scan.end_position;
  return out;
}

}  // namespace quiver::storage
