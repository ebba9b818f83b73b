#include "fuzz/mem_env.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace quiver::fuzz {

struct MemEnv::FileData {
  std::string bytes;
};

namespace {

// Paths are compared as given, except that a trailing slash names the same directory.
std::string Normal(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

bool IsUnder(const std::string& path, const std::string& dir) {
  return path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 &&
         (dir == "/" || path[dir.size()] == '/');
}

Status Missing(std::string_view op, const std::string& path) {
  return Status::NotFound(std::string(op) + " '" + path + "': No such file or directory");
}

class MemRandomAccessFile final : public RandomAccessFile {
 public:
  MemRandomAccessFile(std::string path, std::shared_ptr<MemEnv::FileData> data, std::mutex* mu, uint64_t size)
      : path_(std::move(path)), data_(std::move(data)), mu_(mu), size_(size) {}
  Result<size_t> ReadAt(uint64_t offset, size_t n, char* scratch) const override {
    std::lock_guard lock(*mu_);
    const std::string& b = data_->bytes;
    if (offset >= b.size()) return size_t{0};
    const size_t got = std::min<uint64_t>(n, b.size() - offset);
    std::memcpy(scratch, b.data() + offset, got);
    return got;
  }
  uint64_t Size() const override { return size_; }
  const std::string& path() const override { return path_; }

 private:
  std::string path_;
  std::shared_ptr<MemEnv::FileData> data_;
  std::mutex* mu_;
  uint64_t size_;
};

// An exact-size, page-aligned copy: reads past the end are heap overflows under ASan.
class MemMappedFile final : public MappedFile {
 public:
  MemMappedFile(std::string path, const std::string& bytes) : path_(std::move(path)), size_(bytes.size()) {
    if (size_ > 0) {
      data_ = static_cast<std::byte*>(::operator new (size_, std::align_val_t{4096}));
      std::memcpy(data_, bytes.data(), size_);
    }
  }
  ~MemMappedFile() override {
    if (data_ != nullptr) ::operator delete (data_, std::align_val_t{4096});
  }
  const std::byte* data() const override { return data_; }
  size_t size() const override { return size_; }
  const std::string& path() const override { return path_; }

 private:
  std::string path_;
  std::byte* data_ = nullptr;
  size_t size_;
};

}  // namespace

class MemWritableFile final : public WritableFile {
 public:
  MemWritableFile(MemEnv* env, std::string path, std::shared_ptr<MemEnv::FileData> data)
      : env_(env), path_(std::move(path)), data_(std::move(data)) {}
  Status Append(std::string_view data) override {
    std::lock_guard lock(env_->mu_);
    if (closed_) return Status::IOError("write '" + path_ + "': file closed");
    data_->bytes.append(data);
    return Status::OK();
  }
  Status WriteAt(uint64_t offset, std::string_view data) override {
    std::lock_guard lock(env_->mu_);
    if (closed_) return Status::IOError("pwrite '" + path_ + "': file closed");
    std::string& b = data_->bytes;
    if (b.size() < offset + data.size()) b.resize(offset + data.size(), '\0');
    std::memcpy(b.data() + offset, data.data(), data.size());
    return Status::OK();
  }
  Status Allocate(uint64_t size) override {
    std::lock_guard lock(env_->mu_);
    if (closed_) return Status::IOError("fallocate '" + path_ + "': file closed");
    if (data_->bytes.size() < size) data_->bytes.resize(size, '\0');
    return Status::OK();
  }
  Status Sync() override { return Status::OK(); }
  Status Close() override {
    closed_ = true;
    return Status::OK();
  }
  uint64_t Size() const override {
    std::lock_guard lock(env_->mu_);
    return data_->bytes.size();
  }
  const std::string& path() const override { return path_; }

 private:
  MemEnv* env_;
  std::string path_;
  std::shared_ptr<MemEnv::FileData> data_;
  bool closed_ = false;
};

class MemFileLock final : public FileLock {
 public:
  MemFileLock(MemEnv* env, std::string path, LockMode mode)
      : env_(env), path_(std::move(path)), mode_(mode) {}
  ~MemFileLock() override {
    std::lock_guard lock(env_->mu_);
    auto it = env_->locks_.find(path_);
    if (it == env_->locks_.end()) return;
    if (mode_ == LockMode::kExclusive) {
      it->second.exclusive = false;
    } else {
      --it->second.shared;
    }
    if (!it->second.exclusive && it->second.shared == 0) env_->locks_.erase(it);
  }

 private:
  MemEnv* env_;
  std::string path_;
  LockMode mode_;
};

bool MemEnv::ParentExists(const std::string& path) const {
  const std::string parent = ParentDir(path);
  return parent == "." || parent == "/" || dirs_.count(parent) > 0;
}

Result<std::unique_ptr<WritableFile>> MemEnv::Open(const std::string& raw, bool truncate) {
  const std::string path = Normal(raw);
  std::lock_guard lock(mu_);
  if (!ParentExists(path)) return Missing("open", path);
  if (dirs_.count(path)) return Status::IOError("open '" + path + "': Is a directory");
  auto& data = files_[path];
  if (!data) data = std::make_shared<FileData>();
  if (truncate) data->bytes.clear();
  return std::unique_ptr<WritableFile>(new MemWritableFile(this, path, data));
}

Result<std::unique_ptr<WritableFile>> MemEnv::NewWritableFile(const std::string& path) {
  return Open(path, true);
}

Result<std::unique_ptr<WritableFile>> MemEnv::OpenWritableFile(const std::string& path) {
  return Open(path, false);
}

Result<std::unique_ptr<RandomAccessFile>> MemEnv::NewRandomAccessFile(const std::string& raw) {
  const std::string path = Normal(raw);
  std::lock_guard lock(mu_);
  auto it = files_.find(path);
  if (it == files_.end()) return Missing("open", path);
  return std::unique_ptr<RandomAccessFile>(
      new MemRandomAccessFile(path, it->second, &mu_, it->second->bytes.size()));
}

Result<std::unique_ptr<MappedFile>> MemEnv::MapReadOnly(const std::string& raw) {
  const std::string path = Normal(raw);
  std::lock_guard lock(mu_);
  auto it = files_.find(path);
  if (it == files_.end()) return Missing("open", path);
  return std::unique_ptr<MappedFile>(new MemMappedFile(path, it->second->bytes));
}

Status MemEnv::RenameFile(const std::string& raw_from, const std::string& raw_to) {
  const std::string from = Normal(raw_from), to = Normal(raw_to);
  std::lock_guard lock(mu_);
  auto it = files_.find(from);
  if (it == files_.end()) return Missing("rename", from + "' -> '" + to);
  if (!ParentExists(to)) return Missing("rename", from + "' -> '" + to);
  auto data = it->second;
  files_.erase(it);
  files_[to] = std::move(data);
  return Status::OK();
}

Status MemEnv::RemoveFile(const std::string& raw) {
  const std::string path = Normal(raw);
  std::lock_guard lock(mu_);
  if (files_.erase(path) == 0) return Missing("unlink", path);
  return Status::OK();
}

Status MemEnv::TruncateFile(const std::string& raw, uint64_t size) {
  const std::string path = Normal(raw);
  std::lock_guard lock(mu_);
  auto it = files_.find(path);
  if (it == files_.end()) return Missing("truncate", path);
  it->second->bytes.resize(size, '\0');
  return Status::OK();
}

Status MemEnv::CreateDirs(const std::string& raw) {
  const std::string path = Normal(raw);
  std::lock_guard lock(mu_);
  for (size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
    const std::string prefix = path.substr(0, slash);
    if (files_.count(prefix)) return Status::IOError("mkdir '" + path + "': Not a directory");
    if (!prefix.empty()) dirs_.insert(prefix);
    if (slash == std::string::npos) break;
  }
  return Status::OK();
}

Status MemEnv::RemoveDirRecursive(const std::string& raw) {
  const std::string path = Normal(raw);
  std::lock_guard lock(mu_);
  std::erase_if(files_, [&](const auto& f) { return IsUnder(f.first, path); });
  std::erase_if(dirs_, [&](const std::string& d) { return d == path || IsUnder(d, path); });
  return Status::OK();
}

Status MemEnv::SyncDir(const std::string& raw) {
  const std::string path = Normal(raw);
  std::lock_guard lock(mu_);
  if (!dirs_.count(path) && path != "/") return Missing("open directory", path);
  return Status::OK();
}

Result<bool> MemEnv::FileExists(const std::string& raw) {
  const std::string path = Normal(raw);
  std::lock_guard lock(mu_);
  return files_.count(path) > 0 || dirs_.count(path) > 0;
}

Result<uint64_t> MemEnv::FileSize(const std::string& raw) {
  const std::string path = Normal(raw);
  std::lock_guard lock(mu_);
  auto it = files_.find(path);
  if (it != files_.end()) return static_cast<uint64_t>(it->second->bytes.size());
  if (dirs_.count(path)) return uint64_t{4096};
  return Missing("stat", path);
}

Result<std::vector<std::string>> MemEnv::ListDir(const std::string& raw) {
  const std::string path = Normal(raw);
  std::lock_guard lock(mu_);
  if (!dirs_.count(path)) return Missing("opendir", path);
  std::vector<std::string> names;
  auto child = [&](const std::string& p) {
    if (IsUnder(p, path) && p.find('/', path.size() + 1) == std::string::npos) {
      names.push_back(p.substr(path.size() + 1));
    }
  };
  for (const auto& f : files_) child(f.first);
  for (const auto& d : dirs_) child(d);
  std::sort(names.begin(), names.end());
  return names;
}

Result<std::unique_ptr<FileLock>> MemEnv::LockFile(const std::string& raw, LockMode mode) {
  const std::string path = Normal(raw);
  std::lock_guard lock(mu_);
  if (!ParentExists(path)) return Missing("open lock file", path);
  auto& data = files_[path];  // flock's open creates the file
  if (!data) data = std::make_shared<FileData>();
  LockState& state = locks_[path];
  if (state.exclusive || (mode == LockMode::kExclusive && state.shared > 0)) {
    return Status::Busy("database is locked ('" + path + "')");
  }
  if (mode == LockMode::kExclusive) {
    state.exclusive = true;
  } else {
    ++state.shared;
  }
  return std::unique_ptr<FileLock>(new MemFileLock(this, path, mode));
}

MemEnv::State MemEnv::Snapshot() const {
  std::lock_guard lock(mu_);
  State s;
  for (const auto& [path, data] : files_) s.files[path] = data->bytes;
  s.dirs = dirs_;
  return s;
}

void MemEnv::Restore(const State& state) {
  std::lock_guard lock(mu_);
  files_.clear();
  for (const auto& [path, bytes] : state.files) {
    auto data = std::make_shared<FileData>();
    data->bytes = bytes;
    files_[path] = std::move(data);
  }
  dirs_ = state.dirs;
  locks_.clear();
}

Result<std::string> MemEnv::Read(const std::string& raw) const {
  const std::string path = Normal(raw);
  std::lock_guard lock(mu_);
  auto it = files_.find(path);
  if (it == files_.end()) return Missing("open", path);
  return it->second->bytes;
}

void MemEnv::Write(const std::string& raw, std::string data) {
  const std::string path = Normal(raw);
  std::lock_guard lock(mu_);
  auto& f = files_[path];
  if (!f) f = std::make_shared<FileData>();
  f->bytes = std::move(data);
}

}  // namespace quiver::fuzz
