#include "storage/txn/log_segment.h"

#include <algorithm>

#include "storage/txn/log_format.h"
#include "storage/txn/log_reader.h"

namespace quiver::storage {

Status CreateSegment(Env* env, const std::string& db_path, const DatabaseId& id, uint64_t start,
                     uint64_t base_sequence) {
  const std::string path = JoinPath(db_path, SegmentFileName(start));
  const std::string tmp = path + ".tmp";
  {
    QUIVER_ASSIGN_OR_RETURN(auto file, env->NewWritableFile(tmp));
    QUIVER_RETURN_IF_ERROR(file->Append(EncodeSegmentHeader({id, start, base_sequence})));
    // The first granule: space reserved now, so the first commits cannot run out of it.
    QUIVER_RETURN_IF_ERROR(file->Allocate(kSegmentGranule));
    QUIVER_RETURN_IF_ERROR(file->Sync());
    QUIVER_RETURN_IF_ERROR(file->Close());
  }
  QUIVER_RETURN_IF_ERROR(env->RenameFile(tmp, path));
  return env->SyncDir(db_path);
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

void RemoveSegmentsBelow(Env* env, const std::string& db_path, uint64_t position) {
  auto segments = ListSegments(env, db_path);
  if (!segments.ok()) return;  // left for the next writer; recovery ignores them
  for (const auto& [start, name] : *segments) {
    if (start < position) (void)env->RemoveFile(JoinPath(db_path, name));
  }
}

Result<uint64_t> StartNewHistory(Env* env, const std::string& db_path, const DatabaseId& id,
                                 uint64_t live_position, uint32_t generation_format) {
  QUIVER_ASSIGN_OR_RETURN(auto segments, ListSegments(env, db_path));
  if (segments.empty()) {
    QUIVER_RETURN_IF_ERROR(CreateSegment(env, db_path, id, 0, 0));
    return uint64_t{0};
  }
  // The end of the log: scanned from the live generation's position, replaying nothing.
  auto scan = ScanLog(env, db_path, id, live_position, generation_format,
                      [](const RecordView&, uint64_t, const std::string&) { return Status::OK(); });
  if (scan.ok() && !scan->no_segment && scan->records == 0 && !scan->torn && scan->last_segment_version >= 3) {
    return scan->last_segment_start;  // an empty log: the new history starts in its segment
  }
  uint64_t start = 0;
  uint64_t base_sequence = 0;
  if (scan.ok()) {
    start = scan->end_position;
    base_sequence = scan->last_sequence;
    // A torn tail is not part of the old history either; start past its bytes.
    if (scan->torn) start += (scan->torn_bytes + kRecordAlignment - 1) / kRecordAlignment * kRecordAlignment;
  } else {
    // Unreadable: past the end of every segment file, whatever they hold.
    for (const auto& [s, name] : segments) {
      QUIVER_ASSIGN_OR_RETURN(uint64_t size, env->FileSize(JoinPath(db_path, name)));
      start = std::max(start, s + size);
    }
  }
  start = (start + kRecordAlignment - 1) / kRecordAlignment * kRecordAlignment;
  if (start <= segments.back().first) start = segments.back().first + kRecordAlignment;
  QUIVER_RETURN_IF_ERROR(CreateSegment(env, db_path, id, start, base_sequence));
  return start;
}

}  // namespace quiver::storage
