#pragma once
// UIntArray: a read-only view of unsigned integers of 1, 2, 4 or 8 bytes stored in place
// in a mapped file. The width is chosen per array when the file is written (32-bit ids
// while they fit, 64-bit beyond), so readers see one type whatever the width.
//
// With a BlockVerifier (an array of a generation file), every read first checks the
// blocks it touches (block_verifier.h): element reads one block, Slice and ForEach their
// whole range at once — a slice is then checked, and reads through it cost nothing more.
// A damaged block throws StorageError (Corruption) rather than yielding a wrong value.

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "storage/block_verifier.h"

namespace quiver::storage {

class UIntArray {
 public:
  UIntArray() = default;
  UIntArray(const std::byte* data, uint64_t size, uint32_t width, const BlockVerifier* verifier = nullptr)
      : data_(data), size_(size), width_(width), verifier_(verifier) {}

  uint64_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  uint32_t width() const { return width_; }
  const std::byte* data() const { return data_; }

  // Element i; i < size() is the caller's contract (checked in debug via Get()).
  uint64_t operator[](uint64_t i) const {
    if (verifier_ != nullptr) verifier_->Check(data_ + i * width_, width_);
    switch (width_) {
      case 4:
        return Load<uint32_t>(i);
      case 8:
        return Load<uint64_t>(i);
      case 1:
        return Load<uint8_t>(i);
      default:
        return Load<uint16_t>(i);
    }
  }

  // [begin, end) clamped to the array, so a slice built from unverified offsets never
  // reaches past the mapping.
  UIntArray Slice(uint64_t begin, uint64_t end) const {
    if (end > size_) end = size_;
    if (begin > end) begin = end;
    if (verifier_ != nullptr) verifier_->Check(data_ + begin * width_, (end - begin) * width_);
    return UIntArray(data_ + begin * width_, end - begin, width_);  // checked: no verifier needed
  }

  // The first position whose element is >= value, for an array in ascending order (a CSR
  // slice): O(log n) reads.
  uint64_t LowerBound(uint64_t value) const {
    uint64_t lo = 0, count = size_;
    while (count > 0) {
      const uint64_t half = count / 2;
      if ((*this)[lo + half] < value) {
        lo += half + 1;
        count -= half + 1;
      } else {
        count = half;
      }
    }
    return lo;
  }

  // Calls f(value) for each element, dispatching on the width once rather than per item.
  template <typename F>
  void ForEach(F&& f) const {
    if (verifier_ != nullptr) verifier_->Check(data_, size_ * width_);
    switch (width_) {
      case 4:
        for (uint64_t i = 0; i < size_; ++i) f(uint64_t{Load<uint32_t>(i)});
        break;
      case 8:
        for (uint64_t i = 0; i < size_; ++i) f(Load<uint64_t>(i));
        break;
      case 1:
        for (uint64_t i = 0; i < size_; ++i) f(uint64_t{Load<uint8_t>(i)});
        break;
      default:
        for (uint64_t i = 0; i < size_; ++i) f(uint64_t{Load<uint16_t>(i)});
        break;
    }
  }

 private:
  template <typename T>
  T Load(uint64_t i) const {
    T v;
    std::memcpy(&v, data_ + i * sizeof(T), sizeof(T));  // aligned in practice; memcpy keeps it defined
    return v;
  }

  const std::byte* data_ = nullptr;
  uint64_t size_ = 0;
  uint32_t width_ = 4;
  const BlockVerifier* verifier_ = nullptr;  // null: in memory, or already checked
};

}  // namespace quiver::storage
