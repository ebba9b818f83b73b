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

// 2: encoded values may carry the temporal tags 8..13 (docs/format/log.md). This build
// reads segments of version 1 and 2.
inline constexpr uint32_t kLogFormatVersion = 2;
inline constexpr std::array<char, 8> kLogMagic = {'Q', 'V', 'R', 'L', 'O', 'G', '\r', '\n'};
inline constexpr uint64_t kSegmentHeaderSize = 64;
inline constexpr uint64_t kRecordHeaderSize = 32;
inline constexpr uint64_t kRecordAlignment = 8;
inline constexpr uint64_t kMaxRecordPayload = 0xFFFFFFFFull;

// Record types: explicit numbers, 0 invalid.
enum class RecordType : uint16_t { kCommit = 1 };

std::string SegmentFileName(uint64_t start_position);
// "log-<20 digits>.qlog" -> start position.
std::optional<uint64_t> ParseSegmentFileName(std::string_view name);

struct SegmentHeader {
  DatabaseId database_id{};
  uint64_t start_position = 0;
  uint64_t base_sequence = 0;
};
std::string EncodeSegmentHeader(const SegmentHeader& header);
// Checks magic, version (newer: NotSupported), checksum (Corruption). `name` for messages.
Result<SegmentHeader> ParseSegmentHeader(std::string_view bytes, std::string_view name);

// Bytes a record with this payload occupies, padding included.
inline uint64_t RecordSize(uint64_t payload_length) {
  return (kRecordHeaderSize + payload_length + kRecordAlignment - 1) / kRecordAlignment * kRecordAlignment;
}
// Appends the framed record for log position `position` (a multiple of 8).
void AppendRecord(std::string* out, uint64_t position, RecordType type, uint64_t sequence,
                  std::string_view payload);

struct RecordView {
  uint16_t type = 0;
  uint64_t sequence = 0;
  std::string_view payload;
  uint64_t size = 0;  // bytes occupied, padding included
};
// Validates the record framed at the start of `bytes` (which run to the end of the
// file) as one written at `position`. On failure `why` says what did not hold.
bool ParseRecord(std::string_view bytes, uint64_t position, RecordView* out, std::string* why);

}  // namespace quiver::storage
