#pragma once
// Bolt's message framing: a message is sent as chunks, each a 2-byte big-endian size and
// that many bytes, and ends with an empty chunk (00 00). An empty chunk between messages
// is a NOOP (a keep-alive, Bolt 4.1+).
//
// Dechunker is fed the bytes as they arrive from the socket, in any pieces, and hands
// out whole messages; it refuses a message larger than its limit as soon as the limit is
// passed (a client cannot make the server buffer more than that for one message).
// Chunk() frames an encoded message for sending.

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace quiver::server::bolt {

class FramingError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Dechunker {
 public:
  explicit Dechunker(size_t max_message_bytes) : max_message_bytes_(max_message_bytes) {}

  // Consumes `bytes`; each message completed is appended to `messages`. FramingError
  // when a message passes the limit (the connection must then close).
  void Feed(std::span<const uint8_t> bytes, std::vector<std::vector<uint8_t>>& messages);
  // Bytes of an unfinished message held now.
  size_t buffered() const { return message_.size(); }

 private:
  size_t max_message_bytes_;
  std::vector<uint8_t> message_;  // the message being assembled
  uint8_t header_[2] = {0, 0};
  size_t header_have_ = 0;  // bytes of the next chunk's header read so far
  size_t chunk_left_ = 0;   // bytes of the current chunk still to come
  bool in_message_ = false;  // a chunk of the current message has been read
};

// Appends `message` to `out` as chunks of at most 65,535 bytes and the terminating
// empty chunk.
void Chunk(std::string_view message, std::string& out);

}  // namespace quiver::server::bolt
