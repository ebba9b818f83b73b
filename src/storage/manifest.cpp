#include "storage/manifest.h"

#include <cstddef>
#include <cstring>
#include <set>

namespace quiver::storage {

const FileInfo* Manifest::FindFile(FileKind kind, uint64_t subject) const {
  for (const auto& f : files) {
    if (f.kind == kind && f.subject == subject) return &f;
  }
  return nullptr;
}

ExpectedIdentity ExpectedFileIdentity(const Manifest& m, const FileInfo& info) {
  if (info.origin_generation == 0) {
    return {info.kind, m.database_id, m.generation, info.subject, m.format_version, info.segment};
  }
  return {info.kind, m.database_id, info.origin_generation, info.subject, std::nullopt, info.segment};
}

Result<FileInfo> WriteManifest(Env* env, const std::string& gen_dir, const Manifest& m) {
  FileIdentity id;
  id.kind = FileKind::kManifest;
  id.flags = m.node_id_width == 8 ? kFlagWideNodeIds : 0;
  id.database_id = m.database_id;
  id.generation = m.generation;
  id.format_version = m.format_version;
  QUIVER_ASSIGN_OR_RETURN(auto w, SectionFileWriter::Create(env, JoinPath(gen_dir, kManifestFileName), id));

  ManifestSummary s{};
  s.node_count = m.node_count;
  s.edge_count = m.edge_count;
  s.write_log_position = m.write_log_position;
  s.label_count = m.label_count;
  s.rel_type_count = m.rel_type_count;
  s.property_key_count = m.property_key_count;
  s.label_set_count = m.label_set_count;
  s.node_id_width = static_cast<uint8_t>(m.node_id_width);
  s.external_id_kind = static_cast<uint8_t>(m.external_id_kind);
  s.file_count = static_cast<uint32_t>(m.files.size());
  s.id_mirror_key_plus_one = m.id_mirror_key ? uint64_t{*m.id_mirror_key} + 1 : 0;
  QUIVER_RETURN_IF_ERROR(w->AddSection(SectionType::kManifestSummary, sizeof(s), {reinterpret_cast<const char*>(&s), sizeof(s)}));

  std::vector<ManifestFileEntry> entries;
  std::string names;
  for (const auto& f : m.files) {
    ManifestFileEntry e{};
    e.kind = static_cast<uint16_t>(f.kind);
    e.name_length = static_cast<uint32_t>(f.name.size());
    e.name_offset = names.size();
    e.subject = f.subject;
    e.size = f.size;
    e.checksum = f.checksum;
    e.origin_generation = f.origin_generation;
    e.segment = static_cast<uint16_t>(f.segment);
    entries.push_back(e);
    names += f.name;
  }
  QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kManifestFiles, sizeof(ManifestFileEntry)));
  QUIVER_RETURN_IF_ERROR(w->AppendArray(std::span<const ManifestFileEntry>(entries)));
  QUIVER_RETURN_IF_ERROR(w->EndSection());
  QUIVER_RETURN_IF_ERROR(w->AddSection(SectionType::kManifestFileNames, 1, names));
  QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kManifestTypeEdgeCounts, 8));
  QUIVER_RETURN_IF_ERROR(w->AppendArray(std::span<const uint64_t>(m.type_edge_counts)));
  QUIVER_RETURN_IF_ERROR(w->EndSection());
  QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kManifestLabelNodeCounts, 8));
  QUIVER_RETURN_IF_ERROR(w->AppendArray(std::span<const uint64_t>(m.label_node_counts)));
  QUIVER_RETURN_IF_ERROR(w->EndSection());
  return w->Finish();
}

Result<Manifest> ParseManifest(std::span<const std::byte> bytes, const std::string& name,
                               const ExpectedIdentity& expected) {
  QUIVER_ASSIGN_OR_RETURN(SectionFile f, SectionFile::Parse(bytes, name, expected));
  QUIVER_RETURN_IF_ERROR(f.VerifyBody());
  Manifest m;
  m.database_id = f.header().database_id;
  m.generation = f.header().generation;
  m.format_version = f.header().format_version;

  QUIVER_ASSIGN_OR_RETURN(SectionView sv, f.Get(SectionType::kManifestSummary, sizeof(ManifestSummary), 1));
  ManifestSummary s;
  std::memcpy(&s, sv.data, sizeof(s));
  m.node_count = s.node_count;
  m.edge_count = s.edge_count;
  m.write_log_position = s.write_log_position;
  m.label_count = s.label_count;
  m.rel_type_count = s.rel_type_count;
  m.property_key_count = s.property_key_count;
  m.label_set_count = s.label_set_count;
  m.node_id_width = s.node_id_width;
  m.external_id_kind = static_cast<ExternalIdKind>(s.external_id_kind);
  if ((m.node_id_width != 4 && m.node_id_width != 8) || m.node_id_width < NodeIdWidth(m.node_count)) {
    return CorruptionAt(name, sv.offset + 40, "node id width " + std::to_string(m.node_id_width) + " does not fit " +
                                                  std::to_string(m.node_count) + " nodes");
  }
  if (s.external_id_kind > static_cast<uint8_t>(ExternalIdKind::kString)) {
    return CorruptionAt(name, sv.offset + 41, "invalid external id kind " + std::to_string(s.external_id_kind));
  }
  if (s.id_mirror_key_plus_one != 0) {
    // A key lookup trusts this field: one that cannot be true is damage, not a hint.
    const uint64_t key = s.id_mirror_key_plus_one - 1;
    if (key >= m.property_key_count || m.external_id_kind == ExternalIdKind::kNone) {
      return CorruptionAt(name, sv.offset + offsetof(ManifestSummary, id_mirror_key_plus_one),
                          "id mirror key " + std::to_string(key) + " recorded with " +
                              std::to_string(m.property_key_count) + " property keys and external id kind " +
                              std::string(ExternalIdKindName(m.external_id_kind)));
    }
    m.id_mirror_key = static_cast<uint32_t>(key);
  }

  QUIVER_ASSIGN_OR_RETURN(SectionView files, f.Get(SectionType::kManifestFiles, sizeof(ManifestFileEntry), s.file_count));
  QUIVER_ASSIGN_OR_RETURN(SectionView names, f.Get(SectionType::kManifestFileNames, 1));
  std::set<std::string, std::less<>> seen;
  for (uint64_t i = 0; i < files.count; ++i) {
    ManifestFileEntry e;
    std::memcpy(&e, files.data + i * sizeof(e), sizeof(e));
    const uint64_t at = files.OffsetOf(i);
    if (e.name_offset > names.count || e.name_length > names.count - e.name_offset) {
      return CorruptionAt(name, at, "file name out of range");
    }
    FileInfo fi;
    fi.name = std::string(names.bytes().substr(e.name_offset, e.name_length));
    fi.kind = static_cast<FileKind>(e.kind);
    fi.subject = e.subject;
    fi.size = e.size;
    fi.checksum = e.checksum;
    fi.origin_generation = e.origin_generation;
    fi.segment = e.segment;
    if (e.segment != 0 && (m.format_version < kSegmentFormatVersion ||
                           (fi.kind != FileKind::kRelationshipType && fi.kind != FileKind::kEdgePropertyColumn))) {
      return CorruptionAt(name, at + offsetof(ManifestFileEntry, segment),
                          "segment " + std::to_string(e.segment) + " of file '" + fi.name +
                              "', which has none (kind " + std::to_string(e.kind) + ", format version " +
                              std::to_string(m.format_version) + ")");
    }
    if (e.origin_generation >= m.generation) {
      return CorruptionAt(name, at + offsetof(ManifestFileEntry, origin_generation),
                          "file '" + fi.name + "' made by generation " + std::to_string(e.origin_generation) +
                              ", not an earlier one");
    }
    if (fi.name.empty() || fi.name.find('/') != std::string::npos || fi.name == kManifestFileName ||
        !seen.insert(fi.name).second) {
      return CorruptionAt(name, at, "invalid or duplicate file name '" + fi.name + "'");
    }
    // The Schema file (kind 9) and PropertyIndex files (kind 10) came with format version 4.
    const auto last_kind = static_cast<uint16_t>(m.format_version >= kSchemaFormatVersion ? FileKind::kPropertyIndex
                                                                                           : FileKind::kExternalIds);
    if (e.kind < static_cast<uint16_t>(FileKind::kDictionary) || e.kind > last_kind) {
      return CorruptionAt(name, at, "invalid file kind " + std::to_string(e.kind) + " for '" + fi.name + "'");
    }
    m.files.push_back(std::move(fi));
  }

  QUIVER_ASSIGN_OR_RETURN(SectionView tc, f.Get(SectionType::kManifestTypeEdgeCounts, 8, s.rel_type_count));
  QUIVER_ASSIGN_OR_RETURN(SectionView lc, f.Get(SectionType::kManifestLabelNodeCounts, 8, s.label_count));
  for (uint64_t i = 0; i < tc.count; ++i) m.type_edge_counts.push_back(tc.uints()[i]);
  for (uint64_t i = 0; i < lc.count; ++i) m.label_node_counts.push_back(lc.uints()[i]);
  uint64_t total = 0;
  for (uint64_t c : m.type_edge_counts) {
    if (__builtin_add_overflow(total, c, &total)) break;
  }
  if (total != m.edge_count) {
    return CorruptionAt(name, tc.offset, "edge counts per type sum to " + std::to_string(total) + ", summary says " +
                                             std::to_string(m.edge_count));
  }
  for (uint64_t c : m.label_node_counts) {
    if (c > m.node_count) return CorruptionAt(name, lc.offset, "a label count exceeds the node count");
  }
  return m;
}

}  // namespace quiver::storage
