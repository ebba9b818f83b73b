// `mpirun -np P quiver-mpi info DIR`: opens a partitioned database as every command that
// reads one will — the manifest, then on each rank its partition — and prints what the
// manifest records. Each check failing is its named error (manifest.h).
#include <iostream>
#include <memory>

#include "commands.h"
#include "manifest.h"
#include "storage/database_dir.h"

namespace quiver::mpi {
namespace {

// The manifest's checks, then the partition's own counts against its entry.
Status CheckOpen(const std::string& dir, const Comm& comm, Manifest* manifest) {
  Env* env = Env::Default();
  QUIVER_ASSIGN_OR_RETURN(*manifest, ReadManifest(env, dir));
  const auto rank = static_cast<uint32_t>(comm.rank());
  QUIVER_RETURN_IF_ERROR(CheckPartition(env, dir, *manifest, rank, static_cast<uint32_t>(comm.size())));
  storage::DatabaseOptions o;
  o.read_only = true;
  const std::string path = PartitionPath(dir, rank);
  QUIVER_ASSIGN_OR_RETURN(auto db, storage::DatabaseDir::Open(env, path, o));
  QUIVER_ASSIGN_OR_RETURN(auto gen, db->Pin());
  const PartitionEntry& e = manifest->partitions[rank];
  if (gen->NodeCount() != e.owned_nodes + e.ghost_nodes || gen->EdgeCount() != e.stored_edges) {
    return Status::Corruption(
        "partition mismatch: " + path + " holds " + std::to_string(gen->NodeCount()) + " nodes and " +
        std::to_string(gen->EdgeCount()) + " relationships, the manifest " +
        std::to_string(e.owned_nodes + e.ghost_nodes) + " and " + std::to_string(e.stored_edges));
  }
  return Status::OK();
}

int RunInfo(const std::string& dir, const Comm& comm) {
  Manifest m;
  Status s = comm.Agree(CheckOpen(dir, comm, &m), "the partitioned database cannot be opened");
  if (!s.ok()) return ReportFailure(comm, s);
  if (comm.rank() == 0) {
    std::cout << dir << ": " << m.ranks << " partitions (" << kPartitioning << "), " << m.nodes << " nodes, "
              << m.edges << " relationships, creation " << m.creation << "\n";
    for (const PartitionEntry& p : m.partitions) {
      std::cout << "  " << PartitionDirName(p.rank) << ": generation " << p.generation << ", "
                << p.owned_nodes << " owned, " << p.ghost_nodes << " ghosts, " << p.edges
                << " relationships (" << p.stored_edges << " stored)\n";
    }
  }
  return kExitOk;
}

}  // namespace

void RegisterInfoCommand(CLI::App& app, CommandHandler& handler) {
  auto dir = std::make_shared<std::string>();
  auto* cmd =
      app.add_subcommand("info", "Check a partitioned database (manifest, every partition) and print it.");
  cmd->add_option("DIR", *dir, "The partitioned database")->required();
  cmd->callback([&handler, dir] { handler = [dir](const Comm& comm) { return RunInfo(*dir, comm); }; });
}

}  // namespace quiver::mpi
