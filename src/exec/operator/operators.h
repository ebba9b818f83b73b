#pragma once
// Factories of the physical operators, one .cpp per operator (or per small family);
// plan_builder.cpp maps each logical operator kind to its factory. The row-at-a-time
// operators are StreamOperators, run as the stages of a pipeline.

#include "exec/physical_operator.h"

namespace quiver::exec {

using planner::LogicalOperator;

PhysicalOperatorPtr MakeStart(const LogicalOperator& op);          // leaf.cpp
PhysicalOperatorPtr MakeArgument(const LogicalOperator& op);       // leaf.cpp
PhysicalOperatorPtr MakePassThrough(const LogicalOperator& op);    // leaf.cpp (ProduceResults)
PhysicalOperatorPtr MakeEager(const LogicalOperator& op);          // leaf.cpp
StreamOperatorPtr MakeNodeScan(const LogicalOperator& op);       // node_scan.cpp (NodeSeek too)
StreamOperatorPtr MakeExpand(const LogicalOperator& op);         // expand.cpp
StreamOperatorPtr MakeRelationshipIndexSeek(const LogicalOperator& op);  // rel_index_seek.cpp
StreamOperatorPtr MakeVarExpand(const LogicalOperator& op);      // var_expand.cpp
StreamOperatorPtr MakeShortestPath(const LogicalOperator& op);   // shortest_path.cpp
StreamOperatorPtr MakeFilter(const LogicalOperator& op);         // filter_project.cpp
StreamOperatorPtr MakeProject(const LogicalOperator& op);        // filter_project.cpp
PhysicalOperatorPtr MakeOptional(const LogicalOperator& op);       // optional.cpp
PhysicalOperatorPtr MakeApply(const LogicalOperator& op);          // apply.cpp
StreamOperatorPtr MakeLoadCsv(const LogicalOperator& op);        // load_csv.cpp
PhysicalOperatorPtr MakeAggregate(const LogicalOperator& op);      // aggregate.cpp
PhysicalOperatorPtr MakeCountStore(const LogicalOperator& op);     // count_store.cpp
PhysicalOperatorPtr MakeSchemaCommand(const LogicalOperator& op);  // schema_command.cpp
// An Aggregate with count_of_ends; its children are those of the VarExpand under it.
PhysicalOperatorPtr MakeDistinctEndCount(const LogicalOperator& op);  // distinct_end_count.cpp
PhysicalOperatorPtr MakeSort(const LogicalOperator& op);           // sort.cpp
PhysicalOperatorPtr MakeDistinct(const LogicalOperator& op);       // skip_limit_distinct.cpp
PhysicalOperatorPtr MakeSkip(const LogicalOperator& op);           // skip_limit_distinct.cpp
PhysicalOperatorPtr MakeLimit(const LogicalOperator& op);          // skip_limit_distinct.cpp
StreamOperatorPtr MakeUnwind(const LogicalOperator& op);         // unwind.cpp
StreamOperatorPtr MakeProcedureCall(const LogicalOperator& op);  // procedure_call.cpp
PhysicalOperatorPtr MakeCreate(const LogicalOperator& op);         // create.cpp
PhysicalOperatorPtr MakeMerge(const LogicalOperator& op);          // merge.cpp
PhysicalOperatorPtr MakeSetProperties(const LogicalOperator& op);  // create.cpp
PhysicalOperatorPtr MakeDelete(const LogicalOperator& op);         // delete.cpp
PhysicalOperatorPtr MakeUnion(const LogicalOperator& op);          // union.cpp
PhysicalOperatorPtr MakeHashJoin(const LogicalOperator& op);       // hash_join.cpp
// Stages bottom-up: stages[0] reads the pipeline's input (its children[0]).
PhysicalOperatorPtr MakePipeline(std::vector<StreamOperatorPtr> stages);  // pipeline.cpp

}  // namespace quiver::exec
