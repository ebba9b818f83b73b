#include "planner/rel_index_seek_rule.h"

#include <algorithm>
#include <optional>

#include "planner/index_seek_rule.h"
#include "planner/logical_projection.h"
#include "storage/schema_catalog.h"

namespace quiver::planner {

namespace {

using Mode = IndexSeekSpec::Mode;

void Conjuncts(const BoundExpr& e, std::vector<const BoundExpr*>& out) {
  if (e.op == ExprOp::kAnd) {
    for (const auto& a : e.args) Conjuncts(*a, out);
  } else {
    out.push_back(&e);
  }
}

// The ends the seek binds itself: an operand reading one could not be evaluated before.
struct Ends {
  SlotId from, to;
  bool ReadBy(const BoundExpr* e) const {
    if (e == nullptr) return false;
    std::vector<SlotId> slots;
    CollectSlots(*e, slots);
    return std::find(slots.begin(), slots.end(), from) != slots.end() ||
           std::find(slots.begin(), slots.end(), to) != slots.end();
  }
};

// The best test of `key` among the conjuncts: an equality, else IN, else a range with
// both bounds where two conjuncts give one each, else a prefix or a one-sided range.
std::optional<Sargable> BestTest(const std::vector<const BoundExpr*>& conjuncts, SlotId slot,
                                 const Ends& ends, const std::string& key) {
  std::optional<Sargable> best;
  for (const BoundExpr* c : conjuncts) {
    std::optional<Sargable> s = FromPredicate(*c, slot, key);
    if (!s || ends.ReadBy(s->value) || ends.ReadBy(s->lower) || ends.ReadBy(s->upper)) continue;
    if (best && best->mode == Mode::kRange && s->mode == Mode::kRange) {
      if (best->lower == nullptr && s->lower != nullptr) {
        best->lower = s->lower;
        best->lower_inclusive = s->lower_inclusive;
      }
      if (best->upper == nullptr && s->upper != nullptr) {
        best->upper = s->upper;
        best->upper_inclusive = s->upper_inclusive;
      }
      continue;
    }
    if (!best || Rank(s->mode) < Rank(best->mode)) best = s;
  }
  return best;
}

struct Choice {
  const storage::IndexDefinition* index = nullptr;
  std::vector<const BoundExpr*> leading;  // equalities on keys[0..leading.size())
  Sargable test;
};

// The ONLINE index of `type` the conjuncts seek best.
std::optional<Choice> Choose(const std::vector<const BoundExpr*>& conjuncts, SlotId rel_slot,
                             const Ends& ends, const std::string& type, const GraphReader& graph) {
  const auto type_id = graph.FindRelType(type);
  if (!type_id) return std::nullopt;
  std::optional<Choice> best;
  for (const storage::IndexDefinition& index : graph.Schema().indexes()) {
    if (!index.IsRelationshipPropertyIndex() || index.token != *type_id || !graph.IndexOnline(index))
      continue;
    std::vector<const BoundExpr*> leading;
    for (size_t k = 0; k < index.keys.size(); ++k) {
      std::optional<Sargable> test =
          BestTest(conjuncts, rel_slot, ends, std::string(graph.PropertyKeyName(index.keys[k])));
      if (!test) break;
      if (!best || k > best->leading.size() ||
          (k == best->leading.size() && Rank(test->mode) < Rank(best->test.mode))) {
        best = Choice{&index, leading, *test};
      }
      if (test->mode != Mode::kEquals) break;
      leading.push_back(test->value);
    }
  }
  return best;
}

void Apply(const Choice& choice, const GraphReader& graph, LogicalRelationshipIndexSeek& seek) {
  const storage::IndexDefinition& index = *choice.index;
  seek.index_name = index.name;
  seek.index_type = std::string(storage::IndexKindName(index.kind));
  seek.leading_keys.clear();
  seek.leading.clear();
  seek.values.clear();
  seek.lower.reset();
  seek.upper.reset();
  for (size_t i = 0; i < choice.leading.size(); ++i) {
    seek.leading_keys.emplace_back(graph.PropertyKeyName(index.keys[i]));
    seek.leading.push_back(Clone(*choice.leading[i]));
  }
  seek.property = std::string(graph.PropertyKeyName(index.keys[choice.leading.size()]));
  SetTest(seek, choice.test);
}

// An Expand this rule may replace: one type, a new far end, no earlier relationship to
// differ from, from a NodeScan of its start node that checks nothing but labels (which
// become a Filter above the seek).
bool Replaceable(const LogicalOperator& op) {
  if (!op.Is<LogicalExpand>()) return false;
  const auto& e = op.As<LogicalExpand>();
  if (e.into || e.rel.types.size() != 1 || e.rel_slot == kNoSlot || !e.rel.distinct_from.empty() ||
      !e.rel.distinct_from_lists.empty()) {
    return false;
  }
  const LogicalOperator& below = *e.children[0];
  if (below.kind != OpKind::kNodeScan) return false;
  const auto& scan = below.As<LogicalNodeScan>();
  return scan.slot == e.from_slot && scan.any_labels.empty() && scan.property_keys.empty();
}

}  // namespace

void SeekRelationshipsByIndex(LogicalOperator& filter, const GraphReader& graph,
                              std::vector<std::string>& index_names) {
  std::vector<const BoundExpr*> conjuncts;
  LogicalOperator* holder = &filter;
  while (true) {
    Conjuncts(*holder->As<LogicalFilter>().predicate, conjuncts);
    if (!holder->children[0]->Is<LogicalFilter>()) break;
    holder = holder->children[0].get();
  }
  LogicalOperatorPtr& bottom = holder->children[0];
  if (bottom->Is<LogicalRelationshipIndexSeek>()) {
    auto& seek = bottom->As<LogicalRelationshipIndexSeek>();
    std::optional<Choice> choice =
        Choose(conjuncts, seek.rel_slot, Ends{seek.from_slot, seek.to_slot}, seek.type, graph);
    if (!choice || choice->leading.size() < seek.leading.size() ||
        (choice->leading.size() == seek.leading.size() && Rank(choice->test.mode) >= Rank(seek.mode) &&
         !(seek.mode == Mode::kRange && (seek.lower == nullptr || seek.upper == nullptr) &&
           choice->test.mode == Mode::kRange && choice->test.lower != nullptr &&
           choice->test.upper != nullptr))) {
      return;  // not better than what the Filters below gave
    }
    Apply(*choice, graph, seek);
    index_names.push_back(choice->index->name);
    return;
  }
  if (!Replaceable(*bottom)) return;
  auto& expand = bottom->As<LogicalExpand>();
  std::optional<Choice> choice =
      Choose(conjuncts, expand.rel_slot, Ends{expand.from_slot, expand.to_slot}, expand.rel.types[0], graph);
  if (!choice) return;
  // From a labelled start a range or prefix may give more relationships than the
  // label's nodes have (there are no value statistics to tell): only an equality or IN
  // (after any leading equalities) replaces that scan.
  const bool labelled = !expand.children[0]->As<LogicalNodeScan>().labels.empty();
  if (labelled && (choice->test.mode == Mode::kRange || choice->test.mode == Mode::kPrefix)) return;
  const SlotId expand_from = expand.from_slot;
  auto seek = std::make_unique<LogicalRelationshipIndexSeek>(expand.rel.direction == Direction::kBoth);
  seek->children = std::move(expand.children[0]->children);  // the scan's input
  seek->from_slot = expand.from_slot;
  seek->rel_slot = expand.rel_slot;
  seek->to_slot = expand.to_slot;
  seek->direction = expand.rel.direction;
  seek->type = expand.rel.types[0];
  Apply(*choice, graph, *seek);
  index_names.push_back(choice->index->name);
  const std::vector<std::string> labels = std::move(expand.children[0]->As<LogicalNodeScan>().labels);
  bottom = std::move(seek);
  if (!labels.empty()) {
    std::vector<BoundExprPtr> args;
    args.push_back(MakeSlotRef(expand_from, StaticType::kNode));
    auto has = MakeExpr(ExprOp::kHasLabels, std::move(args), StaticType::kBool);
    has->names = labels;
    auto filter = MakeOp<LogicalFilter>(std::move(bottom));
    filter->predicate = std::move(has);
    bottom = std::move(filter);
  }
}

}  // namespace quiver::planner
