#include "ingest/node_table.h"

#include <algorithm>

#include "common/assert.h"
#include "storage/property_column.h"

namespace quiver::ingest {

uint64_t NodeTable::MemoryBytes() const {
  uint64_t bytes = labels_.MemoryBytes();
  for (const auto& k : keys_) bytes += k.keys->MemoryBytes();
  for (const auto& [key, c] : columns_) bytes += c->MemoryBytes();
  for (const IdMap& m : maps_) bytes += m.MemoryBytes();
  return bytes;
}

Result<uint32_t> NodeTable::IdSpace(const std::string& name, KeyType type) {
  for (uint32_t i = 0; i < space_names_.size(); ++i) {
    if (space_names_[i] != name) continue;
    if (space_types_[i] != type) {
      return Status::InvalidArgument("ID space " +
                                     (name.empty() ? std::string("(global)") : "'" + name + "'") +
                                     " is used with both integer and string ids");
    }
    return i;
  }
  space_names_.push_back(name);
  space_types_.push_back(type);
  return static_cast<uint32_t>(space_names_.size() - 1);
}

void NodeTable::Append(std::vector<NodeBatch> batches, WorkerPool* pool) {
  std::vector<std::pair<uint64_t, ColumnChunk*>> chunks;
  uint64_t first = count_;
  for (NodeBatch& b : batches) {
    batch_first_node_.push_back(first);
    if (b.label_sets.empty()) {
      labels_.AppendUniform(b.count, 0);
    } else if (b.node_set.empty()) {
      labels_.AppendUniform(b.count, labels_.Intern(b.label_sets[0]));
    } else {
      std::vector<uint32_t> ids(b.label_sets.size());
      for (size_t i = 0; i < ids.size(); ++i) ids[i] = labels_.Intern(b.label_sets[i]);
      for (uint32_t& s : b.node_set) s = ids[s];
      labels_.AppendPerNode(std::move(b.node_set));
    }
    NoteKeyProperty(b);
    if (b.id_space && b.count > 0) {
      QUIVER_ASSERT(b.keys.count == b.count && *b.id_space < space_types_.size());
      b.keys.type = space_types_[*b.id_space];
      b.keys.CompactSequence();
      if (b.key_property) {
        const uint32_t k = *b.key_property;
        auto& col = columns_[k];
        const bool ints = b.keys.type == KeyType::kInteger;
        if (!col) col = std::make_unique<ColumnBuilder>(k, ints ? ColumnType::kInt64 : ColumnType::kString);
        if (b.keys.sequence && col->type() == ColumnType::kInt64 && chunks.empty()) {
          // The generator's `id`: stored as a formula, not N values.
          col->AppendSequence(first, b.count,
                              static_cast<int64_t>(static_cast<uint64_t>(b.keys.first) - first));
        } else {
          ColumnChunk c;
          c.key = k;
          c.type = ints ? ColumnType::kInt64 : ColumnType::kString;
          c.Reserve(b.count);
          for (uint64_t i = 0; i < b.count; ++i) {
            if (ints) {
              c.AppendInt(b.keys.IntAt(i));
            } else {
              c.AppendString(b.keys.StringAt(i));
            }
          }
          b.properties.push_back(std::move(c));
        }
      }
      keys_.push_back({first, *b.id_space, std::make_unique<KeyChunk>(std::move(b.keys))});
    }
    for (ColumnChunk& c : b.properties) {
      QUIVER_ASSERT(c.rows() == b.count);
      chunks.emplace_back(first, &c);
    }
    first += b.count;
  }
  AppendChunks(&columns_, std::move(chunks), pool);
  count_ = first;
}

void NodeTable::NoteKeyProperty(const NodeBatch& b) {
  // Before Append adds the key's own chunk to b.properties.
  for (const ColumnChunk& c : b.properties) plain_property_keys_.insert(c.key);
  if (!b.id_space || b.count == 0) return;
  const uint32_t space = *b.id_space;
  if (space_key_property_.size() <= space) space_key_property_.resize(space + 1);
  SpaceKeyProperty& p = space_key_property_[space];
  if (!p.seen) {
    p.seen = true;
    p.key = b.key_property;
  } else if (p.key != b.key_property) {
    p.same = false;
  }
  if (b.key_property) {
    auto [it, inserted] = key_property_space_.emplace(*b.key_property, space);
    if (!inserted && it->second != space) it->second = kMixedSpaces;
  }
}

std::optional<uint32_t> NodeTable::MirrorKey(uint32_t space) const {
  // The key_property column mirrors the keys when it was filled from every keyed batch
  // of the space (one row per node, its key, in the key's type) and from nothing else:
  // no other space's keys, no ordinary property of that name. Nodes dropped as
  // duplicates leave both the keys and the column.
  if (space < space_key_property_.size()) {
    const SpaceKeyProperty& p = space_key_property_[space];
    if (p.seen && p.same && p.key && plain_property_keys_.count(*p.key) == 0) {
      auto it = key_property_space_.find(*p.key);
      if (it != key_property_space_.end() && it->second == space) return p.key;
    }
  }
  return checked_id_mirror_key_;
}

std::vector<DuplicateKey> NodeTable::BuildIdMaps(bool drop, WorkerPool* pool) {
  std::vector<DuplicateKey> dups;
  auto build = [&](std::vector<DuplicateKey>* out) {
    maps_.clear();
    for (uint32_t s = 0; s < space_names_.size(); ++s) {
      std::vector<KeySegment> segments;
      for (const auto& k : keys_) {
        if (k.space == s) segments.push_back({k.first_node, k.keys.get()});
      }
      maps_.push_back(IdMap::Build(space_types_[s], segments, pool, out));
    }
  };
  build(&dups);
  std::sort(dups.begin(), dups.end(),
            [](const DuplicateKey& a, const DuplicateKey& b) { return a.node < b.node; });
  if (!drop || dups.empty()) return dups;
  std::vector<uint64_t> nodes;
  for (const auto& d : dups) nodes.push_back(d.node);
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  EraseNodes(nodes);
  std::vector<DuplicateKey> none;
  build(&none);
  QUIVER_ASSERT(none.empty());
  return dups;
}

void NodeTable::EraseNodes(const std::vector<uint64_t>& drop) {
  labels_.Erase(drop);
  for (auto& [key, col] : columns_) {
    col->Finish(count_);
    col->EraseRows(drop);
  }
  // Keys: rebuild each segment without the dropped nodes; segment starts shift down by
  // the number of nodes dropped before them.
  for (auto& seg : keys_) {
    const uint64_t begin = seg.first_node, end = begin + seg.keys->count;
    const auto lo = std::lower_bound(drop.begin(), drop.end(), begin);
    const auto hi = std::lower_bound(drop.begin(), drop.end(), end);
    const uint64_t before = static_cast<uint64_t>(lo - drop.begin());
    if (lo != hi) {
      auto kept = std::make_unique<KeyChunk>();
      kept->type = seg.keys->type;
      auto d = lo;
      for (uint64_t i = 0; i < seg.keys->count; ++i) {
        if (d != hi && *d == begin + i) {
          ++d;
          continue;
        }
        if (kept->type == KeyType::kInteger) {
          kept->AppendInt(seg.keys->IntAt(i));
        } else {
          kept->AppendString(seg.keys->StringAt(i));
        }
      }
      kept->CompactSequence();
      seg.keys = std::move(kept);
    }
    seg.first_node = begin - before;
  }
  count_ -= drop.size();
}

void NodeTable::DropNodes(std::vector<uint64_t> nodes) {
  QUIVER_ASSERT(dropped_.empty() && maps_.empty());
  EraseNodes(nodes);
  dropped_ = std::move(nodes);
}

std::pair<uint64_t, uint64_t> NodeTable::Origin(uint64_t node) const {
  // Back to the batches' numbering: past each dropped node at or below it.
  for (uint64_t d : dropped_) {
    if (d > node) break;
    ++node;
  }
  const auto it = std::upper_bound(batch_first_node_.begin(), batch_first_node_.end(), node);
  const uint64_t batch =
      it == batch_first_node_.begin() ? 0 : static_cast<uint64_t>(it - batch_first_node_.begin()) - 1;
  return {batch, node - (batch < batch_first_node_.size() ? batch_first_node_[batch] : 0)};
}

Status NodeTable::WriteColumns(storage::GenerationWriter* w, WorkerPool* pool) {
  // One file per column, written in parallel (NewFile only reads the writer's state for
  // these kinds); the MANIFEST lists them in key order whatever order they finish in.
  std::vector<ColumnBuilder*> columns;
  for (auto& [key, col] : columns_) {
    col->Finish(count_);
    if (col->present_count() > 0) columns.push_back(col.get());  // a key nobody carries has no column
  }
  std::vector<storage::FileInfo> infos(columns.size());
  QUIVER_RETURN_IF_ERROR(pool->ParallelForStatus(columns.size(), [&](size_t i, uint32_t) -> Status {
    const ColumnBuilder& col = *columns[i];
    QUIVER_ASSIGN_OR_RETURN(
        auto f, w->NewFile(storage::NodeColumnFileName(col.key()), storage::FileKind::kNodePropertyColumn,
                           col.key(), static_cast<uint32_t>(col.type())));
    QUIVER_RETURN_IF_ERROR(col.Write(f.get()));
    QUIVER_ASSIGN_OR_RETURN(infos[i], f->Finish());
    return Status::OK();
  }));
  for (auto& info : infos) w->AddFile(std::move(info));
  return Status::OK();
}

Status NodeTable::WriteExternalIds(storage::GenerationWriter* w, WorkerPool* pool) const {
  // The format has one key space per generation: with several ID spaces in use the keys
  // live on only as properties (docs/ingest.md, "ID spaces").
  std::optional<uint32_t> only;
  for (uint32_t s = 0; s < maps_.size(); ++s) {
    if (maps_[s].size() == 0) continue;
    if (only) return w->WriteExternalIds({});
    only = s;
  }
  if (!only) return w->WriteExternalIds({});
  QUIVER_RETURN_IF_ERROR(w->WriteExternalIds(maps_[*only].ExternalIds(count_, pool)));
  w->SetIdMirrorKey(MirrorKey(*only));
  return Status::OK();
}

}  // namespace quiver::ingest
