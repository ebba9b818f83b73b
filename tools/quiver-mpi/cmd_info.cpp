// `mpirun -np P quiver-mpi info DIR`: opens a partitioned database as every command that
// reads one will — the manifest, then on each rank its partition — and prints what the
// manifest records. Each check failing is its named error (manifest.h).
#include <iostream>
#include <memory>

#include "commands.h"
#include "manifest.h"

namespace quiver::mpi {
namespace {

int RunInfo(const std::string& dir, const Comm& comm) {
  Manifest m;
  auto gen = OpenPartition(Env::Default(), dir, static_cast<uint32_t>(comm.rank()),
                           static_cast<uint32_t>(comm.size()), &m);
  Status s = comm.Agree(gen.status(), "the partitioned database cannot be opened");
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
