#pragma once
// quiver.Database's native side: the DatabaseCore (the engine's Database, its thread,
// its connections) and the object JavaScript holds (NativeDatabase).
//
// Lifetimes: every ConnectionCore holds its DatabaseCore, so the engine's Database
// outlives its connections however JavaScript's objects are collected. close() closes
// the connections first (each after the calls already queued on it), then the database.

#include <napi.h>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "jobs.h"
#include "quiver/database.h"

namespace quiver::node {

class ConnectionCore;

class DatabaseCore {
 public:
  // An empty path: a database in memory.
  DatabaseCore(std::string path, DatabaseOptions options) : path_(std::move(path)), options_(options) {}
  ~DatabaseCore();

  Executor& executor() { return executor_; }

  // On the database's thread.
  void Open();
  void Refresh();
  void Close();

  // Any thread: a connection to the open database (ClientError when it is not open).
  std::unique_ptr<Connection> Connect();
  // JavaScript thread: false once the database is closing.
  bool Register(const std::shared_ptr<ConnectionCore>& connection);

 private:
  const std::string path_;
  const DatabaseOptions options_;
  std::mutex mu_;                   // db_ changes on the database's thread, under mu_
  std::unique_ptr<Database> db_;    // null before Open and after Close
  bool closed_ = false;             // guarded by mu_
  std::vector<std::weak_ptr<ConnectionCore>> connections_;  // guarded by mu_
  Executor executor_;               // last: its thread ends before the rest goes
};

class NativeDatabase : public Napi::ObjectWrap<NativeDatabase> {
 public:
  static Napi::Function Define(Napi::Env env);
  // new NativeDatabase(path | null, options)
  explicit NativeDatabase(const Napi::CallbackInfo& info);

  const std::shared_ptr<DatabaseCore>& core() const { return core_; }

 private:
  Napi::Value Open(const Napi::CallbackInfo& info);
  Napi::Value Refresh(const Napi::CallbackInfo& info);
  Napi::Value Close(const Napi::CallbackInfo& info);
  Napi::Value OnThread(Napi::Env env, std::function<void(DatabaseCore&)> work);

  std::shared_ptr<DatabaseCore> core_;
};

}  // namespace quiver::node
