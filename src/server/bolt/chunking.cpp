#include "server/bolt/chunking.h"

#include <algorithm>

namespace quiver::server::bolt {

void Dechunker::Feed(std::span<const uint8_t> bytes, std::vector<std::vector<uint8_t>>& messages) {
  size_t i = 0;
  while (i < bytes.size()) {
    if (chunk_left_ > 0) {
      const size_t n = std::min(chunk_left_, bytes.size() - i);
      if (message_.size() + n > max_message_bytes_) {
        throw FramingError("a message is larger than the server's limit of " + std::to_string(max_message_bytes_) +
                           " bytes");
      }
      message_.insert(message_.end(), bytes.begin() + static_cast<std::ptrdiff_t>(i),
                      bytes.begin() + static_cast<std::ptrdiff_t>(i + n));
      chunk_left_ -= n;
      i += n;
      continue;
    }
    header_[header_have_++] = bytes[i++];
    if (header_have_ < 2) continue;
    header_have_ = 0;
    const size_t size = (size_t{header_[0]} << 8) | header_[1];
    if (size > 0) {
      chunk_left_ = size;
      in_message_ = true;
      continue;
    }
    // 00 00: the end of a message, or a NOOP between messages.
    if (in_message_) {
      messages.push_back(std::move(message_));
      message_.clear();
      in_message_ = false;
    }
  }
}

void Chunk(std::string_view message, std::string& out) {
  constexpr size_t kMaxChunk = 0xFFFF;
  for (size_t at = 0; at < message.size(); at += kMaxChunk) {
    const size_t n = std::min(kMaxChunk, message.size() - at);
    out.push_back(static_cast<char>(n >> 8));
    out.push_back(static_cast<char>(n & 0xFF));
    out.append(message.substr(at, n));
  }
  out.push_back('\0');
  out.push_back('\0');
}

}  // namespace quiver::server::bolt
