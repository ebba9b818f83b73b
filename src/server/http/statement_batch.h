#pragma once
// One request's statements (the body of POST /db/{name}/tx...), run in order on one
// engine connection, their results written as the endpoint's JSON while they stream
// (docs/web.md): the response never holds a whole result, and a client that goes away
// stops the statement.
//
//   {"statements": [{"statement": "MATCH (n) RETURN n", "parameters": {...},
//                    "resultDataContents": ["row", "graph"], "includeStats": true,
//                    "rowLimit": 1000}]}
//
// `rowLimit` is Quiver's: at most that many rows are sent and the statement is stopped
// there (its result says "truncated"), so a browser asks for what it can draw.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "quiver/database.h"
#include "server/http/json_values.h"
#include "server/server_context.h"

namespace quiver::server::http {

struct StatementRequest {
  std::string text;
  ValueMap parameters;
  bool row = true;
  bool graph = false;
  bool include_stats = false;
  std::optional<uint64_t> row_limit;
};

// InvalidRequest for a body that is not {"statements": [{"statement": "...", ...}]}
// (an empty body is no statements).
std::vector<StatementRequest> ParseStatements(std::string_view body);

// What a request does to its transaction after its statements.
enum class Ending { kKeepOpen, kCommit };

// How a batch learns that a DELETE ended its transaction.
struct TransactionControl {
  std::function<bool()> terminated;    // checked between statements
  std::function<bool()> begin_commit;  // before committing: false when terminated first
};

// Writes the response body in pieces; `write` returns false when the client has gone.
class ResponseWriter {
 public:
  explicit ResponseWriter(std::function<bool(std::string_view)> write) : write_(std::move(write)) {}
  ResponseWriter& operator<<(std::string_view text);
  ResponseWriter& operator<<(const char* text) { return *this << std::string_view(text); }
  ResponseWriter& operator<<(const std::string& text) { return *this << std::string_view(text); }
  ResponseWriter& operator<<(const Json& json);
  // Sends what is buffered; false once the client is gone.
  bool Flush();
  bool client_gone() const { return gone_; }

 private:
  std::function<bool(std::string_view)> write_;
  std::string buffer_;
  bool gone_ = false;
};

class StatementBatch {
 public:
  // `begun`: whether `connection` has an engine transaction open (updated as the batch
  // begins, commits or rolls back one). `read_only`: the request asked for READ access,
  // or the server is read-only.
  StatementBatch(ServerContext& server, Connection& connection, bool& begun, bool read_only);

  // Writes `"results":[...]` and runs the statements; then, when all succeeded and
  // `ending` is kCommit, commits. On an error (a DELETE's termination among them) rolls
  // back what began. Returns whether everything succeeded.
  bool Run(std::vector<StatementRequest>& statements, Ending ending, ResponseWriter& out,
           const TransactionControl& control);
  // The errors, as the response's "errors" array.
  const Json& errors() const { return errors_; }
  // Every statement's notifications, as the response's "notifications" array (Neo4j's
  // HTTP API puts them at the top level).
  const Json& notifications() const { return notifications_; }
  // What went wrong, for the log ("" when nothing did).
  const std::string& failure() const { return failure_; }

 private:
  // Prepares each statement, and begins the engine transaction as the statements need:
  // none for one statement that commits, a read-only one when all of them only read and
  // the request commits, else a read-write one.
  void Prepare(std::vector<StatementRequest>& statements, Ending ending);
  void RunOne(const StatementRequest& request, PreparedStatement& statement, ResponseWriter& out);
  void Fail(const std::string& code, const std::string& message);
  void RollBack();

  ServerContext& server_;
  Connection& connection_;
  bool& begun_;
  const bool read_only_;
  std::vector<std::unique_ptr<PreparedStatement>> prepared_;
  std::optional<QuiverError> prepare_error_;  // of prepared_.size(), the first that failed
  bool wrote_ = false;
  Json errors_ = Json::array();
  Json notifications_ = Json::array();
  std::string failure_;
};

}  // namespace quiver::server::http
