// Logical plan → physical operators. One physical operator per logical one, except
// that a maximal chain of row-at-a-time operators becomes one pipeline (the logical
// plan is already in the shape it runs in: the binder plans as it binds).

#include <algorithm>
#include <string>

#include "common/assert.h"
#include "exec/operator/operators.h"
#include "exec/vector/vector_aggregate.h"
#include "exec/vector/vector_top_k.h"
#include "quiver/error.h"

namespace quiver::exec {

using planner::OpKind;

namespace {

// Pulling rows nests one Next() call per operator that does not stream, and a pipeline
// is one. 1,500 of them need at most about 600 KiB of stack with the largest operator
// frames (an aggregation's, about 400 bytes; measured), inside kQueryStackBytes
// (common/stack_guard.h). A statement reaches this only with a thousand or more clauses
// that aggregate, sort, deduplicate, page, match optionally or update; chains of MATCH,
// UNWIND, WITH and hops stream, and cost one level in all.
constexpr int kMaxOperatorDepth = 1500;

bool Streams(OpKind kind) {
  switch (kind) {
    case OpKind::kNodeScan:
    case OpKind::kNodeSeek:
    case OpKind::kNodeIndexSeek:
    case OpKind::kDirectedRelationshipIndexSeek:
    case OpKind::kUndirectedRelationshipIndexSeek:
    case OpKind::kExpand:
    case OpKind::kVarExpand:
    case OpKind::kShortestPath:
    case OpKind::kFilter:
    case OpKind::kProject:
    case OpKind::kUnwind:
    case OpKind::kCall:
    case OpKind::kLoadCsv:
      return true;
    default:
      return false;
  }
}

StreamOperatorPtr MakeStage(const planner::LogicalOperator& logical) {
  switch (logical.kind) {
    case OpKind::kNodeScan:
    case OpKind::kNodeSeek:
    case OpKind::kNodeIndexSeek:
      return MakeNodeScan(logical);
    case OpKind::kDirectedRelationshipIndexSeek:
    case OpKind::kUndirectedRelationshipIndexSeek:
      return MakeRelationshipIndexSeek(logical);
    case OpKind::kExpand:
      return MakeExpand(logical);
    case OpKind::kVarExpand:
      return MakeVarExpand(logical);
    case OpKind::kShortestPath:
      return MakeShortestPath(logical);
    case OpKind::kFilter:
      return MakeFilter(logical);
    case OpKind::kProject:
      return MakeProject(logical);
    case OpKind::kUnwind:
      return MakeUnwind(logical);
    case OpKind::kCall:
      return MakeProcedureCall(logical);
    case OpKind::kLoadCsv:
      return MakeLoadCsv(logical);
    default:
      QUIVER_ASSERT_MSG(false, "not a streaming operator");
  }
  return nullptr;
}

PhysicalOperatorPtr MakeOperator(const planner::LogicalOperator& logical) {
  switch (logical.kind) {
    case OpKind::kStart:
      return MakeStart(logical);
    case OpKind::kArgument:
      return MakeArgument(logical);
    case OpKind::kOptional:
      return MakeOptional(logical);
    case OpKind::kApply:
      return MakeApply(logical);
    case OpKind::kAggregate:
      return MakeAggregate(logical);
    case OpKind::kDistinct:
      return MakeDistinct(logical);
    case OpKind::kSort:
      return MakeSort(logical);
    case OpKind::kSkip:
      return MakeSkip(logical);
    case OpKind::kLimit:
      return MakeLimit(logical);
    case OpKind::kCreate:
      return MakeCreate(logical);
    case OpKind::kMerge:
      return MakeMerge(logical);
    case OpKind::kSetProperties:
      return MakeSetProperties(logical);
    case OpKind::kDelete:
      return MakeDelete(logical);
    case OpKind::kUnion:
      return MakeUnion(logical);
    case OpKind::kHashJoin:
      return MakeHashJoin(logical);
    case OpKind::kEager:
      return MakeEager(logical);
    case OpKind::kProduceResults:
      return MakePassThrough(logical);
    case OpKind::kCountStore:
      return MakeCountStore(logical);
    case OpKind::kSchemaCommand:
      return MakeSchemaCommand(logical);
    default:
      QUIVER_ASSERT_MSG(false, "a streaming operator outside a pipeline");
  }
  return nullptr;
}

// The vectorized operator for `logical` and the fragment under it, or null.
PhysicalOperatorPtr MakeVectorized(const planner::LogicalOperator& logical) {
  if (logical.kind == OpKind::kAggregate) return vector::MakeVectorAggregate(logical);
  if (logical.kind == OpKind::kSort) return vector::MakeVectorTopK(logical);
  return nullptr;
}

}  // namespace

// Iterative: a plan can be a chain of tens of thousands of operators.
PhysicalOperatorPtr BuildPhysicalPlan(const planner::LogicalOperator& root, const ExecutionOptions& options) {
  struct Work {
    const planner::LogicalOperator* logical;
    PhysicalOperator* parent;  // null for the root
    int depth;
  };
  PhysicalOperatorPtr result;
  std::vector<Work> work{{&root, nullptr, 1}};
  std::vector<const planner::LogicalOperator*> inputs;
  while (!work.empty()) {
    Work w = work.back();
    work.pop_back();
    if (w.depth > kMaxOperatorDepth) {
      throw SyntaxError("QueryTooComplex",
                        "query too complex: its plan nests more than " + std::to_string(kMaxOperatorDepth) +
                            " operators that aggregate, sort, deduplicate, page, match optionally or update",
                        ErrorPhase::kCompileTime);
    }
    const planner::LogicalOperator* logical = w.logical;
    PhysicalOperatorPtr op;
    inputs.clear();
    if (Streams(logical->kind)) {
      std::vector<StreamOperatorPtr> stages;  // top first while collecting
      while (Streams(logical->kind)) {
        QUIVER_ASSERT(logical->children.size() == 1);
        stages.push_back(MakeStage(*logical));
        logical = logical->children[0].get();
      }
      std::reverse(stages.begin(), stages.end());
      op = MakePipeline(std::move(stages));
      inputs.push_back(logical);
    } else if (logical->Is<planner::LogicalAggregate>() && logical->As<planner::LogicalAggregate>().count_of_ends) {
      // Runs the VarExpand under it itself: its input is the expand's.
      op = MakeDistinctEndCount(*logical);
      inputs.push_back(logical->children[0]->children[0].get());
    } else if (options.vectorize && (op = MakeVectorized(*logical)) != nullptr) {
      // Runs its whole input fragment itself: no physical children.
    } else {
      op = MakeOperator(*logical);
      for (const auto& child : logical->children) inputs.push_back(child.get());
    }
    PhysicalOperator* raw = op.get();
    if (w.parent == nullptr) {
      result = std::move(op);
    } else {
      w.parent->children.push_back(std::move(op));
    }
    // The first input on top: children are attached in order.
    for (size_t i = inputs.size(); i-- > 0;) work.push_back({inputs[i], raw, w.depth + 1});
  }
  return result;
}

}  // namespace quiver::exec
