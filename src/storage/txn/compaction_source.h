#pragma once
// CompactionSource: the live graph of a published DeltaState (base ⊕ delta) in the
// order a compacted generation stores it. It is the one definition of that order, read
// by every compaction builder: the in-memory one in this layer (compaction.h) and the
// bounded, spilling one in the ingest layer (ingest/compaction_build.h).
//
// The order (docs/format/log.md, "Compaction"):
//  * nodes: every live node in ascending old id, so ids shift down only past deleted
//    nodes; each with its labels, properties and — for base nodes — external key;
//  * relationships of each type: the base's live ones in forward order (source, then
//    CSR position), then the delta's in creation order;
//  * tokens: every token in id order, so token ids never change (even for tokens
//    nothing carries any more).
//
// Thread-safe for readers once built: builders read ranges of it on many threads.

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "storage/generation_writer.h"
#include "storage/txn/delta_view.h"
#include "storage/txn/salvage_losses.h"

namespace quiver::storage {

// Runs f(0..tasks-1) on up to `workers` threads (the caller's included). The first
// failure — a Status, or an exception from a read of a corrupt base value — wins and
// stops further tasks from starting.
template <typename F>
Status ParallelTasks(size_t tasks, unsigned workers, F&& f) {
  std::atomic<size_t> next{0};
  std::mutex mu;
  Status first;
  std::atomic<bool> failed{false};
  auto run = [&] {
    for (size_t i; !failed.load() && (i = next.fetch_add(1)) < tasks;) {
      Status s;
      try {
        s = f(i);
      } catch (const std::exception& e) {
        s = Status::Corruption(e.what());
      }
      if (!s.ok()) {
        std::lock_guard<std::mutex> l(mu);
        if (first.ok()) first = s;
        failed = true;
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < std::min<size_t>(workers, tasks); ++t) threads.emplace_back(run);
  run();
  for (auto& t : threads) t.join();
  return first;
}

// An owned copy of an external key (for a node handed to a builder).
ExternalKey OwnedKey(const ExternalKeyView& view);

class CompactionSource {
 public:
  // Old node ids per task of a node pass.
  static constexpr uint64_t kNodeRange = 1 << 16;

  // `state` must be published (immutable). Numbers the live nodes on `workers` threads.
  // With `salvage` (`quiver check --repair`), reads that meet damage leave that fact out
  // and record it there instead of failing (compaction_salvage.cpp).
  static Result<std::unique_ptr<CompactionSource>> Open(const DeltaState& state, unsigned workers,
                                                        SalvageLosses* salvage = nullptr);

  const DeltaView& view() const { return view_; }
  uint64_t node_count() const { return state_.live_nodes; }  // = the new id bound
  uint64_t old_node_bound() const { return state_.node_bound; }
  // Node passes run over ranges of kNodeRange old ids: [r * kNodeRange, ...).
  size_t node_ranges() const { return static_cast<size_t>((old_node_bound() + kNodeRange - 1) / kNodeRange); }
  uint32_t label_count() const { return state_.tokens->labels.size(); }
  uint32_t rel_type_count() const { return static_cast<uint32_t>(delta_rels_.size()); }
  // The base's external-id kind; compacted generations keep the keys of base nodes.
  ExternalIdKind key_kind() const { return base_.gen().ExternalIds(); }
  // The property key the base recorded as mirroring its ids: the one a compacted
  // generation records again if it still mirrors (storage/key_mirror.h, PickMirrorKey).
  std::optional<uint32_t> base_id_mirror_key() const { return base_.gen().manifest().id_mirror_key; }
  DictionaryData Dictionary() const;
  // Whether any live relationship may carry properties (the base has an edge column,
  // or the delta set one); false means none does.
  bool relationships_have_properties() const { return rel_properties_; }

  uint64_t NewId(uint64_t old) const { return new_id_.empty() ? old : new_id_[old]; }

  struct Node {
    uint64_t id = 0;  // new id
    std::vector<LabelId> labels;
    std::vector<PropertyEntry> properties;  // ascending keys
    ExternalKey key;                        // monostate: none
  };
  // Reads node `old` into *out; false when it is not live.
  bool ReadNode(uint64_t old, Node* out) const;

  using RelationshipFn = std::function<void(uint64_t new_start, uint64_t new_end, RelId old_rel)>;
  // Relationships of type t in compaction order: f(new_start, new_end, old_rel_id).
  template <typename F>
  void ForEachRelationship(uint32_t t, F&& f) const {
    if (salvage_ != nullptr) return ForEachRelationshipSalvaging(t, f);
    ForEachBaseRelationship(t, 0, base_node_count(), f);
    ForEachDeltaRelationship(t, f);
  }
  // The two parts of ForEachRelationship (not when salvaging), so a builder can read the
  // base's in ranges of sources on several threads and hand them over in order: the
  // base's live relationships of type t from sources [begin, end) (old ids), in forward
  // order, then — after every range — the delta's.
  bool salvaging() const { return salvage_ != nullptr; }
  // No node or relationship changed since the generation, and not salvaging: every base
  // node is live under its own id, its labels and properties the generation's, which a
  // reader may then take column by column (base_generation()).
  bool untouched() const { return salvage_ == nullptr && state_.nodes.empty() && state_.rels.empty(); }
  const Generation& base_generation() const { return base_.gen(); }
  uint64_t base_node_count() const { return base_.node_count(); }
  // Relationships of type t from base source `src` in the CSR (deleted ones included).
  uint64_t BaseDegree(uint32_t t, uint64_t src) const {
    return t < base_.type_count() ? base_.gen().Degree(src, Direction::kOut, t) : 0;
  }
  template <typename F>
  void ForEachBaseRelationship(uint32_t t, uint64_t begin, uint64_t end, F&& f) const {
    if (t >= base_.type_count()) return;
    const Generation& g = base_.gen();
    for (uint64_t src = begin; src < end; ++src) {
      g.ForEachSlice(t, src, Direction::kOut, [&](const AdjacencySlice& s) {
        for (uint64_t i = 0; i < s.size(); ++i) {
          const RelId rel = base_.RelIdOf(t, s.EdgeAt(i));
          if (view_.RelationshipExists(rel)) f(NewId(src), NewId(s.neighbors[i]), rel);
        }
      });
    }
  }
  template <typename F>
  void ForEachDeltaRelationship(uint32_t t, F&& f) const {
    for (RelId rel : delta_rels_[t]) {
      const RelDelta* r = view_.RelRecord(rel);
      f(NewId(r->start), NewId(r->end), rel);
    }
  }
  void RelationshipProperties(RelId rel, std::vector<PropertyEntry>* out) const {
    out->clear();
    if (salvage_ != nullptr) return SalvageRelationshipProperties(rel, out);
    view_.GetRelationshipProperties(rel, *out);
  }

 private:
  explicit CompactionSource(const DeltaState& state) : state_(state), view_(&state), base_(*state.base) {}
  Status MapNodes(unsigned workers);
  void CollectDelta();
  // ---- salvage (compaction_salvage.cpp): each read that throws StorageError leaves its
  // fact out, recorded in salvage_; forward-CSR damage is made good from the reverse CSR.
  void SalvageNode(uint64_t old, Node* out) const;
  void ForEachRelationshipSalvaging(uint32_t t, const RelationshipFn& f) const;
  void SalvageRelationshipProperties(RelId rel, std::vector<PropertyEntry>* out) const;

  const DeltaState& state_;
  const DeltaView view_;
  const BaseGraph& base_;
  std::vector<uint64_t> new_id_;                // empty: ids unchanged
  std::vector<std::vector<RelId>> delta_rels_;  // live created relationships per type, in creation order
  bool rel_properties_ = false;
  SalvageLosses* salvage_ = nullptr;
};

}  // namespace quiver::storage
