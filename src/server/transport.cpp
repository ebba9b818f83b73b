#include "server/transport.h"

namespace quiver::server {

namespace {

std::string Address(const asio::ip::tcp::socket& socket) {
  asio::error_code ec;
  const auto endpoint = socket.remote_endpoint(ec);
  if (ec) return "?";
  const auto address = endpoint.address();
  const std::string host = address.is_v6() ? "[" + address.to_string() + "]" : address.to_string();
  return host + ":" + std::to_string(endpoint.port());
}

class Plain final : public Transport {
 public:
  explicit Plain(asio::ip::tcp::socket socket) : socket_(std::move(socket)), address_(Address(socket_)) {}
  void Start(std::function<void(const asio::error_code&)> done) override { done(asio::error_code{}); }
  void ReadSome(asio::mutable_buffer buffer, Handler done) override { socket_.async_read_some(buffer, std::move(done)); }
  void Write(asio::const_buffer buffer, Handler done) override { asio::async_write(socket_, buffer, std::move(done)); }
  void Close() override {
    asio::error_code ignored;
    socket_.shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
  }
  std::string RemoteAddress() const override { return address_; }

 private:
  asio::ip::tcp::socket socket_;
  std::string address_;
};

class Tls final : public Transport {
 public:
  Tls(asio::ip::tcp::socket socket, asio::ssl::context& context)
      : address_(Address(socket)), stream_(std::move(socket), context) {}
  void Start(std::function<void(const asio::error_code&)> done) override {
    stream_.async_handshake(asio::ssl::stream_base::server, std::move(done));
  }
  void ReadSome(asio::mutable_buffer buffer, Handler done) override { stream_.async_read_some(buffer, std::move(done)); }
  void Write(asio::const_buffer buffer, Handler done) override { asio::async_write(stream_, buffer, std::move(done)); }
  void Close() override {
    // No TLS close_notify: the peer may be gone, and a close must not wait for it.
    asio::error_code ignored;
    stream_.lowest_layer().shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
    stream_.lowest_layer().close(ignored);
  }
  std::string RemoteAddress() const override { return address_; }

 private:
  std::string address_;
  asio::ssl::stream<asio::ip::tcp::socket> stream_;
};

}  // namespace

std::unique_ptr<Transport> PlainTransport(asio::ip::tcp::socket socket) {
  return std::make_unique<Plain>(std::move(socket));
}

std::unique_ptr<Transport> TlsTransport(asio::ip::tcp::socket socket, asio::ssl::context& context) {
  return std::make_unique<Tls>(std::move(socket), context);
}

}  // namespace quiver::server
