#include "common/metrics/phase_metrics.h"

#include <nlohmann/json.hpp>

namespace quiver {
namespace {

uint64_t Delta(uint64_t end, uint64_t start) {
  return end >= start ? end - start : 0;
}

double Per(uint64_t total, uint64_t count) {
  return count == 0 ? 0.0 : static_cast<double>(total) / static_cast<double>(count);
}

}  // namespace

PhaseMetrics PhaseMetrics::Between(std::string name, const ProcessSnapshot& start,
                                   const ProcessSnapshot& end) {
  PhaseMetrics m;
  m.name = std::move(name);
  const auto wall = std::chrono::duration_cast<std::chrono::microseconds>(end.time - start.time).count();
  m.wall_us = wall > 0 ? static_cast<uint64_t>(wall) : 0;
  m.user_cpu_us = Delta(end.user_cpu_us, start.user_cpu_us);
  m.sys_cpu_us = Delta(end.sys_cpu_us, start.sys_cpu_us);
  m.io_available = start.io_available && end.io_available;
  if (m.io_available) {
    m.io.rchar = Delta(end.io.rchar, start.io.rchar);
    m.io.wchar = Delta(end.io.wchar, start.io.wchar);
    m.io.read_bytes = Delta(end.io.read_bytes, start.io.read_bytes);
    m.io.write_bytes = Delta(end.io.write_bytes, start.io.write_bytes);
  }
  m.rss_available = start.rss_available && end.rss_available;
  m.rss_start_bytes = start.memory.rss_bytes;
  m.rss_end_bytes = end.memory.rss_bytes;
  m.peak_rss_bytes = end.memory.peak_rss_bytes;
  return m;
}

double PhaseMetrics::EffectiveCores() const {
  return wall_us == 0 ? 0.0 : Per(cpu_us(), wall_us);
}
double PhaseMetrics::CpuMicrosPer(uint64_t count) const {
  return Per(cpu_us(), count);
}
double PhaseMetrics::ReadBytesPer(uint64_t count) const {
  return Per(io.read_bytes, count);
}
double PhaseMetrics::WriteBytesPer(uint64_t count) const {
  return Per(io.write_bytes, count);
}
double PhaseMetrics::RcharPer(uint64_t count) const {
  return Per(io.rchar, count);
}
double PhaseMetrics::WcharPer(uint64_t count) const {
  return Per(io.wchar, count);
}

nlohmann::json PhaseMetrics::ToJson() const {
  nlohmann::json j = {
      {"name", name},
      {"wall_us", wall_us},
      {"user_cpu_us", user_cpu_us},
      {"sys_cpu_us", sys_cpu_us},
      {"cpu_us", cpu_us()},
      {"effective_cores", EffectiveCores()},
      {"io_available", io_available},
      {"rchar", io.rchar},
      {"wchar", io.wchar},
      {"read_bytes", io.read_bytes},
      {"write_bytes", io.write_bytes},
      {"rss_available", rss_available},
      {"rss_start_bytes", rss_start_bytes},
      {"rss_end_bytes", rss_end_bytes},
      {"peak_rss_bytes", peak_rss_bytes},
  };
  const bool per_unit = units && units->count > 0;
  auto ratio = [&](double v) { return per_unit ? nlohmann::json(v) : nlohmann::json(nullptr); };
  const uint64_t n = units ? units->count : 0;
  j["unit"] = units ? nlohmann::json(units->unit) : nlohmann::json(nullptr);
  j["unit_count"] = units ? nlohmann::json(units->count) : nlohmann::json(nullptr);
  j["cpu_us_per_unit"] = ratio(CpuMicrosPer(n));
  j["read_bytes_per_unit"] = ratio(ReadBytesPer(n));
  j["write_bytes_per_unit"] = ratio(WriteBytesPer(n));
  j["rchar_per_unit"] = ratio(RcharPer(n));
  j["wchar_per_unit"] = ratio(WcharPer(n));
  return j;
}

}  // namespace quiver
