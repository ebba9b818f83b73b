// CompactionSource's salvage mode (`quiver check --repair`): the same graph in the same
// order as a compaction reads it, except that a read meeting a damaged block (a
// StorageError from block_verifier.h) leaves out just that fact — a node's labels, one
// property, a key — and records it in SalvageLosses. Relationships whose forward CSR
// slice is damaged are found again in the reverse CSR (which holds every relationship
// once more, by target), so only a relationship unreadable in both directions is lost;
// the MANIFEST's per-type count says exactly how many.

#include <algorithm>
#include <string>
#include <tuple>

#include "quiver/error.h"
#include "storage/txn/compaction_source.h"

namespace quiver::storage {

void CompactionSource::SalvageNode(uint64_t old, Node* out) const {
  const std::string node = "node " + std::to_string(old);
  out->id = NewId(old);
  out->labels.clear();
  try {
    view_.GetLabels(old, out->labels);
  } catch (const StorageError& e) {
    out->labels.clear();
    salvage_->Lose(SalvageLosses::Kind::kNodeLabels, node + ": labels", e.message());
  }
  out->properties.clear();
  try {
    view_.GetNodeProperties(old, out->properties);
  } catch (const StorageError&) {
    // Key by key, to keep every property that is still readable.
    out->properties.clear();
    for (PropertyKeyId k = 0; k < state_.tokens->property_keys.size(); ++k) {
      try {
        Value v = view_.GetNodeProperty(old, k);
        if (!v.IsNull()) out->properties.emplace_back(k, std::move(v));
      } catch (const StorageError& e) {
        salvage_->Lose(SalvageLosses::Kind::kNodeProperty,
                       node + ": property '" + std::string(view_.PropertyKeyName(k)) + "'", e.message());
      }
    }
  }
  out->key = std::monostate{};
  if (key_kind() != ExternalIdKind::kNone && view_.IsBaseNode(old)) {
    try {
      out->key = OwnedKey(base_.gen().NodeKey(old));
    } catch (const StorageError& e) {
      salvage_->Lose(SalvageLosses::Kind::kNodeKey, node + ": external id", e.message());
    }
  }
}

void CompactionSource::ForEachRelationshipSalvaging(uint32_t t, const RelationshipFn& f) const {
  const Generation& g = base_.gen();
  if (t < base_.type_count()) {
    const std::string type(view_.RelTypeName(t));
    const uint64_t edges = g.RelTypeEdgeCount(t);
    const uint64_t nodes = base_.node_count();
    std::vector<bool> seen(edges, false);
    std::vector<bool> damaged(nodes, false);  // sources whose forward slice is unreadable
    uint64_t damaged_sources = 0;
    std::string first_damage;
    for (uint64_t src = 0; src < nodes; ++src) {
      try {
        g.ForEachSlice(t, src, Direction::kOut, [&](const AdjacencySlice& s) {  // checks each whole slice
          for (uint64_t i = 0; i < s.size(); ++i) {
            const uint64_t position = s.EdgeAt(i);
            if (position >= edges) continue;
            seen[position] = true;
            const RelId rel = base_.RelIdOf(t, position);
            if (view_.RelationshipExists(rel)) f(NewId(src), NewId(s.neighbors[i]), rel);
          }
        });
      } catch (const StorageError& e) {
        damaged[src] = true;
        ++damaged_sources;
        if (first_damage.empty()) first_damage = e.message();
      }
    }
    if (damaged_sources > 0) {
      // The reverse CSR lists every relationship again at its target: (source, position).
      std::vector<std::tuple<uint64_t, uint64_t, uint64_t>> found;  // (source, position, target)
      for (uint64_t v = 0; v < nodes; ++v) {
        try {
          g.ForEachSlice(t, v, Direction::kIn, [&](const AdjacencySlice& s) {
            for (uint64_t i = 0; i < s.size(); ++i) {
              const uint64_t u = s.neighbors[i], position = s.EdgeAt(i);
              if (u < nodes && damaged[u] && position < edges && !seen[position]) found.emplace_back(u, position, v);
            }
          });
        } catch (const StorageError& e) {
          if (first_damage.empty()) first_damage = e.message();
        }
      }
      std::sort(found.begin(), found.end());
      uint64_t recovered = 0;
      for (const auto& [u, position, v] : found) {
        if (seen[position]) continue;
        seen[position] = true;
        const RelId rel = base_.RelIdOf(t, position);
        if (!view_.RelationshipExists(rel)) continue;
        f(NewId(u), NewId(v), rel);
        ++recovered;
      }
      salvage_->Recovered(recovered);
    }
    uint64_t lost = 0, first_lost = 0;
    for (uint64_t p = 0; p < edges; ++p) {
      if (seen[p] || !view_.RelationshipExists(base_.RelIdOf(t, p))) continue;
      if (lost++ == 0) first_lost = p;
    }
    if (lost > 0) {
      salvage_->Lose(SalvageLosses::Kind::kRelationship,
                     std::to_string(lost) + " :" + type + " relationships (the first at forward position " +
                         std::to_string(first_lost) + "), unreadable in both directions",
                     first_damage.empty() ? "its relationship file could not be opened" : first_damage, lost);
    }
  }
  for (RelId rel : delta_rels_[t]) {
    const RelDelta* r = view_.RelRecord(rel);
    f(NewId(r->start), NewId(r->end), rel);
  }
}

void CompactionSource::SalvageRelationshipProperties(RelId rel, std::vector<PropertyEntry>* out) const {
  try {
    view_.GetRelationshipProperties(rel, *out);
    return;
  } catch (const StorageError&) {
    out->clear();
  }
  for (PropertyKeyId k = 0; k < state_.tokens->property_keys.size(); ++k) {
    try {
      Value v = view_.GetRelationshipProperty(rel, k);
      if (!v.IsNull()) out->emplace_back(k, std::move(v));
    } catch (const StorageError& e) {
      salvage_->Lose(SalvageLosses::Kind::kRelationshipProperty,
                     "relationship " + std::to_string(rel) + ": property '" + std::string(view_.PropertyKeyName(k)) + "'",
                     e.message());
    }
  }
}

}  // namespace quiver::storage
