#pragma once
// On-disk constants of a generation: the byte-level contract written down in
// docs/format/generation.md. Everything here is little-endian and fixed-size; the
// structs are memcpy'd to and from files, so their layout is asserted below.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace quiver::storage {

static_assert(std::endian::native == std::endian::little,
              "the generation format is little-endian and read in place through mmap");

// The version this build writes; it reads every version up to it. 2 = 1 + the temporal
// value tags 8..13, so a version-1 build refuses a version-2 file as NotSupported rather
// than calling its temporal values corruption. 3 = 2 + the promise that the write-log
// segment at the generation's write_log_position exists (docs/format/log.md, "Files"), so
// a missing one is Corruption; no byte of the files changed. 4 = 3 + the Schema file
// (kind 9): only a generation that has one — a database with user-created indexes — is
// written as version 4 (every file of it), so a version-3 build refuses it as
// NotSupported rather than calling kind 9 corruption, while every other generation stays
// version 3, byte for byte what a version-3 build writes.
// 5 = 4 + relationship segments (docs/format/generation.md, "Relationship segments"): a
// type's edges in several RelationshipType files, and edge columns per segment, the
// segment in the MANIFEST entry's and the file header's reserved fields. Only a generation
// with a segment past the first is written as version 5, so every other stays readable by
// a version-4 build.
inline constexpr uint32_t kFormatVersion = 5;
// The version of a generation without a Schema file, and of the DBID file.
inline constexpr uint32_t kBaseFormatVersion = 3;
inline constexpr uint32_t kSchemaFormatVersion = 4;
inline constexpr uint32_t kSegmentFormatVersion = 5;
inline constexpr std::array<char, 8> kHeaderMagic = {'Q', 'V', 'R', 'G', 'E', 'N', '\r', '\n'};
inline constexpr std::array<char, 8> kFooterMagic = {'Q', 'V', 'R', 'E', 'N', 'D', '\r', '\n'};
inline constexpr uint64_t kSectionAlignment = 64;
// Checksum blocks of 4 KiB: what a read verifies on first use (block_verifier.h), so a
// random read hashes about the page it faults in anyway. Files record their block size
// (footer), and readers take any from 2^12 to 2^30 (files written before this: 64 KiB).
inline constexpr uint32_t kBlockSizeLog2 = 12;
inline constexpr uint64_t kBlockSize = uint64_t{1} << kBlockSizeLog2;

// 16 random bytes chosen once per database.
using DatabaseId = std::array<uint8_t, 16>;

// File kinds (header field). 0 is invalid so an all-zero header is never valid.
enum class FileKind : uint16_t {
  kDatabaseId = 1,
  kManifest = 2,
  kDictionary = 3,
  kNodeLabels = 4,
  kRelationshipType = 5,
  kNodePropertyColumn = 6,
  kEdgePropertyColumn = 7,
  kExternalIds = 8,
  kSchema = 9,  // the index definitions (SchemaCatalog), from format version 4
  kPropertyIndex = 10,  // one property index's sorted entries (property_index.h)
};
std::string_view FileKindName(FileKind kind);

// Header flags.
inline constexpr uint16_t kFlagWideNodeIds = 1u << 0;
inline constexpr uint16_t kFlagWideEdgePositions = 1u << 1;

// Section types: one global numbering (0x0KNN: K the file kind family), 0 invalid.
enum class SectionType : uint32_t {
  kManifestSummary = 0x0101,
  kManifestFiles = 0x0102,
  kManifestFileNames = 0x0103,
  kManifestTypeEdgeCounts = 0x0104,
  kManifestLabelNodeCounts = 0x0105,

  kLabelNameOffsets = 0x0201,
  kLabelNameBytes = 0x0202,
  kTypeNameOffsets = 0x0203,
  kTypeNameBytes = 0x0204,
  kKeyNameOffsets = 0x0205,
  kKeyNameBytes = 0x0206,

  kLabelSetOffsets = 0x0301,
  kLabelSetMembers = 0x0302,
  kNodeLabelSet = 0x0303,
  kLabelNodeCounts = 0x0304,

  kFwdOffsets = 0x0401,
  kFwdTargets = 0x0402,
  kRevOffsets = 0x0403,
  kRevSources = 0x0404,
  kRevEdgePositions = 0x0405,

  kPresence = 0x0501,
  kInt64Values = 0x0502,
  kDoubleValues = 0x0503,
  kBoolBits = 0x0504,
  kStringOffsets = 0x0505,
  kHeap = 0x0506,
  kMixedTags = 0x0507,
  kMixedSlots = 0x0508,

  kIntKeys = 0x0601,
  kKeyPresence = 0x0602,
  kSortedNodes = 0x0603,
  kStringKeyOffsets = 0x0604,
  kStringKeyBytes = 0x0605,

  kSchemaCatalog = 0x0901,  // SchemaCatalog::Encode()'s bytes
  kIndexDefinition = 0x0801,
  kIndexKeyOffsets = 0x0802,
  kIndexKeyBytes = 0x0803,
  kIndexNodes = 0x0804,
};
std::string_view SectionTypeName(SectionType type);

// Column type of a property column file (header subtype). 0 invalid.
enum class ColumnType : uint32_t { kInt64 = 1, kDouble = 2, kBool = 3, kString = 4, kMixed = 5 };
std::string_view ColumnTypeName(ColumnType type);

// External-id kind (MANIFEST summary, header subtype of external-ids.qv).
enum class ExternalIdKind : uint8_t { kNone = 0, kDense = 1, kInt64 = 2, kString = 3 };
std::string_view ExternalIdKindName(ExternalIdKind kind);

struct FileHeader {
  std::array<char, 8> magic;
  uint32_t format_version;
  uint16_t file_kind;
  uint16_t flags;
  DatabaseId database_id;
  uint64_t generation;
  uint64_t subject;
  uint32_t subtype;
  uint32_t segment;  // as the MANIFEST entry's (was reserved: 0)
  uint64_t header_checksum;  // XXH3-64 of bytes [0, 56)
};
static_assert(sizeof(FileHeader) == 64 && offsetof(FileHeader, header_checksum) == 56);

struct SectionEntry {
  uint32_t section_type;
  uint32_t element_width;
  uint64_t offset;
  uint64_t length;
  uint64_t element_count;
};
static_assert(sizeof(SectionEntry) == 32);

struct FileFooter {
  uint64_t directory_offset;
  uint32_t section_count;
  uint32_t block_size_log2;
  uint64_t block_count;
  uint64_t body_checksum;
  uint64_t reserved[2];
  uint64_t footer_checksum;
  std::array<char, 8> magic;
};
static_assert(sizeof(FileFooter) == 64 && offsetof(FileFooter, footer_checksum) == 48);

struct ManifestSummary {
  uint64_t node_count;
  uint64_t edge_count;
  uint64_t write_log_position;
  uint32_t label_count;
  uint32_t rel_type_count;
  uint32_t property_key_count;
  uint32_t label_set_count;
  uint8_t node_id_width;
  uint8_t external_id_kind;
  uint16_t reserved0;
  uint32_t file_count;
  // 1 + the node property key that mirrors the external ids (Manifest::id_mirror_key);
  // 0: not recorded (files written before it was, and writers that do not know).
  uint64_t id_mirror_key_plus_one;
  uint64_t reserved;
};
static_assert(sizeof(ManifestSummary) == 64 && offsetof(ManifestSummary, id_mirror_key_plus_one) == 48);

struct ManifestFileEntry {
  uint16_t kind;
  // The file's segment (RelationshipType and EdgePropertyColumn files, format version 5):
  // 0 for the first (and every file before segments existed).
  uint16_t segment;
  uint32_t name_length;
  uint64_t name_offset;
  uint64_t subject;
  uint64_t size;
  uint64_t checksum;
  // The generation whose writer made the file, when it is not this one: a derived
  // generation (index_generation.h) hard-links its base's files, whose headers name
  // the base. 0: this generation (and every file written before derivation existed).
  uint64_t origin_generation;
};
static_assert(sizeof(ManifestFileEntry) == 48);

// Encoded-value tags (docs/format/generation.md, "Encoded value"). 0 invalid.
// Encoded-value tags (docs/format/generation.md, "Encoded value"). Numbers are forever:
// new kinds are appended, never renumbered. 8..13 (temporals) came with format version 2.
enum class ValueTag : uint8_t {
  kNull = 1,
  kBool = 2,
  kInt64 = 3,
  kDouble = 4,
  kString = 5,
  kList = 6,
  kMap = 7,
  kDate = 8,
  kLocalTime = 9,
  kTime = 10,
  kLocalDateTime = 11,
  kDateTime = 12,
  kDuration = 13,
};
inline constexpr ValueTag kLastValueTag = ValueTag::kDuration;
inline constexpr int kMaxValueNesting = 64;

// Width in bytes of a node-id array for n nodes: 32-bit while n < 2^32.
inline constexpr uint32_t NodeIdWidth(uint64_t node_count) { return node_count < (uint64_t{1} << 32) ? 4 : 8; }
// Width of a type's offsets and edge positions for e edges of that type.
inline constexpr uint32_t EdgePositionWidth(uint64_t edge_count) {
  return edge_count < (uint64_t{1} << 32) ? 4 : 8;
}
inline constexpr uint64_t AlignUp(uint64_t x, uint64_t a) { return (x + a - 1) / a * a; }
inline constexpr uint64_t BitmapWords(uint64_t bits) { return (bits + 63) / 64; }

}  // namespace quiver::storage
