#pragma once
// A fresh directory per test, removed on destruction. Lives under $QUIVER_TEST_TMPDIR
// (set by ctest to the build tree) or the system temp directory — or, for the sweeps
// that run an fsync-heavy workload hundreds of times to test logic rather than the
// disk, in memory (/dev/shm) where there is one.
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace quiver::testing {

class TempDir {
 public:
  enum class Where { kTestTree, kMemoryIfAvailable };
  explicit TempDir(Where where = Where::kTestTree) {
    const char* base = std::getenv("QUIVER_TEST_TMPDIR");
    std::filesystem::path root = base != nullptr ? base : std::filesystem::temp_directory_path();
    if (where == Where::kMemoryIfAvailable && std::filesystem::is_directory("/dev/shm")) {
      root = "/dev/shm/quiver-tests";
    }
    std::filesystem::create_directories(root);
    static std::atomic<int> counter{0};  // distinct names within one process
    path_ = (root / ("quiver-" + std::to_string(::getpid()) + "-" + std::to_string(counter++))).string();
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  std::string Join(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

}  // namespace quiver::testing
