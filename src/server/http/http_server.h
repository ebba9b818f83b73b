#pragma once
// HttpServer: `quiver serve --http`'s listener (docs/web.md). It serves
//   * the web view: GET / (and /browser/) is the page, its files come compiled in
//     (web_assets.h), or from --http-root when developing the page;
//   * Neo4j's HTTP transaction endpoint, so that existing HTTP clients work:
//       POST   /db/{name}/tx/commit        run statements in one transaction
//       POST   /db/{name}/tx               open a transaction (and run statements)
//       POST   /db/{name}/tx/{id}          run statements in it (resets its timeout)
//       POST   /db/{name}/tx/{id}/commit   run statements and commit
//       DELETE /db/{name}/tx/{id}          roll back; cancels what runs in it
//     and GET / with Accept: application/json, the discovery document.
// Requests run on a pool of threads (cpp-httplib); results stream as they are read.
//
//   server.Listen();  // binds: throws std::runtime_error naming the address
//   server.Run();     // until Stop()
//
// Who may use it is the Bolt server's Authenticator (HTTP Basic authentication). On a
// loopback address a request must name a loopback host (Host: localhost, 127.0.0.1 or
// [::1]), so a web page elsewhere cannot reach the database by DNS rebinding; and a POST
// must be application/json, which a cross-site form cannot send.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "server/http/transactions.h"
#include "server/server_context.h"

namespace httplib {
class Server;
struct Request;
struct Response;
}  // namespace httplib

namespace quiver::server::http {

struct HttpOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 7474;  // 0: any free port (tests)
  std::optional<std::string> tls_certificate;  // PEM files: HTTPS only
  std::optional<std::string> tls_key;
  size_t threads = 32;                   // requests served at once (a keep-alive connection holds one)
  uint64_t max_request_bytes = 16 << 20;  // a larger body is refused (413)
  std::chrono::milliseconds transaction_timeout{60'000};  // idle explicit transactions roll back
  size_t max_transactions = 1000;                         // open explicit transactions, all users
  std::chrono::seconds read_timeout{30};                  // a client that stalls mid-request
  std::string asset_root;  // serve the page's files from this folder first (developing the page)
};

class HttpServer {
 public:
  HttpServer(ServerContext& context, HttpOptions options);
  ~HttpServer();

  void Listen();
  uint16_t port() const { return port_; }
  bool tls() const { return options_.tls_certificate.has_value(); }
  void Run();
  // From any thread: cancels what runs, rolls back open transactions, stops listening
  // and returns once every request has ended.
  void Stop();

 private:
  enum class Route { kAutoCommit, kBegin, kRun, kCommit };

  void Routes();
  bool Admit(const httplib::Request& request, httplib::Response& response);
  std::optional<std::string> Authenticate(const httplib::Request& request, httplib::Response& response);
  bool KnownDatabase(const std::string& name, httplib::Response& response);
  void Transaction(const httplib::Request& request, httplib::Response& response, Route route);
  void Rollback(const httplib::Request& request, httplib::Response& response);
  void Discovery(const httplib::Request& request, httplib::Response& response);
  void Asset(const std::string& path, httplib::Response& response);
  void Error(httplib::Response& response, int status, const std::string& code, const std::string& message);
  std::string BaseUrl(const httplib::Request& request) const;
  std::unique_ptr<Connection> Connect();

  ServerContext& context_;
  HttpOptions options_;
  std::unique_ptr<httplib::Server> server_;
  std::unique_ptr<TransactionRegistry> registry_;
  uint16_t port_ = 0;
  bool loopback_ = true;
};

}  // namespace quiver::server::http
