#include "common/resource/resource_policy.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <nlohmann/json.hpp>

#include "quiver/byte_size.h"
#include "common/resource/cgroup_limits.h"
#include "common/resource/machine_probe.h"
#include "common/resource/meminfo.h"

namespace quiver {
namespace {

std::string Trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return std::string(s);
}

bool IsAuto(const std::string& v) {
  std::string lower = v;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower == "auto";
}

// An environment value that was set to something other than "" or "auto".
struct EnvValue {
  std::string raw;
  std::string Describe(std::string_view name) const { return "environment " + std::string(name) + "=" + raw; }
};

std::optional<EnvValue> GetSetEnv(const MachineProbe& probe, std::string_view name) {
  std::optional<std::string> value = probe.GetEnv(std::string(name));
  if (!value) return std::nullopt;
  const std::string trimmed = Trim(*value);
  if (trimmed.empty() || IsAuto(trimmed)) return std::nullopt;
  return EnvValue{trimmed};
}

Result<std::optional<Sourced<uint64_t>>> EnvSize(const MachineProbe& probe, std::string_view name) {
  std::optional<EnvValue> env = GetSetEnv(probe, name);
  if (!env) return std::optional<Sourced<uint64_t>>();
  Result<uint64_t> bytes = ParseByteSize(env->raw);
  if (!bytes.ok()) return Status::InvalidArgument(std::string(name) + ": " + bytes.status().message());
  if (*bytes == 0)
    return Status::InvalidArgument(std::string(name) + "=" + env->raw + ": must be more than 0 bytes");
  return std::optional<Sourced<uint64_t>>(
      Sourced<uint64_t>{*bytes, PolicySource::kEnvironment, env->Describe(name)});
}

Result<std::optional<Sourced<uint32_t>>> EnvCount(const MachineProbe& probe, std::string_view name) {
  std::optional<EnvValue> env = GetSetEnv(probe, name);
  if (!env) return std::optional<Sourced<uint32_t>>();
  uint64_t n = 0;
  const char* end = env->raw.data() + env->raw.size();
  auto [ptr, ec] = std::from_chars(env->raw.data(), end, n);
  if (ec != std::errc() || ptr != end || n == 0 || n > kMaxWorkers) {
    return Status::InvalidArgument(std::string(name) + "='" + env->raw +
                                   "': expected a whole number from 1 to " + std::to_string(kMaxWorkers) +
                                   ", or 'auto'");
  }
  return std::optional<Sourced<uint32_t>>(
      Sourced<uint32_t>{static_cast<uint32_t>(n), PolicySource::kEnvironment, env->Describe(name)});
}

Status CheckOverrides(const ResourceOverrides& o) {
  auto bad = [](std::string_view field, std::string_view why) {
    return Status::InvalidArgument("resource option " + std::string(field) + ": " + std::string(why));
  };
  if (o.cores && (*o.cores == 0 || *o.cores > kMaxWorkers)) return bad("cores", "must be from 1 to 65536");
  if (o.workers && (*o.workers == 0 || *o.workers > kMaxWorkers))
    return bad("workers", "must be from 1 to 65536");
  if (o.memory_limit_bytes && *o.memory_limit_bytes == 0)
    return bad("memory_limit_bytes", "must be more than 0");
  if (o.memory_budget_bytes && *o.memory_budget_bytes == 0)
    return bad("memory_budget_bytes", "must be more than 0");
  if (o.worker_buffer_bytes && *o.worker_buffer_bytes == 0)
    return bad("worker_buffer_bytes", "must be more than 0");
  return Status::OK();
}

Sourced<uint32_t> MachineCores(const MachineProbe& probe, const CgroupLimits& cgroup, MachineFacts& facts) {
  Sourced<uint32_t> cores;
  facts.affinity_cores = probe.AffinityCores();
  if (facts.affinity_cores > 0) {
    cores = {facts.affinity_cores, PolicySource::kDerivedAffinity,
             "affinity mask (" + std::to_string(facts.affinity_cores) + " CPUs)"};
  } else if (uint32_t hc = probe.HardwareConcurrency(); hc > 0) {
    cores = {hc, PolicySource::kHardwareConcurrency, "hardware concurrency (affinity mask unreadable)"};
  } else {
    cores = {1, PolicySource::kDefault, "default (no CPU count readable)"};
  }
  if (cgroup.cpu) {
    facts.cgroup_cpu_cores = cgroup.cpu->cores;
    if (cgroup.cpu->cores < cores.value) {
      cores = {cgroup.cpu->cores,
               cgroup.cpu->v1 ? PolicySource::kCgroupCpuQuota : PolicySource::kCgroupCpuMax,
               cgroup.cpu->description};
    }
  }
  return cores;
}

// nullopt when the machine says nothing about memory.
std::optional<Sourced<uint64_t>> MachineMemory(const MemInfo& meminfo, const CgroupLimits& cgroup,
                                               MachineFacts& facts) {
  facts.mem_total_bytes = meminfo.total_bytes;
  facts.mem_available_bytes = meminfo.available_bytes;
  std::optional<Sourced<uint64_t>> best;
  auto offer = [&best](uint64_t bytes, PolicySource source, std::string description) {
    if (!best || bytes < best->value) best = Sourced<uint64_t>{bytes, source, std::move(description)};
  };
  if (meminfo.available_bytes) {
    std::string d = "/proc/meminfo MemAvailable";
    if (meminfo.total_bytes) d += " (MemTotal " + FormatBytes(*meminfo.total_bytes) + ")";
    offer(*meminfo.available_bytes, PolicySource::kMemAvailable, std::move(d));
  } else if (meminfo.total_bytes) {
    offer(*meminfo.total_bytes, PolicySource::kMemTotal, "/proc/meminfo MemTotal (no MemAvailable)");
  }
  if (cgroup.memory) {
    facts.cgroup_memory_bytes = cgroup.memory->bytes;
    offer(cgroup.memory->bytes,
          cgroup.memory->v1 ? PolicySource::kCgroupMemoryLimit : PolicySource::kCgroupMemoryMax,
          cgroup.memory->description);
  }
  return best;
}

template <typename T>
nlohmann::json SourcedJson(const Sourced<T>& s) {
  return {{"value", s.value}, {"source", PolicySourceName(s.source)}, {"description", s.description}};
}

template <typename T>
nlohmann::json OptionalJson(const std::optional<T>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

std::string DescribeLine(std::string_view label, const std::string& value, const std::string& description) {
  std::string line(label);
  line += ':';
  line.resize(std::max<size_t>(line.size() + 1, 16), ' ');
  line += value;
  line.resize(std::max<size_t>(line.size() + 1, 28), ' ');
  return line + "[" + description + "]";
}

}  // namespace

std::string_view PolicySourceName(PolicySource source) {
  switch (source) {
    case PolicySource::kDefault:
      return "default";
    case PolicySource::kDerivedAffinity:
      return "affinity";
    case PolicySource::kHardwareConcurrency:
      return "hardware_concurrency";
    case PolicySource::kCgroupCpuMax:
      return "cgroup_cpu_max";
    case PolicySource::kCgroupCpuQuota:
      return "cgroup_v1_cpu_quota";
    case PolicySource::kMemAvailable:
      return "meminfo_available";
    case PolicySource::kMemTotal:
      return "meminfo_total";
    case PolicySource::kCgroupMemoryMax:
      return "cgroup_memory_max";
    case PolicySource::kCgroupMemoryLimit:
      return "cgroup_v1_memory_limit";
    case PolicySource::kDerived:
      return "derived";
    case PolicySource::kEnvironment:
      return "environment";
    case PolicySource::kOption:
      return "option";
  }
  return "unknown";
}

Result<ResourcePolicy> ResourcePolicy::Derive(const MachineProbe& probe, const ResourceOverrides& overrides) {
  QUIVER_RETURN_IF_ERROR(CheckOverrides(overrides));
  // Read every environment value first, so a bad one fails before any work.
  QUIVER_ASSIGN_OR_RETURN(auto env_workers, EnvCount(probe, kEnvThreads));
  QUIVER_ASSIGN_OR_RETURN(auto env_limit, EnvSize(probe, kEnvMemoryLimit));
  QUIVER_ASSIGN_OR_RETURN(auto env_budget, EnvSize(probe, kEnvMemoryBudget));
  QUIVER_ASSIGN_OR_RETURN(auto env_buffer, EnvSize(probe, kEnvWorkerBuffer));

  ResourcePolicy p;
  const CgroupLimits cgroup = ReadCgroupLimits(probe);
  p.machine_.notes = cgroup.notes;

  // Cores.
  const Sourced<uint32_t> machine_cores = MachineCores(probe, cgroup, p.machine_);
  p.cores_ = machine_cores;
  if (overrides.cores) {
    p.cores_ = {*overrides.cores, PolicySource::kOption, "option cores"};
    if (*overrides.cores > machine_cores.value) {
      p.warnings_.push_back("cores " + std::to_string(*overrides.cores) + " exceeds the " +
                            std::to_string(machine_cores.value) + " this machine allows (" +
                            machine_cores.description + ")");
    }
  }

  // Memory limit.
  const std::optional<Sourced<uint64_t>> machine_memory =
      MachineMemory(ReadMemInfo(probe), cgroup, p.machine_);
  p.memory_limit_ =
      machine_memory.value_or(Sourced<uint64_t>{kFallbackMemoryBytes, PolicySource::kDefault,
                                                "default (neither /proc/meminfo nor a cgroup is readable)"});
  if (overrides.memory_limit_bytes) {
    p.memory_limit_ = {*overrides.memory_limit_bytes, PolicySource::kOption, "option memory_limit_bytes"};
  } else if (env_limit) {
    p.memory_limit_ = *env_limit;
  }
  if (machine_memory && p.memory_limit_.value > machine_memory->value) {
    p.warnings_.push_back("memory limit " + FormatBytes(p.memory_limit_.value) + " exceeds the " +
                          FormatBytes(machine_memory->value) + " this machine offers (" +
                          machine_memory->description + ")");
  }

  // Memory budget.
  p.memory_budget_ = {p.memory_limit_.value / 100 * kDefaultBudgetPercent +
                          p.memory_limit_.value % 100 * kDefaultBudgetPercent / 100,
                      PolicySource::kDerived,
                      std::to_string(kDefaultBudgetPercent) + "% of the memory limit"};
  if (overrides.memory_budget_bytes) {
    p.memory_budget_ = {*overrides.memory_budget_bytes, PolicySource::kOption, "option memory_budget_bytes"};
  } else if (env_budget) {
    p.memory_budget_ = *env_budget;
  }
  if (p.memory_budget_.value > p.memory_limit_.value) {
    p.warnings_.push_back("memory budget " + FormatBytes(p.memory_budget_.value) +
                          " exceeds the memory limit " + FormatBytes(p.memory_limit_.value));
  }

  // Per-worker buffer.
  p.worker_buffer_ = {kDefaultWorkerBufferBytes, PolicySource::kDefault, "default"};
  if (overrides.worker_buffer_bytes) {
    p.worker_buffer_ = {*overrides.worker_buffer_bytes, PolicySource::kOption, "option worker_buffer_bytes"};
  } else if (env_buffer) {
    p.worker_buffer_ = *env_buffer;
  }

  // Workers: bounded by cores and by how many buffers fit in the budget.
  const uint64_t by_memory = p.memory_budget_.value / p.worker_buffer_.value;
  const uint64_t derived = std::max<uint64_t>(1, std::min<uint64_t>(p.cores_.value, by_memory));
  p.workers_ = {static_cast<uint32_t>(derived), PolicySource::kDerived,
                "min(" + std::to_string(p.cores_.value) + " cores, " + FormatBytes(p.memory_budget_.value) +
                    " budget / " + FormatBytes(p.worker_buffer_.value) + " per worker = " +
                    std::to_string(by_memory) + ")" + (by_memory == 0 ? ", at least 1" : "")};
  if (overrides.workers) {
    p.workers_ = {*overrides.workers, PolicySource::kOption, "option workers"};
  } else if (env_workers) {
    p.workers_ = *env_workers;
  }
  if (p.workers_.value > p.cores_.value) {
    p.warnings_.push_back(std::to_string(p.workers_.value) + " workers on " + std::to_string(p.cores_.value) +
                          " cores oversubscribe the CPU");
  }
  const unsigned __int128 buffers = static_cast<unsigned __int128>(p.workers_.value) * p.worker_buffer_.value;
  if (buffers > p.memory_budget_.value) {
    p.warnings_.push_back(std::to_string(p.workers_.value) + " workers x " +
                          FormatBytes(p.worker_buffer_.value) + " buffers exceed the memory budget " +
                          FormatBytes(p.memory_budget_.value));
  }
  return p;
}

Result<ResourcePolicy> ResourcePolicy::FromMachine(const ResourceOverrides& overrides) {
  return Derive(MachineProbe(), overrides);
}

std::vector<std::string> ResourcePolicy::Describe() const {
  std::vector<std::string> lines = {
      DescribeLine("cores", std::to_string(cores_.value), cores_.description),
      DescribeLine("memory limit", FormatBytes(memory_limit_.value), memory_limit_.description),
      DescribeLine("memory budget", FormatBytes(memory_budget_.value), memory_budget_.description),
      DescribeLine("workers", std::to_string(workers_.value), workers_.description),
      DescribeLine("worker buffer", FormatBytes(worker_buffer_.value), worker_buffer_.description),
  };
  for (const std::string& w : warnings_) lines.push_back("warning: " + w);
  for (const std::string& n : machine_.notes) lines.push_back("note: " + n);
  return lines;
}

nlohmann::json ResourcePolicy::ToJson() const {
  return {
      {"cores", SourcedJson(cores_)},
      {"memory_limit_bytes", SourcedJson(memory_limit_)},
      {"memory_budget_bytes", SourcedJson(memory_budget_)},
      {"workers", SourcedJson(workers_)},
      {"worker_buffer_bytes", SourcedJson(worker_buffer_)},
      {"machine",
       {{"affinity_cores", machine_.affinity_cores},
        {"cgroup_cpu_cores", OptionalJson(machine_.cgroup_cpu_cores)},
        {"cgroup_memory_bytes", OptionalJson(machine_.cgroup_memory_bytes)},
        {"mem_total_bytes", OptionalJson(machine_.mem_total_bytes)},
        {"mem_available_bytes", OptionalJson(machine_.mem_available_bytes)},
        {"notes", machine_.notes}}},
      {"warnings", warnings_},
  };
}

}  // namespace quiver
