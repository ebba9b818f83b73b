#pragma once
// ByteView: the bytes of a mapped section that readers take pieces of (string heaps,
// name lists), checked as UIntArray checks integers (block_verifier.h): every piece
// handed out has had its blocks verified, so a damaged byte throws StorageError
// (Corruption) rather than reaching a query as a string.

#include <cstdint>
#include <string_view>

#include "storage/block_verifier.h"

namespace quiver::storage {

class ByteView {
 public:
  ByteView() = default;
  ByteView(std::string_view bytes, const BlockVerifier* verifier) : bytes_(bytes), verifier_(verifier) {}

  uint64_t size() const { return bytes_.size(); }
  // bytes [begin, end), clamped to the view (so corrupt offsets stay inside), checked.
  std::string_view Range(uint64_t begin, uint64_t end) const {
    if (end > bytes_.size()) end = bytes_.size();
    if (begin > end) begin = end;
    const std::string_view piece = bytes_.substr(begin, end - begin);
    Check(piece);
    return piece;
  }
  // All of it, not yet checked: for a decoder that learns how much it read only by
  // reading (the mixed-value heap), which then checks that with Check.
  std::string_view unchecked() const { return bytes_; }
  void Check(std::string_view used) const {
    if (verifier_ != nullptr) verifier_->Check(used.data(), used.size());
  }

 private:
  std::string_view bytes_;
  const BlockVerifier* verifier_ = nullptr;
};

}  // namespace quiver::storage
