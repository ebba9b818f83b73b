#include "server/bolt_server.h"

#include <csignal>
#include <stdexcept>

namespace quiver::server {

BoltServer::BoltServer(ServerContext& context, ServerOptions options)
    : context_(context), options_(std::move(options)), acceptor_(io_), signals_(io_), shutdown_timer_(io_) {}

BoltServer::~BoltServer() {
  for (auto& [raw, connection] : connections_) connection->Close("server destroyed");
  connections_.clear();
}

void BoltServer::Listen() {
  if (options_.tls_certificate || options_.tls_key) {
    if (!options_.tls_certificate || !options_.tls_key) {
      throw std::runtime_error("TLS needs both --tls-cert and --tls-key");
    }
    tls_.emplace(asio::ssl::context::tls_server);
    tls_->set_options(asio::ssl::context::default_workarounds | asio::ssl::context::no_sslv2 |
                      asio::ssl::context::no_sslv3 | asio::ssl::context::no_tlsv1 |
                      asio::ssl::context::no_tlsv1_1);
    asio::error_code ec;
    tls_->use_certificate_chain_file(*options_.tls_certificate, ec);
    if (ec) throw std::runtime_error(*options_.tls_certificate + ": cannot use the TLS certificate: " + ec.message());
    tls_->use_private_key_file(*options_.tls_key, asio::ssl::context::pem, ec);
    if (ec) throw std::runtime_error(*options_.tls_key + ": cannot use the TLS key: " + ec.message());
  }
  asio::error_code ec;
  const asio::ip::address address = asio::ip::make_address(options_.host, ec);
  if (ec) throw std::runtime_error("'" + options_.host + "' is not an IP address (" + ec.message() + ")");
  const asio::ip::tcp::endpoint endpoint(address, options_.port);
  const std::string where = options_.host + ":" + std::to_string(options_.port);
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(asio::ip::tcp::acceptor::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) throw std::runtime_error("cannot listen on " + where + ": " + ec.message());
  port_ = acceptor_.local_endpoint().port();
  if (options_.handle_signals) {
    signals_.add(SIGINT);
    signals_.add(SIGTERM);
    signals_.async_wait([this](const asio::error_code& error, int signal) {
      if (error) return;
      context_.log.Line(std::string("received ") + (signal == SIGINT ? "SIGINT" : "SIGTERM") + ": shutting down");
      BeginShutdown();
    });
  }
  Accept();
}

void BoltServer::Run() {
  io_.run();
  io_.restart();
}

void BoltServer::Stop() {
  asio::post(io_, [this] { BeginShutdown(); });
}

void BoltServer::Accept() {
  acceptor_.async_accept([this](const asio::error_code& ec, asio::ip::tcp::socket socket) {
    if (ec) {
      if (!stopping_) {
        context_.log.Line("accept failed: " + ec.message());
        Accept();
      }
      return;
    }
    if (stopping_) return;
    if (connections_.size() >= options_.max_connections) {
      asio::error_code ignored;
      const auto peer = socket.remote_endpoint(ignored);
      context_.log.Line("refused a connection from " + peer.address().to_string() + ": already " +
                        std::to_string(connections_.size()) + " connections (--max-connections)");
      socket.close(ignored);
      Accept();
      return;
    }
    socket.set_option(asio::ip::tcp::no_delay(true));
    std::unique_ptr<Transport> transport =
        tls_ ? TlsTransport(std::move(socket), *tls_) : PlainTransport(std::move(socket));
    auto connection = std::make_shared<BoltConnection>(io_, std::move(transport), context_, options_.limits,
                                                       "bolt-" + std::to_string(++next_id_),
                                                       [this](BoltConnection* c) { Closed(c); });
    connections_[connection.get()] = connection;
    connection->Start();
    Accept();
  });
}

void BoltServer::BeginShutdown() {
  if (stopping_) return;
  stopping_ = true;
  signals_.cancel();
  asio::error_code ignored;
  acceptor_.close(ignored);
  context_.log.Line("stopped accepting; " + std::to_string(connections_.size()) + " connection(s) open");
  stop_deadline_ = std::chrono::steady_clock::now() + options_.shutdown_grace;
  CheckShutdown();
}

void BoltServer::CheckShutdown() {
  const bool late = std::chrono::steady_clock::now() >= stop_deadline_;
  std::vector<std::shared_ptr<BoltConnection>> to_close;
  for (auto& [raw, connection] : connections_) {
    if (late || connection->Quiescent()) to_close.push_back(connection);
  }
  for (auto& c : to_close) {
    c->Close(late ? "server shutdown: the grace period is over (what ran was cancelled)" : "server shutdown");
  }
  if (connections_.empty()) {
    io_.stop();
    return;
  }
  shutdown_timer_.expires_after(std::chrono::milliseconds(50));
  shutdown_timer_.async_wait([this](const asio::error_code& ec) {
    if (!ec) CheckShutdown();
  });
}

void BoltServer::Closed(BoltConnection* connection) {
  // The last reference may be this map's: the connection is destroyed after this
  // handler, on the I/O thread.
  auto it = connections_.find(connection);
  if (it == connections_.end()) return;
  auto keep = std::move(it->second);
  connections_.erase(it);
  asio::post(io_, [keep = std::move(keep)] {});
  if (stopping_ && connections_.empty()) io_.stop();
}

}  // namespace quiver::server
