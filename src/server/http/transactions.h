#pragma once
// The HTTP endpoint's explicit transactions (POST /db/{name}/tx opens one; docs/web.md):
// each holds an engine connection across requests, until a request commits it, a DELETE
// rolls it back, or it stays idle past its timeout and the reaper rolls it back.
//
// A transaction begins in the engine lazily, at the first request that runs statements:
// when that request also commits and every statement only reads, it is a read-only
// transaction (a snapshot; no writer's lock), else a read-write one. So the web view's
// "open, then run and commit" holds the writer's lock only for statements that write.
//
// One request at a time runs in a transaction (`run_mutex`); a DELETE may arrive while
// one runs: it marks the transaction terminated and cancels the running statement; the
// request then rolls back instead of committing.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "quiver/database.h"
#include "server/server_log.h"

namespace quiver::server::http {

using Clock = std::chrono::steady_clock;

struct HttpTransaction {
  enum class State { kOpen, kCommitting, kTerminated };

  uint64_t id = 0;
  std::string user;  // only its user may use it
  std::unique_ptr<Connection> connection;
  std::mutex run_mutex;  // held by the request that runs statements in it
  bool begun = false;    // the engine transaction is open (guarded by run_mutex)

  // Guarded by the registry's mutex.
  State state = State::kOpen;
  Clock::time_point expires;
};

class TransactionRegistry {
 public:
  TransactionRegistry(Database& database, ServerLog& log, std::chrono::milliseconds idle_timeout,
                      size_t max_open);
  ~TransactionRegistry();  // stops the reaper; rolls back what is open

  std::chrono::milliseconds idle_timeout() const { return idle_timeout_; }

  // A new transaction of `user`; nullptr when `max_open` are open already.
  std::shared_ptr<HttpTransaction> Open(const std::string& user);
  // The open transaction `id` of `user`; nullptr when there is none (or it is another
  // user's, or it is ending).
  std::shared_ptr<HttpTransaction> Find(uint64_t id, const std::string& user);
  // Pushes the idle deadline out by the timeout; the new deadline, as the system clock.
  std::chrono::system_clock::time_point Touch(HttpTransaction& tx);
  // Marks `tx` committing; false when a DELETE terminated it first.
  bool BeginCommit(HttpTransaction& tx);
  // DELETE: marks `tx` terminated and cancels what runs in it. False when it is already
  // committing (too late to roll back).
  bool Terminate(HttpTransaction& tx);
  bool Terminated(HttpTransaction& tx);
  // Forgets `tx` (its request committed or rolled it back).
  void Remove(const HttpTransaction& tx);

  // Connections running an auto-commit request, so that Stop can cancel them.
  void Track(Connection* running);
  void Untrack(Connection* running);
  // Shutdown: cancels every running statement and rolls back every idle transaction.
  void CancelAll();

  size_t open_count();

 private:
  void Reap();
  // Rolls back an idle `tx` (the caller holds its run_mutex) and forgets it.
  void RollBackIdle(HttpTransaction& tx, const char* why);

  Database& database_;
  ServerLog& log_;
  const std::chrono::milliseconds idle_timeout_;
  const size_t max_open_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;
  uint64_t next_id_ = 1;
  std::map<uint64_t, std::shared_ptr<HttpTransaction>> open_;
  std::set<Connection*> running_;
  std::thread reaper_;
};

}  // namespace quiver::server::http
