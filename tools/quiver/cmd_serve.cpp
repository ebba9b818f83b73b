// `quiver serve DB`: a Bolt server for the official Neo4j drivers and tools (docs/bolt.md),
// and with --http the web view and Neo4j's HTTP endpoint (docs/web.md).
//
//   quiver serve /data/graph --auth neo4j:secret             # bolt://127.0.0.1:7687
//   quiver serve /data/graph --auth-file users.txt --listen 0.0.0.0:7687
//                --tls-cert server.pem --tls-key server.key   (one line)
//   QUIVER_AUTH=neo4j:secret quiver serve /data/graph         # no password in `ps`
//   quiver serve /data/graph --auth neo4j:secret --http       # and the web view on :7474
//
// Authentication is on by default: without --auth, --auth-file or QUIVER_AUTH the server
// refuses to start and says how to give credentials; --no-auth must be explicit. It
// listens on loopback unless told otherwise. SIGINT or SIGTERM stops it gracefully.
#include <cstdlib>
#include <iostream>
#include <memory>
#include <thread>

#include "commands.h"
#include "index_progress.h"
#include "quiver/byte_size.h"
#include "quiver/database.h"
#include "server/auth.h"
#include "server/bolt_server.h"
#include "server/http/http_server.h"

namespace quiver::cli {
namespace {

struct ServeOptions {
  std::string db;
  std::string import_dir;  // LOAD CSV's (DatabaseOptions::import_directory); empty: ./import
  std::string listen = "127.0.0.1:7687";
  std::string advertised;
  std::string auth;
  std::string auth_file;
  bool no_auth = false;
  std::string tls_cert;
  std::string tls_key;
  bool read_only = false;
  bool create = false;
  bool quiet = false;
  size_t max_connections = 256;
  std::string max_message = "16M";
  std::string memory_limit;
  std::string timeout;
  std::string shutdown_grace = "10s";
  std::string login_timeout = "30s";
  std::string database_name = "neo4j";
  // The web view and the HTTP endpoint (docs/web.md).
  std::string http;  // HOST:PORT; set when --http was given
  bool http_set = false;
  std::string http_root;
  std::string http_tx_timeout = "60s";
  size_t http_max_transactions = 1000;
  size_t http_threads = 32;
};

struct HostPort {
  std::string host;
  uint16_t port = 0;
};

// "127.0.0.1:7687", "[::1]:7687", ":7687" (all IPv4 interfaces), "7687".
std::optional<HostPort> ParseListen(const std::string& text) {
  std::string host, port;
  if (!text.empty() && text.front() == '[') {
    const size_t close = text.find(']');
    if (close == std::string::npos || close + 1 >= text.size() || text[close + 1] != ':') return std::nullopt;
    host = text.substr(1, close - 1);
    port = text.substr(close + 2);
  } else if (const size_t colon = text.rfind(':'); colon != std::string::npos) {
    host = text.substr(0, colon);
    port = text.substr(colon + 1);
  } else {
    port = text;
  }
  if (host.empty()) host = "0.0.0.0";
  if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  const long n = std::strtol(port.c_str(), nullptr, 10);
  if (n > 65535) return std::nullopt;
  return HostPort{host, static_cast<uint16_t>(n)};
}

bool Loopback(const std::string& host) { return host == "127.0.0.1" || host == "::1" || host == "localhost"; }

int Fail(const std::string& message) {
  std::cerr << "quiver serve: " << message << "\n";
  return kExitUsage;
}

int Serve(ServeOptions o) {
  // `quiver serve --http DB`: --http takes an optional value, and took the database's.
  if (o.db.empty() && o.http_set && !ParseListen(o.http)) {
    o.db = o.http;
    o.http = "127.0.0.1:7474";
  }
  if (o.db.empty()) return Fail("which database? quiver serve DB [--http] (see --help)");
  const std::optional<HostPort> listen = ParseListen(o.listen);
  if (!listen) return Fail("--listen: '" + o.listen + "' is not host:port (127.0.0.1:7687, [::1]:7687, :7687)");
  // Who may connect.
  const char* env_auth = std::getenv("QUIVER_AUTH");
  const int sources = (!o.auth.empty()) + (!o.auth_file.empty()) + (o.no_auth ? 1 : 0);
  if (sources > 1) return Fail("give one of --auth, --auth-file and --no-auth");
  std::unique_ptr<server::Authenticator> auth;
  try {
    if (o.no_auth) {
      auth = std::make_unique<server::Authenticator>(server::Authenticator::Open());
    } else if (!o.auth.empty()) {
      auth = std::make_unique<server::Authenticator>(server::Authenticator::Single(o.auth));
    } else if (!o.auth_file.empty()) {
      auth = std::make_unique<server::Authenticator>(server::Authenticator::FromFile(o.auth_file));
    } else if (env_auth != nullptr && *env_auth != '\0') {
      auth = std::make_unique<server::Authenticator>(server::Authenticator::Single(env_auth));
    } else {
      return Fail(
          "no credentials: clients must authenticate. Give --auth user:password (or the same in the environment "
          "variable QUIVER_AUTH, out of sight of `ps`), --auth-file FILE (lines user:password or "
          "user:sha256:<hex>), or --no-auth to let anyone connect (only on a trusted network).");
    }
  } catch (const std::exception& e) {
    return Fail(e.what());
  }
  auto duration = [](const std::string& text, const char* flag) -> std::optional<int64_t> {
    const std::optional<int64_t> ms = ParseDurationMs(text);
    if (!ms) std::cerr << "quiver serve: " << flag << ": '" << text << "' is not a duration (500ms, 30s, 5m)\n";
    return ms;
  };
  server::ServerOptions options;
  options.host = listen->host;
  options.port = listen->port;
  options.max_connections = o.max_connections;
  options.handle_signals = true;
  const auto grace = duration(o.shutdown_grace, "--shutdown-grace");
  const auto login = duration(o.login_timeout, "--login-timeout");
  if (!grace || !login) return kExitUsage;
  options.shutdown_grace = std::chrono::milliseconds(*grace);
  options.limits.login_timeout = std::chrono::milliseconds(*login);
  Result<uint64_t> max_message = ParseByteSize(o.max_message);
  if (!max_message.ok()) return Fail("--max-message: " + max_message.status().message());
  options.limits.max_message_bytes = *max_message;
  if (!o.tls_cert.empty()) options.tls_certificate = o.tls_cert;
  if (!o.tls_key.empty()) options.tls_key = o.tls_key;

  DatabaseOptions db_options;
  db_options.read_only = o.read_only;
  db_options.create_if_missing = o.create;
  db_options.name = o.database_name;  // SHOW DATABASES and transaction ids name it so
  db_options.import_directory = o.import_dir;
  if (!o.quiet) db_options.index_build_progress = IndexBuildProgressOnStderr();
  std::unique_ptr<Database> database = Database::Open(o.db, db_options);

  server::ServerLog log(stderr, o.quiet);
  server::ServerContext context{.database = *database, .auth = *auth, .log = log};
  context.read_only = o.read_only;
  context.agent = "Neo4j/5.26.0 compatible graph database server - Quiver 0.1.0";
  context.database_name = o.database_name;
  if (!o.memory_limit.empty()) {
    Result<uint64_t> limit = ParseByteLimit(o.memory_limit);
    if (!limit.ok()) return Fail("--memory-limit: " + limit.status().message());
    context.query_memory_limit = *limit;
  }
  if (!o.timeout.empty()) {
    const auto ms = duration(o.timeout, "--timeout");
    if (!ms) return kExitUsage;
    context.query_timeout = std::chrono::milliseconds(*ms);
  }
  server::BoltServer bolt(context, options);
  try {
    bolt.Listen();
  } catch (const std::exception& e) {
    std::cerr << "quiver serve: " << e.what() << "\n";
    return kExitFailure;
  }
  std::string advertised = o.advertised;
  if (advertised.empty()) {
    const std::string host = listen->host == "0.0.0.0" || listen->host == "::" ? "localhost" : listen->host;
    advertised = (host.find(':') != std::string::npos ? "[" + host + "]" : host) + ":" + std::to_string(bolt.port());
  }
  context.advertised_address = advertised;
  const std::string scheme = options.tls_certificate ? "bolt+s" : "bolt";
  log.Line("quiver serve: listening on " + scheme + "://" + listen->host + ":" + std::to_string(bolt.port()) +
           " (database " + o.db + (o.read_only ? ", read-only" : "") + "; Bolt 5.0-5.4 and 4.4; " +
           (auth->required() ? std::to_string(auth->users()) + " user(s)" : std::string("no authentication")) +
           "; advertised as " + advertised + ")");
  if (!auth->required() && !Loopback(listen->host)) {
    log.Line("warning: --no-auth on " + listen->host + ": anyone who reaches this address can read and write the "
             "database");
  }
  std::cout << "listening on " << scheme << "://" << listen->host << ":" << bolt.port() << std::endl;
  std::unique_ptr<server::http::HttpServer> http;
  std::thread http_thread;
  if (o.http_set) {
    const std::optional<HostPort> http_listen = ParseListen(o.http);
    if (!http_listen) return Fail("--http: '" + o.http + "' is not host:port (127.0.0.1:7474, :7474)");
    server::http::HttpOptions http_options;
    http_options.host = http_listen->host;
    http_options.port = http_listen->port;
    http_options.tls_certificate = options.tls_certificate;
    http_options.tls_key = options.tls_key;
    http_options.max_request_bytes = *max_message;
    http_options.asset_root = o.http_root;
    http_options.max_transactions = o.http_max_transactions;
    http_options.threads = o.http_threads;
    const auto tx_timeout = duration(o.http_tx_timeout, "--http-tx-timeout");
    if (!tx_timeout) return kExitUsage;
    http_options.transaction_timeout = std::chrono::milliseconds(*tx_timeout);
    http = std::make_unique<server::http::HttpServer>(context, http_options);
    try {
      http->Listen();
    } catch (const std::exception& e) {
      std::cerr << "quiver serve: --http: " << e.what() << "\n";
      return kExitFailure;
    }
    const std::string http_scheme = http->tls() ? "https" : "http";
    const std::string shown = http_listen->host.find(':') != std::string::npos ? "[" + http_listen->host + "]"
                                                                                 : http_listen->host;
    log.Line("quiver serve: web view on " + http_scheme + "://" + shown + ":" + std::to_string(http->port()) + "/");
    if (!auth->required() && !Loopback(http_listen->host)) {
      log.Line("warning: --no-auth on " + http_listen->host + ": anyone who reaches the web view can read and write "
               "the database");
    }
    std::cout << "web view on " << http_scheme << "://" << shown << ":" << http->port() << "/" << std::endl;
    http_thread = std::thread([&http] { http->Run(); });
  }
  bolt.Run();
  if (http) {
    http->Stop();
    http_thread.join();
  }
  log.Line("quiver serve: stopped");
  return kExitOk;
}

}  // namespace

void RegisterServeCommand(CLI::App& app, CommandHandler& handler) {
  auto o = std::make_shared<ServeOptions>();
  auto* cmd = app.add_subcommand("serve", "Serve a database over Bolt to the Neo4j drivers and tools.");
  cmd->add_option("db", o->db, "The database directory");
  cmd->add_option("--listen", o->listen,
                  "Address and port to listen on (default 127.0.0.1:7687: this machine only; :7687 for every "
                  "IPv4 interface, :0 for any free port)");
  cmd->add_option("--advertised-address", o->advertised,
                  "host:port clients reach this server at, for the routing table of neo4j:// URIs (default: the "
                  "listen address)");
  cmd->add_option("--auth", o->auth, "The one user and password, user:password (or QUIVER_AUTH in the environment)");
  cmd->add_option("--auth-file", o->auth_file, "Users, one a line: user:password or user:sha256:<hex digest>");
  cmd->add_flag("--no-auth", o->no_auth, "Let anyone connect without credentials (only on a trusted network)");
  cmd->add_option("--tls-cert", o->tls_cert, "PEM certificate (chain): serve TLS only (bolt+s://, bolt+ssc://)");
  cmd->add_option("--tls-key", o->tls_key, "PEM private key of --tls-cert");
  cmd->add_flag("--read-only", o->read_only, "Refuse every write; the routing table names no writer");
  cmd->add_flag("--create", o->create, "Create the database if there is none");
  cmd->add_option("--import-dir", o->import_dir, "The directory LOAD CSV reads file:/// URLs from (nothing outside it); default: ./import");
  cmd->add_option("--database-name", o->database_name,
                  "The name clients ask for (drivers default to 'neo4j'); others are DatabaseNotFound");
  cmd->add_option("--max-connections", o->max_connections, "Connections served at once (default 256)")
      ->check(CLI::Range(1, 100000));
  cmd->add_option("--max-message", o->max_message, "Largest request message (default 16M)");
  cmd->add_option("--memory-limit", o->memory_limit,
                  "What one statement may hold before it fails with ResourceExhausted (512M, 4G; 0 for none; "
                  "default: half the memory budget)");
  cmd->add_option("--timeout", o->timeout, "End a statement that runs longer (30s, 5m; a client's tx_timeout may be "
                                           "shorter)");
  cmd->add_option("--shutdown-grace", o->shutdown_grace,
                  "On SIGINT/SIGTERM, how long running statements and open transactions may go on (default 10s)");
  cmd->add_option("--login-timeout", o->login_timeout,
                  "Close a connection not authenticated this long after connecting (default 30s)");
  auto* http = cmd->add_option("--http", o->http,
                  "Also serve the web view and Neo4j's HTTP endpoint (POST /db/neo4j/tx/commit) on HOST:PORT "
                  "(default 127.0.0.1:7474: this machine only); HTTPS with --tls-cert")
                  ->expected(0, 1)
                  ->default_str("127.0.0.1:7474");
  http->each([o](const std::string&) { o->http_set = true; });
  cmd->add_option("--http-tx-timeout", o->http_tx_timeout,
                  "Roll back an HTTP transaction left idle this long (default 60s)");
  cmd->add_option("--http-max-transactions", o->http_max_transactions,
                  "HTTP transactions open at once, all users (default 1000)")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--http-threads", o->http_threads,
                  "HTTP requests served at once; a browser's open connection holds one (default 32)")
      ->check(CLI::Range(2, 4096));
  cmd->add_option("--http-root", o->http_root,
                  "Serve the web view's files from this folder when it has them (developing the page: --http-root web)");
  cmd->add_flag("--quiet", o->quiet, "No log lines (connections, failed requests) on stderr");
  cmd->footer(
      "Logs a line per connection and per failed request on stderr. Drivers connect with bolt://host:port or "
      "neo4j://host:port (a single-server routing table). See docs/bolt.md; the web view, docs/web.md.");
  cmd->callback([o, &handler] { handler = [o] { return Serve(*o); }; });
}

}  // namespace quiver::cli
