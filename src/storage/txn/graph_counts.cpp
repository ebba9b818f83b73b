#include "storage/txn/graph_counts.h"

#include "common/assert.h"
#include "storage/txn/delta_view.h"

namespace quiver::storage {

TokenUse CountTokenUse(const DeltaState& state) {
  const Generation& g = state.base->gen();
  std::vector<int64_t> labels(state.tokens->labels.size(), 0);
  std::vector<int64_t> types(state.tokens->rel_types.size(), 0);
  for (uint32_t l = 0; l < g.LabelCount(); ++l) labels[l] = static_cast<int64_t>(g.LabelNodeCount(l));
  for (uint32_t t = 0; t < g.RelTypeCount(); ++t) types[t] = static_cast<int64_t>(g.RelTypeEdgeCount(t));

  // A touched node counts out with the labels it had in the base (if it is a base node)
  // and back in with the labels it has now (if it is live).
  state.nodes.ForEach([&](uint64_t id, const std::shared_ptr<NodeDelta>& d) {
    const bool relabelled = d->created || d->labels_override;
    if (!d->created && (d->deleted || d->labels_override)) {
      g.NodeLabels(id).ForEach([&](uint64_t l) { --labels[l]; });
    }
    if (!d->deleted && relabelled) {
      for (LabelId l : d->labels) ++labels[l];
    }
  });
  state.rels.ForEach([&](uint64_t, const std::shared_ptr<RelDelta>& r) {
    if (r->base && r->deleted) --types[r->type];
    if (!r->base && !r->deleted) ++types[r->type];
  });

  TokenUse out;
  for (uint32_t l = 0; l < labels.size(); ++l) {
    QUIVER_ASSERT_MSG(labels[l] >= 0, "negative count for label " + std::to_string(l));
    out.label_nodes.push_back(static_cast<uint64_t>(labels[l]));
  }
  for (uint32_t t = 0; t < types.size(); ++t) {
    QUIVER_ASSERT_MSG(types[t] >= 0, "negative count for relationship type " + std::to_string(t));
    out.type_relationships.push_back(static_cast<uint64_t>(types[t]));
  }
  return out;
}

GraphCounts CountGraph(const DeltaState& state) {
  const DeltaView view(&state);
  const TokenUse use = CountTokenUse(state);
  GraphCounts out;
  out.nodes = state.live_nodes;
  out.relationships = state.live_rels;
  uint64_t typed = 0;
  for (uint32_t l = 0; l < use.label_nodes.size(); ++l) {
    out.labels.emplace_back(std::string(view.LabelName(l)), use.label_nodes[l]);
  }
  for (uint32_t t = 0; t < use.type_relationships.size(); ++t) {
    out.rel_types.emplace_back(std::string(view.RelTypeName(t)), use.type_relationships[t]);
    typed += use.type_relationships[t];
  }
  QUIVER_ASSERT_MSG(typed == out.relationships, "relationship counts per type do not add up to the total");
  return out;
}

}  // namespace quiver::storage
