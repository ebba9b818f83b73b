#include "storage/index_generation.h"

#include <algorithm>

namespace quiver::storage {
namespace {

// Gives the derived generation the base's file, unchanged: its MANIFEST entry then names
// the generation whose header the file carries.
Status CarryFile(const Generation& base, const FileInfo& info, GenerationWriter* writer,
                 IndexedGeneration* result) {
  const uint64_t linked = writer->linked_files();
  QUIVER_ASSIGN_OR_RETURN(FileInfo carried, writer->CarryFile(base, info));
  // A copy of an empty file reads as a link here; no generation file is empty.
  ++(writer->linked_files() > linked ? result->linked_files : result->copied_files);
  writer->AddFile(std::move(carried));
  return Status::OK();
}

Status CheckWanted(std::span<const IndexDefinition> wanted) {
  for (const IndexDefinition& d : wanted) {
    if (!d.IsPropertyIndex() || d.name.empty()) {
      return Status::InvalidArgument("index " + d.name + " is not a named property index");
    }
    if (std::count_if(wanted.begin(), wanted.end(), [&](const IndexDefinition& o) { return o.name == d.name; }) != 1) {
      return Status::InvalidArgument("index " + d.name + " is wanted twice");
    }
  }
  return Status::OK();
}

Status WriteFiles(Env* env, const Generation& base, std::span<const IndexDefinition> wanted, unsigned workers,
                  const IndexBuildProgress& progress, const IndexSpill& spill, GenerationWriter* writer,
                  IndexedGeneration* result) {
  // PropertyIndex files came with format version 4: a generation that has one is of
  // that version (its linked files keep theirs, recorded by origin_generation), so a
  // version-3 build refuses it as NotSupported rather than as damage.
  writer->SetFormatVersion(wanted.empty() ? base.manifest().format_version
                                          : std::max(base.manifest().format_version, kSchemaFormatVersion));
  writer->AdoptCounts(base.manifest());
  uint64_t next_subject = 0;
  for (const FileInfo& info : base.manifest().files) {
    if (info.kind != FileKind::kPropertyIndex) {
      QUIVER_RETURN_IF_ERROR(CarryFile(base, info, writer, result));
      continue;
    }
    next_subject = std::max(next_subject, info.subject + 1);
  }
  for (const Generation::IndexFile& index : base.property_indexes()) {
    const IndexDefinition& d = index.view.definition();
    if (std::find(wanted.begin(), wanted.end(), d) == wanted.end()) continue;  // dropped or stale
    QUIVER_RETURN_IF_ERROR(CarryFile(base, index.file->info, writer, result));
    result->kept.push_back(d.name);
  }
  for (const IndexDefinition& d : wanted) {
    if (std::find(result->kept.begin(), result->kept.end(), d.name) != result->kept.end()) continue;
    QUIVER_ASSIGN_OR_RETURN(PropertyIndexData data, BuildIndexEntries(base, d, workers, progress, spill));
    const uint64_t subject = next_subject++;
    QUIVER_ASSIGN_OR_RETURN(auto w, writer->NewFile(PropertyIndexFileName(subject), FileKind::kPropertyIndex,
                                                    subject, 0));
    QUIVER_RETURN_IF_ERROR(WritePropertyIndex(w.get(), data, base.IndexIds(d).width));
    QUIVER_ASSIGN_OR_RETURN(FileInfo info, w->Finish());
    writer->AddFile(std::move(info));
    result->built.push_back(d.name);
  }
  return Status::OK();
}

}  // namespace

Result<IndexedGeneration> WriteIndexedGeneration(DatabaseDir* dir, const Generation& base,
                                                 std::span<const IndexDefinition> wanted, unsigned workers,
                                                 const IndexBuildProgress& progress, uint64_t memory_budget,
                                                 std::optional<uint64_t> log_position) {
  QUIVER_RETURN_IF_ERROR(CheckWanted(wanted));
  const IndexSpill spill{memory_budget, dir->env(), JoinPath(dir->path(), kScratchDirName)};
  const Manifest& m = base.manifest();
  GenerationWriter::Options options;
  options.min_node_id_width = m.node_id_width;  // the linked files' width
  QUIVER_ASSIGN_OR_RETURN(auto writer, dir->BeginGeneration(m.node_count, options));
  IndexedGeneration result;
  Status s = WriteFiles(dir->env(), base, wanted, workers, progress, spill, writer.get(), &result);
  if (!s.ok()) {
    writer.reset();
    (void)dir->CollectGarbage();  // the unfinished generation directory
    return s.WithContext("building indexes");
  }
  // By default the base's write-log position: the derived generation holds exactly the
  // base's data, so the log past it replays onto either alike.
  QUIVER_ASSIGN_OR_RETURN(result.generation,
                          dir->Publish(writer.get(), log_position.value_or(m.write_log_position)));
  return result;
}

}  // namespace quiver::storage
