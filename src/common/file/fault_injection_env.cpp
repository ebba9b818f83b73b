// FaultInjectionEnv: the bookkeeping behind "what would survive power loss now".
// The model is documented in the header; this file keeps that model's state in step with
// every mutating call and, on DropUnsyncedData, rewrites the real files into it.
#include "common/file/fault_injection_env.h"

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <random>
#include <utility>

#include "common/assert.h"

namespace quiver {

// The WritableFile handed out by FaultInjectionEnv: Append and Sync go through the env, which
// counts them, may fail them, and records their effect on the file's node.
class FaultInjectionWritableFile final : public WritableFile {
 public:
  FaultInjectionWritableFile(FaultInjectionEnv* env, std::unique_ptr<WritableFile> base,
                             FaultInjectionEnv::NodeId node)
      : env_(env), base_(std::move(base)), node_(node) {}

  Status Append(std::string_view data) override { return env_->FileAppend(*base_, node_, data); }
  Status WriteAt(uint64_t offset, std::string_view data) override {
    return env_->FileWriteAt(*base_, node_, offset, data);
  }
  Status Allocate(uint64_t size) override { return env_->FileAllocate(*base_, node_, size); }
  // A hint that changes no durability: passed on, not counted.
  Status StartWriteback(uint64_t offset, uint64_t length) override { return base_->StartWriteback(offset, length); }
  Status Sync() override { return env_->FileSync(*base_, node_); }
  Status Close() override { return base_->Close(); }
  uint64_t Size() const override { return base_->Size(); }
  const std::string& path() const override { return base_->path(); }

 private:
  FaultInjectionEnv* env_;
  std::unique_ptr<WritableFile> base_;
  FaultInjectionEnv::NodeId node_;
};

namespace {

// One spelling per path, so "dir/./f", "dir//f" and "dir/f" share their tracking.
std::string Normalize(const std::string& path) {
  std::string out = std::filesystem::path(path).lexically_normal().string();
  while (out.size() > 1 && out.back() == '/') out.pop_back();
  return out.empty() ? "." : out;
}

std::string BaseName(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool IsSameOrUnder(const std::string& path, const std::string& dir) {
  if (path == dir) return true;
  if (dir == "/") return !path.empty() && path.front() == '/';
  return path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 && path[dir.size()] == '/';
}

// A directory is what ListDir can read; Env has no stat of its own.
bool IsDirectory(Env* env, const std::string& path) {
  return env->ListDir(path).ok();
}

Status RemoveIfPresent(Env* env, const std::string& path) {
  QUIVER_ASSIGN_OR_RETURN(bool exists, env->FileExists(path));
  if (!exists) return Status::OK();
  return IsDirectory(env, path) ? env->RemoveDirRecursive(path) : env->RemoveFile(path);
}

}  // namespace

FaultInjectionEnv::FaultInjectionEnv(Env* base) : base_(base) {
  QUIVER_ASSERT(base != nullptr);
}

// ---- fault control ----------------------------------------------------------------------

int64_t FaultInjectionEnv::mutating_ops() const {
  std::lock_guard lock(mu_);
  return ops_;
}

void FaultInjectionEnv::SetCrashAfterOps(int64_t n) {
  QUIVER_ASSERT_MSG(n >= -1, "SetCrashAfterOps takes a count of ops, or -1 to disarm");
  std::lock_guard lock(mu_);
  ops_before_crash_ = n;
}

bool FaultInjectionEnv::crashed() const {
  std::lock_guard lock(mu_);
  return crashed_;
}

void FaultInjectionEnv::FailNextSync() {
  std::lock_guard lock(mu_);
  fail_next_sync_ = true;
}

void FaultInjectionEnv::SetFailAllSyncs(bool fail) {
  std::lock_guard lock(mu_);
  fail_all_syncs_ = fail;
}

void FaultInjectionEnv::FailOpAfter(int64_t n, int err) {
  QUIVER_ASSERT_MSG(n >= 0 && err != 0, "FailOpAfter takes a count of ops and an errno");
  std::lock_guard lock(mu_);
  ops_before_failure_ = n;
  failure_errno_ = err;
}

void FaultInjectionEnv::SetSpaceLimit(std::optional<uint64_t> bytes) {
  std::lock_guard lock(mu_);
  space_left_ = bytes;
}

void FaultInjectionEnv::Reset() {
  std::lock_guard lock(mu_);
  ops_ = 0;
  ops_before_crash_ = -1;
  crashed_ = false;
  fail_next_sync_ = false;
  fail_all_syncs_ = false;
  ops_before_failure_ = -1;
  failure_errno_ = 0;
  space_left_.reset();
  nodes_.clear();
  live_.clear();
  pending_names_.clear();
}

Status FaultInjectionEnv::BeforeMutation(std::string_view operation, const std::string& path) {
  ++ops_;
  if (ops_before_crash_ == 0) {
    crashed_ = true;
    ops_before_crash_ = -1;
  } else if (ops_before_crash_ > 0) {
    --ops_before_crash_;
  }
  if (crashed_) {
    return Status::IOError("simulated crash: " + std::string(operation) + " '" + path +
                           "' refused (mutating operation " + std::to_string(ops_) + ")");
  }
  if (ops_before_failure_ >= 0 && ops_before_failure_-- == 0) {
    return Status::FromErrno("simulated failure of " + std::string(operation), path, failure_errno_);
  }
  return Status::OK();
}

Status FaultInjectionEnv::InjectedSyncFailure(std::string_view operation, const std::string& path) {
  if (fail_all_syncs_ || std::exchange(fail_next_sync_, false)) {
    return Status::IOError("simulated sync failure: " + std::string(operation) + " '" + path + "'");
  }
  return Status::OK();
}

// ---- bookkeeping helpers (mu_ held) -----------------------------------------------------

FaultInjectionEnv::NodeId FaultInjectionEnv::NewNode(uint64_t durable_size) {
  const NodeId id = next_node_id_++;
  nodes_[id].durable_size = durable_size;
  nodes_[id].durable_written = durable_size;
  return id;
}

Result<FaultInjectionEnv::NodeId> FaultInjectionEnv::NodeAt(const std::string& path) {
  if (auto live = live_.find(path); live != live_.end()) return live->second;
  QUIVER_ASSIGN_OR_RETURN(uint64_t size, base_->FileSize(path));
  const NodeId id = NewNode(size);  // not written through us: durable as it is
  live_[path] = id;
  return id;
}

void FaultInjectionEnv::RecordNameChange(const std::string& path, Binding before) {
  // Only the first change since the directory's last sync matters: power loss reverts to it.
  pending_names_[ParentDir(path)].try_emplace(BaseName(path), before);
}

const FaultInjectionEnv::Binding* FaultInjectionEnv::PendingBefore(const std::string& path) const {
  const auto dir = pending_names_.find(ParentDir(path));
  if (dir == pending_names_.end()) return nullptr;
  const auto entry = dir->second.find(BaseName(path));
  return entry == dir->second.end() ? nullptr : &entry->second;
}

bool FaultInjectionEnv::ReferencedByPendingName(NodeId node) const {
  for (const auto& [dir, names] : pending_names_) {
    for (const auto& [name, before] : names) {
      if (before == node) return true;
    }
  }
  return false;
}

void FaultInjectionEnv::ForgetRemoved(const std::string& path, bool recursive) {
  std::vector<NodeId> removed;
  for (auto it = live_.begin(); it != live_.end();) {
    if (it->first == path || (recursive && IsSameOrUnder(it->first, path))) {
      removed.push_back(it->second);
      it = live_.erase(it);
    } else {
      ++it;
    }
  }
  // Removal is durable at once (see the header): the name's pending change is settled ...
  if (auto dir = pending_names_.find(ParentDir(path)); dir != pending_names_.end()) {
    dir->second.erase(BaseName(path));
    if (dir->second.empty()) pending_names_.erase(dir);
  }
  if (recursive) {
    std::erase_if(pending_names_, [&](const auto& entry) { return IsSameOrUnder(entry.first, path); });
  }
  // ... and a removed file never comes back under a name it had before.
  for (auto& [dir, names] : pending_names_) {
    for (auto& [name, before] : names) {
      if (before && std::find(removed.begin(), removed.end(), *before) != removed.end()) before.reset();
    }
  }
  ForgetUnreachableNodes();
}

void FaultInjectionEnv::ForgetUnreachableNodes() {
  std::erase_if(nodes_, [&](const auto& entry) {
    const NodeId id = entry.first;
    const bool live = std::any_of(live_.begin(), live_.end(), [&](const auto& l) { return l.second == id; });
    return !live && !ReferencedByPendingName(id);
  });
}

Result<std::string> FaultInjectionEnv::CurrentBytes(NodeId node) {
  const Node& state = nodes_.at(node);
  if (state.detached_bytes) return *state.detached_bytes;
  for (const auto& [path, id] : live_) {
    if (id == node) return ReadFileToString(base_, path);
  }
  QUIVER_ASSERT_MSG(false, "a file that power loss restores is neither named nor kept");
  return Status::IOError("unreachable");
}

// ---- files --------------------------------------------------------------------------------

Result<std::unique_ptr<WritableFile>> FaultInjectionEnv::NewWritableFile(const std::string& path) {
  return OpenForWrite(path, /*truncate=*/true);
}

Result<std::unique_ptr<WritableFile>> FaultInjectionEnv::OpenWritableFile(const std::string& path) {
  return OpenForWrite(path, /*truncate=*/false);
}

Result<std::unique_ptr<WritableFile>> FaultInjectionEnv::OpenForWrite(const std::string& path,
                                                                      bool truncate) {
  std::lock_guard lock(mu_);
  QUIVER_RETURN_IF_ERROR(BeforeMutation(truncate ? "create" : "open for writing", path));
  const std::string key = Normalize(path);
  QUIVER_ASSIGN_OR_RETURN(bool existed, base_->FileExists(path));
  QUIVER_ASSIGN_OR_RETURN(auto file, truncate ? base_->NewWritableFile(path) : base_->OpenWritableFile(path));
  NodeId id;
  if (auto live = live_.find(key); live != live_.end()) {
    id = live->second;
    // O_TRUNC: the old bytes are gone and none of the new ones is durable yet.
    if (truncate) nodes_[id] = Node{};
  } else {
    // Reopening keeps content we never saw written, which is durable by assumption.
    id = NewNode(truncate ? 0 : file->Size());
    live_[key] = id;
  }
  if (!existed) RecordNameChange(key, std::nullopt);
  return std::unique_ptr<WritableFile>(new FaultInjectionWritableFile(this, std::move(file), id));
}

Status FaultInjectionEnv::WriteWithinSpace(WritableFile& base, NodeId node, uint64_t offset,
                                           std::string_view data, bool append) {
  const uint64_t size = base.Size();
  const uint64_t end = offset + data.size();
  const uint64_t growth = end > size ? end - size : 0;
  Status full;
  if (space_left_ && growth > *space_left_) {
    // write(2) writes what fits, then fails: the rest of the bytes are not there.
    data = data.substr(0, static_cast<size_t>(size + *space_left_ > offset ? size + *space_left_ - offset : 0));
    full = Status::FromErrno(append ? "append" : "write", base.path(), ENOSPC);
  }
  if (!data.empty()) {
    Write w{offset, data.size(), {}};
    auto it = nodes_.find(node);
    if (it != nodes_.end() && offset < it->second.durable_written) {
      // Over durable bytes: keep them, for a power loss that loses this write.
      const uint64_t covered = std::min<uint64_t>(offset + data.size(), it->second.durable_written) - offset;
      QUIVER_ASSIGN_OR_RETURN(auto reader, base_->NewRandomAccessFile(base.path()));
      w.before.resize(covered);
      QUIVER_ASSIGN_OR_RETURN(size_t n, reader->ReadAt(offset, covered, w.before.data()));
      w.before.resize(n);
    }
    QUIVER_RETURN_IF_ERROR(append ? base.Append(data) : base.WriteAt(offset, data));
    if (it != nodes_.end()) it->second.unsynced.push_back(std::move(w));
  }
  if (space_left_) {
    const uint64_t grown = offset + data.size() > size ? offset + data.size() - size : 0;
    *space_left_ -= std::min(*space_left_, grown);
  }
  return full;
}

Status FaultInjectionEnv::FileAppend(WritableFile& base, NodeId node, std::string_view data) {
  std::lock_guard lock(mu_);
  QUIVER_RETURN_IF_ERROR(BeforeMutation("append", base.path()));
  return WriteWithinSpace(base, node, base.Size(), data, /*append=*/true);
}

Status FaultInjectionEnv::FileWriteAt(WritableFile& base, NodeId node, uint64_t offset, std::string_view data) {
  std::lock_guard lock(mu_);
  QUIVER_RETURN_IF_ERROR(BeforeMutation("write", base.path()));
  return WriteWithinSpace(base, node, offset, data, /*append=*/false);
}

Status FaultInjectionEnv::FileAllocate(WritableFile& base, NodeId node, uint64_t size) {
  std::lock_guard lock(mu_);
  QUIVER_RETURN_IF_ERROR(BeforeMutation("allocate", base.path()));
  const uint64_t growth = size > base.Size() ? size - base.Size() : 0;
  if (space_left_ && growth > *space_left_) return Status::FromErrno("fallocate", base.path(), ENOSPC);
  QUIVER_RETURN_IF_ERROR(base.Allocate(size));
  if (space_left_) *space_left_ -= growth;
  return Status::OK();
}

Status FaultInjectionEnv::FileSync(WritableFile& base, NodeId node) {
  std::lock_guard lock(mu_);
  // A crash refuses the sync; a failure FailOpAfter armed for it is a failed fsync, with
  // what that does to the unsynced writes.
  Status status = BeforeMutation("sync", base.path());
  if (crashed_) return status;
  auto it = nodes_.find(node);
  if (status.ok()) status = InjectedSyncFailure("sync", base.path());
  if (status.ok()) status = base.Sync();
  if (it == nodes_.end()) return status;
  Node& state = it->second;
  if (!status.ok()) {
    // fsyncgate: the kernel may have dropped the dirty pages, so a later "successful" sync
    // does not bring them back.
    state.lost.insert(state.lost.end(), state.unsynced.begin(), state.unsynced.end());
    state.unsynced.clear();
    return status;
  }
  state.durable_size = base.Size();
  for (const Write& w : state.unsynced) state.durable_written = std::max(state.durable_written, w.offset + w.size);
  state.unsynced.clear();

  return Status::OK();
}

// ---- names --------------------------------------------------------------------------------

Status FaultInjectionEnv::RenameFile(const std::string& from, const std::string& to) {
  std::lock_guard lock(mu_);
  QUIVER_RETURN_IF_ERROR(BeforeMutation("rename", from + "' -> '" + to));
  const std::string from_key = Normalize(from);
  const std::string to_key = Normalize(to);
  if (from_key == to_key) return base_->RenameFile(from, to);
  if (IsDirectory(base_, from)) return RenameDirectory(from, to);
  QUIVER_ASSIGN_OR_RETURN(bool from_exists, base_->FileExists(from));
  QUIVER_ASSIGN_OR_RETURN(bool to_exists, base_->FileExists(to));
  // Renames that cannot succeed: let the base fail them with its own message.
  if (!from_exists || (to_exists && IsDirectory(base_, to))) return base_->RenameFile(from, to);

  QUIVER_ASSIGN_OR_RETURN(NodeId moved, NodeAt(from_key));
  Binding displaced;
  if (to_exists) {
    QUIVER_ASSIGN_OR_RETURN(displaced, NodeAt(to_key));
  }
  // Power loss may give the replaced file its name back, but after the rename no name reaches
  // its bytes: keep them now if anything still refers to it.
  const bool keep_displaced =
      displaced && (PendingBefore(to_key) == nullptr || ReferencedByPendingName(*displaced));
  std::string displaced_bytes;
  if (keep_displaced) {
    QUIVER_ASSIGN_OR_RETURN(displaced_bytes, ReadFileToString(base_, to));
  }
  QUIVER_RETURN_IF_ERROR(base_->RenameFile(from, to));

  RecordNameChange(to_key, displaced);
  RecordNameChange(from_key, moved);
  if (keep_displaced) nodes_.at(*displaced).detached_bytes = std::move(displaced_bytes);
  live_.erase(from_key);
  live_[to_key] = moved;
  ForgetUnreachableNodes();
  return Status::OK();
}

Status FaultInjectionEnv::RenameDirectory(const std::string& from, const std::string& to) {
  const std::string from_key = Normalize(from);
  const std::string to_key = Normalize(to);
  // A directory created since its parent's last sync was never durable under any name, so it
  // stays lost under the new one until that is synced. Otherwise the rename is treated as
  // durable at once (see the header).
  const Binding* from_before = PendingBefore(from_key);
  const bool from_is_new = from_before != nullptr && !*from_before;
  QUIVER_RETURN_IF_ERROR(base_->RenameFile(from, to));
  if (from_is_new) RecordNameChange(to_key, std::nullopt);
  // The tracking of everything under it follows the new name.
  auto rekey = [&](auto& map) {
    std::vector<typename std::remove_reference_t<decltype(map)>::node_type> moved;
    for (auto it = map.begin(); it != map.end();) {
      auto next = std::next(it);
      if (IsSameOrUnder(it->first, from_key)) moved.push_back(map.extract(it));
      it = next;
    }
    for (auto& entry : moved) {
      entry.key() = to_key + entry.key().substr(from_key.size());
      map.insert(std::move(entry));
    }
  };
  rekey(live_);
  rekey(pending_names_);
  return Status::OK();
}

Status FaultInjectionEnv::LinkFile(const std::string& from, const std::string& to) {
  std::lock_guard lock(mu_);
  QUIVER_RETURN_IF_ERROR(BeforeMutation("link", from + "' -> '" + to));
  QUIVER_ASSIGN_OR_RETURN(NodeId node, NodeAt(Normalize(from)));
  QUIVER_RETURN_IF_ERROR(base_->LinkFile(from, to));
  // A second name for the same file, lost on power loss until its directory is synced.
  const std::string to_key = Normalize(to);
  RecordNameChange(to_key, std::nullopt);
  live_[to_key] = node;
  return Status::OK();
}

Status FaultInjectionEnv::RemoveFile(const std::string& path) {
  std::lock_guard lock(mu_);
  QUIVER_RETURN_IF_ERROR(BeforeMutation("remove", path));
  QUIVER_RETURN_IF_ERROR(base_->RemoveFile(path));
  ForgetRemoved(Normalize(path), /*recursive=*/false);
  return Status::OK();
}

Status FaultInjectionEnv::TruncateFile(const std::string& path, uint64_t size) {
  std::lock_guard lock(mu_);
  QUIVER_RETURN_IF_ERROR(BeforeMutation("truncate", path));
  QUIVER_RETURN_IF_ERROR(base_->TruncateFile(path, size));
  auto live = live_.find(Normalize(path));
  if (live == live_.end()) return Status::OK();
  // Durable at once (see the header): the durable length shrinks with the file.
  Node& state = nodes_.at(live->second);
  state.durable_size = std::min(state.durable_size, size);
  state.durable_written = std::min(state.durable_written, size);
  auto clip = [size](std::vector<Write>& writes) {
    std::erase_if(writes, [size](const Write& w) { return w.offset >= size; });
    for (Write& w : writes) w.size = std::min(w.size, size - w.offset);
  };
  clip(state.unsynced);
  clip(state.lost);
  return Status::OK();
}

Status FaultInjectionEnv::CreateDirs(const std::string& path) {
  std::lock_guard lock(mu_);
  QUIVER_RETURN_IF_ERROR(BeforeMutation("create directories", path));
  std::vector<std::string> created;  // deepest first
  for (std::string dir = Normalize(path); dir != "/" && dir != "."; dir = ParentDir(dir)) {
    QUIVER_ASSIGN_OR_RETURN(bool exists, base_->FileExists(dir));
    if (exists) break;
    created.push_back(dir);
  }
  QUIVER_RETURN_IF_ERROR(base_->CreateDirs(path));
  for (const std::string& dir : created) RecordNameChange(dir, std::nullopt);
  return Status::OK();
}

Status FaultInjectionEnv::RemoveDirRecursive(const std::string& path) {
  std::lock_guard lock(mu_);
  QUIVER_RETURN_IF_ERROR(BeforeMutation("remove directory", path));
  QUIVER_RETURN_IF_ERROR(base_->RemoveDirRecursive(path));
  ForgetRemoved(Normalize(path), /*recursive=*/true);
  return Status::OK();
}

Status FaultInjectionEnv::SyncDir(const std::string& path) {
  std::lock_guard lock(mu_);
  QUIVER_RETURN_IF_ERROR(BeforeMutation("sync directory", path));
  QUIVER_RETURN_IF_ERROR(InjectedSyncFailure("sync directory", path));
  QUIVER_RETURN_IF_ERROR(base_->SyncDir(path));
  pending_names_.erase(Normalize(path));
  ForgetUnreachableNodes();
  return Status::OK();
}

// ---- power loss ---------------------------------------------------------------------------

Status FaultInjectionEnv::DropUnsyncedData() {
  return DropUnsyncedDataImpl(Loss::kDropUnsynced, 0);
}

Status FaultInjectionEnv::DropUnsyncedDataTearingLastWrite() {
  return DropUnsyncedDataImpl(Loss::kTearLastWrite, 0);
}

Status FaultInjectionEnv::DropUnsyncedDataReordering(uint64_t seed) {
  return DropUnsyncedDataImpl(Loss::kReorder, seed);
}

std::vector<FaultInjectionEnv::Write> FaultInjectionEnv::SurvivingWrites(const Node& node, Loss loss,
                                                                         uint64_t seed, NodeId id) const {
  std::vector<Write> out;
  switch (loss) {
    case Loss::kDropUnsynced:
      break;
    case Loss::kTearLastWrite:
      for (const Write& w : node.unsynced) out.push_back({w.offset, w.size, {}});
      if (!out.empty()) {
        out.back().size /= 2;
        if (out.back().size == 0) out.pop_back();
      }
      break;
    case Loss::kReorder: {
      constexpr uint64_t kPage = 4096;
      std::mt19937_64 coin(seed ^ (id * 0x9E3779B97F4A7C15ull));
      for (const Write& w : node.unsynced) {
        for (uint64_t at = w.offset; at < w.offset + w.size;) {
          const uint64_t piece_end = std::min(w.offset + w.size, (at / kPage + 1) * kPage);
          if (coin() & 1) out.push_back({at, piece_end - at, {}});
          at = piece_end;
        }
      }
      break;
    }
  }
  return out;
}

std::string FaultInjectionEnv::SurvivingImage(const Node& node, const std::vector<Write>& survivors,
                                              std::string current) const {
  uint64_t size = node.durable_size;
  for (const Write& w : survivors) size = std::max(size, w.offset + w.size);
  std::string image = current;
  image.resize(size, '\0');
  auto zero = [&image](uint64_t from, uint64_t to) {
    to = std::min<uint64_t>(to, image.size());
    if (from < to) std::fill(image.begin() + static_cast<long>(from), image.begin() + static_cast<long>(to), '\0');
  };
  zero(node.durable_written, size);  // never durably written: zeros, or nothing
  // Writes that may not survive give back what they covered: durable bytes they wrote
  // over, zeros elsewhere (latest first, so the oldest durable content wins).
  auto restore = [&](const Write& w) {
    zero(w.offset, w.offset + w.size);
    const uint64_t end = std::min<uint64_t>(w.offset + w.before.size(), image.size());
    if (w.offset < end) image.replace(w.offset, end - w.offset, w.before, 0, end - w.offset);
  };
  for (auto it = node.unsynced.rbegin(); it != node.unsynced.rend(); ++it) restore(*it);
  for (auto it = node.lost.rbegin(); it != node.lost.rend(); ++it) restore(*it);
  for (const Write& w : survivors) {
    const uint64_t end = std::min<uint64_t>(w.offset + w.size, std::min<uint64_t>(current.size(), size));
    if (w.offset < end) image.replace(w.offset, end - w.offset, current, w.offset, end - w.offset);
  }
  return image;
}

Status FaultInjectionEnv::DropUnsyncedDataImpl(Loss loss, uint64_t seed) {
  std::lock_guard lock(mu_);
  // Where each name we know of ends up: the file it names now, unless its change since its
  // directory's last sync is lost, in which case what it named at that sync.
  std::map<std::string, Binding> survivors;
  for (const auto& [path, id] : live_) survivors[path] = id;
  for (const auto& [dir, names] : pending_names_) {
    for (const auto& [name, before] : names) survivors[Normalize(JoinPath(dir, name))] = before;
  }

  // Plan first and read every file that changes before touching the disk: the bytes a
  // name gets back may sit under another name that is about to be rewritten.
  std::vector<std::string> removals;
  std::vector<std::pair<std::string, std::string>> restores;  // path, bytes
  std::vector<std::pair<std::string, uint64_t>> truncations;  // path, surviving length
  for (const auto& [path, binding] : survivors) {
    if (!binding) {
      removals.push_back(path);
      continue;
    }
    const Node& node = nodes_.at(*binding);
    const std::vector<Write> kept = SurvivingWrites(node, loss, seed, *binding);
    const auto live = live_.find(path);
    const bool same_file = live != live_.end() && live->second == *binding;
    const bool overwrote = std::any_of(node.unsynced.begin(), node.unsynced.end(),
                                       [](const Write& w) { return !w.before.empty(); });
    if (same_file && kept.empty() && node.lost.empty() && !overwrote && node.durable_written >= node.durable_size) {
      truncations.emplace_back(path, node.durable_size);  // the common case: a prefix survives
      continue;
    }
    QUIVER_ASSIGN_OR_RETURN(std::string bytes, CurrentBytes(*binding));
    restores.emplace_back(path, SurvivingImage(node, kept, std::move(bytes)));
  }

  // survivors is sorted, so a lost directory goes before the names under it.
  for (const std::string& path : removals) QUIVER_RETURN_IF_ERROR(RemoveIfPresent(base_, path));
  // No sync while restoring: the machine under test has already lost power, this one has not.
  for (const auto& [path, bytes] : restores) {
    QUIVER_ASSIGN_OR_RETURN(bool dir_survived, base_->FileExists(ParentDir(path)));
    if (!dir_survived) continue;
    QUIVER_RETURN_IF_ERROR(RemoveIfPresent(base_, path));
    QUIVER_ASSIGN_OR_RETURN(auto file, base_->NewWritableFile(path));
    QUIVER_RETURN_IF_ERROR(file->Append(bytes));
    QUIVER_RETURN_IF_ERROR(file->Close());
  }
  for (const auto& [path, keep] : truncations) {
    QUIVER_ASSIGN_OR_RETURN(bool exists, base_->FileExists(path));
    if (!exists) continue;  // under a directory that was lost
    QUIVER_ASSIGN_OR_RETURN(uint64_t size, base_->FileSize(path));
    if (size > keep) QUIVER_RETURN_IF_ERROR(base_->TruncateFile(path, keep));
  }

  // What is on disk now is durable by definition.
  nodes_.clear();
  live_.clear();
  pending_names_.clear();
  return Status::OK();
}

}  // namespace quiver
