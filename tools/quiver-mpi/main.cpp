// The `quiver-mpi` command: one program on every MPI rank, building and reading a
// partitioned database (docs/scale-out.md). Run it under mpirun.
#include <cstdio>
#include <iostream>

#include "commands.h"

namespace quiver::mpi {

int ReportFailure(const Comm& comm, const Status& s) {
  if (s.code() != StatusCode::kAborted || comm.rank() == 0) {
    // One write, so the lines of ranks writing at once do not interleave.
    const std::string line = "quiver-mpi[rank " + std::to_string(comm.rank()) + "]: " + s.ToString() + "\n";
    std::fwrite(line.data(), 1, line.size(), stderr);
  }
  return kExitFailure;
}

}  // namespace quiver::mpi

int main(int argc, char** argv) {
  using namespace quiver::mpi;
  MpiRuntime runtime(&argc, &argv);
  const Comm comm;
  CLI::App app{"quiver-mpi: a Quiver database partitioned across MPI ranks (docs/scale-out.md).",
               "quiver-mpi"};
  app.require_subcommand(1);
  CommandHandler handler;
  RegisterGenerateCommand(app, handler);
  RegisterImportCommand(app, handler);
  RegisterInfoCommand(app, handler);
  RegisterBfsCommand(app, handler);
  RegisterPageRankCommand(app, handler);
  RegisterWccCommand(app, handler);
  RegisterGraph500Command(app, handler);
  RegisterQueryCommand(app, handler);
  // Parsing is the same on every rank (the same argv); only rank 0 prints its messages.
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (comm.rank() == 0) return app.exit(e) == 0 ? kExitOk : kExitUsage;
    return e.get_exit_code() == 0 ? kExitOk : kExitUsage;
  }
  return handler ? handler(comm) : kExitUsage;
}
