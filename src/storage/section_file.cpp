#include "storage/section_file.h"

#include "common/assert.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace quiver::storage {
namespace {

constexpr size_t kWriteBufferSize = size_t{1} << 20;
constexpr uint64_t kWritebackBytes = uint64_t{8} << 20;

template <typename T>
T LoadAt(std::span<const std::byte> bytes, uint64_t offset) {
  T v;
  std::memcpy(&v, bytes.data() + offset, sizeof(T));
  return v;
}

uint64_t HeaderChecksum(const FileHeader& h) { return Checksum64(&h, offsetof(FileHeader, header_checksum)); }

bool MulOverflows(uint64_t a, uint64_t b, uint64_t* out) { return __builtin_mul_overflow(a, b, out); }

}  // namespace

Status CorruptionAt(std::string_view file, uint64_t offset, std::string_view what) {
  std::string msg(file);
  msg += ": byte offset ";
  msg += std::to_string(offset);
  msg += ": ";
  msg += what;
  return Status::Corruption(std::move(msg));
}

std::optional<CorruptionLocation> ParseCorruptionLocation(const Status& status) {
  static constexpr std::string_view kMarker = ": byte offset ";
  const std::string& msg = status.message();
  const size_t at = msg.find(kMarker);
  if (at == std::string::npos) return std::nullopt;
  CorruptionLocation loc;
  // The file is the text before the marker, after any context prefixes ("ctx: file").
  const size_t start = msg.rfind(": ", at == 0 ? 0 : at - 1);
  loc.file = msg.substr(start == std::string::npos ? 0 : start + 2, at - (start == std::string::npos ? 0 : start + 2));
  const char* first = msg.data() + at + kMarker.size();
  if (std::from_chars(first, msg.data() + msg.size(), loc.offset).ec != std::errc()) return std::nullopt;
  return loc;
}

// ---------------------------------------------------------------------------- writer

SectionFileWriter::SectionFileWriter(std::unique_ptr<WritableFile> file, FileIdentity identity)
    : file_(std::move(file)), identity_(identity), block_(std::make_unique<StreamingChecksum>()) {
  buffer_.reserve(kWriteBufferSize);
}

SectionFileWriter::~SectionFileWriter() = default;

FileHeader MakeFileHeader(const FileIdentity& identity) {
  FileHeader h{};
  h.magic = kHeaderMagic;
  QUIVER_ASSERT(identity.format_version >= kBaseFormatVersion && identity.format_version <= kFormatVersion);
  h.format_version = identity.format_version;
  h.file_kind = static_cast<uint16_t>(identity.kind);
  h.flags = identity.flags;
  h.database_id = identity.database_id;
  h.generation = identity.generation;
  h.subject = identity.subject;
  h.subtype = identity.subtype;
  h.segment = identity.segment;
  h.header_checksum = HeaderChecksum(h);
  return h;
}

std::string MakeFileTrailer(std::span<const SectionEntry> sections, std::span<const uint64_t> block_checksums,
                            uint64_t directory_offset, uint64_t body_checksum) {
  std::string trailer;
  trailer.append(reinterpret_cast<const char*>(sections.data()), sections.size_bytes());
  trailer.append(reinterpret_cast<const char*>(block_checksums.data()), block_checksums.size_bytes());
  FileFooter f{};
  f.directory_offset = directory_offset;
  f.section_count = static_cast<uint32_t>(sections.size());
  f.block_size_log2 = kBlockSizeLog2;
  f.block_count = block_checksums.size();
  f.body_checksum = body_checksum;
  f.magic = kFooterMagic;
  trailer.append(reinterpret_cast<const char*>(&f), offsetof(FileFooter, footer_checksum));
  f.footer_checksum = Checksum64(trailer);
  trailer.append(reinterpret_cast<const char*>(&f) + offsetof(FileFooter, footer_checksum),
                 sizeof(FileFooter) - offsetof(FileFooter, footer_checksum));
  return trailer;
}

Result<std::unique_ptr<SectionFileWriter>> SectionFileWriter::Create(Env* env, const std::string& path,
                                                                     const FileIdentity& identity) {
  QUIVER_ASSIGN_OR_RETURN(auto file, env->NewWritableFile(path));
  std::unique_ptr<SectionFileWriter> w(new SectionFileWriter(std::move(file), identity));
  const FileHeader h = MakeFileHeader(identity);
  QUIVER_RETURN_IF_ERROR(w->Write({reinterpret_cast<const char*>(&h), sizeof(h)}));
  return w;
}

Status SectionFileWriter::Write(std::string_view bytes) {
  whole_.Update(bytes);  // its digest at the directory offset is the body checksum
  // Split at checksum block boundaries for the block table.
  std::string_view rest = bytes;
  while (!rest.empty()) {
    const uint64_t in_block = offset_ % kBlockSize;
    const size_t take = static_cast<size_t>(std::min<uint64_t>(rest.size(), kBlockSize - in_block));
    block_->Update(rest.substr(0, take));
    offset_ += take;
    rest.remove_prefix(take);
    if (offset_ % kBlockSize == 0) {
      block_checksums_.push_back(block_->Digest());
      block_ = std::make_unique<StreamingChecksum>();
    }
  }
  if (buffer_.size() + bytes.size() > kWriteBufferSize) {
    QUIVER_RETURN_IF_ERROR(Flush());
    if (bytes.size() >= kWriteBufferSize) return AppendToFile(bytes);
  }
  buffer_.append(bytes);
  return Status::OK();
}

Status SectionFileWriter::AppendToFile(std::string_view bytes) {
  QUIVER_RETURN_IF_ERROR(file_->Append(bytes));
  // Start the disk writes of what is behind us every few MiB, so that they overlap the
  // production of the rest and Finish's fsync finds little left (parallel_section_writer.h).
  const uint64_t written = file_->Size();
  if (written - writeback_from_ >= kWritebackBytes) {
    QUIVER_RETURN_IF_ERROR(file_->StartWriteback(writeback_from_, written - writeback_from_));
    writeback_from_ = written;
  }
  return Status::OK();
}

Status SectionFileWriter::Flush() {
  if (buffer_.empty()) return Status::OK();
  Status s = AppendToFile(buffer_);
  buffer_.clear();
  return s;
}

Status SectionFileWriter::BeginSection(SectionType type, uint32_t element_width) {
  QUIVER_ASSERT(!in_section_ && !finished_ && element_width >= 1);
  const uint64_t aligned = AlignUp(offset_, kSectionAlignment);
  if (aligned > offset_) QUIVER_RETURN_IF_ERROR(Write(std::string(aligned - offset_, '\0')));
  SectionEntry e{};
  e.section_type = static_cast<uint32_t>(type);
  e.element_width = element_width;
  e.offset = offset_;
  sections_.push_back(e);
  in_section_ = true;
  return Status::OK();
}

Status SectionFileWriter::Append(std::string_view bytes) {
  QUIVER_ASSERT(in_section_);
  return Write(bytes);
}

Status SectionFileWriter::AppendUInt(uint64_t v, uint32_t width) {
  char buf[8];
  std::memcpy(buf, &v, 8);
  return Append({buf, width});
}

Status SectionFileWriter::EndSection() {
  QUIVER_ASSERT(in_section_);
  SectionEntry& e = sections_.back();
  e.length = offset_ - e.offset;
  QUIVER_ASSERT_MSG(e.length % e.element_width == 0, "section length not a multiple of its element width");
  e.element_count = e.length / e.element_width;
  in_section_ = false;
  return Status::OK();
}

Status SectionFileWriter::AddSection(SectionType type, uint32_t element_width, std::string_view bytes) {
  QUIVER_RETURN_IF_ERROR(BeginSection(type, element_width));
  QUIVER_RETURN_IF_ERROR(Append(bytes));
  return EndSection();
}

Result<FileInfo> SectionFileWriter::Finish() {
  QUIVER_ASSERT(!in_section_ && !finished_);
  finished_ = true;
  const uint64_t aligned = AlignUp(offset_, kSectionAlignment);
  if (aligned > offset_) QUIVER_RETURN_IF_ERROR(Write(std::string(aligned - offset_, '\0')));
  const uint64_t directory_offset = offset_;
  if (offset_ % kBlockSize != 0) block_checksums_.push_back(block_->Digest());
  // Trailer: directory, block table, footer. It feeds only the whole-file checksum and
  // the footer checksum.
  const std::string trailer = MakeFileTrailer(sections_, block_checksums_, directory_offset, whole_.Digest());
  whole_.Update(trailer);
  offset_ += trailer.size();
  buffer_.append(trailer);
  QUIVER_RETURN_IF_ERROR(Flush());
  QUIVER_RETURN_IF_ERROR(file_->Sync());
  QUIVER_RETURN_IF_ERROR(file_->Close());

  FileInfo info;
  const std::string& path = file_->path();
  info.name = path.substr(path.find_last_of('/') + 1);
  info.kind = identity_.kind;
  info.subject = identity_.subject;
  info.segment = identity_.segment;
  info.size = offset_;
  info.checksum = whole_.Digest();
  return info;
}

// ---------------------------------------------------------------------------- reader

std::optional<FileHeader> PeekHeader(std::span<const std::byte> bytes) {
  if (bytes.size() < sizeof(FileHeader)) return std::nullopt;
  return LoadAt<FileHeader>(bytes, 0);
}

Result<SectionFile> SectionFile::Parse(std::span<const std::byte> bytes, std::string name,
                                       const ExpectedIdentity& expected) {
  SectionFile f;
  f.bytes_ = bytes;
  f.name_ = std::move(name);
  const std::string& n = f.name_;
  const uint64_t size = bytes.size();
  if (size < sizeof(FileHeader) + sizeof(FileFooter)) {
    return CorruptionAt(n, size, "file too small (" + std::to_string(size) + " bytes) to hold header and footer");
  }
  FileHeader& h = f.header_;
  h = LoadAt<FileHeader>(bytes, 0);
  if (h.magic != kHeaderMagic) return CorruptionAt(n, 0, "bad header magic: not a Quiver file");
  // The header's layout and checksum are the same in every format version, so the
  // checksum is verified first: a damaged version field is Corruption, while a file
  // from a newer build is NotSupported.
  if (HeaderChecksum(h) != h.header_checksum) return CorruptionAt(n, 0, "header checksum mismatch");
  if (h.format_version == 0) return CorruptionAt(n, 8, "format version 0 is invalid");
  if (h.format_version > kFormatVersion) {
    return Status::NotSupported(n + ": format version " + std::to_string(h.format_version) +
                                ", this build reads <= " + std::to_string(kFormatVersion));
  }
  if (expected.format_version && h.format_version != *expected.format_version) {
    return CorruptionAt(n, 8, "format version " + std::to_string(h.format_version) + " differs from the MANIFEST's " +
                                  std::to_string(*expected.format_version));
  }
  if (h.file_kind != static_cast<uint16_t>(expected.kind)) {
    return CorruptionAt(n, 12, "file kind " + std::to_string(h.file_kind) + ", expected " +
                                   std::to_string(static_cast<int>(expected.kind)) + " (" +
                                   std::string(FileKindName(expected.kind)) + ")");
  }
  if (expected.database_id && h.database_id != *expected.database_id) {
    return CorruptionAt(n, 16, "database id differs from this database's DBID (file from another database?)");
  }
  if (expected.generation && h.generation != *expected.generation) {
    return CorruptionAt(n, 32, "generation " + std::to_string(h.generation) + ", expected " +
                                   std::to_string(*expected.generation));
  }
  if (expected.subject && h.subject != *expected.subject) {
    return CorruptionAt(n, 40, "subject " + std::to_string(h.subject) + ", expected " + std::to_string(*expected.subject));
  }
  if (expected.segment && h.segment != *expected.segment) {
    return CorruptionAt(n, offsetof(FileHeader, segment),
                        "segment " + std::to_string(h.segment) + ", expected " + std::to_string(*expected.segment));
  }

  const uint64_t footer_at = size - sizeof(FileFooter);
  FileFooter& ft = f.footer_;
  ft = LoadAt<FileFooter>(bytes, footer_at);
  if (ft.magic != kFooterMagic) return CorruptionAt(n, footer_at + 56, "bad footer magic (truncated or torn file?)");
  // Bound the directory before hashing it so a corrupt offset cannot send us off the end.
  if (ft.directory_offset < sizeof(FileHeader) || ft.directory_offset > footer_at) {
    return CorruptionAt(n, footer_at, "footer directory offset " + std::to_string(ft.directory_offset) + " out of range");
  }
  const uint64_t footer_checksum =
      Checksum64(bytes.data() + ft.directory_offset, size - 16 - ft.directory_offset);
  if (footer_checksum != ft.footer_checksum) {
    return CorruptionAt(n, ft.directory_offset, "directory/footer checksum mismatch");
  }
  if (ft.block_size_log2 < 12 || ft.block_size_log2 > 30) {
    return CorruptionAt(n, footer_at + 12, "block size 2^" + std::to_string(ft.block_size_log2) + " out of range");
  }
  const uint64_t block_size = uint64_t{1} << ft.block_size_log2;
  const uint64_t blocks = (ft.directory_offset + block_size - 1) / block_size;
  if (ft.block_count != blocks ||
      ft.directory_offset + uint64_t{ft.section_count} * sizeof(SectionEntry) + blocks * 8 != footer_at) {
    return CorruptionAt(n, footer_at, "footer sizes do not add up to the file size");
  }

  f.sections_.reserve(ft.section_count);
  for (uint32_t i = 0; i < ft.section_count; ++i) {
    const uint64_t at = ft.directory_offset + uint64_t{i} * sizeof(SectionEntry);
    const auto e = LoadAt<SectionEntry>(bytes, at);
    uint64_t length = 0;
    if (e.section_type == 0) return CorruptionAt(n, at, "section type 0 is invalid");
    if (e.element_width == 0 || MulOverflows(e.element_count, e.element_width, &length) || length != e.length) {
      return CorruptionAt(n, at, "section length is not count x width");
    }
    if (e.offset % kSectionAlignment != 0 || e.offset < sizeof(FileHeader) || e.offset > ft.directory_offset ||
        e.length > ft.directory_offset - e.offset) {
      return CorruptionAt(n, at, "section bounds out of range or misaligned");
    }
    for (const auto& s : f.sections_) {
      if (static_cast<uint32_t>(s.type) == e.section_type) return CorruptionAt(n, at, "duplicate section type");
    }
    SectionView v;
    v.type = static_cast<SectionType>(e.section_type);
    v.width = e.element_width;
    v.offset = e.offset;
    v.count = e.element_count;
    v.data = bytes.data() + e.offset;
    f.sections_.push_back(v);
  }
  std::vector<SectionView> sorted = f.sections_;
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.offset < b.offset; });
  for (size_t i = 1; i < sorted.size(); ++i) {
    if (sorted[i - 1].offset + sorted[i - 1].length() > sorted[i].offset) {
      return CorruptionAt(n, sorted[i].offset, "sections overlap");
    }
  }
  return f;
}

const SectionView* SectionFile::Find(SectionType type) const {
  for (const auto& s : sections_) {
    if (s.type == type) return &s;
  }
  return nullptr;
}

Result<SectionView> SectionFile::Get(SectionType type, uint32_t width) const {
  const SectionView* s = Find(type);
  if (s == nullptr) {
    return CorruptionAt(name_, footer_.directory_offset, "missing section " + std::string(SectionTypeName(type)));
  }
  if (s->width != width) {
    return CorruptionAt(name_, s->offset, std::string(SectionTypeName(type)) + " has element width " +
                                              std::to_string(s->width) + ", expected " + std::to_string(width));
  }
  return *s;
}

Result<SectionView> SectionFile::Get(SectionType type, uint32_t width, uint64_t count) const {
  QUIVER_ASSIGN_OR_RETURN(SectionView s, Get(type, width));
  if (s.count != count) {
    return CorruptionAt(name_, s.offset, std::string(SectionTypeName(type)) + " has " + std::to_string(s.count) +
                                             " elements, expected " + std::to_string(count));
  }
  return s;
}

Result<SectionView> SectionFile::GetUInts(SectionType type, uint64_t count) const {
  const SectionView* s = Find(type);
  if (s == nullptr) return Get(type, 8, count);  // reports the missing section
  if (s->width != 1 && s->width != 2 && s->width != 4 && s->width != 8) {
    return CorruptionAt(name_, s->offset, std::string(SectionTypeName(type)) + " has invalid integer width " +
                                              std::to_string(s->width));
  }
  return Get(type, s->width, count);
}

std::unique_ptr<BlockVerifier> SectionFile::MakeBlockVerifier() const {
  const uint64_t table_at = footer_.directory_offset + uint64_t{footer_.section_count} * sizeof(SectionEntry);
  return std::make_unique<BlockVerifier>(bytes_, footer_.directory_offset, footer_.block_size_log2,
                                         bytes_.data() + table_at, name_);
}

void SectionFile::AttachVerifier(const BlockVerifier* verifier) {
  for (SectionView& s : sections_) s.verifier = verifier;
}

Status SectionFile::VerifyBody() const {
  if (Checksum64(bytes_.data(), footer_.directory_offset) == footer_.body_checksum) return Status::OK();
  const uint64_t block_size = uint64_t{1} << footer_.block_size_log2;
  const uint64_t table_at = footer_.directory_offset + uint64_t{footer_.section_count} * sizeof(SectionEntry);
  for (uint64_t b = 0; b < footer_.block_count; ++b) {
    const uint64_t begin = b * block_size;
    const uint64_t end = std::min(begin + block_size, footer_.directory_offset);
    if (Checksum64(bytes_.data() + begin, end - begin) != LoadAt<uint64_t>(bytes_, table_at + b * 8)) {
      std::string where;  // the sections the block overlaps, to point a reader at the data
      if (begin < sizeof(FileHeader)) where = "header";
      for (const auto& s : sections_) {
        if (s.offset < end && s.offset + s.length() > begin) {
          where += (where.empty() ? "" : ", ") + std::string(SectionTypeName(s.type));
        }
      }
      return CorruptionAt(name_, begin, "checksum mismatch in block [" + std::to_string(begin) + ", " +
                                            std::to_string(end) + ")" + (where.empty() ? "" : " (" + where + ")"));
    }
  }
  return CorruptionAt(name_, 0, "body checksum mismatch (every block matches: the footer's body checksum is wrong)");
}

}  // namespace quiver::storage
