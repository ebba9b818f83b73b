#pragma once
// BoltServer: `quiver serve`'s listener (docs/bolt.md). One I/O thread accepts
// connections and moves their bytes; each connection's session runs on its own thread
// (bolt_connection.h); each statement uses the database's query workers.
//
//   server.Listen();   // binds: throws std::runtime_error naming the address
//   server.Run();      // until Stop() (SIGINT/SIGTERM with handle_signals) has finished
//
// Stop() is graceful: no new connections; idle ones close at once; one with a statement
// running or a transaction open gets `shutdown_grace` to finish, then what it runs is
// cancelled (an open transaction rolls back) and it closes.

#include <asio.hpp>
#include <asio/ssl.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/bolt_connection.h"
#include "server/server_context.h"

namespace quiver::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 7687;  // 0: any free port (tests)
  size_t max_connections = 256;
  ConnectionLimits limits;
  std::chrono::milliseconds shutdown_grace{10'000};
  // PEM files: serve TLS only (bolt+s:// and bolt+ssc://), never plain text.
  std::optional<std::string> tls_certificate;
  std::optional<std::string> tls_key;
  bool handle_signals = false;  // SIGINT and SIGTERM call Stop()
};

class BoltServer {
 public:
  BoltServer(ServerContext& context, ServerOptions options);
  ~BoltServer();

  // Binds and listens; std::runtime_error when the address cannot be used or the TLS
  // files cannot be read.
  void Listen();
  // The port bound (the chosen one when options.port was 0).
  uint16_t port() const { return port_; }
  // Serves until Stop() has closed every connection.
  void Run();
  // From any thread (or a signal): the graceful shutdown.
  void Stop();

 private:
  void Accept();
  void BeginShutdown();
  void CheckShutdown();
  void Closed(BoltConnection* connection);

  ServerContext& context_;
  ServerOptions options_;
  asio::io_context io_;
  asio::ip::tcp::acceptor acceptor_;
  asio::signal_set signals_;
  asio::steady_timer shutdown_timer_;
  std::optional<asio::ssl::context> tls_;
  uint16_t port_ = 0;
  uint64_t next_id_ = 0;
  bool stopping_ = false;
  std::chrono::steady_clock::time_point stop_deadline_;
  std::unordered_map<BoltConnection*, std::shared_ptr<BoltConnection>> connections_;
};

}  // namespace quiver::server
