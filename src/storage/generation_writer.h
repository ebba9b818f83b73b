#pragma once
// GenerationWriter: writes the files of one new generation from arrays that are already
// built, and the MANIFEST last. It knows nothing about how the arrays were computed
// (the in-memory GraphBuilder now, the parallel spilling ingest later): each Write*
// call produces one file, fsyncs it and records its size and checksum. Streaming
// producers use NewFile() and hand the finished file back with AddFile().
//
// Output is a function of the inputs, the database id and the generation number only:
// no timestamps, no pointers.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/file/env.h"
#include "storage/csr.h"
#include "storage/dictionary.h"
#include "storage/external_id_index.h"
#include "storage/manifest.h"
#include "storage/node_labels.h"
#include "storage/parallel_section_writer.h"
#include "storage/property_column.h"
#include "storage/schema_catalog.h"
#include "storage/section_file.h"

namespace quiver::storage {

class Generation;

class GenerationWriter {
 public:
  struct Options {
    // Widths default to the smallest that hold the counts (32-bit below 2^32). Tests set
    // 8 to exercise the 64-bit layout on small graphs; readers take the recorded width.
    uint32_t min_node_id_width = 4;
    uint32_t min_edge_position_width = 4;
  };

  // gen_dir must exist and be empty (DatabaseDir::BeginGeneration creates it).
  GenerationWriter(Env* env, std::string gen_dir, const DatabaseId& database_id, uint64_t generation,
                   uint64_t node_count, Options options);
  GenerationWriter(Env* env, std::string gen_dir, const DatabaseId& database_id, uint64_t generation,
                   uint64_t node_count)
      : GenerationWriter(env, std::move(gen_dir), database_id, generation, node_count, Options()) {}

  const std::string& dir() const { return dir_; }
  uint64_t generation() const { return generation_; }
  uint64_t node_count() const { return node_count_; }
  uint32_t node_id_width() const { return manifest_.node_id_width; }
  uint32_t EdgePositionWidthFor(uint64_t edges) const;

  Status WriteDictionary(const DictionaryData& dictionary);
  Status WriteNodeLabels(const LabelData& labels);
  Status WriteRelationshipType(uint32_t type, const CsrArrays& csr);
  Status WriteNodeColumn(uint32_t key, const ColumnData& column);
  Status WriteEdgeColumn(uint32_t type, uint32_t key, const ColumnData& column);
  Status WriteExternalIds(const ExternalIdData& ids);
  // The Schema file (schema.qv), written only when `catalog` differs from
  // SchemaCatalog::Initial(); it makes the generation format version 4, so it must come
  // before every other file (each file's header carries the generation's version).
  Status WriteSchema(const SchemaCatalog& catalog);

  // Streaming form: a section file in this generation with the standard header; the
  // caller writes its sections, calls Finish() on it and passes the result to AddFile.
  // `segment`: of a relationship type's or edge column's file past the first
  // (docs/format/generation.md, "Relationship segments"; format version 5).
  Result<std::unique_ptr<SectionFileWriter>> NewFile(const std::string& name, FileKind kind, uint64_t subject,
                                                     uint32_t subtype, uint16_t extra_flags = 0,
                                                     uint32_t segment = 0);
  void AddFile(FileInfo info) { manifest_.files.push_back(std::move(info)); }
  // Positioned form, for a file whose section sizes are known up front: the tasks `run`
  // spreads over its threads write it (parallel_section_writer.h). Pass the result to
  // AddFile.
  Result<FileInfo> WriteFileInParallel(const std::string& name, FileKind kind, uint64_t subject, uint32_t subtype,
                                       uint16_t extra_flags, std::span<const SectionSource> sections,
                                       const TaskRunner& run, uint32_t segment = 0);
  // Gives this generation `base`'s file unchanged — a hard link where the file system
  // allows, else a copy — for the caller to AddFile: its entry then names the generation
  // whose header the file carries (FileInfo::origin_generation).
  Result<FileInfo> CarryFile(const Generation& base, const FileInfo& info);
  // What CarryFile did: files linked, files copied and the bytes copied.
  uint64_t linked_files() const { return linked_files_; }
  uint64_t copied_files() const { return copied_files_; }
  uint64_t carried_bytes() const { return carried_bytes_; }
  // Counts the streaming form must report (the Write* helpers set them).
  void SetRelationshipTypeEdgeCount(uint32_t type, uint64_t edges);
  void SetLabelCounts(std::vector<uint64_t> label_node_counts, uint32_t label_set_count);
  void SetExternalIdKind(ExternalIdKind kind) { manifest_.external_id_kind = kind; }
  // The node property key that mirrors the external ids (Manifest::id_mirror_key), for
  // key lookups to trust without a scan. Set it only when the writer knows it exactly:
  // a wrong key makes lookups on it wrong. Finish refuses one without external ids or
  // past the dictionary.
  void SetIdMirrorKey(std::optional<uint32_t> key) { manifest_.id_mirror_key = key; }

  // A derived generation (index_generation.h): the counts, external id kind and id
  // mirror key of `base`, whose dictionary, labels and other files the caller adds with
  // AddFile as they are. Requires base.node_count == node_count().
  void AdoptCounts(const Manifest& base);
  // The format version of the files it writes and of its MANIFEST (kBaseFormatVersion
  // unless set; WriteSchema sets kSchemaFormatVersion). Before any file is begun.
  void SetFormatVersion(uint32_t version);

  // Writes and fsyncs the MANIFEST, then fsyncs the generation directory. After this
  // the generation is complete on disk; DatabaseDir::Publish makes it current.
  Result<Manifest> Finish(uint64_t write_log_position);

 private:
  Result<std::unique_ptr<SectionFileWriter>> Create(const std::string& name, FileKind kind, uint64_t subject,
                                                    uint32_t subtype, uint16_t flags, uint32_t segment = 0);
  // Also records that a file was begun (WriteSchema must come first).
  FileIdentity Identity(FileKind kind, uint64_t subject, uint32_t subtype, uint16_t flags, uint32_t segment = 0);

  Env* env_;
  std::string dir_;
  DatabaseId database_id_;
  uint64_t generation_;
  uint64_t node_count_;
  Options options_;
  Manifest manifest_;
  bool wrote_dictionary_ = false;
  bool wrote_labels_ = false;
  bool began_files_ = false;
  bool finished_ = false;
  uint64_t linked_files_ = 0, copied_files_ = 0, carried_bytes_ = 0;
};

}  // namespace quiver::storage
