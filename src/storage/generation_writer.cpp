#include "storage/generation_writer.h"

#include <algorithm>

#include "common/assert.h"
#include "storage/generation.h"

namespace quiver::storage {

GenerationWriter::GenerationWriter(Env* env, std::string gen_dir, const DatabaseId& database_id,
                                   uint64_t generation, uint64_t node_count, Options options)
    : env_(env),
      dir_(std::move(gen_dir)),
      database_id_(database_id),
      generation_(generation),
      node_count_(node_count),
      options_(options) {
  QUIVER_ASSERT(options.min_node_id_width == 4 || options.min_node_id_width == 8);
  QUIVER_ASSERT(options.min_edge_position_width == 4 || options.min_edge_position_width == 8);
  manifest_.database_id = database_id;
  manifest_.generation = generation;
  manifest_.node_count = node_count;
  manifest_.node_id_width = std::max(NodeIdWidth(node_count), options.min_node_id_width);
}

uint32_t GenerationWriter::EdgePositionWidthFor(uint64_t edges) const {
  return std::max(EdgePositionWidth(edges), options_.min_edge_position_width);
}

FileIdentity GenerationWriter::Identity(FileKind kind, uint64_t subject, uint32_t subtype, uint16_t flags,
                                        uint32_t segment) {
  QUIVER_ASSERT(!finished_);
  QUIVER_ASSERT_MSG(segment == 0 || manifest_.format_version >= kSegmentFormatVersion,
                    "a relationship segment past the first needs format version 5");
  began_files_ = true;
  FileIdentity id;
  id.format_version = manifest_.format_version;
  id.kind = kind;
  id.flags = static_cast<uint16_t>(flags | (node_id_width() == 8 ? kFlagWideNodeIds : 0));
  id.database_id = database_id_;
  id.generation = generation_;
  id.subject = subject;
  id.subtype = subtype;
  id.segment = segment;
  return id;
}

Result<std::unique_ptr<SectionFileWriter>> GenerationWriter::Create(const std::string& name, FileKind kind,
                                                                    uint64_t subject, uint32_t subtype,
                                                                    uint16_t flags, uint32_t segment) {
  return SectionFileWriter::Create(env_, JoinPath(dir_, name), Identity(kind, subject, subtype, flags, segment));
}

Result<FileInfo> GenerationWriter::WriteFileInParallel(const std::string& name, FileKind kind, uint64_t subject,
                                                       uint32_t subtype, uint16_t extra_flags,
                                                       std::span<const SectionSource> sections,
                                                       const TaskRunner& run, uint32_t segment) {
  QUIVER_ASSERT(kind != FileKind::kDictionary && kind != FileKind::kNodeLabels);
  return WriteSectionFileInParallel(env_, JoinPath(dir_, name),
                                    Identity(kind, subject, subtype, extra_flags, segment), sections, run);
}

Result<std::unique_ptr<SectionFileWriter>> GenerationWriter::NewFile(const std::string& name, FileKind kind,
                                                                     uint64_t subject, uint32_t subtype,
                                                                     uint16_t extra_flags, uint32_t segment) {
  if (kind == FileKind::kDictionary) wrote_dictionary_ = true;
  if (kind == FileKind::kNodeLabels) wrote_labels_ = true;
  return Create(name, kind, subject, subtype, extra_flags, segment);
}

Result<FileInfo> GenerationWriter::CarryFile(const Generation& base, const FileInfo& info) {
  QUIVER_ASSERT(!finished_);
  const std::string from = JoinPath(base.dir(), info.name), to = JoinPath(dir_, info.name);
  QUIVER_ASSIGN_OR_RETURN(uint64_t copied, LinkOrCopyFile(env_, from, to));
  FileInfo carried = info;
  if (carried.origin_generation == 0) carried.origin_generation = base.generation();
  carried_bytes_ += copied;
  ++(copied == 0 ? linked_files_ : copied_files_);
  return carried;
}

void GenerationWriter::SetRelationshipTypeEdgeCount(uint32_t type, uint64_t edges) {
  if (manifest_.type_edge_counts.size() <= type) manifest_.type_edge_counts.resize(type + 1, 0);
  manifest_.type_edge_counts[type] = edges;
}

void GenerationWriter::SetLabelCounts(std::vector<uint64_t> label_node_counts, uint32_t label_set_count) {
  manifest_.label_node_counts = std::move(label_node_counts);
  manifest_.label_set_count = label_set_count;
}

Status GenerationWriter::WriteDictionary(const DictionaryData& d) {
  QUIVER_ASSIGN_OR_RETURN(auto w, NewFile(std::string(kDictionaryFileName), FileKind::kDictionary, 0, 0));
  QUIVER_RETURN_IF_ERROR(storage::WriteDictionary(w.get(), d));
  QUIVER_ASSIGN_OR_RETURN(FileInfo info, w->Finish());
  AddFile(std::move(info));
  manifest_.label_count = static_cast<uint32_t>(d.labels.size());
  manifest_.rel_type_count = static_cast<uint32_t>(d.rel_types.size());
  manifest_.property_key_count = static_cast<uint32_t>(d.property_keys.size());
  return Status::OK();
}

Status GenerationWriter::WriteNodeLabels(const LabelData& labels) {
  if (labels.node_set.size() != node_count_) {
    return Status::InvalidArgument("label data covers " + std::to_string(labels.node_set.size()) + " nodes, not " +
                                   std::to_string(node_count_));
  }
  QUIVER_ASSIGN_OR_RETURN(auto w, NewFile(std::string(kLabelsFileName), FileKind::kNodeLabels, 0, 0));
  QUIVER_RETURN_IF_ERROR(storage::WriteNodeLabels(w.get(), labels));
  QUIVER_ASSIGN_OR_RETURN(FileInfo info, w->Finish());
  AddFile(std::move(info));
  SetLabelCounts(labels.label_counts, static_cast<uint32_t>(labels.sets.size()));
  return Status::OK();
}

Status GenerationWriter::WriteRelationshipType(uint32_t type, const CsrArrays& csr) {
  if (csr.fwd_offsets.size() != node_count_ + 1 || csr.rev_offsets.size() != node_count_ + 1 ||
      csr.rev_sources.size() != csr.edge_count() || csr.rev_edge_positions.size() != csr.edge_count()) {
    return Status::InvalidArgument("CSR arrays of type " + std::to_string(type) + " have inconsistent sizes");
  }
  const uint32_t ew = EdgePositionWidthFor(csr.edge_count());
  const uint16_t flags = ew == 8 ? kFlagWideEdgePositions : 0;
  QUIVER_ASSIGN_OR_RETURN(auto w, Create(RelationshipFileName(type), FileKind::kRelationshipType, type, 0, flags));
  QUIVER_RETURN_IF_ERROR(WriteCsr(w.get(), csr, node_id_width(), ew));
  QUIVER_ASSIGN_OR_RETURN(FileInfo info, w->Finish());
  AddFile(std::move(info));
  SetRelationshipTypeEdgeCount(type, csr.edge_count());
  return Status::OK();
}

Status GenerationWriter::WriteNodeColumn(uint32_t key, const ColumnData& column) {
  if (column.rows != node_count_) return Status::InvalidArgument("node column rows differ from the node count");
  QUIVER_ASSIGN_OR_RETURN(auto w, Create(NodeColumnFileName(key), FileKind::kNodePropertyColumn, key,
                                         static_cast<uint32_t>(column.type), 0));
  QUIVER_RETURN_IF_ERROR(WriteColumn(w.get(), column));
  QUIVER_ASSIGN_OR_RETURN(FileInfo info, w->Finish());
  AddFile(std::move(info));
  return Status::OK();
}

Status GenerationWriter::WriteEdgeColumn(uint32_t type, uint32_t key, const ColumnData& column) {
  QUIVER_ASSIGN_OR_RETURN(auto w, Create(EdgeColumnFileName(type, key), FileKind::kEdgePropertyColumn,
                                         EdgeColumnSubject(type, key), static_cast<uint32_t>(column.type), 0));
  QUIVER_RETURN_IF_ERROR(WriteColumn(w.get(), column));
  QUIVER_ASSIGN_OR_RETURN(FileInfo info, w->Finish());
  AddFile(std::move(info));
  return Status::OK();
}

Status GenerationWriter::WriteExternalIds(const ExternalIdData& ids) {
  manifest_.external_id_kind = ids.kind;
  if (ids.kind == ExternalIdKind::kNone || ids.kind == ExternalIdKind::kDense) return Status::OK();
  QUIVER_ASSIGN_OR_RETURN(auto w, Create(std::string(kExternalIdsFileName), FileKind::kExternalIds, 0,
                                         static_cast<uint32_t>(ids.kind), 0));
  QUIVER_RETURN_IF_ERROR(storage::WriteExternalIds(w.get(), ids, node_id_width()));
  QUIVER_ASSIGN_OR_RETURN(FileInfo info, w->Finish());
  AddFile(std::move(info));
  return Status::OK();
}

Status GenerationWriter::WriteSchema(const SchemaCatalog& catalog) {
  if (catalog == SchemaCatalog::Initial()) return Status::OK();  // version 3, as before the catalog
  QUIVER_ASSERT_MSG(!began_files_, "WriteSchema must come before the generation's other files");
  manifest_.format_version = std::max(manifest_.format_version, kSchemaFormatVersion);
  QUIVER_ASSIGN_OR_RETURN(auto w, Create(std::string(kSchemaFileName), FileKind::kSchema, 0, 0, 0));
  QUIVER_RETURN_IF_ERROR(w->AddSection(SectionType::kSchemaCatalog, 1, catalog.Encode()));
  QUIVER_ASSIGN_OR_RETURN(FileInfo info, w->Finish());
  AddFile(std::move(info));
  return Status::OK();
}

void GenerationWriter::SetFormatVersion(uint32_t version) {
  QUIVER_ASSERT_MSG(!began_files_, "SetFormatVersion must come before the generation's files");
  manifest_.format_version = version;
}

void GenerationWriter::AdoptCounts(const Manifest& base) {
  QUIVER_ASSERT(base.node_count == node_count_);
  manifest_.label_count = base.label_count;
  manifest_.rel_type_count = base.rel_type_count;
  manifest_.property_key_count = base.property_key_count;
  manifest_.label_set_count = base.label_set_count;
  manifest_.label_node_counts = base.label_node_counts;
  manifest_.type_edge_counts = base.type_edge_counts;
  manifest_.external_id_kind = base.external_id_kind;
  manifest_.id_mirror_key = base.id_mirror_key;
  wrote_dictionary_ = wrote_labels_ = true;  // the base's, added by the caller
}

Result<Manifest> GenerationWriter::Finish(uint64_t write_log_position) {
  QUIVER_ASSERT(!finished_);
  if (!wrote_dictionary_) QUIVER_RETURN_IF_ERROR(WriteDictionary({}));
  if (!wrote_labels_) {
    LabelData empty;
    empty.sets.push_back({});
    empty.node_set.assign(node_count_, 0);
    empty.label_counts.assign(manifest_.label_count, 0);
    QUIVER_RETURN_IF_ERROR(WriteNodeLabels(empty));
  }
  finished_ = true;
  manifest_.type_edge_counts.resize(manifest_.rel_type_count, 0);
  manifest_.edge_count = 0;
  for (uint64_t c : manifest_.type_edge_counts) manifest_.edge_count += c;
  for (uint32_t t = 0; t < manifest_.rel_type_count; ++t) {
    if (manifest_.FindFile(FileKind::kRelationshipType, t) == nullptr) {
      return Status::InvalidArgument("relationship type " + std::to_string(t) + " has no CSR file");
    }
  }
  if (manifest_.label_node_counts.size() != manifest_.label_count) {
    return Status::InvalidArgument("label counts cover " + std::to_string(manifest_.label_node_counts.size()) +
                                   " labels, the dictionary has " + std::to_string(manifest_.label_count));
  }
  if (manifest_.id_mirror_key && (*manifest_.id_mirror_key >= manifest_.property_key_count ||
                                  manifest_.external_id_kind == ExternalIdKind::kNone)) {
    return Status::InvalidArgument("id mirror key " + std::to_string(*manifest_.id_mirror_key) +
                                   " without external ids or past the dictionary");
  }
  manifest_.write_log_position = write_log_position;
  QUIVER_RETURN_IF_ERROR(WriteManifest(env_, dir_, manifest_).status());
  // The directory entries of every file must be durable before CURRENT can name them.
  QUIVER_RETURN_IF_ERROR(env_->SyncDir(dir_));
  return manifest_;
}

}  // namespace quiver::storage
