#include "server/http/http_server.h"

#include <httplib.h>
#include <openssl/evp.h>

#include <ctime>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "server/http/statement_batch.h"
#include "server/http/web_assets.h"
#include "server/status_codes.h"

namespace quiver::server::http {

namespace {

constexpr const char* kJsonType = "application/json; charset=utf-8";
constexpr const char* kInvalidFormat = "Neo.ClientError.Request.InvalidFormat";

// "Thu, 03 Aug 2023 11:45:10 GMT", as the endpoint writes a transaction's expiry.
std::string HttpDate(std::chrono::system_clock::time_point when) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(when);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[64];
  std::strftime(text, sizeof text, "%a, %d %b %Y %H:%M:%S GMT", &utc);
  return text;
}

std::optional<std::string> Base64Decode(std::string_view text) {
  if (text.empty() || text.size() % 4 != 0 || text.size() > 4096) return std::nullopt;
  std::string out(text.size() / 4 * 3, '\0');
  const int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                reinterpret_cast<const unsigned char*>(text.data()), static_cast<int>(text.size()));
  if (n < 0) return std::nullopt;
  // EVP_DecodeBlock counts the padding's zero bytes too.
  size_t size = static_cast<size_t>(n);
  for (size_t i = text.size(); i > 0 && text[i - 1] == '=' && size > 0; --i) --size;
  out.resize(size);
  return out;
}

// The host part of a Host header: "localhost:7474" -> "localhost", "[::1]:7474" -> "::1".
std::string HostName(const std::string& header) {
  if (!header.empty() && header.front() == '[') {
    const size_t close = header.find(']');
    return close == std::string::npos ? header : header.substr(1, close - 1);
  }
  return header.substr(0, header.find(':'));
}

bool IsLoopbackName(const std::string& host) {
  return host == "localhost" || host == "127.0.0.1" || host == "::1" || host.ends_with(".localhost");
}

std::string ErrorBody(const std::string& code, const std::string& message) {
  Json body = {{"results", Json::array()}, {"errors", Json::array({{{"code", code}, {"message", message}}})}};
  return body.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// One request's work on the transaction endpoint, run by the response's content provider
// (after the handler returns, on the same thread): it owns what the request holds — the
// transaction's run lock, or the auto-commit connection — until the response is written.
struct Exchange {
  Exchange(ServerContext& server, TransactionRegistry& registry) : server(server), registry(registry) {}

  ServerContext& server;
  TransactionRegistry& registry;
  std::shared_ptr<HttpTransaction> tx;  // explicit; null for an auto-commit request
  std::unique_lock<std::mutex> run_lock;
  std::unique_ptr<Connection> own_connection;
  std::vector<StatementRequest> statements;
  Ending ending = Ending::kCommit;
  bool read_access = false;  // access-mode: READ
  std::string base_url;      // "http://host:port/db/name"
  std::string who;           // "user@address", for the log

  void Respond(ResponseWriter& out) {
    Connection& connection = tx ? *tx->connection : *own_connection;
    bool auto_begun = false;
    bool& begun = tx ? tx->begun : auto_begun;
    TransactionControl control;
    if (tx) {
      control.terminated = [this] { return registry.Terminated(*tx); };
      control.begin_commit = [this] { return registry.BeginCommit(*tx); };
    } else {
      control.terminated = [] { return false; };
      control.begin_commit = [] { return true; };
      registry.Track(&connection);
    }
    out << "{";
    StatementBatch batch(server, connection, begun, read_access || server.read_only);
    const bool ok = batch.Run(statements, ending, out, control);
    if (!tx) registry.Untrack(&connection);
    out << ",\"errors\":" << batch.errors();
    if (!batch.notifications().empty()) out << ",\"notifications\":" << batch.notifications();
    if (tx) {
      if (!ok || ending == Ending::kCommit) {
        registry.Remove(*tx);
      } else {
        const auto expires = registry.Touch(*tx);
        const std::string url = base_url + "/tx/" + std::to_string(tx->id);
        out << ",\"commit\":" << Json(url + "/commit") << ",\"transaction\":{\"expires\":" << Json(HttpDate(expires))
            << "}";
      }
    }
    out << ",\"lastBookmarks\":[" << Json(server.Bookmark()) << "]}";
    out.Flush();
    if (!ok) {
      std::string text = statements.empty() ? "" : statements.front().text;
      if (text.size() > 200) text = text.substr(0, 200) + "...";
      server.log.Line("http " + who + " FAILURE " + batch.failure() + (text.empty() ? "" : " (" + text + ")"));
    }
  }
};

}  // namespace

HttpServer::HttpServer(ServerContext& context, HttpOptions options)
    : context_(context), options_(std::move(options)) {}

HttpServer::~HttpServer() { Stop(); }

std::unique_ptr<Connection> HttpServer::Connect() {
  std::unique_ptr<Connection> connection = context_.database.Connect();
  if (context_.query_memory_limit > 0) connection->SetQueryMemoryLimit(context_.query_memory_limit);
  connection->SetQueryTimeout(context_.query_timeout);
  return connection;
}

void HttpServer::Listen() {
  if (options_.tls_certificate || options_.tls_key) {
    if (!options_.tls_certificate || !options_.tls_key) throw std::runtime_error("TLS needs both --tls-cert and --tls-key");
    auto tls = std::make_unique<httplib::SSLServer>(options_.tls_certificate->c_str(), options_.tls_key->c_str());
    if (!tls->is_valid()) {
      throw std::runtime_error("cannot use the TLS certificate " + *options_.tls_certificate + " and key " +
                               *options_.tls_key);
    }
    server_ = std::move(tls);
  } else {
    server_ = std::make_unique<httplib::Server>();
  }
  const size_t threads = std::max<size_t>(options_.threads, 2);
  server_->new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  server_->set_payload_max_length(options_.max_request_bytes);
  server_->set_read_timeout(options_.read_timeout);
  // An idle keep-alive connection holds a thread, and Stop waits for it to time out
  // (cpp-httplib cannot close it sooner): short, since a loopback reconnect is cheap.
  server_->set_keep_alive_timeout(2);
  server_->set_keep_alive_max_count(1000);
  server_->set_tcp_nodelay(true);
  registry_ = std::make_unique<TransactionRegistry>(context_.database, context_.log, options_.transaction_timeout,
                                                    options_.max_transactions);
  loopback_ = IsLoopbackName(options_.host);
  Routes();
  const std::string where = options_.host + ":" + std::to_string(options_.port);
  if (options_.port == 0) {
    const int port = server_->bind_to_any_port(options_.host);
    if (port <= 0) throw std::runtime_error("cannot listen on " + where);
    port_ = static_cast<uint16_t>(port);
  } else {
    if (!server_->bind_to_port(options_.host, options_.port)) {
      throw std::runtime_error("cannot listen on " + where + " (in use, or not an address of this machine)");
    }
    port_ = options_.port;
  }
}

void HttpServer::Run() { server_->listen_after_bind(); }

void HttpServer::Stop() {
  if (!server_) return;
  if (registry_) registry_->CancelAll();
  server_->stop();
}

void HttpServer::Routes() {
  server_->set_pre_routing_handler([this](const httplib::Request& request, httplib::Response& response) {
    return Admit(request, response) ? httplib::Server::HandlerResponse::Unhandled
                                    : httplib::Server::HandlerResponse::Handled;
  });
  server_->set_exception_handler([this](const httplib::Request&, httplib::Response& response, std::exception_ptr e) {
    std::string what = "unknown error";
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& error) {
      what = error.what();
    } catch (...) {
    }
    context_.log.Line("http: request failed: " + what);
    Error(response, 500, kUnknownError, what);
  });
  server_->set_error_handler([this](const httplib::Request& request, httplib::Response& response) {
    if (!response.body.empty()) return;  // an error of ours already says what
    if (response.status == 404) {
      Error(response, 404, "Neo.ClientError.Request.Invalid", "no such resource: " + request.method + " " + request.path);
    } else if (response.status == 413) {
      Error(response, 413, kInvalidFormat,
            "the request is larger than " + std::to_string(options_.max_request_bytes) + " bytes (--max-message)");
    }
  });
  server_->Get("/", [this](const httplib::Request& request, httplib::Response& response) {
    const std::string accept = request.get_header_value("Accept");
    if (accept.find("application/json") != std::string::npos && accept.find("text/html") == std::string::npos) {
      Discovery(request, response);
    } else {
      Asset("/index.html", response);
    }
  });
  server_->Get("/browser/?", [this](const httplib::Request&, httplib::Response& response) {
    Asset("/index.html", response);
  });
  server_->Get("/[A-Za-z0-9._/-]+", [this](const httplib::Request& request, httplib::Response& response) {
    Asset(request.path, response);
  });
  using R = Route;
  auto post = [this](const char* pattern, Route route) {
    server_->Post(pattern, [this, route](const httplib::Request& request, httplib::Response& response) {
      Transaction(request, response, route);
    });
  };
  post("/db/([^/]+)/tx/commit", R::kAutoCommit);
  post("/db/([^/]+)/tx", R::kBegin);
  post("/db/([^/]+)/tx/([0-9]+)", R::kRun);
  post("/db/([^/]+)/tx/([0-9]+)/commit", R::kCommit);
  server_->Delete("/db/([^/]+)/tx/([0-9]+)", [this](const httplib::Request& request, httplib::Response& response) {
    Rollback(request, response);
  });
}

bool HttpServer::Admit(const httplib::Request& request, httplib::Response& response) {
  if (loopback_) {
    const std::string host = HostName(request.get_header_value("Host"));
    if (!IsLoopbackName(host)) {
      Error(response, 403, "Neo.ClientError.Security.Forbidden",
            "this server listens on loopback and answers requests for localhost only (Host: '" + host +
                "'); serve on another address with --http HOST:PORT");
      return false;
    }
  }
  return true;
}

void HttpServer::Error(httplib::Response& response, int status, const std::string& code, const std::string& message) {
  response.status = status;
  response.set_content(ErrorBody(code, message), kJsonType);
}

std::optional<std::string> HttpServer::Authenticate(const httplib::Request& request, httplib::Response& response) {
  ValueMap token{{"scheme", Value::String("none")}};
  const std::string header = request.get_header_value("Authorization");
  if (header.rfind("Basic ", 0) == 0) {
    const std::optional<std::string> decoded = Base64Decode(header.substr(6));
    const size_t colon = decoded ? decoded->find(':') : std::string::npos;
    if (colon != std::string::npos) {
      token = ValueMap{{"scheme", Value::String("basic")},
                       {"principal", Value::String(decoded->substr(0, colon))},
                       {"credentials", Value::String(decoded->substr(colon + 1))}};
    }
  }
  if (std::optional<std::string> user = context_.auth.Check(token)) return user;
  // A browser's script asks with X-Requested-With; it shows its own login form, not the
  // browser's password dialog that WWW-Authenticate would raise.
  if (request.get_header_value("X-Requested-With") != "XMLHttpRequest") {
    response.set_header("WWW-Authenticate", "Basic realm=\"Quiver\", charset=\"UTF-8\"");
  }
  context_.log.Line("http " + request.remote_addr + " FAILURE " + kUnauthorized + ": " +
                    (header.empty() ? "no credentials" : "wrong user or password"));
  Error(response, 401, kUnauthorized,
        header.empty() ? "No authentication header supplied." : "Invalid username or password.");
  return std::nullopt;
}

bool HttpServer::KnownDatabase(const std::string& name, httplib::Response& response) {
  if (name == context_.database_name) return true;
  Error(response, 404, kDatabaseNotFound,
        "Database does not exist. Database name: '" + name + "'. This server has one database, '" +
            context_.database_name + "'.");
  return false;
}

std::string HttpServer::BaseUrl(const httplib::Request& request) const {
  std::string host = request.get_header_value("Host");
  if (host.empty()) host = options_.host + ":" + std::to_string(port_);
  return std::string(tls() ? "https://" : "http://") + host;
}

void HttpServer::Transaction(const httplib::Request& request, httplib::Response& response, Route route) {
  const std::optional<std::string> user = Authenticate(request, response);
  if (!user) return;
  const std::string database = request.matches[1];
  if (!KnownDatabase(database, response)) return;
  const std::string type = request.get_header_value("Content-Type");
  if (!request.body.empty() && type.rfind("application/json", 0) != 0) {
    return Error(response, 415, kInvalidFormat,
                 "a request body must be JSON, sent as Content-Type: application/json (not '" + type + "')");
  }
  auto exchange = std::make_shared<Exchange>(context_, *registry_);
  try {
    exchange->statements = ParseStatements(request.body);
  } catch (const InvalidRequest& e) {
    context_.log.Line("http " + *user + "@" + request.remote_addr + " FAILURE " + kInvalidFormat + ": " + e.what());
    return Error(response, 400, kInvalidFormat, e.what());
  }
  const std::string access = request.get_header_value("access-mode");
  exchange->read_access = access == "READ" || access == "read";
  exchange->base_url = BaseUrl(request) + "/db/" + database;
  exchange->who = *user + "@" + request.remote_addr;
  exchange->ending = route == Route::kBegin || route == Route::kRun ? Ending::kKeepOpen : Ending::kCommit;
  if (route == Route::kAutoCommit) {
    exchange->own_connection = Connect();
    exchange->own_connection->SetUser(*user);
  } else if (route == Route::kBegin) {
    exchange->tx = registry_->Open(*user);
    if (!exchange->tx) {
      return Error(response, 503, "Neo.TransientError.Transaction.MaximumTransactionLimitReached",
                   "already " + std::to_string(options_.max_transactions) +
                       " open transactions (--http-max-transactions): commit or roll back some first");
    }
    if (context_.query_memory_limit > 0) exchange->tx->connection->SetQueryMemoryLimit(context_.query_memory_limit);
    exchange->tx->connection->SetQueryTimeout(context_.query_timeout);
    exchange->run_lock = std::unique_lock(exchange->tx->run_mutex);
    response.status = 201;
    response.set_header("Location", exchange->base_url + "/tx/" + std::to_string(exchange->tx->id));
  } else {
    const uint64_t id = std::stoull(request.matches[2]);
    exchange->tx = registry_->Find(id, *user);
    if (exchange->tx) exchange->run_lock = std::unique_lock(exchange->tx->run_mutex, std::try_to_lock);
    if (exchange->tx && !exchange->run_lock.owns_lock()) {
      return Error(response, 409, "Neo.ClientError.Transaction.ConcurrentRequest",
                   "transaction " + std::to_string(id) + " is running another request");
    }
    if (!exchange->tx || registry_->Terminated(*exchange->tx)) {
      return Error(response, 404, "Neo.ClientError.Transaction.TransactionNotFound",
                   "Unrecognized transaction id. Transaction may have timed out and been rolled back.");
    }
  }
  response.set_chunked_content_provider(kJsonType, [exchange](size_t, httplib::DataSink& sink) {
    ResponseWriter out([&sink](std::string_view text) { return sink.write(text.data(), text.size()); });
    exchange->Respond(out);
    sink.done();
    return true;
  });
}

void HttpServer::Rollback(const httplib::Request& request, httplib::Response& response) {
  const std::optional<std::string> user = Authenticate(request, response);
  if (!user) return;
  if (!KnownDatabase(request.matches[1], response)) return;
  const uint64_t id = std::stoull(request.matches[2]);
  std::shared_ptr<HttpTransaction> tx = registry_->Find(id, *user);
  if (!tx || !registry_->Terminate(*tx)) {
    return Error(response, 404, "Neo.ClientError.Transaction.TransactionNotFound",
                 "Unrecognized transaction id. Transaction may have timed out, been rolled back or be committing.");
  }
  // Idle: roll back here. Running: its request sees the termination and rolls back.
  std::unique_lock run(tx->run_mutex, std::try_to_lock);
  if (run.owns_lock()) {
    registry_->Remove(*tx);
    if (tx->begun && tx->connection->InTransaction()) tx->connection->Rollback();
    tx->begun = false;
  }
  response.set_content("{\"results\":[],\"errors\":[]}", kJsonType);
}

void HttpServer::Discovery(const httplib::Request& request, httplib::Response& response) {
  const std::string base = BaseUrl(request);
  const std::string bolt = context_.advertised_address;
  Json body = {{"bolt_routing", "neo4j://" + bolt},
               {"bolt_direct", "bolt://" + bolt},
               {"transaction", base + "/db/{databaseName}/tx"},
               {"neo4j_version", "5.26.0"},
               {"neo4j_edition", "community"},
               {"quiver",
                {{"database", context_.database_name},
                 {"read_only", context_.read_only},
                 {"auth_required", context_.auth.required()},
                 {"transaction_timeout_seconds", options_.transaction_timeout.count() / 1000.0},
                 {"max_request_bytes", options_.max_request_bytes}}}};
  response.set_content(body.dump(2), kJsonType);
}

void HttpServer::Asset(const std::string& path, httplib::Response& response) {
  if (!options_.asset_root.empty() && path.find("..") == std::string::npos) {
    std::ifstream in(options_.asset_root + path, std::ios::binary);
    if (in) {
      std::ostringstream body;
      body << in.rdbuf();
      const WebAsset* known = FindWebAsset(path);
      const std::string type = known ? std::string(known->content_type)
                               : path.ends_with(".js") ? "text/javascript; charset=utf-8"
                               : path.ends_with(".css") ? "text/css; charset=utf-8"
                               : path.ends_with(".html") ? "text/html; charset=utf-8"
                                                         : "application/octet-stream";
      response.set_header("Cache-Control", "no-store");
      response.set_content(body.str(), type);
      return;
    }
  }
  const WebAsset* asset = FindWebAsset(path);
  if (asset == nullptr) {
    return Error(response, 404, "Neo.ClientError.Request.Invalid", "no such resource: GET " + path);
  }
  // The page's files change with the binary: revalidate, as cheap as a local request is.
  response.set_header("Cache-Control", "no-cache");
  response.set_header("X-Content-Type-Options", "nosniff");
  response.set_content(asset->body.data(), asset->body.size(), std::string(asset->content_type));
}

}  // namespace quiver::server::http
