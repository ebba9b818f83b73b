#include "common/resource/cgroup_limits.h"

#include <charconv>
#include <map>
#include <string_view>

#include "common/resource/machine_probe.h"

namespace quiver {
namespace {

// cgroup v1 reports "no limit" as the largest page-aligned counter (9223372036854771712
// on 4 KiB pages); anything this large is not a limit anyone set.
constexpr uint64_t kV1Unlimited = uint64_t{1} << 62;
// The kernel's default CFS period when cpu.cfs_period_us cannot be read.
constexpr uint64_t kDefaultCfsPeriodUs = 100000;

struct CgroupMount {
  bool v2 = false;
  std::string root;                      // the hierarchy path shown at the mount point
  std::string mount_point;               // where it is mounted
  std::vector<std::string> controllers;  // v1 only
};

struct Membership {
  std::optional<std::string> v2_path;
  std::map<std::string, std::string> v1_paths;  // controller -> path
};

std::vector<std::string_view> Split(std::string_view s, char sep, bool skip_empty) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (start <= s.size()) {
    size_t end = s.find(sep, start);
    if (end == std::string_view::npos) end = s.size();
    if (!(skip_empty && end == start)) parts.push_back(s.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

std::string_view TrimLine(std::string_view s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ')) s.remove_suffix(1);
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  return s;
}

std::optional<uint64_t> ParseU64(std::string_view s) {
  uint64_t v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

// mountinfo escapes space, tab, newline and backslash in paths as \ooo.
std::string DecodeMountPath(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 3 < s.size()) {
      const std::string_view oct = s.substr(i + 1, 3);
      if (oct.find_first_not_of("01234567") == std::string_view::npos) {
        out += static_cast<char>((oct[0] - '0') * 64 + (oct[1] - '0') * 8 + (oct[2] - '0'));
        i += 3;
        continue;
      }
    }
    out += s[i];
  }
  return out;
}

// "36 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory"
std::vector<CgroupMount> ParseMountInfo(std::string_view text) {
  std::vector<CgroupMount> mounts;
  for (std::string_view line : Split(text, '\n', true)) {
    const std::vector<std::string_view> fields = Split(TrimLine(line), ' ', true);
    size_t dash = 0;
    while (dash < fields.size() && fields[dash] != "-") ++dash;
    if (dash < 5 || dash + 3 > fields.size()) continue;
    const std::string_view fstype = fields[dash + 1];
    if (fstype != "cgroup2" && fstype != "cgroup") continue;
    CgroupMount mount;
    mount.v2 = fstype == "cgroup2";
    mount.root = DecodeMountPath(fields[3]);
    mount.mount_point = DecodeMountPath(fields[4]);
    if (!mount.v2 && dash + 3 < fields.size()) {
      for (std::string_view opt : Split(fields[dash + 3], ',', true)) mount.controllers.emplace_back(opt);
    }
    mounts.push_back(std::move(mount));
  }
  return mounts;
}

// "0::/user.slice/x" (v2) and "4:memory:/docker/abc" or "1:cpu,cpuacct:/" (v1).
Membership ParseProcSelfCgroup(std::string_view text) {
  Membership m;
  for (std::string_view line : Split(text, '\n', true)) {
    line = TrimLine(line);
    const size_t first = line.find(':');
    const size_t second = first == std::string_view::npos ? first : line.find(':', first + 1);
    if (second == std::string_view::npos) continue;
    const std::string_view id = line.substr(0, first);
    const std::string_view controllers = line.substr(first + 1, second - first - 1);
    const std::string path(line.substr(second + 1));
    if (id == "0" && controllers.empty()) {
      m.v2_path = path;
    } else {
      for (std::string_view c : Split(controllers, ',', true)) m.v1_paths[std::string(c)] = path;
    }
  }
  return m;
}

// The components of cgroup_path below mount_root; empty (the mount point itself) when
// the path is not under it or climbs with "..", since then the mount's own root is the
// closest level we can name.
std::vector<std::string_view> RelativeComponents(std::string_view cgroup_path, std::string_view mount_root) {
  std::vector<std::string_view> path = Split(cgroup_path, '/', true);
  const std::vector<std::string_view> root = Split(mount_root, '/', true);
  for (std::string_view c : path) {
    if (c == ".." || c == ".") return {};
  }
  if (root.size() > path.size()) return {};
  for (size_t i = 0; i < root.size(); ++i) {
    if (root[i] != path[i]) return {};
  }
  return {path.begin() + static_cast<std::ptrdiff_t>(root.size()), path.end()};
}

// The directories of a process's cgroup and each ancestor up to the mount point, leaf first.
std::vector<std::string> LevelsToRoot(const CgroupMount& mount, std::string_view cgroup_path) {
  std::vector<std::string_view> rel = RelativeComponents(cgroup_path, mount.root);
  std::string base = mount.mount_point;
  while (base.size() > 1 && base.back() == '/') base.pop_back();
  std::vector<std::string> levels;
  for (size_t n = rel.size() + 1; n-- > 0;) {
    std::string dir = base;
    for (size_t i = 0; i < n; ++i) {
      if (dir.back() != '/') dir += '/';
      dir += rel[i];
    }
    levels.push_back(std::move(dir));
  }
  return levels;
}

std::string FileIn(const std::string& dir, std::string_view name) {
  return dir.back() == '/' ? dir + std::string(name) : dir + "/" + std::string(name);
}

class LimitReader {
 public:
  explicit LimitReader(const MachineProbe& probe) : probe_(probe) {}

  void ReadV2(const CgroupMount& mount, std::string_view cgroup_path) {
    for (const std::string& dir : LevelsToRoot(mount, cgroup_path)) {
      ReadCpuMax(dir);
      ReadMemoryMax(dir);
    }
  }

  void ReadV1Cpu(const CgroupMount& mount, std::string_view cgroup_path) {
    for (const std::string& dir : LevelsToRoot(mount, cgroup_path)) {
      const std::string quota_path = FileIn(dir, "cpu.cfs_quota_us");
      const std::optional<std::string> quota_text = probe_.ReadFile(quota_path);
      if (!quota_text) continue;
      const std::string_view quota = TrimLine(*quota_text);
      if (quota == "-1") continue;
      std::optional<uint64_t> period = kDefaultCfsPeriodUs;
      if (auto period_text = probe_.ReadFile(FileIn(dir, "cpu.cfs_period_us"))) {
        period = ParseU64(TrimLine(*period_text));
      }
      const std::optional<uint64_t> q = ParseU64(quota);
      if (!q || !period || *period == 0) {
        Malformed(quota_path, quota);
        continue;
      }
      OfferCpu(*q, *period, true,
               "cgroup v1 cpu.cfs_quota_us/cpu.cfs_period_us (" + std::to_string(*q) + " " +
                   std::to_string(*period) + ") in " + dir);
    }
  }

  void ReadV1Memory(const CgroupMount& mount, std::string_view cgroup_path) {
    for (const std::string& dir : LevelsToRoot(mount, cgroup_path)) {
      const std::string path = FileIn(dir, "memory.limit_in_bytes");
      const std::optional<std::string> text = probe_.ReadFile(path);
      if (!text) continue;
      const std::optional<uint64_t> bytes = ParseU64(TrimLine(*text));
      if (!bytes) {
        Malformed(path, *text);
        continue;
      }
      if (*bytes >= kV1Unlimited) continue;
      OfferMemory(*bytes, true, "cgroup v1 memory.limit_in_bytes (" + std::to_string(*bytes) + ") in " + dir);
    }
  }

  CgroupLimits Take() { return std::move(limits_); }

 private:
  // cpu.max: "$QUOTA $PERIOD", quota "max" for none.
  void ReadCpuMax(const std::string& dir) {
    const std::string path = FileIn(dir, "cpu.max");
    const std::optional<std::string> text = probe_.ReadFile(path);
    if (!text) return;
    const std::string_view line = TrimLine(*text);
    const std::vector<std::string_view> parts = Split(line, ' ', true);
    if (parts.empty() || parts.size() > 2) return Malformed(path, line);
    if (parts[0] == "max") return;
    const std::optional<uint64_t> quota = ParseU64(parts[0]);
    const std::optional<uint64_t> period = parts.size() == 2 ? ParseU64(parts[1]) : kDefaultCfsPeriodUs;
    if (!quota || !period || *period == 0) return Malformed(path, line);
    OfferCpu(*quota, *period, false, "cgroup cpu.max (" + std::string(line) + ") in " + dir);
  }

  // memory.max: bytes, or "max" for none.
  void ReadMemoryMax(const std::string& dir) {
    const std::string path = FileIn(dir, "memory.max");
    const std::optional<std::string> text = probe_.ReadFile(path);
    if (!text) return;
    const std::string_view line = TrimLine(*text);
    if (line == "max") return;
    const std::optional<uint64_t> bytes = ParseU64(line);
    if (!bytes) return Malformed(path, line);
    OfferMemory(*bytes, false, "cgroup memory.max (" + std::string(line) + ") in " + dir);
  }

  void OfferCpu(uint64_t quota, uint64_t period, bool v1, std::string description) {
    // A quota of 1.5 CPUs still lets 2 threads make progress; rounding down would idle
    // half a core, so round up.
    uint64_t cores = (quota + period - 1) / period;
    if (cores == 0) cores = 1;
    if (cores > UINT32_MAX) cores = UINT32_MAX;
    if (!limits_.cpu || cores < limits_.cpu->cores) {
      limits_.cpu = CgroupCpuLimit{static_cast<uint32_t>(cores), v1, std::move(description)};
    }
  }

  void OfferMemory(uint64_t bytes, bool v1, std::string description) {
    if (!limits_.memory || bytes < limits_.memory->bytes) {
      limits_.memory = CgroupMemoryLimit{bytes, v1, std::move(description)};
    }
  }

  void Malformed(const std::string& path, std::string_view contents) {
    limits_.notes.push_back("ignored malformed " + path + ": '" + std::string(TrimLine(contents)) + "'");
  }

  const MachineProbe& probe_;
  CgroupLimits limits_;
};

bool HasController(const CgroupMount& mount, std::string_view controller) {
  for (const std::string& c : mount.controllers) {
    if (c == controller) return true;
  }
  return false;
}

}  // namespace

CgroupLimits ReadCgroupLimits(const MachineProbe& probe) {
  const std::optional<std::string> cgroup_text = probe.ReadFile("/proc/self/cgroup");
  if (!cgroup_text) return {};
  const Membership membership = ParseProcSelfCgroup(*cgroup_text);

  std::vector<CgroupMount> mounts;
  if (auto mountinfo = probe.ReadFile("/proc/self/mountinfo")) mounts = ParseMountInfo(*mountinfo);
  if (mounts.empty()) {
    // No mount table to go by: the conventional layout.
    mounts.push_back(CgroupMount{true, "/", "/sys/fs/cgroup", {}});
    for (const char* controller : {"cpu", "memory"}) {
      mounts.push_back(CgroupMount{false, "/", std::string("/sys/fs/cgroup/") + controller, {controller}});
    }
  }

  LimitReader reader(probe);
  for (const CgroupMount& mount : mounts) {
    if (mount.v2) {
      if (membership.v2_path) reader.ReadV2(mount, *membership.v2_path);
      continue;
    }
    if (auto it = membership.v1_paths.find("cpu");
        it != membership.v1_paths.end() && HasController(mount, "cpu")) {
      reader.ReadV1Cpu(mount, it->second);
    }
    if (auto it = membership.v1_paths.find("memory");
        it != membership.v1_paths.end() && HasController(mount, "memory")) {
      reader.ReadV1Memory(mount, it->second);
    }
  }
  return reader.Take();
}

}  // namespace quiver
