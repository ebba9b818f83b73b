#pragma once
// BoltSession: one Bolt connection's protocol state machine (the Bolt specification's
// server states), over one quiver::Connection. It knows nothing of sockets: it is given
// each request message as it was dechunked and writes its responses, chunked, through a
// Sink — so unit tests drive it with bytes, and the network layer (connection.h) runs
// it on the connection's own thread.
//
//   NEGOTIATION --HELLO--> READY (4.4, 5.0: the token is in HELLO)
//                --HELLO--> AUTHENTICATION --LOGON--> READY (5.1+)
//   READY --RUN--> STREAMING --PULL/DISCARD (the last rows)--> READY
//   READY --BEGIN--> TX_READY --RUN--> TX_STREAMING --PULL/DISCARD--> TX_READY
//   TX_READY (or TX_STREAMING) --COMMIT/ROLLBACK--> READY
//   any --a request that fails--> FAILED: everything but RESET is IGNORED
//   any --<interrupt> (a RESET arrived)--> INTERRUPTED: everything before the RESET is
//        IGNORED; the RESET rolls back what is open and answers SUCCESS --> READY
//   a failed HELLO or LOGON, GOODBYE, a message that is not Bolt --> DEFUNCT (close)
//
// A result streams: a read's rows are computed as PULL asks for them (`n` at a time), so
// a client pulling 1,000 rows at a time from 10 M holds a batch in the server. A
// statement that writes runs to its end at RUN (the engine's rule), its rows held until
// pulled. In an explicit transaction each RUN is a result of its own (qid).

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "quiver/database.h"
#include "server/bolt/bolt_values.h"
#include "server/bolt/bolt_version.h"
#include "server/server_context.h"

namespace quiver::server::bolt {

// Where a session's responses go. Send is called with whole messages (chunked), in
// order; it may block while the client is slow to read them (flow control) and returns
// false when the bytes cannot go anywhere any more (the connection is closing) — the
// session then stops what it is doing.
class Sink {
 public:
  virtual ~Sink() = default;
  virtual bool Send(std::string& bytes) = 0;
};

class BoltSession {
 public:
  enum class State : uint8_t {
    kNegotiation,
    kAuthentication,
    kReady,
    kStreaming,
    kTxReady,
    kTxStreaming,
    kFailed,
    kInterrupted,
    kDefunct,
  };

  BoltSession(ServerContext& server, BoltVersion version, std::string connection_id, std::string client_address,
              Sink& sink);
  ~BoltSession();
  BoltSession(const BoltSession&) = delete;
  BoltSession& operator=(const BoltSession&) = delete;

  // Handles one request message (its dechunked bytes). Its responses are sent now, or
  // with those of the requests queued behind it when `more_queued` (a driver pipelines
  // RUN and PULL: one write answers both). False when the connection must close now
  // (after its last response has been sent).
  bool Handle(std::span<const uint8_t> message, bool more_queued = false);

  // From any thread: a RESET has arrived (it will be handled in its turn): what runs
  // now stops, and what comes before the RESET is ignored.
  void Interrupt();
  // From any thread: the connection is closing: what runs now stops.
  void Cancel();

  State state() const { return state_; }
  const BoltVersion& version() const { return version_; }
  const std::string& user() const { return user_; }

 private:
  // One result a RUN opened, until its last row is pulled or discarded.
  struct OpenResult {
    int64_t qid = -1;
    QueryResult result;
    std::string type;  // "r", "w", "rw"
    std::chrono::steady_clock::time_point started;
    bool row_ahead = false;  // result.row() is read and not yet sent (has_more's look-ahead)
  };

  // Dispatch by state; each handler sends its responses.
  bool Dispatch(const BoltMessage& message);
  bool Hello(const BoltMessage& message);
  // Checks an auth token and opens the engine connection; on failure sends FAILURE and
  // makes the session DEFUNCT (false).
  bool Authenticate(const ValueMap& token);
  void Logoff();
  void Route(const BoltMessage& message);
  void Reset();
  void Run(const BoltMessage& message);
  void Begin(const BoltMessage& message);
  void Commit();
  void Rollback();
  void Pull(const BoltMessage& message, bool discard);

  // RUN's and BEGIN's `extra`: the database it names (DatabaseNotFound unless ours),
  // impersonation (refused), tx_timeout. Throws RequestError.
  void ApplyExtra(const Value& extra, bool read_mode_allowed, bool& read_mode);
  PreparedStatement& Prepared(const std::string& text, const ValueMap& parameters);
  // The open result of `qid` (-1: the last one opened), or results_.end().
  std::deque<OpenResult>::iterator FindResult(int64_t qid);
  void CloseResults();
  // Sends `pending_` (the responses so far); false when the sink is gone.
  bool Flush();

  void Success(const ValueMap& metadata);
  void Failure(std::string_view code, std::string_view message);
  // A statement failed: FAILURE with its code, the log line, FAILED.
  void Failed(const QuiverError& error, std::string_view what);
  void Ignored();

  ServerContext& server_;
  BoltVersion version_;
  std::string connection_id_;
  std::string client_address_;
  Sink& sink_;
  State state_ = State::kNegotiation;
  std::string user_;
  std::string pending_;  // responses not yet sent
  std::string scratch_;  // a record's encoding

  // The engine connection, made when the client authenticates. Guarded by mu_ against
  // Interrupt/Cancel from the network's thread (the session's thread owns it otherwise).
  std::mutex mu_;
  std::unique_ptr<Connection> connection_;
  bool cancelled_ = false;
  // RESETs that arrived (the network's thread) and that were handled (this thread):
  // while the first is ahead, the session is interrupted.
  std::atomic<uint64_t> resets_arrived_{0};
  uint64_t resets_handled_ = 0;

  std::deque<OpenResult> results_;  // STREAMING: one; TX_STREAMING: one per RUN
  int64_t next_qid_ = 0;
  std::chrono::milliseconds tx_timeout_{0};  // of the open transaction, from BEGIN
  bool tx_read_only_ = false;

  // Prepared statements by text, the most recently used first (at most kCacheSize):
  // drivers send the same statements again and again.
  static constexpr size_t kCacheSize = 64;
  // Responses are sent once this much is pending, so a PULL of many rows streams.
  static constexpr size_t kFlushBytes = 64 * 1024;
  std::list<std::pair<std::string, std::unique_ptr<PreparedStatement>>> prepared_;
  std::unordered_map<std::string, decltype(prepared_)::iterator> prepared_index_;
};

std::string_view StateName(BoltSession::State state);

}  // namespace quiver::server::bolt
