#pragma once
// The objects behind quiver.Database, Connection, PreparedStatement and QueryResult.
//
// Lifetimes. Python may drop these in any order, use them from several threads, and
// close a parent while children live, so:
//  * a child holds its parent (shared_ptr); a parent tracks its children (weak_ptr), and
//    closing it closes them first: Database::close() releases the engine — and the
//    directory lock — even when connections and results were forgotten;
//  * every engine call of a connection (its statements, its results' fetches, its
//    transaction calls) runs under the connection's `op` mutex, so two threads sharing
//    a connection wait for each other instead of racing, and close() waits for the call
//    running now (after cancelling it);
//  * a closed object raises quiver.ClientError (detail ConnectionClosed, ...), never
//    touches freed memory.
// Every method is called with the GIL held; engine work runs with it released
// (interruptible.h).

#include <pybind11/pybind11.h>

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "quiver/database.h"

#include "interruptible.h"

namespace quiver::python {

class ConnectionCore;
class PreparedCore;

class DatabaseCore : public std::enable_shared_from_this<DatabaseCore> {
 public:
  // `path` empty: in memory.
  static std::shared_ptr<DatabaseCore> Open(const std::string& path, const DatabaseOptions& options);
  ~DatabaseCore();

  std::shared_ptr<ConnectionCore> Connect();
  void Refresh();
  void Close();
  bool closed();
  // A prepared statement lives no longer than the database it was planned on.
  void Track(const std::shared_ptr<PreparedCore>& prepared);

 private:
  DatabaseCore() = default;
  Database& Get();  // under mu_; ClientError when closed

  std::mutex mu_;  // held by Close() while it closes the connections
  std::unique_ptr<Database> db_;                             // guarded by mu_
  std::vector<std::weak_ptr<ConnectionCore>> connections_;  // guarded by mu_
  // Prepared statements are tracked by a connection's Prepare() under its op lock,
  // which Close() may be waiting for: their own mutex, never held across a wait.
  std::mutex children_mu_;
  std::vector<std::weak_ptr<PreparedCore>> prepared_;  // guarded by children_mu_
  bool open_ = true;                                   // guarded by children_mu_
};

class PreparedCore {
 public:
  PreparedCore(std::shared_ptr<DatabaseCore> db, std::unique_ptr<PreparedStatement> statement);
  // The statement for one execution (kept alive by it); ClientError once closed.
  std::shared_ptr<PreparedStatement> Get();
  std::string text();
  std::vector<std::string> columns();
  std::vector<std::string> column_types();
  bool read_only();
  void Close();
  bool closed();

 private:
  std::shared_ptr<DatabaseCore> db_;
  std::mutex mu_;
  std::shared_ptr<PreparedStatement> statement_;  // guarded by mu_
};

class ResultCore;

class ConnectionCore : public std::enable_shared_from_this<ConnectionCore> {
 public:
  ConnectionCore(std::shared_ptr<DatabaseCore> db, std::unique_ptr<Connection> connection);
  ~ConnectionCore();

  std::shared_ptr<ResultCore> Query(const std::string& text, const ValueMap& parameters);
  std::shared_ptr<ResultCore> Execute(PreparedCore& prepared, const ValueMap& parameters);
  std::shared_ptr<PreparedCore> Prepare(const std::string& text, const ValueMap& parameters);
  void Begin(bool read_only);
  void Commit();
  void Rollback();
  bool InTransaction();
  // From any thread: Connection::Cancel.
  void Interrupt();
  void SetQueryTimeout(int64_t milliseconds);
  void SetQueryMemoryLimit(uint64_t bytes);
  uint64_t query_memory_limit();
  void Close();
  bool closed();

  // For results: the connection's engine calls, one at a time.
  class Op {
   public:
    // ClientError when the connection is closed, unless !require_open (results close
    // themselves after their connection did).
    explicit Op(ConnectionCore& core, bool require_open = true);
    Connection& connection() { return *core_.connection_; }
    // Runs `work` released and interruptible (interruptible.h).
    template <typename F>
    auto Run(F&& work) {
      return RunReleased(core_.worker_, [this] { core_.Interrupt(); }, std::forward<F>(work));
    }

   private:
    ConnectionCore& core_;
    std::unique_lock<std::mutex> lock_;
  };

 private:
  std::shared_ptr<ResultCore> Track(QueryResult result);

  std::shared_ptr<DatabaseCore> db_;
  std::mutex op_;    // held for each engine call; see the header comment
  std::mutex life_;  // guards connection_ for Interrupt() against Close() (taken after op_)
  std::unique_ptr<Connection> connection_;          // guarded by op_ and life_ to change
  std::vector<std::weak_ptr<ResultCore>> results_;  // guarded by op_
  std::optional<Worker> worker_;                    // guarded by op_
  bool closed_ = false;                             // guarded by op_
};

class ResultCore {
 public:
  ResultCore(std::shared_ptr<ConnectionCore> connection, QueryResult result);
  ~ResultCore();

  const std::vector<std::string>& columns() const { return columns_; }
  std::vector<std::string> column_types() const;
  bool HasNext();
  // The next row as a list; StopIteration (for __next__) or IndexError at the end.
  pybind11::list Next(bool for_iterator);
  // Every row left.
  pybind11::list All();
  // Rows in all: those read so far and those left (which it reads into memory).
  uint64_t NumTuples();
  // Reads what is left (dropping the rows nobody read) and returns the summary.
  pybind11::dict Summary();
  void Close();
  bool closed() const { return closed_; }

  // Called by the connection, which holds its op lock, when it closes.
  void CloseEngineResult();

 private:
  // Reads up to kChunkRows more rows onto rows_, unless rows are left to read and not
  // `more`; notes the end and the summary.
  void Fill(bool more);
  [[noreturn]] void ThrowClosed() const;

  std::shared_ptr<ConnectionCore> connection_;
  std::vector<std::string> columns_;
  std::vector<ColumnType> types_;
  // The engine's result; guarded by the connection's op lock. Null once closed.
  std::unique_ptr<QueryResult> result_;
  // Fetched rows, only touched with the GIL held.
  std::vector<std::vector<Value>> rows_;
  size_t next_ = 0;
  uint64_t passed_ = 0;  // rows handed out
  bool exhausted_ = false;
  bool closed_ = false;
  std::optional<QuerySummary> summary_;
  std::optional<QuiverError> failure_;  // what stopped the stream, raised again
};

}  // namespace quiver::python
