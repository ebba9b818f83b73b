#pragma once
// What logical operators are made of besides their children: the shape of a
// relationship hop, an aggregate, a created entity, a SET item, a procedure call. Kept
// apart from the operators because several share them (Expand and VarExpand a
// RelPattern, Create and Merge the creation specs, Merge and SetProperties SET items).

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "planner/bound_expression.h"
#include "storage/graph.h"

namespace quiver::planner {

// The first size() slots of a list that the hops of one pattern share. Hop k of a
// pattern must not bind a relationship that hops 0..k-1 bound, so each hop's list is a
// prefix of the next one's: one shared list and a length per hop keep a pattern's plan
// linear in its length, where a copy per hop made a 10,000-hop pattern plan 50 million
// slots. (Shared ownership is the point here: every hop's operator owns the list.)
class SlotPrefix {
 public:
  SlotPrefix() = default;
  SlotPrefix(std::shared_ptr<const std::vector<SlotId>> list, size_t size)
      : list_(std::move(list)), size_(size) {}
  const SlotId* begin() const { return list_ ? list_->data() : nullptr; }
  const SlotId* end() const { return begin() + size_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

 private:
  std::shared_ptr<const std::vector<SlotId>> list_;
  size_t size_ = 0;
};

// A quantified path pattern, `((a)-[r:R]->(b)-[s]->(c) WHERE ...){min,max}`, matched
// by VarExpand: `hops` in written order (direction from node i to node i + 1, types),
// repeated min..max times, each iteration's last node the next one's first. The
// iteration's own nodes and relationships go into `node_slots` (hops.size() + 1) and
// `rel_slots` while `predicate` — its labels, property maps and WHERE, over those slots
// and what earlier clauses bound — is tested once per completed iteration. After a
// match, each group variable's list holds its values over the iterations, in order.
struct QuantifiedSpec {
  struct Hop {
    Direction direction = Direction::kOutgoing;
    std::vector<std::string> types;  // alternatives; empty means any
  };
  struct Group {
    SlotId list = kNoSlot;  // the group variable outside the pattern: a list
    bool node = true;       // a node (at node_slots[position]) or a relationship
    size_t position = 0;
  };
  std::vector<Hop> hops;
  std::vector<SlotId> node_slots;
  std::vector<SlotId> rel_slots;
  BoundExprPtr predicate;  // null when the iterations have no condition
  std::vector<Group> groups;
  int64_t min_iterations = 1;
  int64_t max_iterations = INT64_MAX;
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
  // Var-length: a quantified path pattern; min_hops and max_hops then count its
  // relationships (iterations × hops), and `types` and `direction` are unused.
  std::unique_ptr<QuantifiedSpec> quantified;
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

}  // namespace quiver::planner
