#pragma once
// Section files: the container every generation file uses (docs/format/generation.md,
// "Common file structure"). SectionFileWriter writes one in a single streaming pass,
// computing the whole-file, body and per-block checksums as bytes go by; SectionFile
// parses a mapped one in O(sections), validating header, footer and directory so that
// every later access through it stays inside the mapping.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/file/checksum.h"
#include "common/file/env.h"
#include "storage/format.h"
#include "storage/byte_view.h"
#include "storage/uint_array.h"

namespace quiver::storage {

// "<file>: byte offset <offset>: <what>". Every corruption the storage layer reports has
// this shape, so `quiver check` can name the file and offset (ParseCorruptionLocation).
Status CorruptionAt(std::string_view file, uint64_t offset, std::string_view what);
struct CorruptionLocation {
  std::string file;
  uint64_t offset = 0;
};
std::optional<CorruptionLocation> ParseCorruptionLocation(const Status& status);

// The fixed header fields of a file being written.
struct FileIdentity {
  FileKind kind{};
  uint16_t flags = 0;
  DatabaseId database_id{};
  uint64_t generation = 0;
  uint64_t subject = 0;
  uint32_t subtype = 0;
  // The generation's format version (format.h): the oldest whose readers know every
  // file of it, so that only what needs a newer version carries one.
  uint32_t format_version = kBaseFormatVersion;
  uint32_t segment = 0;  // of a relationship type's or edge column's file (format version 5)
};

// What the MANIFEST records about a finished file.
struct FileInfo {
  std::string name;  // file name inside the generation directory
  FileKind kind{};
  uint64_t subject = 0;
  uint64_t size = 0;
  uint64_t checksum = 0;  // XXH3-64 of the whole file
  // The generation that wrote the file when another did (a hard-linked file of a derived
  // generation: its header names that generation and keeps its format version); 0 = this.
  uint64_t origin_generation = 0;
  // A relationship type's or edge column's segment (docs/format/generation.md,
  // "Relationship segments"); 0 for the first and for every other kind.
  uint32_t segment = 0;
};

// The header of a file with this identity, and the trailer (directory, block table,
// footer) that ends a body of `directory_offset` bytes: shared by the streaming writer
// below and the positioned one (parallel_section_writer.h), which must agree byte for byte.
FileHeader MakeFileHeader(const FileIdentity& identity);
std::string MakeFileTrailer(std::span<const SectionEntry> sections, std::span<const uint64_t> block_checksums,
                            uint64_t directory_offset, uint64_t body_checksum);

class SectionFileWriter {
 public:
  static Result<std::unique_ptr<SectionFileWriter>> Create(Env* env, const std::string& path,
                                                           const FileIdentity& identity);
  ~SectionFileWriter();

  // Sections are written one after the other: Begin, any number of Appends, End.
  Status BeginSection(SectionType type, uint32_t element_width);
  Status Append(std::string_view bytes);
  template <typename T>
  Status AppendArray(std::span<const T> values) {
    return Append({reinterpret_cast<const char*>(values.data()), values.size_bytes()});
  }
  // Appends v truncated to `width` bytes (little-endian), for width-adaptive arrays.
  Status AppendUInt(uint64_t v, uint32_t width);
  Status EndSection();
  // Begin + Append + End.
  Status AddSection(SectionType type, uint32_t element_width, std::string_view bytes);

  // Writes directory, block table and footer, fsyncs and closes the file.
  Result<FileInfo> Finish();

 private:
  SectionFileWriter(std::unique_ptr<WritableFile> file, FileIdentity identity);
  Status Write(std::string_view bytes);  // body bytes: feeds all checksums
  Status Flush();
  Status AppendToFile(std::string_view bytes);

  std::unique_ptr<WritableFile> file_;
  FileIdentity identity_;
  std::string buffer_;
  uint64_t offset_ = 0;  // bytes produced so far (written or buffered)
  uint64_t writeback_from_ = 0;  // the file's bytes before this have had StartWriteback
  StreamingChecksum whole_;
  std::unique_ptr<StreamingChecksum> block_;
  std::vector<uint64_t> block_checksums_;
  std::vector<SectionEntry> sections_;
  bool in_section_ = false;
  bool finished_ = false;
};

// A section of a mapped file. Of a generation file, it carries the file's BlockVerifier
// (SectionFile::AttachVerifier): uints() checks blocks as it is read; readers of bytes()
// call Check on the bytes they use.
struct SectionView {
  SectionType type{};
  uint32_t width = 0;
  uint64_t offset = 0;  // from the start of the file
  uint64_t count = 0;
  const std::byte* data = nullptr;
  const BlockVerifier* verifier = nullptr;
  uint64_t length() const { return count * width; }
  std::string_view bytes() const { return {reinterpret_cast<const char*>(data), length()}; }
  UIntArray uints() const { return UIntArray(data, count, width, verifier); }
  ByteView heap() const { return ByteView(bytes(), verifier); }
  // File offset of element i, for error messages.
  uint64_t OffsetOf(uint64_t i) const { return offset + i * width; }
};

// What the opener expects of a file's header; unset fields are not checked.
struct ExpectedIdentity {
  FileKind kind{};
  std::optional<DatabaseId> database_id;
  std::optional<uint64_t> generation;
  std::optional<uint64_t> subject;
  // Files of a generation carry the MANIFEST's version.
  std::optional<uint32_t> format_version = std::nullopt;
  std::optional<uint32_t> segment = std::nullopt;
};

class SectionFile {
 public:
  // Validates header, footer and directory of `bytes` (the whole file). O(sections).
  // name is used in messages. Corruption (or NotSupported for a newer version) on failure.
  static Result<SectionFile> Parse(std::span<const std::byte> bytes, std::string name,
                                   const ExpectedIdentity& expected);

  const std::string& name() const { return name_; }
  const FileHeader& header() const { return header_; }
  uint64_t size() const { return bytes_.size(); }
  const std::vector<SectionView>& sections() const { return sections_; }

  const SectionView* Find(SectionType type) const;
  // The section, checking that it exists with this width and element count.
  Result<SectionView> Get(SectionType type, uint32_t width, uint64_t count) const;
  // The section with this width and any count.
  Result<SectionView> Get(SectionType type, uint32_t width) const;
  // The section, checking the count and that its width is one of 1, 2, 4 or 8.
  Result<SectionView> GetUInts(SectionType type, uint64_t count) const;

  // Verifies the body checksum and, on mismatch, names the first bad checksum block. O(size).
  Status VerifyBody() const;

  // A verifier of this file's body blocks against its block table (block_verifier.h).
  std::unique_ptr<BlockVerifier> MakeBlockVerifier() const;
  // Sections handed out from now on carry `verifier` (which must outlive them).
  void AttachVerifier(const BlockVerifier* verifier);

 private:
  std::span<const std::byte> bytes_;
  std::string name_;
  FileHeader header_{};
  FileFooter footer_{};
  std::vector<SectionView> sections_;
};

// Reads a header without validating anything beyond the size (for tools).
std::optional<FileHeader> PeekHeader(std::span<const std::byte> bytes);

}  // namespace quiver::storage
