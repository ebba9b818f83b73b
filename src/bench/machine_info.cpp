#include "bench/machine_info.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "quiver/build_info.h"

namespace quiver::bench {
namespace {

std::string ReadText(const char* path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

std::string ParseCpuModel(std::string_view cpuinfo) {
  size_t pos = 0;
  while (pos < cpuinfo.size()) {
    const size_t eol = std::min(cpuinfo.find('\n', pos), cpuinfo.size());
    std::string_view line = cpuinfo.substr(pos, eol - pos);
    pos = eol + 1;
    if (line.rfind("model name", 0) != 0) continue;
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    line.remove_prefix(colon + 1);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    return std::string(line);
  }
  return "";
}

std::optional<LoadAverage> ParseLoadAverage(std::string_view text) {
  std::istringstream in{std::string(text)};
  LoadAverage l;
  if (!(in >> l.one >> l.five >> l.fifteen)) return std::nullopt;
  return l;
}

std::optional<LoadAverage> ReadLoadAverage() {
  return ParseLoadAverage(ReadText("/proc/loadavg"));
}

nlohmann::json LoadAverageJson(const std::optional<LoadAverage>& load) {
  if (!load) return nullptr;
  return {{"1m", load->one}, {"5m", load->five}, {"15m", load->fifteen}};
}

MachineInfo MachineInfo::Probe() {
  MachineInfo m;
  m.cpu_model = ParseCpuModel(ReadText("/proc/cpuinfo"));
  if (m.cpu_model.empty()) m.cpu_model = "unknown";
  m.logical_cpus = std::thread::hardware_concurrency();
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  if (pages > 0 && page > 0) m.mem_total_bytes = static_cast<uint64_t>(pages) * static_cast<uint64_t>(page);
  utsname u{};
  if (::uname(&u) == 0) {
    m.kernel = u.release;
    m.hostname = u.nodename;
  }
  m.load = ReadLoadAverage();
  return m;
}

nlohmann::json MachineInfo::ToJson() const {
  return {{"cpu_model", cpu_model},   {"logical_cpus", logical_cpus}, {"mem_total_bytes", mem_total_bytes},
          {"kernel", kernel},         {"hostname", hostname},         {"load_average", LoadAverageJson(load)}};
}

nlohmann::json BuildJson() {
  return {{"version", build_info::kVersion},
          {"git_commit", build_info::kGitCommit},
          {"build_type", build_info::kBuildType},
          {"sanitizers", build_info::kSanitizers}};
}

}  // namespace quiver::bench
