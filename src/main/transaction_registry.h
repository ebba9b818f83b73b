#pragma once
// TransactionRegistry: the transactions open on one database, across its connections —
// what SHOW TRANSACTIONS lists and TERMINATE TRANSACTIONS stops (main/dbms_procedures.cpp).
//
// A record lives as long as its transaction: an auto-commit statement's record is owned
// through the statement's interrupt (RunControl::interrupt aliases it), so a streaming
// result stays listed until it is read or closed; an explicit transaction's record is
// held by the connection from Begin to Commit or Rollback. The registry keeps weak
// references, so it never extends a transaction's life.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "exec/interrupt.h"

namespace quiver::main {

class TransactionRecord {
 public:
  TransactionRecord(uint64_t id, std::string user, bool explicit_transaction)
      : id_(id), user_(std::move(user)), explicit_(explicit_transaction) {}

  uint64_t id() const { return id_; }
  const std::string& user() const { return user_; }
  bool explicit_transaction() const { return explicit_; }
  std::chrono::system_clock::time_point started_at() const { return started_at_; }
  std::chrono::steady_clock::time_point started() const { return started_; }
  // An auto-commit statement's interrupt (the record's owner holds it).
  exec::Interrupt& interrupt() { return interrupt_; }

  // The statement running now (an explicit transaction's latest), and its interrupt.
  void SetStatement(std::string query, std::weak_ptr<exec::Interrupt> interrupt);
  struct Current {
    std::string query;
    bool running = false;  // a statement is running or streaming
  };
  Current current() const;

  // Stops the running statement (QueryInterrupted/Cancelled) and, for an explicit
  // transaction, makes its next statement or commit fail. Any thread.
  void Terminate();
  // Whether `interrupt` is the one of this transaction's running statement (how a
  // procedure finds the transaction, and so the user, it runs in).
  bool Runs(const exec::Interrupt* interrupt) const;
  bool terminated() const { return terminated_.load(std::memory_order_relaxed); }

 private:
  const uint64_t id_;
  const std::string user_;
  const bool explicit_;
  const std::chrono::system_clock::time_point started_at_ = std::chrono::system_clock::now();
  const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  exec::Interrupt interrupt_;
  std::atomic<bool> terminated_{false};
  mutable std::mutex mu_;  // guards the two below
  std::string query_;
  std::weak_ptr<exec::Interrupt> statement_;
};

class TransactionRegistry {
 public:
  // A new record, listed until the last reference to it goes.
  std::shared_ptr<TransactionRecord> Start(std::string user, bool explicit_transaction);
  // The live records, oldest first.
  std::vector<std::shared_ptr<TransactionRecord>> List() const;
  // The live record with that id, or null.
  std::shared_ptr<TransactionRecord> Find(uint64_t id) const;
  // The live record whose running statement has `interrupt`, or null.
  std::shared_ptr<TransactionRecord> FindRunning(const exec::Interrupt* interrupt) const;

 private:
  mutable std::mutex mu_;
  uint64_t next_id_ = 1;
  mutable std::vector<std::weak_ptr<TransactionRecord>> records_;  // expired ones pruned as found
};

}  // namespace quiver::main
