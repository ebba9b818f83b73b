#pragma once
// The logical plan: a tree of operators, each of which turns the rows of its input into
// rows of its output. Every operator has one input (children[0]) except the leaves
// (Start, Argument) and Union. Operators that produce rows "per input row" (scans,
// expands, UNWIND, CALL) make cartesian products and correlated subplans fall out of
// the same shape: a scan under an expand is a nested loop, a subplan's Argument leaf
// yields the outer row.
//
// Rows: every variable and computed column of a statement has one slot in a fixed-width
// row (SlotId); a clause writes new slots and never moves old ones, so a slot's meaning
// is the same everywhere in the plan. Nodes and relationships sit in rows as identities.

#include <memory>
#include <string>
#include <vector>

#include "planner/bound_expression.h"
#include "storage/graph.h"

namespace quiver::planner {

enum class OpKind : uint8_t {
  kStart,           // one empty row
  kArgument,        // the outer row of a subplan (OPTIONAL MATCH, MERGE, subqueries)
  kNodeScan,        // per input row, every node with `labels` (all of them) into `slot`
  kNodeSeek,        // a NodeScan whose first property equality a storage key index answers
  kExpand,          // from `from_slot` along `rel`; into `to_slot` (or checks it when `into`)
  kVarExpand,       // variable-length expand; `slot` holds the relationship list
  kFilter,          // keeps rows where `exprs[0]` is true
  kOptional,        // runs children[1] per input row (Argument = the row); no output → nulls
  kProject,         // evaluates exprs[i] into slots[i]
  kAggregate,       // groups by exprs[0..keys) into slots, aggregates into aggregate slots
  kDistinct,        // keeps the first row of each distinct tuple of `slots`
  kSort,            // by exprs with `descending`
  kSkip,            // exprs[0] rows
  kLimit,           // exprs[0] rows
  kUnwind,          // per input row, each element of exprs[0] into `slot`
  kCall,            // procedure call per input row
  kCreate,          // creates `create_nodes` and `create_rels` per row (eager)
  kMerge,           // per input row: children[1] matches, else creates (eager)
  kSetProperties,   // SET / REMOVE items (eager)
  kDelete,          // DELETE / DETACH DELETE exprs (eager)
  kEager,           // materializes all input before producing (isolates reads from writes)
  kHashJoin,        // rows of children[0] (probe) joined with children[1] (build) on exprs[0] = exprs[1]
  kUnion,           // the rows of every child; `distinct` for UNION
  kProduceResults,  // the root: `slots` are the result columns, named `columns`
  kCountStore,      // one row: the number of nodes with `labels` (at most one), or of relationships
                    // of `rel.types` (at most one) when count_relationships, in every one of `slots`
};
std::string_view OpKindName(OpKind kind);

// The first size() slots of a list that the hops of one pattern share. Hop k of a
// pattern must not bind a relationship that hops 0..k-1 bound, so each hop's list is a
// prefix of the next one's: one shared list and a length per hop keep a pattern's plan
// linear in its length, where a copy per hop made a 10,000-hop pattern plan 50 million
// slots. (Shared ownership is the point here: every hop's operator owns the list.)
class SlotPrefix {
 public:
  SlotPrefix() = default;
  SlotPrefix(std::shared_ptr<const std::vector<SlotId>> list, size_t size) : list_(std::move(list)), size_(size) {}
  const SlotId* begin() const { return list_ ? list_->data() : nullptr; }
  const SlotId* end() const { return begin() + size_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

 private:
  std::shared_ptr<const std::vector<SlotId>> list_;
  size_t size_ = 0;
};

// One relationship hop's shape, shared by Expand and VarExpand.
struct RelPattern {
  Direction direction = Direction::kOutgoing;  // relative to from_slot
  std::vector<std::string> types;              // alternatives; empty means any
  // Relationship slots (and var-length list slots) bound earlier in the same MATCH: a
  // pattern never binds one relationship twice (relationship isomorphism).
  SlotPrefix distinct_from;
  SlotPrefix distinct_from_lists;
  // Var-length: the expansion runs against the pattern's written direction, so the
  // relationship list is reversed before it is bound (lists are in pattern order).
  bool reverse_list = false;
  // Var-length: whether anything reads the relationship list (a named variable, a path,
  // or the uniqueness check of another hop); building it costs O(length) per path.
  bool bind_list = true;
  // Var-length: each end node once per input row, reached breadth-first, instead of one
  // row per path. Set by the optimizer only where nothing can tell the difference (see
  // optimizer.h, "Distinct ends"); a path count can be exponential in the depth.
  bool distinct_ends = false;
  int64_t min_hops = 1;  // var-length only
  int64_t max_hops = 1;  // var-length only; INT64_MAX for unbounded
  // Var-length: property equalities every relationship on the path must meet.
  std::vector<std::string> property_keys;
  std::vector<BoundExprPtr> property_values;
};

struct AggregateSpec {
  SlotId slot = kNoSlot;
  const AggregateFunction* function = nullptr;  // null for count(*)
  std::string name;                             // for EXPLAIN
  bool distinct = false;
  std::vector<BoundExprPtr> args;
};

struct CreateNodeSpec {
  SlotId slot = kNoSlot;
  std::vector<std::string> labels;
  BoundExprPtr properties;  // a map expression, or null
};
struct CreateRelSpec {
  SlotId slot = kNoSlot;
  std::string type;
  SlotId start = kNoSlot;
  SlotId end = kNoSlot;
  BoundExprPtr properties;
};

enum class SetKind : uint8_t {
  kProperty,        // target.key = value
  kReplace,         // target = map (or entity)
  kMerge,           // target += map
  kAddLabels,       // target:labels
  kRemoveProperty,  // REMOVE target.key
  kRemoveLabels,    // REMOVE target:labels
};
struct SetSpec {
  SetKind kind = SetKind::kProperty;
  BoundExprPtr target;  // evaluates to a node, a relationship or null
  std::string key;
  std::vector<std::string> labels;
  BoundExprPtr value;
};

struct ProcedureCallSpec {
  std::string name;
  std::vector<BoundExprPtr> args;
  std::vector<std::string> arg_types;  // declared input types, for checks
  std::vector<int> yield_fields;       // output index per yielded slot
  std::vector<SlotId> yield_slots;
  size_t output_count = 0;
};

struct LogicalOperator {
  explicit LogicalOperator(OpKind k) : kind(k) {}
  ~LogicalOperator();

  OpKind kind;
  std::vector<std::unique_ptr<LogicalOperator>> children;
  std::vector<BoundExprPtr> exprs;
  std::vector<SlotId> slots;         // kProject/kAggregate outputs; kMerge: created path slots
  std::vector<bool> descending;      // kSort
  // kSort: how many leading rows anyone reads (SKIP + LIMIT above it), when known: the
  // sort then keeps only that many (top-k) instead of every row. Null: all.
  BoundExprPtr sort_limit;
  std::vector<std::string> columns;  // kProduceResults
  std::vector<StaticType> column_types;  // kProduceResults: per column (kAny where UNION branches differ)
  std::vector<std::string> labels;   // kNodeScan, kNodeSeek
  // kNodeScan: property equalities the scan checks itself (the optimizer moves them in).
  // kNodeSeek: the first one is looked up in the index, the rest are checked.
  std::vector<std::string> scan_property_keys;
  std::vector<BoundExprPtr> scan_property_values;
  SlotId slot = kNoSlot;       // kNodeScan node, kUnwind, kVarExpand rel list
  SlotId from_slot = kNoSlot;  // expands
  SlotId to_slot = kNoSlot;
  SlotId rel_slot = kNoSlot;  // kExpand
  bool into = false;          // expands: to_slot is already bound
  RelPattern rel;
  size_t key_count = 0;  // kAggregate: exprs[0..key_count) are keys → slots
  std::vector<AggregateSpec> aggregates;
  std::vector<SlotId> null_slots;  // kOptional: slots set to null without a match
  bool distinct = false;           // kUnion
  bool detach = false;             // kDelete
  bool count_relationships = false;  // kCountStore
  std::vector<CreateNodeSpec> create_nodes;
  std::vector<CreateRelSpec> create_rels;
  std::vector<SetSpec> set_items;  // kSetProperties; kMerge: on-create items
  std::vector<SetSpec> on_match;   // kMerge
  ProcedureCallSpec call;
};
using LogicalOperatorPtr = std::unique_ptr<LogicalOperator>;

struct LogicalPlan {
  LogicalOperatorPtr root;  // a ProduceResults
  uint32_t slot_count = 0;
  std::vector<std::string> slot_names;  // for EXPLAIN, per slot
  bool has_updates = false;
  // The property keys whose storage index a NodeSeek of this plan relies on: a prepared
  // plan is re-planned when the graph no longer indexes one of them.
  std::vector<std::string> seek_keys;
};

// EXPLAIN's text: one operator per line; an operator's input follows in its column,
// its other children (subplans, build sides, UNION branches) come first, indented.
std::string ToString(const LogicalPlan& plan);
// Slots print as their variable names when `slot_names` is given, else as `#n`.
std::string ToString(const LogicalOperator& op, int indent = 0,
                     const std::vector<std::string>* slot_names = nullptr);
// One operator's line: its name and details, e.g. `Expand (a)-[r:KNOWS]->(b)`.
std::string Describe(const LogicalOperator& op, const std::vector<std::string>* slot_names = nullptr);

}  // namespace quiver::planner
