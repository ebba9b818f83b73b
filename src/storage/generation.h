#pragma once
// Generation: the read side of one immutable generation, mapped in place. Opening costs
// O(files): the MANIFEST is read and verified, each file is mapped and its header,
// footer and directory are checked; no array is read or rebuilt. Readers share a
// generation through shared_ptr<const Generation>; while any holder lives, the
// generation's PIN lock keeps the writer from deleting it.
//
// The read API is the low-level one the ingest, bench and (later) executor layers use:
// counts, dictionaries, labels, CSR slices, property reads and external-id lookups.
// Every accessor is memory-safe on unverified data: ids are range-checked and slices
// clamped, so no byte leads outside the mapping. And no damaged byte is an answer: the
// first read of each 4 KiB block of a file checks it against the file's block
// checksums (block_verifier.h), and an accessor that meets a damaged block throws
// StorageError (Corruption: "<gen>/<file>: byte offset <block>: checksum mismatch ...").
// The methods that return Status (Open, Verify*) return that as Corruption instead.

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "common/file/env.h"
#include "storage/csr.h"
#include "storage/dictionary.h"
#include "storage/external_id_index.h"
#include "storage/manifest.h"
#include "storage/node_labels.h"
#include "storage/property_column.h"
#include "storage/schema_catalog.h"
#include "storage/property_index.h"

namespace quiver::storage {

struct OpenOptions {
  // Verify every file's whole-file checksum at open (O(size)); off by default so open
  // stays O(1) in the graph's size.
  bool verify_checksums = false;
  // For `quiver check --repair` only: a relationship, property-column, external-id or
  // schema file that cannot be opened is left out (its data reads as absent, its
  // catalog as the initial one) and listed in
  // unreadable_files(), instead of failing the open. The MANIFEST, dictionary and labels
  // must still open: without them nothing can be named.
  bool salvage = false;
};

// A relationship: its type and its position in that type's forward CSR.
struct EdgeRef {
  uint32_t type = 0;
  uint64_t position = 0;
  friend bool operator==(const EdgeRef&, const EdgeRef&) = default;
};

struct GenerationFile {
  FileInfo info;  // from the MANIFEST
  std::unique_ptr<MappedFile> map;
  SectionFile parsed;
  std::unique_ptr<BlockVerifier> verifier;  // of parsed's body; every section read checks it
};

class Generation {
 public:
  // gen_dir is <db>/gen-N. database_id, when given, must match every file. The pin (a
  // shared lock on gen_dir/PIN, or null) is held until the Generation is destroyed.
  static Result<std::shared_ptr<const Generation>> Open(Env* env, const std::string& gen_dir, uint64_t generation,
                                                        std::optional<DatabaseId> database_id,
                                                        const OpenOptions& options,
                                                        std::unique_ptr<FileLock> pin = nullptr);

  uint64_t generation() const { return manifest_.generation; }
  const Manifest& manifest() const { return manifest_; }
  const std::string& dir() const { return dir_; }

  // ---- counts and dictionaries
  uint64_t NodeCount() const { return manifest_.node_count; }
  uint64_t EdgeCount() const { return manifest_.edge_count; }
  uint32_t LabelCount() const { return manifest_.label_count; }
  uint32_t RelTypeCount() const { return manifest_.rel_type_count; }
  uint32_t PropertyKeyCount() const { return manifest_.property_key_count; }
  std::string_view LabelName(uint32_t label) const { return dictionary_.labels.Name(label); }
  std::string_view RelTypeName(uint32_t type) const { return dictionary_.rel_types.Name(type); }
  std::string_view PropertyKeyName(uint32_t key) const { return dictionary_.property_keys.Name(key); }
  std::optional<uint32_t> FindLabel(std::string_view name) const { return dictionary_.labels.Find(name); }
  std::optional<uint32_t> FindRelType(std::string_view name) const { return dictionary_.rel_types.Find(name); }
  std::optional<uint32_t> FindPropertyKey(std::string_view name) const { return dictionary_.property_keys.Find(name); }

  // ---- labels
  UIntArray NodeLabels(uint64_t node) const { return labels_.LabelsOf(node); }  // ascending label ids
  bool HasLabel(uint64_t node, uint32_t label) const { return labels_.HasLabel(node, label); }
  uint64_t LabelNodeCount(uint32_t label) const { return labels_.LabelNodeCount(label); }

  // ---- adjacency: O(1) slices of the CSR
  // The MANIFEST's count (equal to the CSR's, which open checks; a salvage open keeps it
  // for a CSR it left out, so relationship ids of the other types do not shift).
  uint64_t RelTypeEdgeCount(uint32_t type) const {
    return type < manifest_.type_edge_counts.size() ? manifest_.type_edge_counts[type] : 0;
  }
  // A type's relationships may lie in several segments (docs/format/generation.md,
  // "Relationship segments": an incremental import appends one), each a CSR of its own
  // whose positions follow the previous segment's. A node's neighbours in one direction
  // are then one slice per segment, each sorted by neighbour. 0 past the types.
  uint32_t SegmentCount(uint32_t type) const {
    return type < segments_.size() ? static_cast<uint32_t>(segments_[type].size()) : 0;
  }
  // dir is kOut or kIn (kBoth is two slices: use ForEachNeighbor). EdgeAt gives the
  // type's positions (the segment's first edge added).
  AdjacencySlice Neighbors(uint32_t type, uint32_t segment, uint64_t node, Direction dir) const;
  // f(slice) for the node's slice in each segment of `type` (dir kOut or kIn), in segment
  // order: what a reader of one type's neighbours walks.
  template <typename F>
  void ForEachSlice(uint32_t type, uint64_t node, Direction dir, F&& f) const {
    for (uint32_t segment = 0; segment < SegmentCount(type); ++segment) f(Neighbors(type, segment, node, dir));
  }
  // The segment of a type's forward position and the position within it: O(log segments).
  struct SegmentPosition {
    uint32_t segment = 0;
    uint64_t position = 0;
  };
  SegmentPosition LocateEdge(uint32_t type, uint64_t position) const;
  // Whether any type has more than one segment.
  bool Segmented() const {
    for (const auto& segments : segments_) {
      if (segments.size() > 1) return true;
    }
    return false;
  }
  // The type's position of a segment's first edge.
  uint64_t SegmentFirstEdge(uint32_t type, uint32_t segment) const {
    return segment < SegmentCount(type) ? segments_[type][segment].first_edge : 0;
  }
  // Over one type, or all types when type is nullopt. kBoth = out + in, so a self-loop
  // counts twice (once per endpoint role).
  uint64_t Degree(uint64_t node, Direction dir, std::optional<uint32_t> type = std::nullopt) const;
  // f(neighbor, EdgeRef, Direction of this step). kBoth visits out-edges, then in-edges;
  // a self-loop is visited once in each direction.
  template <typename F>
  void ForEachNeighbor(uint64_t node, Direction dir, std::optional<uint32_t> type, F&& f) const;
  // f(neighbor) over every type, as ForEachNeighbor visits them, without the EdgeRef:
  // each slice's ids read with their width dispatched once (UIntArray::ForEach), the
  // loop a whole-graph kernel spends its time in.
  template <typename F>
  void ForEachNeighborId(uint64_t node, Direction dir, F&& f) const {
    for (uint32_t t = 0; t < segments_.size(); ++t) {
      for (Direction d : {Direction::kOut, Direction::kIn}) {
        if ((static_cast<uint8_t>(dir) & static_cast<uint8_t>(d)) == 0) continue;
        for (uint32_t segment = 0; segment < segments_[t].size(); ++segment) {
          Neighbors(t, segment, node, d).neighbors.ForEach(f);
        }
      }
    }
  }
  // Source and target of an edge: O(log N).
  bool EdgeEndpoints(EdgeRef edge, uint64_t* source, uint64_t* target) const;

  // ---- properties: null when absent; Corruption only for an undecodable heap value
  const PropertyColumn* NodeColumn(uint32_t key) const;
  // A segment's column: its rows are the segment's positions (LocateEdge).
  const PropertyColumn* EdgeColumn(uint32_t type, uint32_t segment, uint32_t key) const;
  // The keys any segment of `type` has a column of, ascending.
  const std::vector<uint32_t>& EdgeKeys(uint32_t type) const;
  // Whether any edge of `type` has a property column (O(edge columns)).
  bool HasEdgeColumns(uint32_t type) const;
  Result<PropertyValue> NodeProperty(uint64_t node, uint32_t key) const;
  Result<PropertyValue> EdgeProperty(EdgeRef edge, uint32_t key) const;
  // Every property the entity carries, by ascending key id.
  Result<std::vector<std::pair<uint32_t, PropertyValue>>> NodeProperties(uint64_t node) const;
  Result<std::vector<std::pair<uint32_t, PropertyValue>>> EdgeProperties(EdgeRef edge) const;

  // ---- the index definitions: the Schema file's, SchemaCatalog::Initial() without one
  const SchemaCatalog& Schema() const { return schema_; }

  // ---- external ids: O(log N)
  ExternalIdKind ExternalIds() const { return external_ids_.kind(); }
  std::optional<uint64_t> FindNode(int64_t key) const { return external_ids_.Find(key); }
  std::optional<uint64_t> FindNode(std::string_view key) const { return external_ids_.Find(key); }
  ExternalKeyView NodeKey(uint64_t node) const { return external_ids_.KeyOf(node); }
  // Whether node property `key` mirrors the external ids exactly — present on the keyed
  // nodes only, each holding its node's key with the key's type — so the index above
  // answers equality lookups on that property. O(1) for the key the MANIFEST records
  // (Manifest::id_mirror_key: the writer established it, e.g. the ingest's `id:ID`
  // column); any other key is checked on the first ask, O(N) over the column at worst
  // (it stops at the first node that differs), then remembered. Thread-safe.
  bool ExternalIdsMirror(uint32_t key) const;

  // ---- property indexes: the PropertyIndex files the MANIFEST lists, opened at open
  // (O(1) each). Null when the generation has no index of that name; the caller checks
  // that its definition() is the catalog's current one.
  const PropertyIndexView* PropertyIndex(std::string_view index_name) const;
  struct IndexFile {
    const GenerationFile* file;
    PropertyIndexView view;
  };
  const std::vector<IndexFile>& property_indexes() const { return property_indexes_; }
  // The ids a file of `index` holds and their width: nodes at the node id width, or
  // the forward positions of the index's type at its CSR's position width.
  IndexIdDomain IndexIds(const IndexDefinition& index) const;

  // ---- verification (quiver check)
  const std::vector<GenerationFile>& files() const { return files_; }
  // Files a salvage open left out, with why (OpenOptions::salvage).
  const std::vector<std::pair<std::string, Status>>& unreadable_files() const { return unreadable_files_; }
  // Whole-file checksums against the MANIFEST; names the first bad file and block.
  Status VerifyChecksums() const;
  // Every structural invariant of every file (docs/format/generation.md), and every
  // property index's entries equal to what the columns give now. O(size).
  Status VerifyStructure() const;

 private:
  Generation() = default;
  Status Load(const OpenOptions& options);
  // Maps, checks the size (and the whole-file checksum, if asked) and parses one file.
  Result<GenerationFile> LoadFile(const FileInfo& info, const OpenOptions& options) const;
  // Whether a salvage open may leave out a file of this kind, recording why; else `why`.
  Status SkipOrFail(const OpenOptions& options, const std::string& file, FileKind kind, Status why);
  Status VerifyStructureUnchecked() const;
  Status LoadPropertyIndexes(const OpenOptions& options);
  Status VerifyPropertyIndex(const IndexFile& index) const;
  // Why node property `key` does not mirror the external ids (the first node that
  // differs, or the column's type), or nullopt when it does. O(N) at worst.
  std::optional<std::string> IdMirrorMismatch(uint32_t key) const;

  Env* env_ = nullptr;
  std::string dir_;
  std::string name_;  // "gen-000001", prefix of file names in messages
  Manifest manifest_;
  std::vector<GenerationFile> files_;
  const GenerationFile* dictionary_file_ = nullptr;
  const GenerationFile* labels_file_ = nullptr;
  const GenerationFile* external_ids_file_ = nullptr;
  const GenerationFile* schema_file_ = nullptr;
  SchemaCatalog schema_ = SchemaCatalog::Initial();
  DictionaryView dictionary_;
  NodeLabelsView labels_;
  // One relationship segment: its file, CSR and edge columns.
  struct Segment {
    const GenerationFile* file = nullptr;  // null: a salvage open left the type out
    CsrView csr;
    uint64_t first_edge = 0;  // the type's position of its first edge
    std::unordered_map<uint32_t, PropertyColumn> columns;  // by property key
  };
  // Opens the CSR segments of every type from the RelationshipType files (by type).
  Status LoadSegments(const OpenOptions& options, const std::vector<std::vector<const GenerationFile*>>& files);
  Status LoadEdgeColumn(const OpenOptions& options, const GenerationFile& f);
  std::vector<std::vector<Segment>> segments_;               // by type id, then segment
  std::vector<std::optional<PropertyColumn>> node_columns_;  // by key id
  std::vector<std::vector<uint32_t>> edge_keys_;  // per type, ascending key ids with a column
  std::vector<std::pair<const GenerationFile*, const PropertyColumn*>> columns_for_verify_;
  ExternalIdIndex external_ids_;
  std::vector<IndexFile> property_indexes_;
  struct MirrorCache {
    std::mutex mutex;
    std::unordered_map<uint32_t, bool> known;  // property key -> mirrors the external ids
  };
  std::unique_ptr<MirrorCache> mirror_cache_ = std::make_unique<MirrorCache>();
  std::vector<std::pair<std::string, Status>> unreadable_files_;
  std::unique_ptr<FileLock> pin_;
};

template <typename F>
void Generation::ForEachNeighbor(uint64_t node, Direction dir, std::optional<uint32_t> type, F&& f) const {
  const uint32_t first = type ? *type : 0;
  const uint32_t last = type ? std::min<uint32_t>(*type + 1, static_cast<uint32_t>(segments_.size()))
                             : static_cast<uint32_t>(segments_.size());
  for (uint32_t t = first; t < last; ++t) {
    for (Direction d : {Direction::kOut, Direction::kIn}) {
      if ((static_cast<uint8_t>(dir) & static_cast<uint8_t>(d)) == 0) continue;
      ForEachSlice(t, node, d, [&](const AdjacencySlice& s) {
        for (uint64_t i = 0; i < s.size(); ++i) f(s.neighbors[i], EdgeRef{t, s.EdgeAt(i)}, d);
      });
    }
  }
}

std::string GenerationDirName(uint64_t generation);
// Parses "gen-000042" (at least 6 digits, no sign or extra characters).
std::optional<uint64_t> ParseGenerationDirName(std::string_view name);

}  // namespace quiver::storage
