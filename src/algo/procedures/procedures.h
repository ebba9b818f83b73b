#pragma once
// The engine's gds.* procedures — the graph catalog (gds.graph.*), the node algorithms
// and the path algorithms — registered with every database (main/source_database.cpp).
// docs/algorithms.md lists them with their configuration and outputs.

#include <memory>

#include "algo/graph_catalog.h"
#include "algo/procedures/node_algorithm.h"

namespace quiver::algo {

// All of them, over `catalog`.
ProcedureList AlgorithmProcedures(std::shared_ptr<GraphCatalog> catalog);

// The parts, one per file.
void AddGraphProcedures(ProcedureList& procedures, std::shared_ptr<GraphCatalog> catalog);
void AddNodeAlgorithms(ProcedureList& procedures, std::shared_ptr<GraphCatalog> catalog);
void AddPathAlgorithms(ProcedureList& procedures, std::shared_ptr<GraphCatalog> catalog);

// Whether a call asks for weights (relationshipWeightProperty), which must be the one
// the graph was projected with.
bool Weighted(const ProcedureConfig& config, const GraphProjection& graph);

}  // namespace quiver::algo
