#include "bench/rung_spec.h"

namespace quiver::bench {

std::vector<std::string> RungSpec::ToArgs(RungStage stage) const {
  return {"bench",
          "rung",
          "--stage",
          stage == RungStage::kIngest ? "ingest" : "query",
          "--scale",
          std::to_string(scale),
          "--edge-factor",
          std::to_string(edge_factor),
          "--seed",
          std::to_string(seed),
          "--threads",
          threads,
          "--memory-limit",
          std::to_string(memory_limit),
          "--db",
          db_path,
          "--dir",
          dir,
          "--queries-1hop",
          std::to_string(queries.one_hop),
          "--queries-2hop",
          std::to_string(queries.two_hop),
          "--queries-khop",
          std::to_string(queries.k_hop)};
}

}  // namespace quiver::bench
