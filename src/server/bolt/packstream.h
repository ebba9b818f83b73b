#pragma once
// PackStream v1, the serialisation of Bolt messages (the public PackStream
// specification): a marker byte, then big-endian sizes and payloads.
//
//   null C0 · false C2, true C3 · float C1 + 8 bytes (IEEE 754 double)
//   int: -16..127 in the marker itself (F0..FF, 00..7F), else C8 int8, C9 int16,
//        CA int32, CB int64 — always the smallest form
//   bytes CC/CD/CE + 8/16/32-bit size · string 80..8F (size 0..15), D0/D1/D2
//   list 90..9F, D4/D5/D6 · map A0..AF, D8/D9/DA (keys are strings)
//   structure B0..BF (0..15 fields) + a tag byte, then the fields
//
// PackWriter appends to a byte string; PackReader reads from a byte span it does not
// own and checks everything a peer could lie about: a size past the end of the input,
// a marker no version defines, a map key that is not a string, a string that is not
// valid UTF-8, nesting deeper than kMaxDepth. Any such input is a PackStreamError, never a crash or an allocation of
// what the peer claimed (sizes are checked against the bytes left before anything is
// reserved).

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace quiver::server::bolt {

class PackStreamError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Lists, maps and structures nested deeper than this are refused (a value a Cypher
// parameter could hold is far shallower; a deep one is an attack on the decoder's stack).
inline constexpr int kMaxDepth = 64;

class PackWriter {
 public:
  explicit PackWriter(std::string& out) : out_(out) {}

  void Null();
  void Bool(bool v);
  void Int(int64_t v);
  void Float(double v);
  void String(std::string_view v);
  void Bytes(std::span<const uint8_t> v);
  // Headers: the caller writes that many items (a map: key then value, each) after.
  void ListHeader(uint32_t size);
  void MapHeader(uint32_t size);
  void StructHeader(uint8_t fields, uint8_t tag);  // fields <= 15

  std::string& out() { return out_; }

 private:
  void Sized(uint32_t size, uint8_t tiny, uint8_t m8, uint8_t m16, uint8_t m32, bool has_tiny);
  std::string& out_;
};

// What the next value is, from its marker, without consuming it.
enum class PackType : uint8_t { kNull, kBool, kInt, kFloat, kBytes, kString, kList, kMap, kStruct, kEnd };

class PackReader {
 public:
  explicit PackReader(std::span<const uint8_t> in) : in_(in) {}

  // kEnd when every byte has been read. PackStreamError for a marker that is no type.
  PackType Peek() const;
  bool AtEnd() const { return pos_ >= in_.size(); }
  size_t position() const { return pos_; }

  // Each reads one value of its type; PackStreamError when the next one is another.
  void Null();
  bool Bool();
  int64_t Int();
  double Float();
  std::string String();
  std::string Bytes();  // the raw bytes
  // Headers: the number of items that follow (checked to be possible in the bytes left:
  // at least one byte per item).
  uint32_t ListHeader();
  uint32_t MapHeader();
  // The field count; `tag` receives the structure's tag byte.
  uint8_t StructHeader(uint8_t& tag);
  // Skips one whole value of any type (nested values included, depth-checked).
  void Skip(int depth = 0);

 private:
  uint8_t Byte();
  std::span<const uint8_t> Take(size_t n);
  uint64_t BigEndian(size_t bytes);
  uint32_t Size(uint8_t marker, uint8_t tiny_base, uint8_t m8, uint8_t m16, uint8_t m32, bool has_tiny,
                const char* what);

  std::span<const uint8_t> in_;
  size_t pos_ = 0;
};

}  // namespace quiver::server::bolt
