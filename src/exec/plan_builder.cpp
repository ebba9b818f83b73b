// Logical plan → physical operators. One physical operator per logical one: the
// logical plan is already in the shape it runs in (the binder plans as it binds).

#include "exec/operator/operators.h"

namespace quiver::exec {

using planner::OpKind;

PhysicalOperatorPtr BuildPhysicalPlan(const planner::LogicalOperator& logical) {
  PhysicalOperatorPtr op;
  switch (logical.kind) {
    case OpKind::kStart:
      op = MakeStart(logical);
      break;
    case OpKind::kArgument:
      op = MakeArgument(logical);
      break;
    case OpKind::kNodeScan:
    case OpKind::kNodeSeek:
      op = MakeNodeScan(logical);
      break;
    case OpKind::kExpand:
      op = MakeExpand(logical);
      break;
    case OpKind::kVarExpand:
      op = MakeVarExpand(logical);
      break;
    case OpKind::kFilter:
      op = MakeFilter(logical);
      break;
    case OpKind::kOptional:
      op = MakeOptional(logical);
      break;
    case OpKind::kProject:
      op = MakeProject(logical);
      break;
    case OpKind::kAggregate:
      op = MakeAggregate(logical);
      break;
    case OpKind::kDistinct:
      op = MakeDistinct(logical);
      break;
    case OpKind::kSort:
      op = MakeSort(logical);
      break;
    case OpKind::kSkip:
      op = MakeSkip(logical);
      break;
    case OpKind::kLimit:
      op = MakeLimit(logical);
      break;
    case OpKind::kUnwind:
      op = MakeUnwind(logical);
      break;
    case OpKind::kCall:
      op = MakeProcedureCall(logical);
      break;
    case OpKind::kCreate:
      op = MakeCreate(logical);
      break;
    case OpKind::kMerge:
      op = MakeMerge(logical);
      break;
    case OpKind::kSetProperties:
      op = MakeSetProperties(logical);
      break;
    case OpKind::kDelete:
      op = MakeDelete(logical);
      break;
    case OpKind::kUnion:
      op = MakeUnion(logical);
      break;
    case OpKind::kHashJoin:
      op = MakeHashJoin(logical);
      break;
    case OpKind::kEager:
      op = MakeEager(logical);
      break;
    case OpKind::kProduceResults:
      op = MakePassThrough(logical);
      break;
  }
  for (const auto& child : logical.children) op->children.push_back(BuildPhysicalPlan(*child));
  return op;
}

}  // namespace quiver::exec
