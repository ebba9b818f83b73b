#include "bench/gate_limits.h"

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace quiver::bench {

Result<GateLimits> GateLimits::Parse(std::string_view text) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text, nullptr, true, /*ignore_comments=*/true);
  } catch (const std::exception& e) {
    return Status::InvalidArgument(std::string("gate limits: not JSON: ") + e.what());
  }
  if (!j.is_object()) return Status::InvalidArgument("gate limits: the file must hold one JSON object");
  GateLimits l;
  const std::map<std::string, double*> fields{
      {"read_bytes_per_edge_max", &l.read_bytes_per_edge_max},
      {"written_bytes_per_edge_max", &l.written_bytes_per_edge_max},
      {"published_bytes_per_edge_max", &l.published_bytes_per_edge_max},
      {"read_bytes_per_edge_growth_max", &l.read_growth_max},
      {"read_bytes_per_edge_growth_floor", &l.read_growth_floor},
      {"edges_per_second_min", &l.edges_per_second_min},
      {"cpu_us_per_edge_max", &l.cpu_us_per_edge_max}};
  for (const auto& [key, value] : j.items()) {
    if (!fields.count(key)) return Status::InvalidArgument("gate limits: unknown limit '" + key + "'");
    if (!value.is_number()) return Status::InvalidArgument("gate limits: '" + key + "' is not a number");
  }
  for (const auto& [key, target] : fields) {
    if (!j.contains(key)) return Status::InvalidArgument("gate limits: '" + key + "' is missing");
    *target = j[key].get<double>();
  }
  return l;
}

Result<GateLimits> GateLimits::Load(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Status::NotFound("gate limits: cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  auto limits = Parse(text.str());
  if (!limits.ok()) return limits.status().WithContext(path);
  return limits;
}

}  // namespace quiver::bench
