#pragma once
// The flags every building command (generate, import) shares, and how they become
// BuildOptions: by default the ranks on one machine share its cores and its memory
// budget equally (Comm::local_size).

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <string>

#include "partition_build.h"

namespace quiver::mpi {

struct BuildFlags {
  std::string dir;
  bool replace = false;
  std::string shuffle_budget = "64M";
  std::string threads;  // empty: the machine's cores shared by the ranks on it
  std::string memory_budget;
};

void AddBuildFlags(CLI::App* cmd, BuildFlags* flags);
// estimated_edges sizes --threads auto. InvalidArgument for malformed flags.
Result<BuildOptions> MakeBuildOptions(const BuildFlags& flags, const Comm& comm, uint64_t estimated_edges);

// What a building command plugs into RunBuild: its shuffle (collective, on the
// partition's workers), its feed of the session, and what its shuffle sent.
struct BuildSteps {
  std::function<Status(ingest::WorkerPool*)> shuffle;
  PartitionFeed feed;
  std::function<uint64_t()> rounds;
  std::function<uint64_t()> bytes_sent;  // by this rank
  // Received bytes this rank spooled to disk rather than held in memory (null: not
  // reported, as for the import, which always spools its rows as CSV files).
  std::function<uint64_t()> spooled_bytes;
  // Bytes of input rows this rank read (null: not reported, as for the generator):
  // reported as the total and the most one rank read, which shows how evenly the
  // files' shares fell.
  std::function<uint64_t()> input_bytes;
};
// Open, shuffle, build, agree, publish; rank 0 prints the manifest's counts, the
// shuffle's bytes per edge (and spooled bytes) and the phases' seconds. Returns the exit code.
int RunBuild(const Comm& comm, const BuildOptions& options, const BuildSteps& steps);

}  // namespace quiver::mpi
