#pragma once
// The one-hop neighbourhood of a point query's anchor, whole, in an in-memory database
// (docs/scale-out.md, "Distributed queries"): the anchor with its labels and properties,
// every relationship of it with its type, direction and properties, and every far end
// with its labels and properties — those of a ghost asked of the vertex's owner in one
// round (an Alltoallv of global ids out, one of their rows back). A point query's
// pattern is one hop from the anchor, so the query finds there, unchanged, every match
// one machine would find; the far end can be read like any node.

#include <cstdint>
#include <memory>

#include "mpi_comm.h"
#include "quiver/database.h"

namespace quiver::mpi {

// Collective. `partition` is this rank's (read-only); on rank `owner`, the anchor's owner,
// returns the neighbourhood of the vertex whose id is `anchor` (empty when there is none
// such), elsewhere nullptr after answering the owner's questions.
Result<std::unique_ptr<Database>> GatherNeighbourhood(Database& partition, int64_t anchor, int owner,
                                                     const Comm& comm);

}  // namespace quiver::mpi
