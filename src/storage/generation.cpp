#include "storage/generation.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "common/error_status.h"
#include "storage/rel_index_build.h"

namespace quiver::storage {

std::string GenerationDirName(uint64_t generation) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "gen-%06llu", static_cast<unsigned long long>(generation));
  return buf;
}

std::optional<uint64_t> ParseGenerationDirName(std::string_view name) {
  constexpr std::string_view kPrefix = "gen-";
  if (name.substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
  const std::string_view digits = name.substr(kPrefix.size());
  if (digits.size() < 6 || digits.size() > 20) return std::nullopt;
  if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) return std::nullopt;
  uint64_t g = 0;
  if (std::from_chars(digits.data(), digits.data() + digits.size(), g).ec != std::errc()) return std::nullopt;
  if (GenerationDirName(g) != name) return std::nullopt;  // canonical form only
  return g;
}

namespace {

// The Schema file's catalog, its labels, types and keys checked against the dictionary's
// counts (a definition naming a token the generation does not have is damage).
Result<SchemaCatalog> ReadSchema(const SectionFile& file, const Manifest& m) {
  QUIVER_ASSIGN_OR_RETURN(SectionView section, file.Get(SectionType::kSchemaCatalog, 1));
  if (section.verifier != nullptr) section.verifier->Check(section.data, section.length());
  Result<SchemaCatalog> catalog = SchemaCatalog::Decode(section.bytes(), "the schema catalog");
  if (!catalog.ok()) {
    if (!catalog.status().IsCorruption()) return catalog.status().WithContext(file.name());
    return CorruptionAt(file.name(), section.offset, catalog.status().message());
  }
  for (const IndexDefinition& d : catalog->indexes()) {
    if (d.kind == IndexKind::kLookup) continue;
    const uint32_t tokens = d.entity == IndexEntity::kNode ? m.label_count : m.rel_type_count;
    bool known = d.token < tokens;
    for (PropertyKeyId key : d.keys) known = known && key < m.property_key_count;
    if (!known) return CorruptionAt(file.name(), section.offset, "index " + d.name + " names a token the dictionary lacks");
  }
  for (const ConstraintDefinition& c : catalog->constraints()) {
    const uint32_t tokens = c.entity == IndexEntity::kNode ? m.label_count : m.rel_type_count;
    bool known = c.token < tokens;
    for (PropertyKeyId key : c.keys) known = known && key < m.property_key_count;
    if (!known) {
      return CorruptionAt(file.name(), section.offset, "constraint " + c.name + " names a token the dictionary lacks");
    }
  }
  return catalog;
}

}  // namespace

Result<std::shared_ptr<const Generation>> Generation::Open(Env* env, const std::string& gen_dir, uint64_t generation,
                                                           std::optional<DatabaseId> database_id,
                                                           const OpenOptions& options, std::unique_ptr<FileLock> pin) {
  std::shared_ptr<Generation> g(new Generation());
  g->env_ = env;
  g->dir_ = gen_dir;
  g->name_ = GenerationDirName(generation);
  g->pin_ = std::move(pin);

  const std::string manifest_name = g->name_ + "/" + std::string(kManifestFileName);
  QUIVER_ASSIGN_OR_RETURN(std::string bytes, ReadFileToString(env, JoinPath(gen_dir, kManifestFileName)));
  ExpectedIdentity expected{FileKind::kManifest, database_id, generation, std::nullopt};
  QUIVER_ASSIGN_OR_RETURN(
      g->manifest_,
      ParseManifest({reinterpret_cast<const std::byte*>(bytes.data()), bytes.size()}, manifest_name, expected));
  QUIVER_RETURN_IF_ERROR(CatchErrors([&] { return g->Load(options); }));  // Load reads checked blocks
  return std::shared_ptr<const Generation>(std::move(g));
}

Result<GenerationFile> Generation::LoadFile(const FileInfo& info, const OpenOptions& options) const {
  const Manifest& m = manifest_;
  const std::string name = name_ + "/" + info.name;
  QUIVER_ASSIGN_OR_RETURN(auto map, env_->MapReadOnly(JoinPath(dir_, info.name)));
  if (map->size() != info.size) {
    return CorruptionAt(name, std::min<uint64_t>(map->size(), info.size),
                        "file is " + std::to_string(map->size()) + " bytes, MANIFEST says " + std::to_string(info.size));
  }
  const ExpectedIdentity expected = ExpectedFileIdentity(m, info);
  if (options.verify_checksums && Checksum64(map->data(), map->size()) != info.checksum) {
    // Name the broken block when the body is at fault, else the trailer.
    auto parsed = SectionFile::Parse(map->bytes(), name, expected);
    if (!parsed.ok()) return parsed.status();
    QUIVER_RETURN_IF_ERROR(parsed->VerifyBody());
    return CorruptionAt(name, 0, "whole-file checksum differs from the MANIFEST's");
  }
  QUIVER_ASSIGN_OR_RETURN(SectionFile parsed, SectionFile::Parse(map->bytes(), name, expected));
  GenerationFile file{info, std::move(map), std::move(parsed), nullptr};
  file.verifier = file.parsed.MakeBlockVerifier();
  if (options.verify_checksums) file.verifier->MarkAllVerified();  // the whole file matched above
  file.parsed.AttachVerifier(file.verifier.get());
  return file;
}

Status Generation::SkipOrFail(const OpenOptions& options, const std::string& file, FileKind kind, Status why) {
  const bool optional = kind == FileKind::kRelationshipType || kind == FileKind::kNodePropertyColumn ||
                        kind == FileKind::kEdgePropertyColumn || kind == FileKind::kExternalIds ||
                        kind == FileKind::kSchema || kind == FileKind::kPropertyIndex;
  if (!options.salvage || !optional) return why;
  unreadable_files_.emplace_back(file, std::move(why));
  return Status::OK();
}

Status Generation::Load(const OpenOptions& options) {
  const Manifest& m = manifest_;
  files_.reserve(m.files.size());  // pointers into files_ are taken below: no reallocation
  for (const FileInfo& info : m.files) {
    Result<GenerationFile> file = LoadFile(info, options);
    if (file.ok()) {
      files_.push_back(std::move(file).value());
    } else {
      QUIVER_RETURN_IF_ERROR(SkipOrFail(options, name_ + "/" + info.name, info.kind, file.status()));
    }
  }

  std::vector<std::vector<const GenerationFile*>> csr_files(m.rel_type_count);  // by type, then segment
  for (const GenerationFile& f : files_) {
    const uint64_t subject = f.info.subject;
    switch (f.info.kind) {
      case FileKind::kDictionary:
        if (dictionary_file_ != nullptr) return Status::Corruption(name_ + "/MANIFEST: two dictionary files");
        dictionary_file_ = &f;
        break;
      case FileKind::kNodeLabels:
        if (labels_file_ != nullptr) return Status::Corruption(name_ + "/MANIFEST: two label files");
        labels_file_ = &f;
        break;
      case FileKind::kExternalIds:
        if (external_ids_file_ != nullptr) return Status::Corruption(name_ + "/MANIFEST: two external id files");
        external_ids_file_ = &f;
        break;
      case FileKind::kSchema:
        if (schema_file_ != nullptr) return Status::Corruption(name_ + "/MANIFEST: two schema files");
        schema_file_ = &f;
        break;
      case FileKind::kRelationshipType: {
        const uint32_t segment = f.info.segment;
        if (subject >= m.rel_type_count) return Status::Corruption(name_ + "/MANIFEST: unexpected CSR file " + f.info.name);
        auto& segments = csr_files[subject];
        if (segments.size() <= segment) segments.resize(segment + 1, nullptr);
        if (segments[segment] != nullptr) {
          return Status::Corruption(name_ + "/MANIFEST: two files for segment " + std::to_string(segment) + " of type " +
                                    std::to_string(subject) + ": " + f.info.name);
        }
        segments[segment] = &f;
        break;
      }
      case FileKind::kNodePropertyColumn:
      case FileKind::kEdgePropertyColumn:
      case FileKind::kPropertyIndex:
        break;  // below, once the dictionary and CSRs are known
      default:
        return Status::Corruption(name_ + "/MANIFEST: unexpected file kind for " + f.info.name);
    }
  }
  if (dictionary_file_ == nullptr || labels_file_ == nullptr) {
    return Status::Corruption(name_ + "/MANIFEST: the dictionary or the label file is missing");
  }
  QUIVER_ASSIGN_OR_RETURN(dictionary_, DictionaryView::Open(dictionary_file_->parsed));
  if (dictionary_.labels.size() != m.label_count || dictionary_.rel_types.size() != m.rel_type_count ||
      dictionary_.property_keys.size() != m.property_key_count) {
    return CorruptionAt(dictionary_file_->parsed.name(), 0, "dictionary sizes differ from the MANIFEST's counts");
  }
  if (schema_file_ != nullptr) {
    // Salvage goes on without the definitions (the initial catalog): the data is what
    // `quiver check --repair` saves, and indexes can be created again.
    Status read = CatchErrors([&] {
      Result<SchemaCatalog> schema = ReadSchema(schema_file_->parsed, m);
      if (schema.ok()) schema_ = std::move(schema).value();
      return schema.status();
    });
    if (!read.ok()) QUIVER_RETURN_IF_ERROR(SkipOrFail(options, schema_file_->parsed.name(), FileKind::kSchema, read));
  }
  QUIVER_ASSIGN_OR_RETURN(labels_, NodeLabelsView::Open(labels_file_->parsed, m.node_count, m.label_count,
                                                        m.label_set_count));
  QUIVER_RETURN_IF_ERROR(LoadSegments(options, csr_files));

  node_columns_.resize(m.property_key_count);
  edge_keys_.resize(m.rel_type_count);
  for (const GenerationFile& f : files_) {
    if (f.info.kind == FileKind::kNodePropertyColumn) {
      if (f.info.subject >= m.property_key_count || node_columns_[f.info.subject]) {
        return Status::Corruption(name_ + "/MANIFEST: unexpected node column " + f.info.name);
      }
      Result<PropertyColumn> c = PropertyColumn::Open(f.parsed, m.node_count);
      if (!c.ok()) {
        QUIVER_RETURN_IF_ERROR(SkipOrFail(options, f.parsed.name(), f.info.kind, c.status()));
        continue;
      }
      node_columns_[f.info.subject] = std::move(c).value();
      columns_for_verify_.emplace_back(&f, &*node_columns_[f.info.subject]);
    } else if (f.info.kind == FileKind::kEdgePropertyColumn) {
      QUIVER_RETURN_IF_ERROR(LoadEdgeColumn(options, f));
    }
  }
  for (auto& keys : edge_keys_) {
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());  // a key of several segments
  }
  QUIVER_RETURN_IF_ERROR(LoadPropertyIndexes(options));

  const bool has_file = m.external_id_kind == ExternalIdKind::kInt64 || m.external_id_kind == ExternalIdKind::kString;
  if (!has_file && external_ids_file_ != nullptr) return Status::Corruption(name_ + "/MANIFEST: unexpected external id file");
  Result<ExternalIdIndex> ids = ExternalIdIndex::Open(external_ids_file_ ? &external_ids_file_->parsed : nullptr,
                                                      m.external_id_kind, m.node_count, m.node_id_width);
  if (!ids.ok()) {
    // Salvage: the keys are lost (an index of kind None answers no lookups).
    QUIVER_RETURN_IF_ERROR(SkipOrFail(options, name_ + "/external-ids.qv", FileKind::kExternalIds, ids.status()));
    return Status::OK();
  }
  external_ids_ = std::move(ids).value();
  return Status::OK();
}

Status Generation::LoadPropertyIndexes(const OpenOptions& options) {
  for (const GenerationFile& f : files_) {
    if (f.info.kind != FileKind::kPropertyIndex) continue;
    // Open reads the definition through the block checks: a damaged block is returned
    // here (not thrown past Load) so that a salvage open can leave the index out.
    Result<PropertyIndexView> view = Status::Corruption(f.parsed.name());
    const Status thrown = CatchErrors([&] {
      view = PropertyIndexView::Open(f.parsed, [this](const IndexDefinition& d) { return IndexIds(d); });
      return Status::OK();
    });
    if (!thrown.ok()) view = thrown;
    if (!view.ok()) {
      QUIVER_RETURN_IF_ERROR(SkipOrFail(options, f.parsed.name(), f.info.kind, view.status()));
      continue;  // salvage: the index is lost, and can be built again
    }
    if (PropertyIndex(view->definition().name) != nullptr) {
      return Status::Corruption(name_ + "/MANIFEST: two files for index " + view->definition().name);
    }
    property_indexes_.push_back({&f, std::move(view).value()});
  }
  return Status::OK();
}

Status Generation::LoadSegments(const OpenOptions& options,
                                const std::vector<std::vector<const GenerationFile*>>& files) {
  const Manifest& m = manifest_;
  const bool segmented = m.format_version >= kSegmentFormatVersion;
  // The segments of type t, each a CSR over the nodes its offsets cover: all of them
  // before segments existed; since, a segment linked from an earlier generation covers
  // the nodes that generation had (later nodes have no relationships in it).
  auto open = [&](uint32_t t, std::vector<Segment>* out) -> Status {
    if (files[t].empty()) return Status::Corruption(name_ + "/MANIFEST: no CSR file for type " + std::to_string(t));
    uint64_t first = 0;
    for (uint32_t k = 0; k < files[t].size(); ++k) {
      const GenerationFile* f = files[t][k];
      if (f == nullptr) {
        return Status::Corruption(name_ + "/MANIFEST: no file for segment " + std::to_string(k) + " of type " +
                                  std::to_string(t));
      }
      Segment s;
      s.file = f;
      s.first_edge = first;
      uint64_t nodes = m.node_count, edges = m.type_edge_counts[t];
      uint32_t width = m.node_id_width;
      if (segmented) {
        const SectionView* offsets = f->parsed.Find(SectionType::kFwdOffsets);
        const SectionView* targets = f->parsed.Find(SectionType::kFwdTargets);
        if (offsets == nullptr || targets == nullptr || offsets->count == 0 || offsets->count - 1 > m.node_count ||
            (targets->width != 4 && targets->width != 8)) {
          return CorruptionAt(f->parsed.name(), 0, "a segment's forward CSR sections are missing or cover more nodes "
                                                   "than the generation's " + std::to_string(m.node_count));
        }
        nodes = offsets->count - 1;
        edges = targets->count;
        width = targets->width;
      }
      QUIVER_ASSIGN_OR_RETURN(s.csr, CsrView::Open(f->parsed, nodes, width, edges));
      first += edges;
      out->push_back(std::move(s));
    }
    if (first != m.type_edge_counts[t]) {
      return Status::Corruption(name_ + "/MANIFEST: the segments of type " + std::to_string(t) + " hold " +
                                std::to_string(first) + " relationships, the MANIFEST says " +
                                std::to_string(m.type_edge_counts[t]));
    }
    return Status::OK();
  };
  segments_.resize(m.rel_type_count);
  for (uint32_t t = 0; t < m.rel_type_count; ++t) {
    const Status s = open(t, &segments_[t]);
    if (s.ok()) continue;
    // Salvage: a type whose CSR cannot be read has no relationships to read (listed
    // once: a file that did not even parse is listed already).
    const std::string file = name_ + "/" + RelationshipFileName(t);
    const std::string prefix = file.substr(0, file.size() - 3);  // less ".qv": any segment's
    const bool listed = std::any_of(unreadable_files_.begin(), unreadable_files_.end(),
                                    [&](const auto& entry) { return entry.first.starts_with(prefix); });
    if (!listed || !options.salvage) QUIVER_RETURN_IF_ERROR(SkipOrFail(options, file, FileKind::kRelationshipType, s));
    segments_[t].assign(1, Segment{});  // no slices; the MANIFEST's count keeps the ids of other types
  }
  return Status::OK();
}

Status Generation::LoadEdgeColumn(const OpenOptions& options, const GenerationFile& f) {
  const Manifest& m = manifest_;
  const uint64_t type = f.info.subject >> 32, key = f.info.subject & 0xffffffffu;
  const uint32_t segment = f.info.segment;
  // Salvage: a type whose CSR was left out keeps one empty segment; the columns of its
  // other segments have no rows to belong to, and are left out with it.
  if (options.salvage && type < m.rel_type_count && segment > 0 && segments_[type].size() == 1 &&
      segments_[type][0].file == nullptr) {
    return SkipOrFail(options, f.parsed.name(), f.info.kind,
                      Status::Corruption(f.parsed.name() + ": its relationship type's CSR was left out"));
  }
  if (type >= m.rel_type_count || key >= m.property_key_count || segment >= segments_[type].size() ||
      segments_[type][segment].columns.count(static_cast<uint32_t>(key)) != 0) {
    return Status::Corruption(name_ + "/MANIFEST: unexpected edge column " + f.info.name);
  }
  Segment& s = segments_[type][segment];
  // A type a salvage open left out keeps its columns' rows at the MANIFEST's count.
  const uint64_t rows = s.file != nullptr ? s.csr.edge_count() : m.type_edge_counts[type];
  Result<PropertyColumn> c = PropertyColumn::Open(f.parsed, rows);
  if (!c.ok()) return SkipOrFail(options, f.parsed.name(), f.info.kind, c.status());
  auto it = s.columns.emplace(static_cast<uint32_t>(key), std::move(c).value()).first;
  edge_keys_[type].push_back(static_cast<uint32_t>(key));
  columns_for_verify_.emplace_back(&f, &it->second);
  return Status::OK();
}

IndexIdDomain Generation::IndexIds(const IndexDefinition& index) const {
  if (index.entity != IndexEntity::kRelationship) return {manifest_.node_count, manifest_.node_id_width};
  const uint64_t edges = RelTypeEdgeCount(index.token);
  // A type the generation lacks (created since), or whose CSR a salvage open left out:
  // the narrowest width that holds its count.
  uint32_t csr_width = 0;
  for (uint32_t k = 0; k < SegmentCount(index.token); ++k) {
    const Segment& s = segments_[index.token][k];
    if (s.file != nullptr) csr_width = std::max(csr_width, s.csr.edge_position_width());
  }
  return {edges, std::max(csr_width, EdgePositionWidth(edges))};
}

const PropertyIndexView* Generation::PropertyIndex(std::string_view index_name) const {
  for (const IndexFile& index : property_indexes_) {
    if (index.view.definition().name == index_name) return &index.view;
  }
  return nullptr;
}

AdjacencySlice Generation::Neighbors(uint32_t type, uint32_t segment, uint64_t node, Direction dir) const {
  if (segment >= SegmentCount(type)) return {};
  const Segment& s = segments_[type][segment];
  AdjacencySlice slice = dir == Direction::kIn ? s.csr.In(node) : s.csr.Out(node);
  if (dir == Direction::kIn) {
    slice.position_base = s.first_edge;
  } else {
    slice.first_edge += s.first_edge;
  }
  return slice;
}

Generation::SegmentPosition Generation::LocateEdge(uint32_t type, uint64_t position) const {
  uint32_t k = SegmentCount(type);
  while (k > 1 && segments_[type][k - 1].first_edge > position) --k;
  if (k == 0) return {0, position};
  return {k - 1, position - segments_[type][k - 1].first_edge};
}

uint64_t Generation::Degree(uint64_t node, Direction dir, std::optional<uint32_t> type) const {
  uint64_t d = 0;
  const uint32_t first = type ? *type : 0;
  const uint32_t last = type ? std::min<uint32_t>(*type + 1, static_cast<uint32_t>(segments_.size()))
                             : static_cast<uint32_t>(segments_.size());
  for (uint32_t t = first; t < last; ++t) {
    for (const Segment& s : segments_[t]) {
      if (dir != Direction::kIn) d += s.csr.OutDegree(node);
      if (dir != Direction::kOut) d += s.csr.InDegree(node);
    }
  }
  return d;
}

bool Generation::EdgeEndpoints(EdgeRef edge, uint64_t* source, uint64_t* target) const {
  if (SegmentCount(edge.type) == 0) return false;
  const SegmentPosition at = LocateEdge(edge.type, edge.position);
  return segments_[edge.type][at.segment].csr.Endpoints(at.position, source, target);
}

const PropertyColumn* Generation::NodeColumn(uint32_t key) const {
  return key < node_columns_.size() && node_columns_[key] ? &*node_columns_[key] : nullptr;
}

bool Generation::HasEdgeColumns(uint32_t type) const { return !EdgeKeys(type).empty(); }

const std::vector<uint32_t>& Generation::EdgeKeys(uint32_t type) const {
  static const std::vector<uint32_t> kNone;
  return type < edge_keys_.size() ? edge_keys_[type] : kNone;
}

const PropertyColumn* Generation::EdgeColumn(uint32_t type, uint32_t segment, uint32_t key) const {
  if (segment >= SegmentCount(type)) return nullptr;
  const auto& columns = segments_[type][segment].columns;
  auto it = columns.find(key);
  return it == columns.end() ? nullptr : &it->second;
}

Result<PropertyValue> Generation::NodeProperty(uint64_t node, uint32_t key) const {
  const PropertyColumn* c = NodeColumn(key);
  return c == nullptr ? Result<PropertyValue>(PropertyValue()) : c->Get(node);
}

Result<PropertyValue> Generation::EdgeProperty(EdgeRef edge, uint32_t key) const {
  const SegmentPosition at = LocateEdge(edge.type, edge.position);
  const PropertyColumn* c = EdgeColumn(edge.type, at.segment, key);
  return c == nullptr ? Result<PropertyValue>(PropertyValue()) : c->Get(at.position);
}

Result<std::vector<std::pair<uint32_t, PropertyValue>>> Generation::NodeProperties(uint64_t node) const {
  std::vector<std::pair<uint32_t, PropertyValue>> out;
  for (uint32_t k = 0; k < node_columns_.size(); ++k) {
    if (!node_columns_[k] || !node_columns_[k]->IsPresent(node)) continue;
    Result<PropertyValue> v = node_columns_[k]->Get(node);
    if (!v.ok()) return v.status();
    out.emplace_back(k, std::move(v).value());
  }
  return out;
}

Result<std::vector<std::pair<uint32_t, PropertyValue>>> Generation::EdgeProperties(EdgeRef edge) const {
  std::vector<std::pair<uint32_t, PropertyValue>> out;
  if (edge.type >= edge_keys_.size()) return out;
  const SegmentPosition at = LocateEdge(edge.type, edge.position);
  for (uint32_t k : edge_keys_[edge.type]) {
    const PropertyColumn* c = EdgeColumn(edge.type, at.segment, k);
    if (c == nullptr || !c->IsPresent(at.position)) continue;
    Result<PropertyValue> v = c->Get(at.position);
    if (!v.ok()) return v.status();
    out.emplace_back(k, std::move(v).value());
  }
  return out;
}

Status Generation::VerifyChecksums() const {
  for (const GenerationFile& f : files_) {
    if (Checksum64(f.map->data(), f.map->size()) == f.info.checksum) continue;
    QUIVER_RETURN_IF_ERROR(f.parsed.VerifyBody());
    return CorruptionAt(f.parsed.name(), 0, "whole-file checksum differs from the MANIFEST's");
  }
  return Status::OK();
}

Status Generation::VerifyStructure() const {
  // The checks read through the verifying views: a damaged block is Corruption too.
  return CatchErrors([this] { return VerifyStructureUnchecked(); });
}

Status Generation::VerifyStructureUnchecked() const {
  QUIVER_RETURN_IF_ERROR(dictionary_.Verify(dictionary_file_->parsed));
  QUIVER_RETURN_IF_ERROR(labels_.Verify(labels_file_->parsed));
  for (uint32_t l = 0; l < manifest_.label_count; ++l) {
    if (labels_.LabelNodeCount(l) != manifest_.label_node_counts[l]) {
      return CorruptionAt(labels_file_->parsed.name(), 0, "label " + std::to_string(l) + " count differs from the MANIFEST's");
    }
  }
  for (const auto& segments : segments_) {
    for (const Segment& s : segments) {
      if (s.file != nullptr) QUIVER_RETURN_IF_ERROR(s.csr.Verify(s.file->parsed));
    }
  }
  for (const auto& [file, column] : columns_for_verify_) QUIVER_RETURN_IF_ERROR(column->Verify(file->parsed));
  if (external_ids_file_ != nullptr) QUIVER_RETURN_IF_ERROR(external_ids_.Verify(external_ids_file_->parsed));
  if (schema_file_ != nullptr) QUIVER_RETURN_IF_ERROR(ReadSchema(schema_file_->parsed, manifest_).status());
  for (const IndexFile& index : property_indexes_) QUIVER_RETURN_IF_ERROR(VerifyPropertyIndex(index));
  if (manifest_.id_mirror_key && external_ids_.kind() != ExternalIdKind::kNone) {
    // Key lookups trust the recorded key without looking (ExternalIdsMirror).
    if (auto why = IdMirrorMismatch(*manifest_.id_mirror_key)) {
      return Status::Corruption(name_ + "/MANIFEST: property key " +
                                std::to_string(*manifest_.id_mirror_key) +
                                " is recorded as mirroring the external ids, but " + *why);
    }
  }
  return Status::OK();
}

Status Generation::VerifyPropertyIndex(const IndexFile& index) const {
  const PropertyIndexView& v = index.view;
  const std::string& file = index.file->parsed.name();
  QUIVER_RETURN_IF_ERROR(v.Verify(index.file->parsed));
  // A well-formed index that misses an entity or lists a stale value answers seeks
  // wrongly without any other sign. Every entry holding its entity's key now, with
  // (key, id) strictly ascending (so no id twice), and as many entries as entities with
  // a key, is the same set as a rebuild, in O(N) time and O(1) memory.
  const IndexEntryEncoder encode = IndexEntryEncoderFor(*this, v.definition());
  const bool rels = v.definition().entity == IndexEntity::kRelationship;
  std::string key;
  for (uint64_t i = 0; i < v.size(); ++i) {
    key.clear();
    QUIVER_ASSIGN_OR_RETURN(bool has_entry, encode(v.NodeAt(i), key));
    if (!has_entry || key != v.KeyAt(i)) {
      return CorruptionAt(file, 0, "index " + v.definition().name + " entry " + std::to_string(i) +
                                       (rels ? ": relationship at position " : ": node ") +
                                       std::to_string(v.NodeAt(i)) + " holds another key, or none");
    }
  }
  uint64_t keyed = 0;
  const uint64_t ids = IndexIds(v.definition()).bound;
  for (uint64_t id = 0; id < ids; ++id) {
    key.clear();
    QUIVER_ASSIGN_OR_RETURN(bool has_entry, encode(id, key));
    keyed += has_entry ? 1 : 0;
  }
  if (keyed != v.size()) {
    return CorruptionAt(file, 0, "index " + v.definition().name + " has " + std::to_string(v.size()) +
                                     " entries, the columns give " + std::to_string(keyed));
  }
  return Status::OK();
}

bool Generation::ExternalIdsMirror(uint32_t key) const {
  if (external_ids_.kind() == ExternalIdKind::kNone) return false;
  if (manifest_.id_mirror_key == key) return true;  // established by the writer; `quiver check` verifies it
  std::lock_guard<std::mutex> lock(mirror_cache_->mutex);
  if (auto it = mirror_cache_->known.find(key); it != mirror_cache_->known.end()) return it->second;
  const bool mirrors = !IdMirrorMismatch(key).has_value();
  mirror_cache_->known.emplace(key, mirrors);
  return mirrors;
}

std::optional<std::string> Generation::IdMirrorMismatch(uint32_t key) const {
  const ExternalIdKind kind = external_ids_.kind();
  if (kind == ExternalIdKind::kNone) return "the generation has no external ids";
  const PropertyColumn* column = NodeColumn(key);
  const ColumnType want = kind == ExternalIdKind::kString ? ColumnType::kString : ColumnType::kInt64;
  if (column == nullptr) return "no node carries it";
  if (column->type() != want) {
    return "its column is " + std::string(ColumnTypeName(column->type())) + ", the ids are " +
           std::string(ExternalIdKindName(kind));
  }
  for (uint64_t v = 0; v < NodeCount(); ++v) {
    const ExternalKeyView k = external_ids_.KeyOf(v);
    bool same;
    if (std::holds_alternative<std::monostate>(k)) {
      same = !column->IsPresent(v);
    } else if (!column->IsPresent(v)) {
      same = false;
    } else if (const auto* i = std::get_if<int64_t>(&k)) {
      same = column->Int64At(v) == *i;
    } else {
      same = column->StringAt(v) == std::get<std::string_view>(k);
    }
    if (!same) return "node " + std::to_string(v) + " differs from its external id";
  }
  return std::nullopt;
}

}  // namespace quiver::storage
