#include "database.h"

#include "connection.h"
#include "values.h"

namespace quiver::node {

namespace {

ErrorInfo DatabaseClosed() {
  return ErrorInfo::Closed("DatabaseClosed", "the database is closed");
}

std::optional<uint64_t> OptionalBytes(Napi::Env env, Napi::Object options, const char* name) {
  Napi::Value value = options.Get(name);
  if (value.IsUndefined() || value.IsNull()) return std::nullopt;
  return static_cast<uint64_t>(ToInteger(env, value, name, 0, INT64_MAX));
}

// The options object of new quiver.Database(path, options) (index.d.ts, DatabaseOptions).
DatabaseOptions ReadOptions(Napi::Env env, Napi::Value value) {
  DatabaseOptions options;
  if (value.IsUndefined() || value.IsNull()) return options;
  if (!value.IsObject()) throw Napi::TypeError::New(env, "the database options must be an object");
  auto object = value.As<Napi::Object>();
  options.read_only = object.Get("readOnly").ToBoolean();
  if (Napi::Value create = object.Get("createIfMissing"); !create.IsUndefined()) {
    options.create_if_missing = create.ToBoolean();
  }
  options.memory_budget = OptionalBytes(env, object, "memoryBudget");
  options.query_memory_limit = OptionalBytes(env, object, "queryMemoryLimit");
  if (Napi::Value workers = object.Get("workers"); !workers.IsUndefined() && !workers.IsNull()) {
    options.query_workers = static_cast<uint32_t>(ToInteger(env, workers, "workers", 0, 1024));
  }
  if (Napi::Value durability = object.Get("durability"); !durability.IsUndefined() && !durability.IsNull()) {
    const std::string name = durability.IsString() ? durability.As<Napi::String>().Utf8Value() : "";
    if (name == "durable") {
      options.durability = Durability::kDurable;
    } else if (name == "async") {
      options.durability = Durability::kAsync;
    } else {
      throw Napi::TypeError::New(env, "durability must be 'durable' or 'async'");
    }
  }
  return options;
}

}  // namespace

DatabaseCore::~DatabaseCore() {
  executor_.Stop();
  db_.reset();  // not closed by close(): the last of its objects was collected
}

void DatabaseCore::Open() {
  {
    std::lock_guard lock(mu_);
    if (closed_) throw ClientError("DatabaseClosed", "the database is closed");
    if (db_) return;
  }
  std::unique_ptr<Database> db = path_.empty() ? Database::OpenInMemory(options_) : Database::Open(path_, options_);
  std::lock_guard lock(mu_);
  db_ = std::move(db);
}

void DatabaseCore::Refresh() {
  if (!db_) throw ClientError("DatabaseClosed", "the database is closed");
  db_->Refresh();
}

void DatabaseCore::Close() {
  std::vector<std::shared_ptr<ConnectionCore>> open;
  {
    std::lock_guard lock(mu_);
    closed_ = true;
    for (const auto& weak : connections_) {
      if (auto connection = weak.lock()) open.push_back(std::move(connection));
    }
    connections_.clear();
  }
  // Every connection's close queued first: one waiting for the writer behind another's
  // transaction goes on once that one has closed (rolling back).
  for (const auto& connection : open) connection->CloseSoon();
  for (const auto& connection : open) connection->Shutdown();
  open.clear();
  std::unique_ptr<Database> db;
  {
    std::lock_guard lock(mu_);
    db = std::move(db_);
  }
}

std::unique_ptr<Connection> DatabaseCore::Connect() {
  std::lock_guard lock(mu_);
  if (closed_) throw ClientError("DatabaseClosed", "the database is closed");
  if (!db_) throw ClientError("DatabaseNotOpen", "the database is not open yet");
  return db_->Connect();
}

bool DatabaseCore::Register(const std::shared_ptr<ConnectionCore>& connection) {
  std::lock_guard lock(mu_);
  if (closed_) return false;
  std::erase_if(connections_, [](const auto& weak) { return weak.expired(); });
  connections_.push_back(connection);
  return true;
}

Napi::Function NativeDatabase::Define(Napi::Env env) {
  return DefineClass(env, "NativeDatabase",
                     {InstanceMethod<&NativeDatabase::Open>("open"), InstanceMethod<&NativeDatabase::Refresh>("refresh"),
                      InstanceMethod<&NativeDatabase::Close>("close")});
}

NativeDatabase::NativeDatabase(const Napi::CallbackInfo& info) : Napi::ObjectWrap<NativeDatabase>(info) {
  Napi::Env env = info.Env();
  std::string path;
  if (info[0].IsString()) {
    path = info[0].As<Napi::String>().Utf8Value();
    if (path == ":memory:") path.clear();
    else if (path.empty()) throw Napi::TypeError::New(env, "the database path is empty (':memory:' or undefined: in memory)");
  } else if (!info[0].IsUndefined() && !info[0].IsNull()) {
    throw Napi::TypeError::New(env, "the database path must be a string");
  }
  core_ = std::make_shared<DatabaseCore>(std::move(path), ReadOptions(env, info[1]));
}

Napi::Value NativeDatabase::OnThread(Napi::Env env, std::function<void(DatabaseCore&)> work) {
  // The job holds the core: it is destroyed on this thread, never on the core's own.
  auto job = std::make_unique<FunctionJob>(env, [core = core_, work = std::move(work)] { work(*core); });
  return Dispatch(env, core_->executor(), std::move(job), DatabaseClosed());
}

Napi::Value NativeDatabase::Open(const Napi::CallbackInfo& info) {
  return OnThread(info.Env(), [](DatabaseCore& core) { core.Open(); });
}

Napi::Value NativeDatabase::Refresh(const Napi::CallbackInfo& info) {
  return OnThread(info.Env(), [](DatabaseCore& core) { core.Refresh(); });
}

Napi::Value NativeDatabase::Close(const Napi::CallbackInfo& info) {
  return OnThread(info.Env(), [](DatabaseCore& core) { core.Close(); });
}

}  // namespace quiver::node
