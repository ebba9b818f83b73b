#include "storage/txn/recovery.h"

#include <algorithm>

#include "storage/txn/log_format.h"
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
  if (removed_torn_segment) s += "; removed a last segment with a torn header";
  if (!stale_segments.empty()) s += "; " + std::to_string(stale_segments.size()) + " stale segments";
  return s;
}

Result<std::vector<std::pair<uint64_t, std::string>>> ListSegments(Env* env, const std::string& db_path) {
  QUIVER_ASSIGN_OR_RETURN(auto names, env->ListDir(db_path));
  std::vector<std::pair<uint64_t, std::string>> out;
  for (auto& name : names) {
    if (auto start = ParseSegmentFileName(name)) out.emplace_back(*start, std::move(name));
  }
  std::sort(out.begin(), out.end());
  return out;
}

namespace {

// Whether any valid record starts at an aligned offset after `offset` in the segment.
bool ValidRecordAfter(std::string_view bytes, uint64_t offset, uint64_t position, uint64_t* found_at) {
  RecordView rec;
  std::string why;
  for (uint64_t off = offset + kRecordAlignment, pos = position + kRecordAlignment;
       off + kRecordHeaderSize <= bytes.size(); off += kRecordAlignment, pos += kRecordAlignment) {
    if (ParseRecord(bytes.substr(off), pos, &rec, &why)) {
      *found_at = pos;
      return true;
    }
  }
  return false;
}

bool AllZero(std::string_view bytes) {
  return std::all_of(bytes.begin(), bytes.end(), [](char c) { return c == '\0'; });
}

}  // namespace

Result<RecoveredLog> RecoverLog(Env* env, const std::string& db_path, const DatabaseId& id,
                                std::shared_ptr<DeltaState> state, bool read_only, EditContext ctx,
                                RecoveryReport* report) {
  const uint64_t p = state->log_position;
  report->generation = state->base->gen().generation();
  report->start_position = p;
  report->end_position = p;
  QUIVER_ASSIGN_OR_RETURN(auto all, ListSegments(env, db_path));
  std::vector<std::pair<uint64_t, std::string>> live;
  for (auto& seg : all) {
    if (seg.first < p) {
      report->stale_segments.push_back(seg.second);
    } else {
      live.push_back(seg);
    }
  }
  RecoveredLog out;
  if (live.empty() || live.front().first != p) {
    if (p == 0 && all.empty()) {  // a new (or imported) database: no log yet
      out.state = std::move(state);
      out.create_segment = true;
      return out;
    }
    return Status::Corruption(
        "write log: the segment starting at position " + std::to_string(p) +
        " (the live generation's) is missing" +
        (live.empty() ? std::string() : "; the next one starts at " + std::to_string(live.front().first)));
  }

  Transaction replay(nullptr, *state, ctx, Transaction::Options{Durability::kAsync, UINT64_MAX, false});
  uint64_t pos = p;
  uint64_t sequence = state->sequence;
  for (size_t i = 0; i < live.size(); ++i) {
    const bool last = i + 1 == live.size();
    const auto& [start, name] = live[i];
    const std::string path = JoinPath(db_path, name);
    if (start != pos) {
      return Status::Corruption("write log: " + name + " starts at position " + std::to_string(start) +
                                ", but the log before it ends at " + std::to_string(pos) +
                                ": a hole in the middle");
    }
    QUIVER_ASSIGN_OR_RETURN(auto map, env->MapReadOnly(path));
    const std::string_view bytes(reinterpret_cast<const char*>(map->data()), map->size());
    auto header = ParseSegmentHeader(bytes, name);
    if (!header.ok()) {
      const bool torn_creation =
          bytes.size() < kSegmentHeaderSize || AllZero(bytes.substr(0, kSegmentHeaderSize));
      if (!last || !torn_creation) return header.status();
      // A crash while the segment was being created: nothing was ever appended to it.
      report->removed_torn_segment = true;
      if (!read_only) {
        map.reset();
        QUIVER_RETURN_IF_ERROR(env->RemoveFile(path));
      }
      out.create_segment = true;
      break;
    }
    if (header->database_id != id) return Status::Corruption(name + ": belongs to another database");
    if (header->start_position != start) {
      return Status::Corruption(name + ": header says it starts at " +
                                std::to_string(header->start_position));
    }
    if (i == 0) sequence = header->base_sequence;  // the generation includes commits up to it
    if (header->base_sequence != sequence) {
      return Status::Corruption(name + ": follows sequence " + std::to_string(header->base_sequence) +
                                ", but the log before it ends at sequence " + std::to_string(sequence));
    }
    ++report->segments_read;
    out.segment_start = start;
    uint64_t offset = kSegmentHeaderSize;
    while (offset < bytes.size()) {
      RecordView rec;
      std::string why;
      if (!ParseRecord(bytes.substr(offset), pos, &rec, &why)) {
        uint64_t next = 0;
        const std::string where = name + ": log position " + std::to_string(pos) + ": " + why;
        if (!last)
          return Status::Corruption(where + ", and later segments follow: a hole in the middle of the log");
        if (ValidRecordAfter(bytes, offset, pos, &next)) {
          return Status::Corruption(where + ", and a valid record follows at position " +
                                    std::to_string(next) + ": a hole in the middle of the log");
        }
        report->truncated = true;
        report->truncated_at = pos;
        report->truncated_bytes = bytes.size() - offset;
        report->truncated_reason = why;
        if (!read_only) {
          map.reset();
          QUIVER_RETURN_IF_ERROR(env->TruncateFile(path, offset));
        }
        break;
      }
      const std::string where = name + ": log position " + std::to_string(pos);
      if (rec.type != static_cast<uint16_t>(RecordType::kCommit)) {
        return Status::NotSupported(where + ": record type " + std::to_string(rec.type) +
                                    " is unknown to this build (written by a newer version?)");
      }
      if (rec.sequence != sequence + 1) {
        return Status::Corruption(where + ": sequence " + std::to_string(rec.sequence) + " follows " +
                                  std::to_string(sequence));
      }
      QUIVER_RETURN_IF_ERROR(replay.Replay(rec.payload, where));
      sequence = rec.sequence;
      pos += rec.size;
      offset += rec.size;
      ++report->records_replayed;
    }
    if (out.create_segment) break;
  }
  out.state = std::make_shared<DeltaState>(replay.work());
  out.state->sequence = sequence;
  out.state->log_position = pos;
  replay.Rollback();  // detached: the state keeps its structures, nothing else to undo
  report->end_position = pos;
  report->last_sequence = sequence;
  return out;
}

}  // namespace quiver::storage
