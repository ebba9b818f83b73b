#include "common/resource/machine_probe.h"

#include <sched.h>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

namespace quiver {

MachineProbe& MachineProbe::SetRoot(std::string root) {
  while (root.size() > 1 && root.back() == '/') root.pop_back();
  root_ = root.empty() ? "/" : std::move(root);
  return *this;
}

MachineProbe& MachineProbe::SetAffinityCores(uint32_t cores) {
  affinity_cores_ = cores;
  return *this;
}

MachineProbe& MachineProbe::SetEnvironment(std::map<std::string, std::string> env) {
  env_ = std::move(env);
  return *this;
}

std::string MachineProbe::Resolve(std::string_view absolute_path) const {
  if (root_ == "/") return std::string(absolute_path);
  std::string path = root_;
  if (absolute_path.empty() || absolute_path.front() != '/') path += '/';
  path += absolute_path;
  return path;
}

std::optional<std::string> MachineProbe::ReadFile(std::string_view absolute_path) const {
  // Pseudo files report size 0, so read to EOF rather than by the size stat gives.
  std::ifstream in(Resolve(absolute_path), std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream contents;
  contents << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return std::move(contents).str();
}

uint32_t MachineProbe::AffinityCores() const {
  if (affinity_cores_) return *affinity_cores_;
  // A cpu_set_t holds 1024 CPUs; larger machines need a bigger, dynamically sized set,
  // which sched_getaffinity asks for with EINVAL.
  for (int ncpus = CPU_SETSIZE; ncpus <= (1 << 20); ncpus *= 2) {
    cpu_set_t* set = CPU_ALLOC(ncpus);
    if (set == nullptr) return 0;
    const size_t size = CPU_ALLOC_SIZE(ncpus);
    CPU_ZERO_S(size, set);
    const int rc = sched_getaffinity(0, size, set);
    const int err = errno;
    const int count = rc == 0 ? CPU_COUNT_S(size, set) : 0;
    CPU_FREE(set);
    if (rc == 0) return static_cast<uint32_t>(count);
    if (err != EINVAL) return 0;
  }
  return 0;
}

uint32_t MachineProbe::HardwareConcurrency() const {
  if (affinity_cores_) return *affinity_cores_;
  return std::thread::hardware_concurrency();
}

std::optional<std::string> MachineProbe::GetEnv(const std::string& name) const {
  if (env_) {
    auto it = env_->find(name);
    if (it == env_->end()) return std::nullopt;
    return it->second;
  }
  const char* value = std::getenv(name.c_str());
  if (value == nullptr) return std::nullopt;
  return std::string(value);
}

}  // namespace quiver
