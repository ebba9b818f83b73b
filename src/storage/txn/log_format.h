#pragma once
// The write log's bytes (docs/format/log.md): segment names and headers, record frames.
// Encoding and validation only; no I/O.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "quiver/status.h"
#include "storage/format.h"

namespace quiver::storage {

// 2: encoded values may carry the temporal tags 8..13; 3: records carry durable_before
// (40-byte headers), segments are created whole and preallocated (docs/format/log.md).
// This build reads segments of versions 1 to 3 and writes version 3.
inline constexpr uint32_t kLogFormatVersion = 3;
inline constexpr std::array<char, 8> kLogMagic = {'Q', 'V', 'R', 'L', 'O', 'G', '\r', '\n'};
inline constexpr uint64_t kSegmentHeaderSize = 64;
inline constexpr uint64_t kRecordHeaderSize = 40;         // version 3
inline constexpr uint64_t kRecordHeaderSizeBefore3 = 32;  // versions 1 and 2
inline constexpr uint64_t kRecordAlignment = 8;
inline constexpr uint64_t kMaxRecordPayload = 0xFFFFFFFFull;
// A version-3 segment's length is always a multiple of this; it grows by a quarter of its
// length (at least one granule, at most kMaxSegmentGrowth) when a write would pass its end.
inline constexpr uint64_t kSegmentGranule = uint64_t{64} << 10;
inline constexpr uint64_t kMaxSegmentGrowth = uint64_t{64} << 20;

// The length a version-3 segment grows to so that `needed` bytes fit.
uint64_t GrownSegmentLength(uint64_t current, uint64_t needed);

// Record types: explicit numbers, 0 invalid.
enum class RecordType : uint16_t { kCommit = 1 };

std::string SegmentFileName(uint64_t start_position);
// "log-<20 digits>.qlog" -> start position.
std::optional<uint64_t> ParseSegmentFileName(std::string_view name);

struct SegmentHeader {
  DatabaseId database_id{};
  uint64_t start_position = 0;
  uint64_t base_sequence = 0;
  uint32_t version = kLogFormatVersion;  // read from the file; encoding writes kLogFormatVersion
};
std::string EncodeSegmentHeader(const SegmentHeader& header);
// Checks magic, version (newer: NotSupported), checksum (Corruption). `name` for messages.
Result<SegmentHeader> ParseSegmentHeader(std::string_view bytes, std::string_view name);

inline uint64_t RecordHeaderSize(uint32_t version) {
  return version >= 3 ? kRecordHeaderSize : kRecordHeaderSizeBefore3;
}
// Bytes a record with this payload occupies, padding included, in a segment of `version`.
inline uint64_t RecordSize(uint64_t payload_length, uint32_t version = kLogFormatVersion) {
  return (RecordHeaderSize(version) + payload_length + kRecordAlignment - 1) / kRecordAlignment *
         kRecordAlignment;
}
// Appends the framed (version-3) record for log position `position` (a multiple of 8);
// `durable_before` is the log position durable when it was appended (<= position).
void AppendRecord(std::string* out, uint64_t position, RecordType type, uint64_t sequence,
                  uint64_t durable_before, std::string_view payload);

struct RecordView {
  uint16_t type = 0;
  uint64_t sequence = 0;
  uint64_t durable_before = 0;  // 0 in versions 1 and 2, which do not record it
  std::string_view payload;
  uint64_t size = 0;  // bytes occupied, padding included
};
// Validates the record framed at the start of `bytes` (which run to the end of the
// file) as one written at `position` in a segment of `version`. On failure `why` says
// what did not hold.
bool ParseRecord(std::string_view bytes, uint64_t position, uint32_t version, RecordView* out, std::string* why);

}  // namespace quiver::storage
