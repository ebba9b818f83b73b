#pragma once
// The MANIFEST of a generation: every file with its size and whole-file checksum, the
// counts, and the write-log position the generation includes. Written last in publish;
// read whole and fully verified at every open (it is O(files) small).

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "common/file/env.h"
#include "storage/format.h"
#include "storage/section_file.h"

namespace quiver::storage {

inline constexpr std::string_view kManifestFileName = "MANIFEST";

struct Manifest {
  DatabaseId database_id{};
  uint64_t generation = 0;
  uint32_t format_version = kBaseFormatVersion;  // kSchemaFormatVersion with a Schema file
  uint64_t node_count = 0;
  uint64_t edge_count = 0;  // all relationship types
  uint64_t write_log_position = 0;
  uint32_t label_count = 0;
  uint32_t rel_type_count = 0;
  uint32_t property_key_count = 0;
  uint32_t label_set_count = 0;
  uint32_t node_id_width = 4;
  ExternalIdKind external_id_kind = ExternalIdKind::kNone;
  // The node property key whose column mirrors the external ids (present on exactly the
  // keyed nodes, each holding its node's key with the key's type), as the writer
  // established it; nullopt when it did not record one (no key mirrors, or a file
  // written before this field). Only ever set with external ids, to a key the
  // dictionary has (ParseManifest checks both).
  std::optional<uint32_t> id_mirror_key;
  std::vector<FileInfo> files;
  std::vector<uint64_t> type_edge_counts;   // per relationship type id
  std::vector<uint64_t> label_node_counts;  // per label id

  // The entry for (kind, subject), or nullptr.
  const FileInfo* FindFile(FileKind kind, uint64_t subject = 0) const;
};

// What the header of a file the MANIFEST lists must say. A file linked from an earlier
// generation (FileInfo::origin_generation) names that one and keeps its own version.
ExpectedIdentity ExpectedFileIdentity(const Manifest& manifest, const FileInfo& info);

// Writes gen_dir/MANIFEST (fsynced). Returns its FileInfo.
Result<FileInfo> WriteManifest(Env* env, const std::string& gen_dir, const Manifest& manifest);

// Parses and fully verifies a MANIFEST's bytes (all checksums, internal consistency).
Result<Manifest> ParseManifest(std::span<const std::byte> bytes, const std::string& name,
                               const ExpectedIdentity& expected);

}  // namespace quiver::storage
