#include "storage/txn/delta_state.h"

#include <algorithm>

#include "storage/txn/value_convert.h"

namespace quiver::storage {

BaseGraph::BaseGraph(std::shared_ptr<const Generation> gen) : gen_(std::move(gen)) {
  offsets_.reserve(gen_->RelTypeCount() + 1);
  offsets_.push_back(0);
  for (uint32_t t = 0; t < gen_->RelTypeCount(); ++t)
    offsets_.push_back(offsets_.back() + gen_->RelTypeEdgeCount(t));
}

EdgeRef BaseGraph::EdgeOf(RelId id) const {
  QUIVER_ASSERT(id < edge_count());
  // The last type whose first id is <= id (empty types share their offset with the next).
  const auto it = std::upper_bound(offsets_.begin(), offsets_.end(), id);
  const auto type = static_cast<uint32_t>(it - offsets_.begin() - 1);
  return EdgeRef{type, id - offsets_[type]};
}

namespace {

size_t PropsBytes(const std::vector<PropertyEntry>& props) {
  size_t bytes = props.capacity() == 0 ? 0 : props.capacity() * sizeof(PropertyEntry) + kAllocOverhead;
  for (const auto& [key, value] : props) bytes += ValueHeapBytes(value);
  return bytes;
}

}  // namespace

void NodeDelta::Charge(const EditContext& ctx) {
  size_t bytes = sizeof(NodeDelta) + kAllocOverhead + PropsBytes(props);
  if (labels.capacity() != 0) bytes += labels.capacity() * sizeof(LabelId) + kAllocOverhead;
  Recharge(bytes, ctx);
}

std::shared_ptr<NodeDelta> NodeDelta::Clone(const EditContext& ctx) const {
  auto copy = std::make_shared<NodeDelta>(ctx);
  copy->created = created;
  copy->deleted = deleted;
  copy->labels_override = labels_override;
  copy->labels = labels;
  copy->props = props;
  copy->out = out;
  copy->in = in;
  copy->deleted_base_out = deleted_base_out;
  copy->deleted_base_in = deleted_base_in;
  copy->Charge(ctx);
  return copy;
}

void RelDelta::Charge(const EditContext& ctx) {
  Recharge(sizeof(RelDelta) + kAllocOverhead + PropsBytes(props), ctx);
}

std::shared_ptr<RelDelta> RelDelta::Clone(const EditContext& ctx) const {
  auto copy = std::make_shared<RelDelta>(ctx);
  copy->base = base;
  copy->deleted = deleted;
  copy->type = type;
  copy->start = start;
  copy->end = end;
  copy->props = props;
  copy->Charge(ctx);
  return copy;
}

std::optional<uint32_t> TokenList::Find(std::string_view name) const {
  const auto it = ids.find(std::string(name));
  if (it == ids.end()) return std::nullopt;
  return it->second;
}

uint32_t TokenList::Add(std::string_view name) {
  const uint32_t id = size();
  names.emplace_back(name);
  ids.emplace(std::string(name), id);
  return id;
}

std::shared_ptr<DeltaState> DeltaState::OverBase(std::shared_ptr<const Generation> gen, uint64_t sequence,
                                                 uint64_t log_position) {
  auto s = std::make_shared<DeltaState>();
  auto base = std::make_shared<BaseGraph>(std::move(gen));
  auto tokens = std::make_shared<DeltaTokens>();
  tokens->labels.base_count = base->gen().LabelCount();
  tokens->rel_types.base_count = base->gen().RelTypeCount();
  tokens->property_keys.base_count = base->gen().PropertyKeyCount();
  s->node_bound = base->node_count();
  s->rel_bound = base->edge_count();
  s->live_nodes = base->node_count();
  s->live_rels = base->edge_count();
  // Aliases the generation's catalog: no copy until a transaction changes it.
  s->schema = std::shared_ptr<const SchemaCatalog>(base->generation(), &base->gen().Schema());
  s->base = std::move(base);
  s->tokens = std::move(tokens);
  s->sequence = sequence;
  s->log_position = log_position;
  return s;
}

uint64_t DeltaState::tokens_added() const {
  return tokens->labels.names.size() + tokens->rel_types.names.size() + tokens->property_keys.names.size();
}

const Value* FindEntry(const std::vector<PropertyEntry>& props, PropertyKeyId key) {
  const auto it = std::lower_bound(props.begin(), props.end(), key,
                                   [](const PropertyEntry& e, PropertyKeyId k) { return e.first < k; });
  return it != props.end() && it->first == key ? &it->second : nullptr;
}

void PutEntry(std::vector<PropertyEntry>& props, PropertyKeyId key, Value value) {
  const auto it = std::lower_bound(props.begin(), props.end(), key,
                                   [](const PropertyEntry& e, PropertyKeyId k) { return e.first < k; });
  if (it != props.end() && it->first == key) {
    it->second = std::move(value);
  } else {
    props.insert(it, PropertyEntry(key, std::move(value)));
  }
}

bool EraseEntry(std::vector<PropertyEntry>& props, PropertyKeyId key) {
  const auto it = std::lower_bound(props.begin(), props.end(), key,
                                   [](const PropertyEntry& e, PropertyKeyId k) { return e.first < k; });
  if (it == props.end() || it->first != key) return false;
  props.erase(it);
  return true;
}

}  // namespace quiver::storage
