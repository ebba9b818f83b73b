#include "storage/txn/log_writer.h"

#include <algorithm>

#include "common/assert.h"
#include "storage/txn/log_segment.h"

namespace quiver::storage {

Result<std::unique_ptr<LogWriter>> LogWriter::Open(Env* env, const std::string& db_path, const DatabaseId& id,
                                                   uint64_t segment_start, uint64_t position) {
  const std::string path = JoinPath(db_path, SegmentFileName(segment_start));
  QUIVER_ASSIGN_OR_RETURN(auto file, env->OpenWritableFile(path));
  if (file->Size() % kSegmentGranule != 0 || file->Size() < kSegmentHeaderSize + (position - segment_start)) {
    return Status::Corruption(path + ": segment is " + std::to_string(file->Size()) +
                              " bytes, not a multiple of the granule holding its records up to position " +
                              std::to_string(position));
  }
  return std::unique_ptr<LogWriter>(
      new LogWriter(env, db_path, id, segment_start, position, std::move(file)));
}

LogWriter::LogWriter(Env* env, std::string db_path, DatabaseId id, uint64_t segment_start, uint64_t position,
                     std::unique_ptr<WritableFile> file)
    : env_(env),
      db_path_(std::move(db_path)),
      id_(id),
      file_(std::move(file)),
      segment_start_(segment_start),
      appended_(position),
      synced_(position) {
  flusher_ = std::thread([this] { FlusherLoop(); });
}

LogWriter::~LogWriter() {
  {
    std::lock_guard<std::mutex> l(mu_);
    stop_ = true;
  }
  work_cv_.notify_all();
  flusher_.join();
  if (file_) (void)file_->Close();
}

void LogWriter::SetOnSynced(std::function<void(uint64_t)> f) {
  std::lock_guard<std::mutex> l(mu_);
  on_synced_ = std::move(f);
}

Status LogWriter::FailedStatus() const {
  if (error_.code() == StatusCode::kResourceExhausted) {
    return Status::ResourceExhausted("no space left on device for the write log (" + error_.message() +
                                     "); the database no longer acknowledges commits: it is read-only "
                                     "until reopened with space available");
  }
  return Status::ReadOnly("the write log failed (" + error_.ToString() +
                          "); the database no longer acknowledges commits");
}

Result<uint64_t> LogWriter::Append(RecordType type, uint64_t sequence, std::string_view payload) {
  if (payload.size() > kMaxRecordPayload) {
    return Status::ResourceExhausted("a transaction of " + std::to_string(payload.size()) +
                                     " bytes does not fit one log record");
  }
  uint64_t end = 0;
  {
    std::lock_guard<std::mutex> l(mu_);
    if (!error_.ok()) return FailedStatus();
    const uint64_t size = RecordSize(payload.size());
    if (pending_.empty() || pending_.back().size() + size > pending_.back().capacity()) {
      pending_.emplace_back();
      pending_.back().reserve(std::max(kChunkBytes, size));
      pending_bytes_ += pending_.back().capacity();
    }
    AppendRecord(&pending_.back(), appended_, type, sequence, synced_, payload);
    appended_ += size;
    end = appended_;
  }
  work_cv_.notify_one();
  return end;
}

Status LogWriter::WaitSynced(uint64_t position) {
  std::unique_lock<std::mutex> l(mu_);
  synced_cv_.wait(l, [&] { return synced_ >= position || !error_.ok(); });
  if (synced_ >= position) return Status::OK();
  return FailedStatus();
}

void LogWriter::FlusherLoop() {
  std::unique_lock<std::mutex> l(mu_);
  while (true) {
    work_cv_.wait(l, [&] { return stop_ || (!pending_.empty() && error_.ok()); });
    if (pending_.empty() || !error_.ok()) {
      if (stop_) return;
      continue;
    }
    Status s;
    {
      std::vector<std::string> batch;
      batch.swap(pending_);
      in_flight_bytes_ = pending_bytes_;
      pending_bytes_ = 0;
      writing_ = true;
      const uint64_t from = synced_;
      const uint64_t end = appended_;
      const uint64_t segment_start = segment_start_;
      WritableFile* file = file_.get();
      l.unlock();
      s = WriteBatch(file, segment_start, from, batch);
      l.lock();
      writing_ = false;
      ++syncs_;
      if (s.ok()) {
        synced_ = end;
      } else {
        error_ = s;
      }
    }
    in_flight_bytes_ = 0;
    synced_cv_.notify_all();
    if (on_synced_) {
      const uint64_t synced = synced_;
      auto callback = on_synced_;
      l.unlock();
      callback(synced);
      l.lock();
    }
  }
}

Status LogWriter::WriteBatch(WritableFile* file, uint64_t segment_start, uint64_t from,
                             const std::vector<std::string>& batch) {
  uint64_t offset = kSegmentHeaderSize + (from - segment_start);
  uint64_t bytes = 0;
  for (const std::string& chunk : batch) bytes += chunk.size();
  if (offset + bytes > file->Size()) {
    // Grow first, durably: the length never changes in a crash, and a full disk is
    // reported before any byte of these records is written.
    QUIVER_RETURN_IF_ERROR(file->Allocate(GrownSegmentLength(file->Size(), offset + bytes)));
    QUIVER_RETURN_IF_ERROR(file->Sync());
  }
  for (const std::string& chunk : batch) {
    QUIVER_RETURN_IF_ERROR(file->WriteAt(offset, chunk));
    offset += chunk.size();
  }
  return file->Sync();
}

Status LogWriter::Roll(uint64_t base_sequence) {
  QUIVER_RETURN_IF_ERROR(SyncAll());
  std::unique_lock<std::mutex> l(mu_);
  QUIVER_ASSERT(pending_.empty() && !writing_ && synced_ == appended_);
  const uint64_t start = appended_;
  Status s = file_->Close();
  if (s.ok()) s = CreateSegment(env_, db_path_, id_, start, base_sequence);
  std::unique_ptr<WritableFile> next;
  if (s.ok()) {
    auto opened = env_->OpenWritableFile(JoinPath(db_path_, SegmentFileName(start)));
    if (opened.ok()) {
      next = std::move(opened).value();
    } else {
      s = opened.status();
    }
  }
  if (!s.ok()) {
    error_ = s;  // the log's state on disk is uncertain: stop acknowledging writes
    synced_cv_.notify_all();
    return FailedStatus();
  }
  file_ = std::move(next);
  segment_start_ = start;
  return Status::OK();
}

uint64_t LogWriter::appended() const {
  std::lock_guard<std::mutex> l(mu_);
  return appended_;
}
uint64_t LogWriter::synced() const {
  std::lock_guard<std::mutex> l(mu_);
  return synced_;
}
uint64_t LogWriter::segment_start() const {
  std::lock_guard<std::mutex> l(mu_);
  return segment_start_;
}
uint64_t LogWriter::buffered_bytes() const {
  std::lock_guard<std::mutex> l(mu_);
  return pending_bytes_ + in_flight_bytes_;
}
uint64_t LogWriter::syncs() const {
  std::lock_guard<std::mutex> l(mu_);
  return syncs_;
}
Status LogWriter::health() const {
  std::lock_guard<std::mutex> l(mu_);
  return error_.ok() ? Status::OK() : FailedStatus();
}

}  // namespace quiver::storage
