// BoltSession's state machine: which request each state takes, the handshake's HELLO
// and LOGON, ROUTE, RESET and the responses. The requests that run statements are in
// session_statements.cpp.

#include "server/bolt/bolt_session.h"

#include <thread>

#include "server/bolt/chunking.h"
#include "server/bolt/messages.h"
#include "server/bolt/responses.h"
#include "server/status_codes.h"

namespace quiver::server::bolt {

namespace {

// A wrong password waits this long before its FAILURE: a client guessing passwords gets
// a few a second per connection, and the thread of a closing connection is not held long.
constexpr std::chrono::milliseconds kAuthFailureDelay{250};

}  // namespace

std::string_view StateName(BoltSession::State state) {
  switch (state) {
    case BoltSession::State::kNegotiation:
      return "NEGOTIATION";
    case BoltSession::State::kAuthentication:
      return "AUTHENTICATION";
    case BoltSession::State::kReady:
      return "READY";
    case BoltSession::State::kStreaming:
      return "STREAMING";
    case BoltSession::State::kTxReady:
      return "TX_READY";
    case BoltSession::State::kTxStreaming:
      return "TX_STREAMING";
    case BoltSession::State::kFailed:
      return "FAILED";
    case BoltSession::State::kInterrupted:
      return "INTERRUPTED";
    case BoltSession::State::kDefunct:
      return "DEFUNCT";
  }
  return "?";
}

BoltSession::BoltSession(ServerContext& server, BoltVersion version, std::string connection_id,
                         std::string client_address, Sink& sink)
    : server_(server),
      version_(version),
      connection_id_(std::move(connection_id)),
      client_address_(std::move(client_address)),
      sink_(sink) {}

BoltSession::~BoltSession() {
  // Results first: they may hold the connection's snapshot. The connection rolls back a
  // transaction left open.
  results_.clear();
  prepared_index_.clear();
  prepared_.clear();
  std::lock_guard<std::mutex> lock(mu_);
  connection_.reset();
}

void BoltSession::Interrupt() {
  resets_arrived_.fetch_add(1);
  std::lock_guard<std::mutex> lock(mu_);
  if (connection_) connection_->Cancel();
}

void BoltSession::Cancel() {
  std::lock_guard<std::mutex> lock(mu_);
  cancelled_ = true;
  if (connection_) connection_->Cancel();
}

bool BoltSession::Handle(std::span<const uint8_t> bytes, bool more_queued) {
  BoltMessage message;
  try {
    message = DecodeMessage(bytes, version_);
  } catch (const PackStreamError& e) {
    Failure(kRequestInvalid, std::string("the request is not a valid Bolt message: ") + e.what());
    server_.log.Line(connection_id_ + " " + client_address_ + " closed: a malformed message (" + e.what() + ")");
    state_ = State::kDefunct;
    Flush();
    return false;
  }
  const bool keep = Dispatch(message);
  const bool last = !keep || state_ == State::kDefunct;
  if ((!more_queued || last || pending_.size() >= kFlushBytes) && !Flush()) return false;
  return !last;
}

bool BoltSession::Dispatch(const BoltMessage& message) {
  const uint8_t tag = message.tag;
  const std::optional<size_t> fields = RequestFields(tag, version_);
  if (!fields) {
    Failure(kRequestInvalid, "unknown request message 0x" + HexByte(tag) + " for Bolt " + version_.ToString());
    state_ = State::kDefunct;
    return false;
  }
  if (message.fields.size() != *fields) {
    Failure(kRequestInvalid, std::string(RequestName(tag)) + " takes " + std::to_string(*fields) + " fields, not " +
                                 std::to_string(message.fields.size()));
    state_ = State::kDefunct;
    return false;
  }
  if (tag == kGoodbye) {
    state_ = State::kDefunct;
    return false;
  }
  if (state_ == State::kNegotiation) {
    if (tag == kHello) return Hello(message);
    Failure(kRequestInvalid, std::string(RequestName(tag)) + " before HELLO");
    state_ = State::kDefunct;
    return false;
  }
  if (state_ == State::kAuthentication) {
    if (tag == kLogon && message.fields[0].kind() == ValueKind::kMap) {
      if (!Authenticate(message.fields[0].AsMap())) return false;
      Success({});
      return true;
    }
    if (tag == kReset) {
      resets_handled_ = resets_arrived_.load();
      Success({});
      return true;
    }
    Failure(kUnauthorized, std::string(RequestName(tag)) + " before LOGON: the client is not authenticated");
    state_ = State::kDefunct;
    return false;
  }
  // A RESET has arrived: everything before it is ignored.
  if (resets_handled_ < resets_arrived_.load()) state_ = State::kInterrupted;
  if (tag == kReset) {
    Reset();
    return true;
  }
  if (state_ == State::kFailed || state_ == State::kInterrupted) {
    Ignored();
    return true;
  }
  if (tag == kTelemetry) {
    Success({});
    return true;
  }
  const bool in_tx = state_ == State::kTxReady || state_ == State::kTxStreaming;
  switch (tag) {
    case kRun:
      if (state_ == State::kStreaming) break;
      Run(message);
      return true;
    case kPull:
    case kDiscard:
      if (state_ != State::kStreaming && state_ != State::kTxStreaming) break;
      Pull(message, tag == kDiscard);
      return true;
    case kBegin:
      if (state_ != State::kReady) break;
      Begin(message);
      return true;
    case kCommit:
    case kRollback:
      if (!in_tx) break;
      tag == kCommit ? Commit() : Rollback();
      return true;
    case kRoute:
      if (state_ != State::kReady) break;
      Route(message);
      return true;
    case kLogoff:
      if (state_ != State::kReady) break;
      Logoff();
      return true;
    default:
      break;
  }
  Failure(kRequestInvalid,
          std::string(RequestName(tag)) + " is not allowed in state " + std::string(StateName(state_)));
  state_ = State::kFailed;
  return true;
}

bool BoltSession::Hello(const BoltMessage& message) {
  if (message.fields[0].kind() != ValueKind::kMap) {
    Failure(kRequestInvalid, "HELLO takes a map");
    state_ = State::kDefunct;
    return false;
  }
  const ValueMap& extra = message.fields[0].AsMap();
  ValueMap metadata;
  metadata.Set("server", Value::String(server_.agent));
  metadata.Set("connection_id", Value::String(connection_id_));
  metadata.Set("hints", Value::Map({}));
  // Bolt 4.4's "utc" patch: DateTimes in the 5.x encoding, if the client asks.
  if (version_.major == 4) {
    if (const Value* patches = extra.Find("patch_bolt"); patches != nullptr && patches->kind() == ValueKind::kList) {
      for (const Value& p : patches->AsList()) {
        if (p.kind() == ValueKind::kString && p.AsString() == "utc") version_.utc_patch = true;
      }
    }
    if (version_.utc_patch) metadata.Set("patch_bolt", Value::List({Value::String("utc")}));
  }
  if (version_.Logon()) {
    state_ = State::kAuthentication;
    Success(metadata);
    return true;
  }
  // 4.4 and 5.0: the auth token is HELLO's map itself.
  if (!Authenticate(extra)) return false;
  Success(metadata);
  return true;
}

bool BoltSession::Authenticate(const ValueMap& token) {
  std::optional<std::string> user = server_.auth.Check(token);
  if (!user) {
    const Value* principal = token.Find("principal");
    std::string who = "without a user name";
    if (principal != nullptr && principal->kind() == ValueKind::kString) {
      who = "for '";
      who.append(principal->AsString()).append("'");
    }
    server_.log.Line(connection_id_ + " " + client_address_ + " authentication failed " + who);
    std::this_thread::sleep_for(kAuthFailureDelay);
    Failure(kUnauthorized, "The client is unauthorized due to authentication failure.");
    state_ = State::kDefunct;
    return false;
  }
  user_ = *user;
  std::unique_ptr<Connection> connection = server_.database.Connect();
  if (server_.query_memory_limit > 0) connection->SetQueryMemoryLimit(server_.query_memory_limit);
  connection->SetUser(user_);
  {
    std::lock_guard<std::mutex> lock(mu_);
    connection_ = std::move(connection);
    if (cancelled_) connection_->Cancel();
  }
  server_.log.Line(connection_id_ + " " + client_address_ + " authenticated as '" + user_ + "' (Bolt " +
                   version_.ToString() + ")");
  state_ = State::kReady;
  return true;
}

void BoltSession::Logoff() {
  CloseResults();
  std::lock_guard<std::mutex> lock(mu_);
  connection_.reset();
  user_.clear();
  state_ = State::kAuthentication;
  Success({});
}

void BoltSession::Route(const BoltMessage& message) {
  // 4.4+: [routing context, bookmarks, {db, imp_user}].
  std::string db = server_.database_name;
  if (message.fields[2].kind() == ValueKind::kMap) {
    const Value* name = message.fields[2].AsMap().Find("db");
    if (name != nullptr && name->kind() == ValueKind::kString) db = std::string(name->AsString());
  }
  if (db != server_.database_name) {
    Failure(kDatabaseNotFound, "Database does not exist. Database name: '" + db + "'.");
    state_ = State::kFailed;
    return;
  }
  auto servers = [&](std::string_view role) {
    return Value::Map({{"addresses", Value::List({Value::String(server_.advertised_address)})},
                       {"role", Value::String(role)}});
  };
  std::vector<Value> list = {servers("ROUTE"), servers("READ")};
  if (!server_.read_only) list.push_back(servers("WRITE"));
  ValueMap table{{"ttl", Value::Int(300)}, {"db", Value::String(db)}, {"servers", Value::List(std::move(list))}};
  Success({{"rt", Value::Map(std::move(table))}});
}

void BoltSession::Reset() {
  resets_handled_ = std::min(resets_handled_ + 1, resets_arrived_.load());
  CloseResults();
  if (connection_ && connection_->InTransaction()) {
    try {
      connection_->Rollback();
    } catch (const std::exception&) {
      // A failed transaction rolls back all the same.
    }
  }
  tx_timeout_ = std::chrono::milliseconds{0};
  state_ = resets_handled_ < resets_arrived_.load() ? State::kInterrupted : State::kReady;
  Success({});
}

void BoltSession::CloseResults() { results_.clear(); }

bool BoltSession::Flush() {
  if (pending_.empty()) return true;
  return sink_.Send(pending_);
}

void BoltSession::Success(const ValueMap& metadata) { AppendSuccess(pending_, metadata, version_); }

void BoltSession::Failure(std::string_view code, std::string_view message) {
  AppendFailure(pending_, code, message, version_);
}

void BoltSession::Failed(const QuiverError& error, std::string_view what) {
  const std::string code = StatusCode(error, server_.read_only);
  Failure(code, error.message());
  std::string text = std::string(what);
  if (text.size() > 200) text = text.substr(0, 200) + "...";
  server_.log.Line(connection_id_ + " " + user_ + "@" + client_address_ + " FAILURE " + code + ": " +
                   error.message() + (text.empty() ? "" : " (" + text + ")"));
  state_ = State::kFailed;
}

void BoltSession::Ignored() { AppendIgnored(pending_); }

}  // namespace quiver::server::bolt
