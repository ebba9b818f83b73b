#pragma once
// quiver.Connection's native side: the ConnectionCore — the engine's Connection, the
// thread its calls run on one after another, and the results and prepared statements
// made on it — and the object JavaScript holds (NativeConnection).
//
// Threads: the engine's Connection, its results and its statements are touched only on
// the connection's own thread (its Executor), in the order JavaScript made the calls,
// so concurrent promises on one connection queue up, and a transaction begins and ends
// on one thread. Interrupt() is the exception: Connection::Cancel() from the JavaScript
// thread, while a call runs.
//
// Results and statements are named by ids; JavaScript releases them by id (close(), or
// a FinalizationRegistry when their objects are collected). Closing the connection
// releases what is left.

#include <napi.h>

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "database.h"
#include "jobs.h"
#include "quiver/database.h"
#include "quiver/result.h"

namespace quiver::node {

// Rows read from a result on the connection's thread, for the JavaScript thread.
struct Batch {
  std::vector<std::string> columns;
  std::vector<std::vector<Value>> rows;
  bool done = false;  // no rows follow
};

class ConnectionCore {
 public:
  explicit ConnectionCore(std::shared_ptr<DatabaseCore> db) : db_(std::move(db)) {}
  // Interrupts what runs, lets the queued calls end, and closes the connection on its
  // thread. Never on that thread itself (jobs are destroyed on the JavaScript thread).
  ~ConnectionCore();

  Executor& executor() { return executor_; }
  // Queues closing the connection on its thread, after the calls queued before.
  void CloseSoon();
  // CloseSoon(), then waits for the thread to end. Idempotent; any thread but the
  // connection's own.
  void Shutdown();
  // Any thread: stops the statements running or streaming now (Connection::Cancel()).
  void Interrupt();

  // ---- on the connection's thread ----
  // The engine's connection, made at first use; ClientError/ConnectionClosed once closed.
  Connection& connection();
  void Close();
  void SetQueryTimeout(std::chrono::milliseconds timeout);
  void SetQueryMemoryLimit(uint64_t bytes);

  uint64_t AddResult(QueryResult result);
  // Up to `max` more rows (at least one unless done).
  Batch Fetch(uint64_t id, size_t max);
  // Reads and drops the rows left; the statement's summary.
  QuerySummary Summary(uint64_t id);
  void DropResult(uint64_t id);

  uint64_t AddStatement(std::unique_ptr<PreparedStatement> statement);
  PreparedStatement& statement(uint64_t id);
  void DropStatement(uint64_t id);

 private:
  struct OpenResult {
    QueryResult result;
    std::optional<std::vector<Value>> next;  // read ahead, so a batch knows whether it is the last
    bool done = false;
  };
  OpenResult& result(uint64_t id);

  const std::shared_ptr<DatabaseCore> db_;
  std::mutex connection_mu_;  // Interrupt() (JavaScript thread) against connect and close
  std::unique_ptr<Connection> connection_;
  bool closed_ = false;
  std::chrono::milliseconds timeout_{0};
  std::optional<uint64_t> memory_limit_;
  std::unordered_map<uint64_t, OpenResult> results_;
  std::unordered_map<uint64_t, std::unique_ptr<PreparedStatement>> statements_;
  uint64_t next_id_ = 1;
  Executor executor_;  // last: its thread ends before the rest goes
};

class NativeConnection : public Napi::ObjectWrap<NativeConnection> {
 public:
  static Napi::Function Define(Napi::Env env);
  // new NativeConnection(nativeDatabase)
  explicit NativeConnection(const Napi::CallbackInfo& info);

 private:
  // Promises, each run in turn on the connection's thread.
  Napi::Value Connect(const Napi::CallbackInfo& info);              // ()
  Napi::Value Query(const Napi::CallbackInfo& info);                // (text, params, batchSize)
  Napi::Value Prepare(const Napi::CallbackInfo& info);              // (text, params)
  Napi::Value Execute(const Napi::CallbackInfo& info);              // (statementId, params, batchSize)
  Napi::Value Fetch(const Napi::CallbackInfo& info);                // (resultId, max)
  Napi::Value Summary(const Napi::CallbackInfo& info);              // (resultId)
  Napi::Value Begin(const Napi::CallbackInfo& info);                // (readOnly)
  Napi::Value Commit(const Napi::CallbackInfo& info);               // ()
  Napi::Value Rollback(const Napi::CallbackInfo& info);             // ()
  Napi::Value Close(const Napi::CallbackInfo& info);                // ()
  // Queued, nothing to wait for.
  void DropResult(const Napi::CallbackInfo& info);                  // (resultId)
  void DropStatement(const Napi::CallbackInfo& info);               // (statementId)
  void SetQueryTimeout(const Napi::CallbackInfo& info);             // (ms)
  void SetQueryMemoryLimit(const Napi::CallbackInfo& info);         // (bytes)
  // At once, from the JavaScript thread.
  void Interrupt(const Napi::CallbackInfo& info);

  // A job on the connection's thread: `work` computes, `result` makes the promise's value.
  // Once the thread has ended (the connection closed), the promise is rejected with
  // ClientError/ConnectionClosed — or resolved, for close() itself.
  Napi::Value OnThread(Napi::Env env, std::function<void()> work, std::function<Napi::Value(Napi::Env)> result = {},
                       bool resolve_when_closed = false);
  // A task on the connection's thread that nobody waits for.
  void Queue(std::function<void(ConnectionCore&)> task);
  // A statement run (query or execute): its result's first batch with its columns.
  Napi::Value RunStatement(Napi::Env env, std::function<QueryResult(ConnectionCore&)> run, size_t batch_size);

  std::shared_ptr<ConnectionCore> core_;
};

}  // namespace quiver::node
