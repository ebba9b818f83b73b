#include "ingest/worker_budget.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numeric>

namespace quiver::ingest {

std::vector<uint32_t> AllocateWorkers(uint32_t budget, std::span<const uint64_t> edge_counts) {
  const size_t n = edge_counts.size();
  std::vector<uint32_t> out(n, 0);
  uint64_t total = 0;
  uint32_t non_empty = 0;
  for (uint64_t c : edge_counts) {
    total += c;
    non_empty += c > 0 ? 1 : 0;
  }
  if (non_empty == 0) return out;
  for (size_t t = 0; t < n; ++t) out[t] = edge_counts[t] > 0 ? 1 : 0;
  if (budget <= non_empty) return out;

  // Largest remainder over the workers left after the floor of one per type. Quotas are
  // exact rationals (count x rest / total), compared by cross-multiplication in 128 bits
  // so no floating-point rounding can make the split depend on the platform.
  const uint64_t rest = budget - non_empty;
  struct Share {
    size_t type;
    unsigned __int128 remainder;  // (count x rest) mod total
  };
  std::vector<Share> shares;
  uint64_t given = 0;
  for (size_t t = 0; t < n; ++t) {
    if (edge_counts[t] == 0) continue;
    const unsigned __int128 product = static_cast<unsigned __int128>(edge_counts[t]) * rest;
    const uint64_t whole = static_cast<uint64_t>(product / total);
    out[t] += static_cast<uint32_t>(whole);
    given += whole;
    shares.push_back({t, product % total});
  }
  std::sort(shares.begin(), shares.end(), [&](const Share& a, const Share& b) {
    if (a.remainder != b.remainder) return a.remainder > b.remainder;
    if (edge_counts[a.type] != edge_counts[b.type]) return edge_counts[a.type] > edge_counts[b.type];
    return a.type < b.type;
  });
  for (size_t i = 0; given < rest; ++i, ++given) ++out[shares[i % shares.size()].type];
  return out;
}

uint32_t AutoWorkers(const AutoWorkerInputs& in) {
  const double by_cores = std::floor(static_cast<double>(std::max<uint32_t>(1, in.cores)) * in.fraction);
  const uint64_t cores = std::max<uint64_t>(1, static_cast<uint64_t>(std::max(0.0, by_cores)));
  const uint64_t per = std::max<uint64_t>(1, in.min_edges_per_worker);
  const uint64_t by_edges = std::max<uint64_t>(1, (in.edges + per - 1) / per);
  return static_cast<uint32_t>(std::min({cores, by_edges, uint64_t{1} << 16}));
}

uint32_t MemoryBoundWorkers(uint64_t budget_bytes, uint64_t reserved_bytes, uint64_t per_worker_bytes) {
  if (per_worker_bytes == 0) return 1u << 16;
  const uint64_t free = budget_bytes > reserved_bytes ? budget_bytes - reserved_bytes : 0;
  return static_cast<uint32_t>(std::clamp<uint64_t>(free / per_worker_bytes, 1, uint64_t{1} << 16));
}

bool ParseThreads(const std::string& text, std::optional<uint32_t>* fixed, std::string* error) {
  if (text.empty() || text == "auto") {
    fixed->reset();
    return true;
  }
  uint32_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v == 0 || v > (1u << 16)) {
    *error = "--threads must be 'auto' or an integer from 1 to 65536, not '" + text + "'";
    return false;
  }
  *fixed = v;
  return true;
}

}  // namespace quiver::ingest
