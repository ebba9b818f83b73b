#include "bench/cgroup_memory.h"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace quiver::bench {
namespace {

constexpr const char* kCgroupRoot = "/sys/fs/cgroup";

std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool WriteText(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  out.flush();
  return static_cast<bool>(out);
}

uint64_t KeyedValue(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  std::string k;
  uint64_t v = 0;
  while (in >> k >> v) {
    if (k == key) return v;
  }
  return 0;
}

}  // namespace

Result<std::unique_ptr<CgroupMemoryGroup>> CgroupMemoryGroup::Create(const std::string& name, uint64_t limit) {
  // The v2 membership line is "0::/path".
  std::istringstream lines(ReadText("/proc/self/cgroup"));
  std::string line, own;
  bool found = false;
  while (std::getline(lines, line)) {
    if (line.rfind("0::", 0) == 0) {
      own = line.substr(3);
      found = true;
    }
  }
  if (!found) return Status::NotSupported("no cgroup v2 membership in /proc/self/cgroup");
  if (!std::filesystem::exists(std::string(kCgroupRoot) + "/cgroup.controllers")) {
    return Status::NotSupported(std::string(kCgroupRoot) + " is not a cgroup2 mount");
  }
  const std::string parent = std::string(kCgroupRoot) + (own == "/" ? "" : own);
  if (ReadText(parent + "/cgroup.subtree_control").find("memory") == std::string::npos) {
    return Status::NotSupported("the memory controller is not delegated to " + parent);
  }
  const std::string path = parent + "/" + name;
  std::error_code ec;
  std::filesystem::create_directory(path, ec);
  if (ec) return Status::NotSupported("cannot create " + path + ": " + ec.message());
  std::unique_ptr<CgroupMemoryGroup> group(new CgroupMemoryGroup(path));
  if (!WriteText(path + "/memory.max", std::to_string(limit))) {
    return Status::NotSupported("cannot write " + path + "/memory.max");
  }
  WriteText(path + "/memory.swap.max", "0");  // absent without swap accounting: fine
  return group;
}

CgroupMemoryGroup::~CgroupMemoryGroup() {
  // rmdir, not remove_all: a cgroup directory's files cannot be unlinked.
  ::rmdir(path_.c_str());
}

uint64_t CgroupMemoryGroup::OomKills() const {
  return KeyedValue(ReadText(path_ + "/memory.events"), "oom_kill");
}

uint64_t CgroupMemoryGroup::PeakBytes() const {
  const std::string text = ReadText(path_ + "/memory.peak");
  return text.empty() ? 0 : std::strtoull(text.c_str(), nullptr, 10);
}

}  // namespace quiver::bench
