#include "storage/txn/log_format.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "common/assert.h"
#include "common/file/checksum.h"

namespace quiver::storage {

namespace {

template <typename T>
void Put(std::string* out, T v) {
  char b[sizeof(T)];
  std::memcpy(b, &v, sizeof(T));
  out->append(b, sizeof(T));
}
template <typename T>
T Get(std::string_view bytes, size_t offset) {
  T v;
  std::memcpy(&v, bytes.data() + offset, sizeof(T));
  return v;
}

}  // namespace

std::string SegmentFileName(uint64_t start_position) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "log-%020llu.qlog", static_cast<unsigned long long>(start_position));
  return buf;
}

std::optional<uint64_t> ParseSegmentFileName(std::string_view name) {
  constexpr std::string_view kPrefix = "log-", kSuffix = ".qlog";
  if (name.size() != kPrefix.size() + 20 + kSuffix.size() || !name.starts_with(kPrefix) ||
      !name.ends_with(kSuffix)) {
    return std::nullopt;
  }
  uint64_t v = 0;
  for (char c : name.substr(kPrefix.size(), 20)) {
    if (c < '0' || c > '9') return std::nullopt;
    const uint64_t digit = static_cast<uint64_t>(c - '0');
    if (v > (UINT64_MAX - digit) / 10) return std::nullopt;
    v = v * 10 + digit;
  }
  return v;
}

uint64_t GrownSegmentLength(uint64_t current, uint64_t needed) {
  const uint64_t growth = std::clamp<uint64_t>(current / 4, kSegmentGranule, kMaxSegmentGrowth);
  const uint64_t target = std::max(needed, current + growth);
  return (target + kSegmentGranule - 1) / kSegmentGranule * kSegmentGranule;
}

std::string EncodeSegmentHeader(const SegmentHeader& h) {
  std::string out(kLogMagic.begin(), kLogMagic.end());
  Put<uint32_t>(&out, kLogFormatVersion);
  Put<uint32_t>(&out, 0);
  out.append(reinterpret_cast<const char*>(h.database_id.data()), h.database_id.size());
  Put<uint64_t>(&out, h.start_position);
  Put<uint64_t>(&out, h.base_sequence);
  Put<uint64_t>(&out, 0);
  Put<uint64_t>(&out, Checksum64(out.data(), out.size()));
  QUIVER_ASSERT(out.size() == kSegmentHeaderSize);
  return out;
}

Result<SegmentHeader> ParseSegmentHeader(std::string_view bytes, std::string_view name) {
  auto bad = [&](uint64_t offset, const std::string& what) {
    return Status::Corruption(std::string(name) + ": byte offset " + std::to_string(offset) + ": " + what);
  };
  if (bytes.size() < kSegmentHeaderSize) return bad(0, "shorter than the 64-byte segment header");
  if (std::memcmp(bytes.data(), kLogMagic.data(), kLogMagic.size()) != 0) return bad(0, "bad magic");
  // The header's layout and checksum are the same in every format version, so the
  // checksum comes first: a damaged version field is Corruption, and only an intact
  // header from a newer build is NotSupported.
  if (Get<uint64_t>(bytes, 56) != Checksum64(bytes.data(), 56))
    return bad(56, "segment header checksum mismatch");
  const auto version = Get<uint32_t>(bytes, 8);
  if (version > kLogFormatVersion) {
    return Status::NotSupported(std::string(name) + ": log format version " + std::to_string(version) +
                                ", this build reads <= " + std::to_string(kLogFormatVersion));
  }
  if (version == 0) return bad(8, "log format version 0");
  SegmentHeader h;
  h.version = version;
  std::memcpy(h.database_id.data(), bytes.data() + 16, h.database_id.size());
  h.start_position = Get<uint64_t>(bytes, 32);
  h.base_sequence = Get<uint64_t>(bytes, 40);
  return h;
}

void AppendRecord(std::string* out, uint64_t position, RecordType type, uint64_t sequence,
                  uint64_t durable_before, std::string_view payload) {
  QUIVER_ASSERT(position % kRecordAlignment == 0 && payload.size() <= kMaxRecordPayload);
  QUIVER_ASSERT(durable_before <= position);
  const size_t start = out->size();
  Put<uint64_t>(out, Checksum64(payload.data(), payload.size(), position));
  Put<uint32_t>(out, static_cast<uint32_t>(payload.size()));
  Put<uint16_t>(out, static_cast<uint16_t>(type));
  Put<uint16_t>(out, 0);
  Put<uint64_t>(out, sequence);
  Put<uint64_t>(out, durable_before);
  Put<uint64_t>(out, Checksum64(out->data() + start, 32, position));
  out->append(payload);
  out->append(RecordSize(payload.size()) - kRecordHeaderSize - payload.size(), '\0');
}

bool ParseRecord(std::string_view bytes, uint64_t position, uint32_t version, RecordView* out,
                 std::string* why) {
  const uint64_t header_size = RecordHeaderSize(version);
  const uint64_t checksum_at = header_size - 8;
  if (bytes.size() < header_size) {
    *why = "record header cut short (" + std::to_string(bytes.size()) + " bytes left)";
    return false;
  }
  // Cheap rejections first: recovery tries every 8-byte position of a zeroed tail.
  const uint16_t type = Get<uint16_t>(bytes, 12);
  if (type == 0) {
    *why = "record type 0";
    return false;
  }
  if (Get<uint64_t>(bytes, checksum_at) != Checksum64(bytes.data(), checksum_at, position)) {
    *why = "record header checksum mismatch";
    return false;
  }
  const uint64_t length = Get<uint32_t>(bytes, 8);
  const uint64_t size = RecordSize(length, version);
  if (size > bytes.size()) {
    *why = "record of " + std::to_string(size) + " bytes runs past the end of the file";
    return false;
  }
  if (Get<uint16_t>(bytes, 14) != 0) {
    *why = "record flags not zero";
    return false;
  }
  const uint64_t durable_before = version >= 3 ? Get<uint64_t>(bytes, 24) : 0;
  if (durable_before > position) {
    *why = "record claims durability past its own position";
    return false;
  }
  const std::string_view payload = bytes.substr(header_size, length);
  if (Get<uint64_t>(bytes, 0) != Checksum64(payload.data(), payload.size(), position)) {
    *why = "record payload checksum mismatch";
    return false;
  }
  for (uint64_t i = header_size + length; i < size; ++i) {
    if (bytes[i] != '\0') {
      *why = "record padding not zero";
      return false;
    }
  }
  out->type = type;
  out->sequence = Get<uint64_t>(bytes, 16);
  out->durable_before = durable_before;
  out->payload = payload;
  out->size = size;
  return true;
}

}  // namespace quiver::storage
