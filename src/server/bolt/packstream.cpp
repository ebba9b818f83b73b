#include "server/bolt/packstream.h"

#include <bit>
#include <iterator>
#include <limits>

namespace quiver::server::bolt {

namespace {

// Markers (the PackStream specification's names).
enum Marker : uint8_t {
  kTinyString = 0x80,
  kTinyList = 0x90,
  kTinyMap = 0xA0,
  kTinyStruct = 0xB0,
  kNull = 0xC0,
  kFloat64 = 0xC1,
  kFalse = 0xC2,
  kTrue = 0xC3,
  kInt8 = 0xC8,
  kInt16 = 0xC9,
  kInt32 = 0xCA,
  kInt64 = 0xCB,
  kBytes8 = 0xCC,
  kBytes16 = 0xCD,
  kBytes32 = 0xCE,
  kString8 = 0xD0,
  kString16 = 0xD1,
  kString32 = 0xD2,
  kList8 = 0xD4,
  kList16 = 0xD5,
  kList32 = 0xD6,
  kMap8 = 0xD8,
  kMap16 = 0xD9,
  kMap32 = 0xDA,
};
constexpr uint8_t kMaxStructFields = 15;

// The high nibble of the tiny forms: 8x string, 9x list, Ax map, Bx structure.
uint8_t HighNibble(uint8_t marker) {
  return marker & 0xF0;
}

// Strict UTF-8 (Unicode's table of well-formed byte sequences): no overlong forms, no
// surrogates, nothing past U+10FFFF. Every string in Quiver is valid UTF-8, and the wire
// is where text from outside enters.
bool IsWellFormedUtf8(std::span<const uint8_t> s) {
  size_t i = 0;
  while (i < s.size()) {
    const uint8_t lead = s[i];
    if (lead < 0x80) {
      ++i;
      continue;
    }
    size_t continuation = 0;
    uint8_t low = 0x80;  // the range allowed for the second byte
    uint8_t high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      continuation = 1;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      continuation = 2;
      if (lead == 0xE0) low = 0xA0;   // overlong below U+0800
      if (lead == 0xED) high = 0x9F;  // the surrogates U+D800..U+DFFF
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      continuation = 3;
      if (lead == 0xF0) low = 0x90;   // overlong below U+10000
      if (lead == 0xF4) high = 0x8F;  // past U+10FFFF
    } else {
      return false;
    }
    if (s.size() - i <= continuation) return false;
    if (s[i + 1] < low || s[i + 1] > high) return false;
    for (size_t k = 2; k <= continuation; ++k) {
      if ((s[i + k] & 0xC0) != 0x80) return false;
    }
    i += continuation + 1;
  }
  return true;
}

std::string Hex(uint8_t byte) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  return {kDigits[byte >> 4], kDigits[byte & 0xF]};
}

void AppendBigEndian(std::string& out, uint64_t v, size_t bytes) {
  for (size_t i = bytes; i-- > 0;) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

uint32_t CheckedSize(size_t size, const char* what) {
  if (size > std::numeric_limits<uint32_t>::max()) {
    throw PackStreamError(std::string(what) + " of " + std::to_string(size) +
                          " bytes is too long for PackStream");
  }
  return static_cast<uint32_t>(size);
}

// In PackType's order.
constexpr const char* kTypeNames[] = {
    "null",     "a boolean", "an integer", "a float",     "a byte array",
    "a string", "a list",    "a map",      "a structure", "the end of the message"};
static_assert(std::size(kTypeNames) == static_cast<size_t>(PackType::kEnd) + 1);

const char* TypeName(PackType t) {
  return kTypeNames[static_cast<size_t>(t)];
}

// The bytes of a null, boolean, integer or float: the marker and what follows it.
size_t ScalarWidth(uint8_t marker) {
  switch (marker) {
    case kFloat64:
    case kInt64:
      return 9;
    case kInt32:
      return 5;
    case kInt16:
      return 3;
    case kInt8:
      return 2;
    default:
      return 1;  // null, the booleans, the tiny ints
  }
}

void Expect(PackType actual, PackType expected, size_t pos) {
  if (actual != expected) {
    throw PackStreamError(std::string("expected ") + TypeName(expected) + " at byte " + std::to_string(pos) +
                          ", found " + TypeName(actual));
  }
}

}  // namespace

// ---- PackWriter ---------------------------------------------------------------------

void PackWriter::Null() {
  out_.push_back(static_cast<char>(kNull));
}

void PackWriter::Bool(bool v) {
  out_.push_back(static_cast<char>(v ? kTrue : kFalse));
}

void PackWriter::Int(int64_t v) {
  if (v >= -16 && v <= 127) {
    out_.push_back(static_cast<char>(static_cast<uint8_t>(v)));  // the marker is the value
    return;
  }
  uint8_t marker = kInt64;
  size_t bytes = 8;
  if (v >= std::numeric_limits<int8_t>::min() && v <= std::numeric_limits<int8_t>::max()) {
    marker = kInt8;
    bytes = 1;
  } else if (v >= std::numeric_limits<int16_t>::min() && v <= std::numeric_limits<int16_t>::max()) {
    marker = kInt16;
    bytes = 2;
  } else if (v >= std::numeric_limits<int32_t>::min() && v <= std::numeric_limits<int32_t>::max()) {
    marker = kInt32;
    bytes = 4;
  }
  out_.push_back(static_cast<char>(marker));
  AppendBigEndian(out_, static_cast<uint64_t>(v), bytes);
}

void PackWriter::Float(double v) {
  out_.push_back(static_cast<char>(kFloat64));
  AppendBigEndian(out_, std::bit_cast<uint64_t>(v), 8);  // NaN payloads and -0.0 kept
}

void PackWriter::String(std::string_view v) {
  Sized(CheckedSize(v.size(), "a string"), kTinyString, kString8, kString16, kString32, true);
  out_.append(v);
}

void PackWriter::Bytes(std::span<const uint8_t> v) {
  Sized(CheckedSize(v.size(), "a byte array"), 0, kBytes8, kBytes16, kBytes32, false);
  out_.append(reinterpret_cast<const char*>(v.data()), v.size());
}

void PackWriter::ListHeader(uint32_t size) {
  Sized(size, kTinyList, kList8, kList16, kList32, true);
}

void PackWriter::MapHeader(uint32_t size) {
  Sized(size, kTinyMap, kMap8, kMap16, kMap32, true);
}

void PackWriter::StructHeader(uint8_t fields, uint8_t tag) {
  if (fields > kMaxStructFields) {
    throw PackStreamError("a structure has at most 15 fields, not " + std::to_string(fields));
  }
  out_.push_back(static_cast<char>(kTinyStruct | fields));
  out_.push_back(static_cast<char>(tag));
}

void PackWriter::Sized(uint32_t size, uint8_t tiny, uint8_t m8, uint8_t m16, uint8_t m32, bool has_tiny) {
  if (has_tiny && size <= 15) {
    out_.push_back(static_cast<char>(tiny | size));
  } else if (size <= 0xFF) {
    out_.push_back(static_cast<char>(m8));
    AppendBigEndian(out_, size, 1);
  } else if (size <= 0xFFFF) {
    out_.push_back(static_cast<char>(m16));
    AppendBigEndian(out_, size, 2);
  } else {
    out_.push_back(static_cast<char>(m32));
    AppendBigEndian(out_, size, 4);
  }
}

// ---- PackReader ---------------------------------------------------------------------

PackType PackReader::Peek() const {
  if (AtEnd()) return PackType::kEnd;
  const uint8_t m = in_[pos_];
  if (m < 0x80 || m >= 0xF0) return PackType::kInt;  // tiny ints: 0..127, -16..-1
  switch (HighNibble(m)) {
    case kTinyString:
      return PackType::kString;
    case kTinyList:
      return PackType::kList;
    case kTinyMap:
      return PackType::kMap;
    case kTinyStruct:
      return PackType::kStruct;
    default:
      break;
  }
  if (m == kNull) return PackType::kNull;
  if (m == kFloat64) return PackType::kFloat;
  if (m == kFalse || m == kTrue) return PackType::kBool;
  // The sized forms come in runs of three or four markers.
  if (m >= kInt8 && m <= kInt64) return PackType::kInt;
  if (m >= kBytes8 && m <= kBytes32) return PackType::kBytes;
  if (m >= kString8 && m <= kString32) return PackType::kString;
  if (m >= kList8 && m <= kList32) return PackType::kList;
  if (m >= kMap8 && m <= kMap32) return PackType::kMap;
  throw PackStreamError("undefined PackStream marker 0x" + Hex(m) + " at byte " + std::to_string(pos_));
}

void PackReader::Null() {
  Expect(Peek(), PackType::kNull, pos_);
  ++pos_;
}

bool PackReader::Bool() {
  Expect(Peek(), PackType::kBool, pos_);
  return Byte() == kTrue;
}

int64_t PackReader::Int() {
  Expect(Peek(), PackType::kInt, pos_);
  const uint8_t m = Byte();
  switch (m) {
    case kInt8:
      return static_cast<int8_t>(BigEndian(1));
    case kInt16:
      return static_cast<int16_t>(BigEndian(2));
    case kInt32:
      return static_cast<int32_t>(BigEndian(4));
    case kInt64:
      return static_cast<int64_t>(BigEndian(8));
    default:
      return static_cast<int8_t>(m);  // a tiny int: F0..FF are -16..-1
  }
}

double PackReader::Float() {
  Expect(Peek(), PackType::kFloat, pos_);
  ++pos_;
  return std::bit_cast<double>(BigEndian(8));
}

std::string PackReader::String() {
  Expect(Peek(), PackType::kString, pos_);
  const size_t start = pos_;
  const uint32_t size = Size(Byte(), kTinyString, kString8, kString16, kString32, true, "string");
  const std::span<const uint8_t> bytes = Take(size);
  if (!IsWellFormedUtf8(bytes)) {
    throw PackStreamError("the string at byte " + std::to_string(start) + " is not valid UTF-8");
  }
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

std::string PackReader::Bytes() {
  Expect(Peek(), PackType::kBytes, pos_);
  const uint32_t size = Size(Byte(), 0, kBytes8, kBytes16, kBytes32, false, "byte array");
  const std::span<const uint8_t> bytes = Take(size);
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

uint32_t PackReader::ListHeader() {
  Expect(Peek(), PackType::kList, pos_);
  const uint32_t size = Size(Byte(), kTinyList, kList8, kList16, kList32, true, "list");
  if (size > in_.size() - pos_) {  // every item takes at least one byte
    throw PackStreamError("a list of " + std::to_string(size) + " items cannot fit in the " +
                          std::to_string(in_.size() - pos_) + " bytes left");
  }
  return size;
}

uint32_t PackReader::MapHeader() {
  Expect(Peek(), PackType::kMap, pos_);
  const uint32_t size = Size(Byte(), kTinyMap, kMap8, kMap16, kMap32, true, "map");
  if (uint64_t{size} * 2 > in_.size() - pos_) {  // a key and a value: at least two bytes
    throw PackStreamError("a map of " + std::to_string(size) + " entries cannot fit in the " +
                          std::to_string(in_.size() - pos_) + " bytes left");
  }
  return size;
}

uint8_t PackReader::StructHeader(uint8_t& tag) {
  Expect(Peek(), PackType::kStruct, pos_);
  const uint8_t fields = Byte() & 0x0F;
  tag = Byte();
  if (fields > in_.size() - pos_) {
    throw PackStreamError("a structure of " + std::to_string(fields) + " fields cannot fit in the " +
                          std::to_string(in_.size() - pos_) + " bytes left");
  }
  return fields;
}

void PackReader::Skip(int depth) {
  const PackType type = Peek();
  const bool nested = type == PackType::kList || type == PackType::kMap || type == PackType::kStruct;
  if (nested && depth >= kMaxDepth) {
    throw PackStreamError("values nested more than " + std::to_string(kMaxDepth) + " levels deep");
  }
  switch (type) {
    case PackType::kEnd:
      throw PackStreamError("expected a value at byte " + std::to_string(pos_) +
                            ", found the end of the message");
    case PackType::kString:
      (void)String();  // its text checked as when it is read
      return;
    case PackType::kBytes:
      (void)Bytes();
      return;
    case PackType::kList:
      for (uint32_t n = ListHeader(); n > 0; --n) Skip(depth + 1);
      return;
    case PackType::kMap:
      for (uint32_t n = MapHeader(); n > 0; --n) {
        (void)String();
        Skip(depth + 1);
      }
      return;
    case PackType::kStruct: {
      uint8_t tag = 0;
      for (uint8_t n = StructHeader(tag); n > 0; --n) Skip(depth + 1);
      return;
    }
    default:
      (void)Take(ScalarWidth(in_[pos_]));
      return;
  }
}

uint8_t PackReader::Byte() {
  return Take(1)[0];
}

std::span<const uint8_t> PackReader::Take(size_t n) {
  if (n > in_.size() - pos_) {
    throw PackStreamError("the message ends at byte " + std::to_string(in_.size()) + ", " +
                          std::to_string(n) + " bytes were expected at byte " + std::to_string(pos_));
  }
  const std::span<const uint8_t> bytes = in_.subspan(pos_, n);
  pos_ += n;
  return bytes;
}

uint64_t PackReader::BigEndian(size_t bytes) {
  uint64_t v = 0;
  for (const uint8_t b : Take(bytes)) v = (v << 8) | b;
  return v;
}

uint32_t PackReader::Size(uint8_t marker, uint8_t tiny_base, uint8_t m8, uint8_t m16, uint8_t m32,
                          bool has_tiny, const char* what) {
  if (has_tiny && HighNibble(marker) == tiny_base) return marker & 0x0F;
  if (marker == m8) return static_cast<uint32_t>(BigEndian(1));
  if (marker == m16) return static_cast<uint32_t>(BigEndian(2));
  if (marker == m32) return static_cast<uint32_t>(BigEndian(4));
  throw PackStreamError(std::string("marker 0x") + Hex(marker) + " does not start a " + what);
}

}  // namespace quiver::server::bolt
