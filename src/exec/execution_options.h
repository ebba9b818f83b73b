#pragma once
// ExecutionOptions: the sizes that shape how a statement runs — how many workers its
// vectorized fragments use, how many rows a vector holds, how many nodes a morsel
// covers. Results never depend on them (tests run the TCK with 1 and 4 workers, vectors
// of 3 rows and morsels of 2 nodes, as DuckDB's test configurations do); speed does.

#include <cstdint>
#include <memory>
#include <string>

namespace quiver::exec {

class WorkerPools;

struct ExecutionOptions {
  // Workers a fragment may use (the caller's thread is one of them); 0 is taken as 1.
  uint32_t workers = 1;
  // Rows per vector (DuckDB's and Kùzu's 2,048: a batch of ids and a few columns stay in
  // the L2 cache).
  uint32_t vector_size = 2048;
  // Node ids per morsel, the unit of work a worker takes; 0: chosen per fragment
  // (Fragment::PlanRun) — 16,384 for a scan, fewer where the fragment expands, whose
  // work per node follows the degrees (a Graph500 hub's morsel alone held 3/4 of a
  // 2-hop's work when there were 16 morsels).
  uint32_t morsel_nodes = 0;
  // Off: every operator runs row at a time (the reference the vectorized engine is
  // tested against).
  bool vectorize = true;
  // The database's worker threads, kept between statements (worker_pools.h); null: a
  // run starts threads of its own.
  std::shared_ptr<WorkerPools> pools;
  // LOAD CSV reads files under this directory only (absolute; DatabaseOptions::
  // import_directory); empty: LOAD CSV reads nothing.
  std::string import_directory;
};

}  // namespace quiver::exec
