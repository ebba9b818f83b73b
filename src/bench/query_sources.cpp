#include "bench/query_sources.h"

#include <fstream>
#include <nlohmann/json.hpp>

#include "common/splitmix64.h"

namespace quiver::bench {

std::vector<uint64_t> PickSources(const std::vector<uint8_t>& has_out_edge, uint64_t seed, uint32_t count) {
  std::vector<uint64_t> sources;
  const uint64_t n = has_out_edge.size();
  bool any = false;
  for (uint8_t b : has_out_edge) any |= b != 0;
  if (n == 0 || !any) return sources;
  // A distinct stream from the generator's: the graph's seed mixed with a constant.
  uint64_t state = seed ^ 0x5eed50a7ce5ULL;
  sources.reserve(count);
  while (sources.size() < count) {
    const uint64_t v = SplitMix64Next(state) % n;
    if (has_out_edge[v]) sources.push_back(v);
  }
  return sources;
}

Status WriteSources(const std::string& path, uint64_t seed, const std::vector<uint64_t>& sources) {
  std::ofstream out(path, std::ios::trunc);
  out << nlohmann::json{{"seed", seed}, {"sources", sources}}.dump() << "\n";
  out.close();
  if (!out) return Status::IOError("cannot write " + path);
  return Status::OK();
}

Result<std::vector<uint64_t>> ReadSources(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Status::NotFound("cannot read " + path);
  try {
    const nlohmann::json j = nlohmann::json::parse(in);
    return j.at("sources").get<std::vector<uint64_t>>();
  } catch (const std::exception& e) {
    return Status::Corruption(path + ": " + e.what());
  }
}

}  // namespace quiver::bench
