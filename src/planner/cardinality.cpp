#include "planner/cardinality.h"

#include <algorithm>
#include <cmath>

namespace quiver::planner {

namespace {

using Rows = std::optional<double>;

Rows Times(Rows a, Rows b) {
  if (!a || !b) return std::nullopt;
  return *a * *b;
}

// The value of a constant integer expression (SKIP/LIMIT counts), if it is one.
std::optional<double> ConstantCount(const BoundExpr& e) {
  if (e.op != ExprOp::kConstant || !e.value.IsInt()) return std::nullopt;
  return static_cast<double>(std::max<int64_t>(0, e.value.AsInt()));
}

// `n.key` of the slot `node` (any slot when kNoSlot): the key.
const std::string* PropertyOf(const BoundExpr& e, SlotId node) {
  if (e.op != ExprOp::kProperty || e.args[0]->op != ExprOp::kSlot) return nullptr;
  if (node != kNoSlot && e.args[0]->slot != node) return nullptr;
  return &e.name;
}

}  // namespace

std::optional<double> CardinalityEstimator::Nodes(const std::vector<std::string>& labels) const {
  if (labels.empty()) {
    auto n = statistics_.NodeCount();
    return n ? Rows(static_cast<double>(*n)) : std::nullopt;
  }
  // A node with several labels is counted under each: the rarest bounds them.
  Rows fewest;
  for (const auto& label : labels) {
    auto n = statistics_.LabelCount(label);
    if (!n) return std::nullopt;
    fewest = std::min(fewest.value_or(static_cast<double>(*n)), static_cast<double>(*n));
  }
  return fewest;
}

double CardinalityEstimator::Selectivity(const BoundExpr& p, SlotId node, double node_rows) const {
  if (p.op == ExprOp::kIsNotNull) return kNotNullSelectivity;
  if (p.op == ExprOp::kHasLabels && p.args[0]->op == ExprOp::kSlot) {
    // A label test after an expand: the label's share of all nodes.
    auto labelled = Nodes(p.names);
    auto all = Nodes({});
    if (labelled && all && *all > 0) return std::min(1.0, *labelled / *all);
    return kOtherSelectivity;
  }
  if (p.op != ExprOp::kComparison || p.cmp_ops.size() != 1) return kOtherSelectivity;
  if (p.cmp_ops[0] != CmpOp::kEq) return kRangeSelectivity;
  for (int side = 0; side < 2; ++side) {
    const std::string* key = PropertyOf(*p.args[side], node);
    if (key == nullptr) continue;
    if (statistics_.HasNodeKeyIndex(*key)) return 1.0 / std::max(1.0, node_rows);
    return kEqualitySelectivity;
  }
  return kOtherSelectivity;
}

std::optional<double> CardinalityEstimator::Degree(const RelPattern& rel) const {
  auto nodes = statistics_.NodeCount();
  if (!nodes) return std::nullopt;
  double rels = 0;
  if (rel.types.empty()) {
    auto n = statistics_.RelationshipCount();
    if (!n) return std::nullopt;
    rels = static_cast<double>(*n);
  } else {
    for (const auto& type : rel.types) {
      auto n = statistics_.RelTypeCount(type);
      if (!n) return std::nullopt;
      rels += static_cast<double>(*n);
    }
  }
  // Undirected: each relationship is met from both of its ends.
  if (rel.direction == Direction::kBoth) rels *= 2;
  return rels / std::max<double>(1, static_cast<double>(*nodes));
}

namespace {

// Per operator kind, from the estimates of its children (already set).
class RowEstimator {
 public:
  explicit RowEstimator(const GraphStatistics& statistics) : estimator_(statistics) {}

  Rows Estimate(const LogicalOperator& op) const {
    switch (op.kind) {
      case OpKind::kStart:
      case OpKind::kArgument:
      case OpKind::kCountStore:
        return 1.0;
      case OpKind::kNodeScan:
        return Times(Input(op), Scan(op.As<LogicalNodeScan>()));
      case OpKind::kNodeSeek: {
        // The key finds about one node; the other equalities are checked on it.
        const auto& seek = op.As<LogicalNodeSeek>();
        return Times(Input(op), std::pow(CardinalityEstimator::kEqualitySelectivity,
                                         static_cast<double>(seek.property_keys.size() - 1)));
      }
      case OpKind::kExpand:
        return Hop(Input(op), op.As<LogicalExpand>().rel, op.As<LogicalExpand>().into);
      case OpKind::kVarExpand:
        return VarHop(Input(op), op.As<LogicalVarExpand>());
      case OpKind::kShortestPath:
        return Input(op);  // at most one path per pair (several for allShortestPaths)
      case OpKind::kFilter:
        return Times(Input(op), estimator_.Selectivity(*op.As<LogicalFilter>().predicate, kNoSlot,
                                                       estimator_.Nodes({}).value_or(1)));
      case OpKind::kOptional:
      case OpKind::kMerge:
        // Per input row, the subplan's rows, or one row when it has none.
        return Times(Input(op), Max1(op.children[1]->estimated_rows));
      case OpKind::kAggregate:
        if (op.As<LogicalAggregate>().keys.empty()) return 1.0;
        return Groups(Input(op));
      case OpKind::kDistinct:
        return Groups(Input(op));
      case OpKind::kSort:
        return AtMost(Input(op), op.As<LogicalSort>().limit.get());
      case OpKind::kLimit:
        return AtMost(Input(op), op.As<LogicalLimit>().count.get());
      case OpKind::kSkip: {
        auto skipped = ConstantCount(*op.As<LogicalSkip>().count);
        if (!skipped || !Input(op)) return Input(op);
        return std::max(0.0, *Input(op) - *skipped);
      }
      case OpKind::kUnwind:
        return Times(Input(op), Elements(*op.As<LogicalUnwind>().list));
      case OpKind::kHashJoin: {
        // An equi-join without value statistics: each row of the smaller side meets one
        // of the larger's (|probe| × |build| / max(|probe|, |build|)).
        Rows probe = op.children[0]->estimated_rows;
        Rows build = op.children[1]->estimated_rows;
        if (!probe || !build) return std::nullopt;
        return std::min(*probe, *build);
      }
      case OpKind::kUnion: {
        double sum = 0;
        for (const auto& child : op.children) {
          if (!child->estimated_rows) return std::nullopt;
          sum += *child->estimated_rows;
        }
        return sum;
      }
      case OpKind::kApply: {
        // A returning subquery's rows per input row (OPTIONAL CALL: at least one); a
        // unit subquery keeps the input's.
        const auto& apply = op.As<LogicalApply>();
        if (!apply.returns) return Input(op);
        Rows sub = op.children[1]->estimated_rows;
        return Times(Input(op), apply.optional ? Max1(sub) : sub);
      }
      case OpKind::kLoadCsv:
        return std::nullopt;  // the file is read only when the statement runs
      case OpKind::kNodeIndexSeek:
        return Times(Input(op), IndexSeek(op.As<LogicalNodeIndexSeek>()));
      case OpKind::kDirectedRelationshipIndexSeek:
      case OpKind::kUndirectedRelationshipIndexSeek:
        return Times(Input(op), RelationshipIndexSeek(op.As<LogicalRelationshipIndexSeek>()));
      case OpKind::kSchemaCommand:
        return 0.0;
      case OpKind::kProject:
      case OpKind::kCall:
      case OpKind::kCreate:
      case OpKind::kSetProperties:
      case OpKind::kDelete:
      case OpKind::kEager:
      case OpKind::kProduceResults:
        return Input(op);
    }
    return std::nullopt;
  }

 private:
  static Rows Input(const LogicalOperator& op) { return op.children[0]->estimated_rows; }
  static Rows Max1(Rows r) { return r ? Rows(std::max(1.0, *r)) : std::nullopt; }
  static Rows Groups(Rows input) {
    if (!input) return std::nullopt;
    return std::min(*input, std::max(1.0, *input * CardinalityEstimator::kGroupFraction));
  }
  static Rows AtMost(Rows input, const BoundExpr* limit) {
    auto n = limit != nullptr ? ConstantCount(*limit) : std::nullopt;
    if (!input || !n) return input;
    return std::min(*input, *n);
  }
  static double Elements(const BoundExpr& list) {
    if (list.op == ExprOp::kList) return static_cast<double>(list.args.size());
    if (list.op == ExprOp::kConstant && list.value.IsList())
      return static_cast<double>(list.value.AsList().size());
    return CardinalityEstimator::kUnwindElements;
  }

  Rows Scan(const LogicalNodeScan& scan) const {
    Rows nodes = estimator_.Nodes(scan.labels);
    for (size_t i = 0; i < scan.any_labels.size() && nodes; ++i) {  // a union: the labels' sum
      Rows one = estimator_.Nodes({scan.any_labels[i]});
      nodes = one ? std::optional<double>((i == 0 ? 0.0 : *nodes) + *one) : std::nullopt;
    }
    if (!nodes) return std::nullopt;
    return *nodes * std::pow(CardinalityEstimator::kEqualitySelectivity,
                             static_cast<double>(scan.property_keys.size()));
  }
  // The label's nodes the seek's predicate keeps (an equality's share per value of an IN
  // list, which is not known before it runs: a guess of a few), then the absorbed equalities.
  Rows IndexSeek(const LogicalNodeIndexSeek& seek) const {
    Rows rows = Scan(seek);
    if (!rows) return std::nullopt;
    using Mode = LogicalNodeIndexSeek::Mode;
    switch (seek.mode) {
      case Mode::kEquals: return rows;  // the equality is among the absorbed ones Scan counted
      case Mode::kIn: return *rows * CardinalityEstimator::kEqualitySelectivity * 3;
      case Mode::kRange:
      case Mode::kPrefix: return *rows * CardinalityEstimator::kRangeSelectivity;
    }
    return rows;
  }
  // The type's relationships (every node's degree in it), then the test's share.
  Rows RelationshipIndexSeek(const LogicalRelationshipIndexSeek& seek) const {
    RelPattern rel;
    rel.direction = seek.direction;
    rel.types = {seek.type};
    Rows rows = Times(estimator_.Nodes({}), estimator_.Degree(rel));
    if (!rows) return std::nullopt;
    const double share = seek.mode == IndexSeekSpec::Mode::kEquals ? CardinalityEstimator::kEqualitySelectivity
                         : seek.mode == IndexSeekSpec::Mode::kIn ? CardinalityEstimator::kEqualitySelectivity * 3
                                                                 : CardinalityEstimator::kRangeSelectivity;
    return *rows * share;
  }
  // `into` checks a bound node: the share of the reached relationships that end there.
  Rows Hop(Rows input, const RelPattern& rel, bool into) const {
    Rows rows = Times(input, estimator_.Degree(rel));
    if (!into || !rows) return rows;
    return *rows / std::max(1.0, estimator_.Nodes({}).value_or(1));
  }
  // A guess: paths of the shortest length allowed, and of up to two lengths more, each
  // length multiplying by the degree.
  Rows VarHop(Rows input, const LogicalVarExpand& expand) const {
    Rows degree = estimator_.Degree(expand.rel);
    if (!input || !degree) return std::nullopt;
    const int64_t shortest = std::max<int64_t>(expand.rel.min_hops, 0);
    // Lengths shortest .. shortest + 2 as offsets: `*9223372036854775807..` must not
    // overflow shortest + 2 or the loop counter.
    const int64_t extra = expand.rel.max_hops < shortest ? -1 : std::min<int64_t>(2, expand.rel.max_hops - shortest);
    double paths = 0;
    for (int64_t d = 0; d <= extra; ++d) paths += std::pow(*degree, static_cast<double>(shortest) + static_cast<double>(d));
    Rows rows = *input * paths;
    if (!expand.into) return rows;
    return *rows / std::max(1.0, estimator_.Nodes({}).value_or(1));
  }

  CardinalityEstimator estimator_;
};

}  // namespace

void EstimateRows(LogicalPlan& plan, const GraphStatistics& statistics) {
  if (!statistics.NodeCount()) return;
  RowEstimator estimator(statistics);
  // Children first; iterative, since a plan can be thousands of operators deep.
  struct Visit {
    LogicalOperator* op;
    bool children_done;
  };
  std::vector<Visit> stack{{plan.root.get(), false}};
  while (!stack.empty()) {
    Visit visit = stack.back();
    stack.pop_back();
    if (!visit.children_done) {
      stack.push_back({visit.op, true});
      for (auto& child : visit.op->children) stack.push_back({child.get(), false});
      continue;
    }
    visit.op->estimated_rows = estimator.Estimate(*visit.op);
  }
}

}  // namespace quiver::planner
