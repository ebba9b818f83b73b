// PosixEnv: the real file system through POSIX calls. Every error names the operation
// and the path, so a failure deep in publish or recovery reads clearly.
#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "common/file/env.h"

namespace quiver {
namespace {

class PosixWritableFile final : public WritableFile {
 public:
  PosixWritableFile(std::string path, int fd, uint64_t size) : path_(std::move(path)), fd_(fd), size_(size) {}
  ~PosixWritableFile() override { (void)Close(); }

  // Writes at Size() (pwrite, not the file position), so an append after WriteAt or
  // Allocate lands at the end they made.
  Status Append(std::string_view data) override {
    const char* p = data.data();
    size_t left = data.size();
    while (left > 0) {
      ssize_t n = ::pwrite(fd_, p, left, static_cast<off_t>(size_.load(std::memory_order_relaxed)));
      if (n < 0) {
        if (errno == EINTR) continue;
        return Status::FromErrno("write", path_, errno);
      }
      p += n;
      left -= static_cast<size_t>(n);
      size_ += static_cast<uint64_t>(n);
    }
    return Status::OK();
  }

  Status WriteAt(uint64_t offset, std::string_view data) override {
    size_t done = 0;
    while (done < data.size()) {
      ssize_t n = ::pwrite(fd_, data.data() + done, data.size() - done, static_cast<off_t>(offset + done));
      if (n < 0) {
        if (errno == EINTR) continue;
        return Status::FromErrno("pwrite", path_, errno);
      }
      done += static_cast<size_t>(n);
    }
    // Concurrent writers of disjoint ranges: the size is the furthest end any of them wrote.
    const uint64_t end = offset + data.size();
    uint64_t seen = size_.load(std::memory_order_relaxed);
    while (seen < end && !size_.compare_exchange_weak(seen, end, std::memory_order_relaxed)) {
    }
    return Status::OK();
  }

  Status Allocate(uint64_t size) override {
    const uint64_t current = size_.load(std::memory_order_relaxed);
    if (size <= current) return Status::OK();
    // posix_fallocate returns the error instead of setting errno.
    const int rc = ::posix_fallocate(fd_, static_cast<off_t>(current), static_cast<off_t>(size - current));
    if (rc != 0) return Status::FromErrno("fallocate", path_, rc);
    size_.store(size, std::memory_order_relaxed);
    return Status::OK();
  }

  Status StartWriteback(uint64_t offset, uint64_t length) override {
    // A hint: file systems that cannot (or need not) start writeback say so, and are fine.
    if (::sync_file_range(fd_, static_cast<off64_t>(offset), static_cast<off64_t>(length),
                          SYNC_FILE_RANGE_WRITE) != 0 &&
        errno != EINVAL && errno != ESPIPE && errno != ENOSYS) {
      return Status::FromErrno("sync_file_range", path_, errno);
    }
    return Status::OK();
  }

  Status Sync() override {
    if (::fdatasync(fd_) != 0) return Status::FromErrno("fdatasync", path_, errno);
    return Status::OK();
  }

  Status Close() override {
    if (fd_ < 0) return Status::OK();
    const int rc = ::close(fd_);
    fd_ = -1;
    if (rc != 0) return Status::FromErrno("close", path_, errno);
    return Status::OK();
  }

  uint64_t Size() const override { return size_.load(std::memory_order_relaxed); }
  const std::string& path() const override { return path_; }

 private:
  std::string path_;
  int fd_;
  std::atomic<uint64_t> size_;
};

class PosixRandomAccessFile final : public RandomAccessFile {
 public:
  PosixRandomAccessFile(std::string path, int fd, uint64_t size) : path_(std::move(path)), fd_(fd), size_(size) {}
  ~PosixRandomAccessFile() override { ::close(fd_); }

  Result<size_t> ReadAt(uint64_t offset, size_t n, char* scratch) const override {
    size_t done = 0;
    while (done < n) {
      ssize_t r = ::pread(fd_, scratch + done, n - done, static_cast<off_t>(offset + done));
      if (r < 0) {
        if (errno == EINTR) continue;
        return Status::FromErrno("pread", path_, errno);
      }
      if (r == 0) break;  // end of file
      done += static_cast<size_t>(r);
    }
    return done;
  }
  uint64_t Size() const override { return size_; }
  const std::string& path() const override { return path_; }

 private:
  std::string path_;
  int fd_;
  uint64_t size_;
};

class PosixMappedFile final : public MappedFile {
 public:
  PosixMappedFile(std::string path, void* base, size_t size) : path_(std::move(path)), base_(base), size_(size) {}
  ~PosixMappedFile() override {
    if (base_ != nullptr) ::munmap(base_, size_);
  }
  const std::byte* data() const override { return static_cast<const std::byte*>(base_); }
  size_t size() const override { return size_; }
  const std::string& path() const override { return path_; }

 private:
  std::string path_;
  void* base_;
  size_t size_;
};

class PosixFileLock final : public FileLock {
 public:
  explicit PosixFileLock(int fd) : fd_(fd) {}
  ~PosixFileLock() override {
    ::flock(fd_, LOCK_UN);
    ::close(fd_);
  }

 private:
  int fd_;
};

Result<uint64_t> SizeOfFd(int fd, const std::string& path) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return Status::FromErrno("fstat", path, errno);
  return static_cast<uint64_t>(st.st_size);
}

class PosixEnv final : public Env {
 public:
  Result<std::unique_ptr<WritableFile>> NewWritableFile(const std::string& path) override {
    return OpenForWrite(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC);
  }

  Result<std::unique_ptr<WritableFile>> OpenWritableFile(const std::string& path) override {
    return OpenForWrite(path, O_WRONLY | O_CREAT | O_CLOEXEC);
  }

  Result<std::unique_ptr<RandomAccessFile>> NewRandomAccessFile(const std::string& path) override {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return Status::FromErrno("open", path, errno);
    auto size = SizeOfFd(fd, path);
    if (!size.ok()) {
      ::close(fd);
      return size.status();
    }
    return std::unique_ptr<RandomAccessFile>(new PosixRandomAccessFile(path, fd, *size));
  }

  Result<std::unique_ptr<MappedFile>> MapReadOnly(const std::string& path) override {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return Status::FromErrno("open", path, errno);
    auto size = SizeOfFd(fd, path);
    if (!size.ok()) {
      ::close(fd);
      return size.status();
    }
    void* base = nullptr;
    if (*size > 0) {
      base = ::mmap(nullptr, *size, PROT_READ, MAP_SHARED, fd, 0);
      if (base == MAP_FAILED) {
        const int err = errno;
        ::close(fd);
        return Status::FromErrno("mmap", path, err);
      }
    }
    ::close(fd);  // the mapping keeps the file referenced
    return std::unique_ptr<MappedFile>(new PosixMappedFile(path, base, *size));
  }

  Status RenameFile(const std::string& from, const std::string& to) override {
    if (::rename(from.c_str(), to.c_str()) != 0) return Status::FromErrno("rename", from + "' -> '" + to, errno);
    return Status::OK();
  }

  Status LinkFile(const std::string& from, const std::string& to) override {
    if (::link(from.c_str(), to.c_str()) != 0) {
      // No links on this file system, or not across these directories: the caller copies.
      if (errno == EPERM || errno == EXDEV || errno == ENOTSUP || errno == EOPNOTSUPP || errno == EMLINK) {
        return Status::NotSupported("link '" + from + "' -> '" + to + "': " + std::strerror(errno));
      }
      return Status::FromErrno("link", from + "' -> '" + to, errno);
    }
    return Status::OK();
  }

  Status RemoveFile(const std::string& path) override {
    if (::unlink(path.c_str()) != 0) return Status::FromErrno("unlink", path, errno);
    return Status::OK();
  }

  Status TruncateFile(const std::string& path, uint64_t size) override {
    if (::truncate(path.c_str(), static_cast<off_t>(size)) != 0) return Status::FromErrno("truncate", path, errno);
    return Status::OK();
  }

  Status CreateDirs(const std::string& path) override {
    std::error_code ec;
    std::filesystem::create_directories(path, ec);
    if (ec) return Status::FromErrno("mkdir", path, ec.value());
    return Status::OK();
  }

  Status RemoveDirRecursive(const std::string& path) override {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
    if (ec) return Status::FromErrno("remove", path, ec.value());
    return Status::OK();
  }

  Status SyncDir(const std::string& path) override {
    int fd = ::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return Status::FromErrno("open directory", path, errno);
    const int rc = ::fsync(fd);
    const int err = errno;
    ::close(fd);
    if (rc != 0) return Status::FromErrno("fsync directory", path, err);
    return Status::OK();
  }

  Result<bool> FileExists(const std::string& path) override {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) return true;
    if (errno == ENOENT || errno == ENOTDIR) return false;
    return Status::FromErrno("stat", path, errno);
  }

  Result<uint64_t> FileSize(const std::string& path) override {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return Status::FromErrno("stat", path, errno);
    return static_cast<uint64_t>(st.st_size);
  }

  Result<std::vector<std::string>> ListDir(const std::string& path) override {
    DIR* dir = ::opendir(path.c_str());
    if (dir == nullptr) return Status::FromErrno("opendir", path, errno);
    std::vector<std::string> names;
    while (dirent* entry = ::readdir(dir)) {
      std::string_view name = entry->d_name;
      if (name != "." && name != "..") names.emplace_back(name);
    }
    ::closedir(dir);
    std::sort(names.begin(), names.end());
    return names;
  }

  Result<std::unique_ptr<FileLock>> LockFile(const std::string& path, LockMode mode) override {
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return Status::FromErrno("open lock file", path, errno);
    const int op = (mode == LockMode::kExclusive ? LOCK_EX : LOCK_SH) | LOCK_NB;
    if (::flock(fd, op) != 0) {
      const int err = errno;
      std::string holder;
      char buf[32] = {};
      ssize_t n = ::pread(fd, buf, sizeof(buf) - 1, 0);
      if (n > 0) holder.assign(buf, static_cast<size_t>(n));
      while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' ')) holder.pop_back();
      ::close(fd);
      if (err == EWOULDBLOCK) {
        std::string msg = "database is locked";
        if (!holder.empty()) msg += " by pid " + holder;
        return Status::Busy(msg + " ('" + path + "')");
      }
      return Status::FromErrno("flock", path, err);
    }
    if (mode == LockMode::kExclusive) {
      // Record the holder so a conflicting opener can name it.
      const std::string pid = std::to_string(::getpid()) + "\n";
      if (::ftruncate(fd, 0) == 0) (void)!::pwrite(fd, pid.data(), pid.size(), 0);
    }
    return std::unique_ptr<FileLock>(new PosixFileLock(fd));
  }

 private:
  Result<std::unique_ptr<WritableFile>> OpenForWrite(const std::string& path, int flags) {
    int fd = ::open(path.c_str(), flags, 0644);
    if (fd < 0) return Status::FromErrno("open", path, errno);
    auto size = SizeOfFd(fd, path);
    if (!size.ok()) {
      ::close(fd);
      return size.status();
    }
    return std::unique_ptr<WritableFile>(new PosixWritableFile(path, fd, *size));
  }
};

}  // namespace

Env* Env::Default() {
  static PosixEnv env;  // stateless: every call goes straight to the kernel
  return &env;
}

}  // namespace quiver
