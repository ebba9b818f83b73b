#include "storage/txn/log_reader.h"

#include <algorithm>
#include <cstring>

#include "storage/txn/log_segment.h"

namespace quiver::storage {

namespace {

// One past the last byte in bytes[from, end) that is not zero; `from` when all are.
uint64_t NonzeroEnd(std::string_view bytes, uint64_t from) {
  uint64_t end = bytes.size();
  while (end > from) {
    // Word at a time over the aligned middle: a preallocated tail is mostly zeros.
    if (end - from >= 8 && end % 8 == 0) {
      uint64_t word = 0;
      std::memcpy(&word, bytes.data() + end - 8, 8);
      if (word == 0) {
        end -= 8;
        continue;
      }
    }
    if (bytes[end - 1] != '\0') return end;
    --end;
  }
  return from;
}

// Valid records that start at aligned offsets after a stop, before `limit`: whether there
// is one, and the greatest durable_before among them with the position of its record.
struct LaterRecords {
  bool found = false;
  uint64_t first_position = 0;
  uint64_t durable = 0;
  uint64_t durable_named_at = 0;
};
LaterRecords ValidRecordsAfter(std::string_view bytes, uint64_t stop_offset, uint64_t stop_position,
                               uint64_t limit, uint32_t version) {
  LaterRecords later;
  RecordView rec;
  std::string why;
  for (uint64_t off = stop_offset + kRecordAlignment, pos = stop_position + kRecordAlignment; off < limit;
       off += kRecordAlignment, pos += kRecordAlignment) {
    if (!ParseRecord(bytes.substr(off), pos, version, &rec, &why)) continue;
    if (!later.found) later.first_position = pos;
    later.found = true;
    if (rec.durable_before > later.durable) {
      later.durable = rec.durable_before;
      later.durable_named_at = pos;
    }
  }
  return later;
}

}  // namespace

Result<LogScan> ScanLog(Env* env, const std::string& db_path, const DatabaseId& id, uint64_t position,
                        uint32_t generation_format, const RecordVisitor& visit, bool salvage) {
  LogScan out;
  out.start_position = position;
  out.end_position = position;
  uint64_t pos = position;
  uint64_t sequence = 0;
  // Where the log is damaged: the error, or — salvaging — the end of what can be read.
  auto damaged = [&](Status why) -> Result<LogScan> {
    if (!salvage) return why;
    out.salvage_stop = std::move(why);
    out.end_position = pos;
    out.last_sequence = std::max(sequence, out.base_sequence);
    out.torn = false;
    return out;
  };
  QUIVER_ASSIGN_OR_RETURN(auto all, ListSegments(env, db_path));
  std::vector<std::pair<uint64_t, std::string>> live;
  for (auto& segment : all) {
    if (segment.first < position) {
      out.stale_segments.push_back(segment.second);
    } else {
      live.push_back(segment);
    }
  }
  if (live.empty() || live.front().first != position) {
    if (generation_format < 3 && position == 0 && all.empty()) {
      out.no_segment = true;  // imported before every generation had its segment
      return out;
    }
    return damaged(Status::Corruption(
        "write log: " + SegmentFileName(position) + ", the segment starting at position " +
        std::to_string(position) + " (the live generation's), is missing" +
        (live.empty() ? std::string() : "; the next one starts at " + std::to_string(live.front().first))));
  }

  uint64_t durable = 0;           // the greatest durable_before of a valid record so far
  uint64_t durable_named_at = 0;  // the position of that record
  for (size_t i = 0; i < live.size(); ++i) {
    const bool last = i + 1 == live.size();
    const auto& [start, name] = live[i];
    if (start != pos) {
      return damaged(Status::Corruption("write log: " + name + " starts at position " + std::to_string(start) +
                                ", but the log before it ends at " + std::to_string(pos) +
                                ": a hole in the middle"));
    }
    QUIVER_ASSIGN_OR_RETURN(auto map, env->MapReadOnly(JoinPath(db_path, name)));
    const std::string_view bytes(reinterpret_cast<const char*>(map->data()), map->size());
    // Segments are created whole (log_segment.h), so a bad header is damage, never a crash.
    Result<SegmentHeader> parsed_header = ParseSegmentHeader(bytes, name);
    if (!parsed_header.ok()) return damaged(parsed_header.status());
    const SegmentHeader header = *parsed_header;
    if (header.database_id != id) return damaged(Status::Corruption(name + ": belongs to another database"));
    if (header.start_position != start) {
      return damaged(Status::Corruption(name + ": header says it starts at " + std::to_string(header.start_position)));
    }
    if (i == 0) {
      sequence = header.base_sequence;  // the generation includes commits up to it
      out.base_sequence = sequence;
    }
    if (header.base_sequence != sequence) {
      return damaged(Status::Corruption(name + ": follows sequence " + std::to_string(header.base_sequence) +
                                ", but the log before it ends at sequence " + std::to_string(sequence)));
    }
    if (header.version >= 3 && bytes.size() % kSegmentGranule != 0) {
      return damaged(Status::Corruption(name + ": " + std::to_string(bytes.size()) +
                                " bytes, not a multiple of the 64 KiB granule segments are allocated in: "
                                "the segment was cut short (or extended) after it was written"));
    }
    ++out.segments_read;
    out.last_segment_start = start;
    out.last_segment_version = header.version;
    out.last_segment_length = bytes.size();

    uint64_t offset = kSegmentHeaderSize;
    std::string why;
    while (offset < bytes.size()) {
      RecordView rec;
      if (!ParseRecord(bytes.substr(offset), pos, header.version, &rec, &why)) break;
      const std::string where = name + ": log position " + std::to_string(pos);
      if (rec.type != static_cast<uint16_t>(RecordType::kCommit)) {
        return damaged(Status::NotSupported(where + ": record type " + std::to_string(rec.type) +
                                    " is unknown to this build (written by a newer version?)"));
      }
      if (rec.sequence != sequence + 1) {
        return damaged(Status::Corruption(where + ": sequence " + std::to_string(rec.sequence) + " follows " +
                                  std::to_string(sequence)));
      }
      if (Status visited = visit(rec, pos, where); !visited.ok()) return damaged(visited);
      if (rec.durable_before > durable) {
        durable = rec.durable_before;
        durable_named_at = pos;
      }
      sequence = rec.sequence;
      pos += rec.size;
      offset += rec.size;
      ++out.records;
      why.clear();
    }
    const uint64_t garbage_end = NonzeroEnd(bytes, std::min<uint64_t>(offset, bytes.size()));
    if (offset >= bytes.size() || garbage_end == offset) continue;  // a clean end: zeros, or nothing

    // Bytes that are not a record follow the last valid one: a crash's torn tail, or damage.
    const std::string where = name + ": log position " + std::to_string(pos) + ": " + why;
    if (!last) {
      return damaged(Status::Corruption(where + ", and later segments follow: a segment is sealed only once all "
                                "of it is durable, so this is damage, not a crash"));
    }
    if (header.version >= 3 && why.find("runs past the end") != std::string::npos) {
      return damaged(Status::Corruption(where + ": records never pass the end of a preallocated segment, so the "
                                "segment was cut short"));
    }
    const LaterRecords later = ValidRecordsAfter(bytes, offset, pos, garbage_end, header.version);
    if (header.version < 3) {
      if (later.found) {
        return damaged(Status::Corruption(where + ", and a valid record follows at position " +
                                  std::to_string(later.first_position) + ": a hole in the middle of the log"));
      }
    } else {
      if (later.durable > durable) {
        durable = later.durable;
        durable_named_at = later.durable_named_at;
      }
      if (pos < durable) {
        return damaged(Status::Corruption(where + ", but the record at log position " + std::to_string(durable_named_at) +
                                  " was appended once the log was durable up to position " +
                                  std::to_string(durable) +
                                  ": these bytes had been fsynced, so this is damage, not a crash"));
      }
    }
    out.torn = true;
    out.torn_bytes = garbage_end - offset;
    out.torn_reason = why;
  }
  out.end_position = pos;
  out.last_sequence = sequence;
  return out;
}

Status RepairTornTail(Env* env, const std::string& db_path, const LogScan& scan) {
  if (!scan.torn) return Status::OK();
  const std::string path = JoinPath(db_path, SegmentFileName(scan.last_segment_start));
  const uint64_t offset = kSegmentHeaderSize + (scan.end_position - scan.last_segment_start);
  if (scan.last_segment_version < 3) return env->TruncateFile(path, offset);
  QUIVER_ASSIGN_OR_RETURN(auto file, env->OpenWritableFile(path));
  QUIVER_RETURN_IF_ERROR(file->WriteAt(offset, std::string(scan.torn_bytes, '\0')));
  QUIVER_RETURN_IF_ERROR(file->Sync());
  return file->Close();
}

}  // namespace quiver::storage
