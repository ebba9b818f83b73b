#include "fuzz/reseal.h"

#include <cstring>
#include <optional>

#include "common/file/checksum.h"

namespace quiver::fuzz {

namespace {

constexpr uint64_t kHeaderBytes = 64;
constexpr uint64_t kFooterBytes = 64;
constexpr uint64_t kDirectoryEntryBytes = 32;
constexpr uint64_t kManifestFileEntryBytes = 48;
constexpr uint32_t kManifestFilesSection = 0x0102;
constexpr uint32_t kManifestFileNamesSection = 0x0103;
constexpr uint64_t kRecordHeaderBytes = 40;  // log format version 3

template <typename T>
T Load(const std::string& b, uint64_t at) {
  T v{};
  if (at <= b.size() && sizeof(T) <= b.size() - at) std::memcpy(&v, b.data() + at, sizeof(T));
  return v;
}

template <typename T>
void Store(std::string* b, uint64_t at, T v) {
  if (at <= b->size() && sizeof(T) <= b->size() - at) std::memcpy(b->data() + at, &v, sizeof(T));
}

uint64_t Sum(const std::string& b, uint64_t begin, uint64_t end, uint64_t seed = 0) {
  return Checksum64(std::string_view(b).substr(begin, end - begin), seed);
}

// a + b * c without overflow, or nullopt.
std::optional<uint64_t> MulAdd(uint64_t a, uint64_t b, uint64_t c) {
  if (c != 0 && b > (UINT64_MAX - a) / c) return std::nullopt;
  return a + b * c;
}

}  // namespace

void ResealSectionFile(std::string* bytes) {
  std::string& b = *bytes;
  const uint64_t n = b.size();
  if (n < kHeaderBytes) return;
  Store<uint64_t>(&b, 56, Sum(b, 0, 56));
  if (n < kHeaderBytes + kFooterBytes) return;
  const uint64_t footer = n - kFooterBytes;
  const uint64_t directory = Load<uint64_t>(b, footer);
  if (directory > footer) return;
  const uint32_t sections = Load<uint32_t>(b, footer + 8);
  const uint32_t log2 = Load<uint32_t>(b, footer + 12);
  const uint64_t blocks = Load<uint64_t>(b, footer + 16);
  const uint64_t block_size = log2 >= 6 && log2 <= 30 ? uint64_t{1} << log2 : uint64_t{1} << 16;
  const auto table = MulAdd(directory, sections, kDirectoryEntryBytes);
  const auto table_end = table ? MulAdd(*table, blocks, 8) : std::nullopt;
  if (table_end && *table_end <= footer) {
    for (uint64_t i = 0; i < blocks; ++i) {
      const uint64_t begin = i * block_size;
      if (begin >= directory) break;
      Store<uint64_t>(&b, *table + 8 * i, Sum(b, begin, std::min(begin + block_size, directory)));
    }
  }
  Store<uint64_t>(&b, footer + 24, Sum(b, 0, directory));
  Store<uint64_t>(&b, footer + 48, Sum(b, directory, n - 16));
}

bool UpdateManifestEntry(std::string* manifest, std::string_view name, uint64_t size, uint64_t checksum) {
  std::string& b = *manifest;
  if (b.size() < kHeaderBytes + kFooterBytes) return false;
  const uint64_t footer = b.size() - kFooterBytes;
  const uint64_t directory = Load<uint64_t>(b, footer);
  const uint32_t sections = Load<uint32_t>(b, footer + 8);
  uint64_t files_at = 0, files_count = 0, names_at = 0, names_length = 0;
  for (uint32_t i = 0; i < sections; ++i) {
    const auto entry = MulAdd(directory, i, kDirectoryEntryBytes);
    if (!entry || *entry + kDirectoryEntryBytes > footer) return false;
    const uint32_t type = Load<uint32_t>(b, *entry);
    if (type == kManifestFilesSection) {
      files_at = Load<uint64_t>(b, *entry + 8);
      files_count = Load<uint64_t>(b, *entry + 24);
    } else if (type == kManifestFileNamesSection) {
      names_at = Load<uint64_t>(b, *entry + 8);
      names_length = Load<uint64_t>(b, *entry + 16);
    }
  }
  for (uint64_t i = 0; i < files_count; ++i) {
    const auto entry = MulAdd(files_at, i, kManifestFileEntryBytes);
    if (!entry || *entry + kManifestFileEntryBytes > footer) return false;
    const uint32_t name_length = Load<uint32_t>(b, *entry + 4);
    const uint64_t name_offset = Load<uint64_t>(b, *entry + 8);
    if (name_offset > names_length || name_length > names_length - name_offset) continue;
    if (names_at > b.size() || names_at + name_offset + name_length > b.size()) return false;
    if (std::string_view(b).substr(names_at + name_offset, name_length) != name) continue;
    Store<uint64_t>(&b, *entry + 24, size);
    Store<uint64_t>(&b, *entry + 32, checksum);
    ResealSectionFile(manifest);
    return true;
  }
  return false;
}

void ResealLogSegment(std::string* bytes) {
  std::string& b = *bytes;
  if (b.size() < kHeaderBytes) return;
  Store<uint64_t>(&b, 56, Sum(b, 0, 56));
  const uint64_t start = Load<uint64_t>(b, 32);
  for (uint64_t at = kHeaderBytes; at + kRecordHeaderBytes <= b.size();) {
    const uint64_t position = start + (at - kHeaderBytes);
    // The zeros after the last record (a preallocated segment's rest) stay zeros.
    if (std::string_view(b).substr(at, kRecordHeaderBytes).find_first_not_of('\0') == std::string_view::npos) return;
    const uint64_t length = Load<uint32_t>(b, at + 8);
    if (length > b.size() - at - kRecordHeaderBytes) return;
    Store<uint64_t>(&b, at, Sum(b, at + kRecordHeaderBytes, at + kRecordHeaderBytes + length, position));
    Store<uint64_t>(&b, at + 32, Sum(b, at, at + 32, position));
    at += (kRecordHeaderBytes + length + 7) / 8 * 8;
  }
}

}  // namespace quiver::fuzz
