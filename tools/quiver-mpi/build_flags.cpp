#include "build_flags.h"

#include <cstdlib>
#include <iostream>

#include "commands.h"
#include "ingest/run_options.h"
#include "quiver/byte_size.h"

namespace quiver::mpi {

void AddBuildFlags(CLI::App* cmd, BuildFlags* f) {
  cmd->add_option("DIR", f->dir, "The partitioned database (created if missing)")->required();
  cmd->add_flag("--replace", f->replace, "Replace the partitioned graph DIR already holds (same rank count)");
  cmd->add_option("--shuffle-budget", f->shuffle_budget,
                  "Memory one shuffle round may hold on a rank (default 64M); more input takes more rounds");
  cmd->add_option("--threads", f->threads, "Workers per rank (default: the machine's cores / ranks on it)");
  cmd->add_option(
      "--memory-budget", f->memory_budget,
      "Construction memory per rank (default: the resource policy's budget / ranks on the machine); for generate, a quarter "
      "of it holds the received edges before they are spooled to disk");
}

Result<BuildOptions> MakeBuildOptions(const BuildFlags& f, const Comm& comm, uint64_t estimated_edges) {
  BuildOptions b;
  b.dir = f.dir;
  b.replace = f.replace;
  QUIVER_ASSIGN_OR_RETURN(b.shuffle_budget, ParseByteSize(f.shuffle_budget));
  ingest::RunOptions run;
  if (!f.threads.empty()) run.threads = f.threads;
  run.threads_fraction = 1.0 / comm.local_size();
  run.memory_budget = f.memory_budget;
  QUIVER_ASSIGN_OR_RETURN(ingest::Resources r, ingest::ResolveResources(run, estimated_edges / comm.size()));
  b.session.workers = r.workers;
  b.session.memory_budget = f.memory_budget.empty() ? r.memory_budget / comm.local_size() : r.memory_budget;
  b.hold_budget = b.session.memory_budget / 4;
  // The test hooks of docs/scale-out.md's failure handling (tests/mpi/failure_test.sh).
  const auto is_me = [&comm](const char* var) {
    const char* rank = std::getenv(var);
    return rank != nullptr && std::atoi(rank) == comm.rank();
  };
  b.fail_before_agreement = is_me("QUIVER_MPI_FAIL_RANK");
  b.die_before_agreement = is_me("QUIVER_MPI_KILL_RANK");
  b.die_after_manifest = is_me("QUIVER_MPI_KILL_RANK_AFTER_MANIFEST");
  return b;
}

int RunBuild(const Comm& comm, const BuildOptions& options, const BuildSteps& steps) {
  const double t0 = MPI_Wtime();
  PartitionBuilder builder(comm, options);
  Status s = builder.Open();
  if (s.ok()) s = steps.shuffle(builder.pool());
  const double t1 = MPI_Wtime();
  if (s.ok()) s = builder.Build(steps.feed);
  if (!s.ok()) return ReportFailure(comm, s);
  const double t2 = MPI_Wtime();
  auto manifest = builder.Publish();
  if (!manifest.ok()) return ReportFailure(comm, manifest.status());
  const double t3 = MPI_Wtime();
  const uint64_t sent = comm.SumU64(steps.bytes_sent());
  const uint64_t spooled = steps.spooled_bytes ? comm.SumU64(steps.spooled_bytes()) : 0;
  const uint64_t input = steps.input_bytes ? comm.SumU64(steps.input_bytes()) : 0;
  const uint64_t input_max = steps.input_bytes ? comm.MaxU64(steps.input_bytes()) : 0;
  const uint64_t scratch = comm.SumU64(builder.scratch_bytes());
  if (comm.rank() == 0) {
    const double edges = static_cast<double>(manifest->edges), secs = t3 - t0;
    std::cout << "published " << options.dir << ": " << manifest->ranks << " partitions, " << manifest->nodes
              << " nodes, " << manifest->edges << " relationships, creation " << manifest->creation << "\n"
              << "shuffle " << steps.rounds() << " round(s), " << sent << " bytes ("
              << (edges > 0 ? static_cast<double>(sent) / edges : 0.0) << " per edge)";
    if (steps.spooled_bytes) std::cout << ", spooled " << spooled << " bytes";
    if (steps.input_bytes) std::cout << ", input " << input << " bytes of rows (at most " << input_max << " on one rank)";
    if (scratch > 0) std::cout << ", builds spilled " << scratch << " bytes to scratch";
    std::cout << "; seconds: shuffle "
              << t1 - t0 << ", build " << t2 - t1 << ", publish " << t3 - t2 << ", total " << secs << "; "
              << static_cast<uint64_t>(edges / secs) << " edges/s\n";
  }
  return kExitOk;
}

}  // namespace quiver::mpi
