#pragma once
// A connection's byte stream, plain TCP or TLS, behind one small interface so that the
// Bolt connection is written once: asynchronous reads and writes on the server's I/O
// thread, with completion handlers.

#include <asio.hpp>
#include <asio/ssl.hpp>
#include <functional>
#include <memory>
#include <string>

namespace quiver::server {

class Transport {
 public:
  using Handler = std::function<void(const asio::error_code&, size_t)>;
  virtual ~Transport() = default;

  // Before any read or write: TLS's handshake; nothing for plain TCP.
  virtual void Start(std::function<void(const asio::error_code&)> done) = 0;
  // Some bytes into `buffer` (at least one unless an error is reported).
  virtual void ReadSome(asio::mutable_buffer buffer, Handler done) = 0;
  // All of `buffer`.
  virtual void Write(asio::const_buffer buffer, Handler done) = 0;
  // Closes the socket; pending operations complete with an error.
  virtual void Close() = 0;
  // "host:port" of the peer ("?" once it is gone).
  virtual std::string RemoteAddress() const = 0;
};

std::unique_ptr<Transport> PlainTransport(asio::ip::tcp::socket socket);
std::unique_ptr<Transport> TlsTransport(asio::ip::tcp::socket socket, asio::ssl::context& context);

}  // namespace quiver::server
