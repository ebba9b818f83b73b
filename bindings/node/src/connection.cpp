#include "connection.h"

#include <cctype>
#include <sstream>

#include "quiver/plan_tree.h"
#include "values.h"

namespace quiver::node {

namespace {

ErrorInfo ConnectionClosed() {
  return ErrorInfo::Closed("ConnectionClosed", "the connection is closed");
}

[[noreturn]] void ThrowClosed(const char* detail, const char* what) {
  throw ClientError(detail, what);
}

// BEGIN [TRANSACTION] [READ ONLY], COMMIT [TRANSACTION], ROLLBACK [TRANSACTION] — the
// transaction statements query() accepts as text (the engine's Query takes Cypher
// only), in any case, with a final ';'. Runs `text` when it is one; false otherwise.
bool RunTransactionStatement(Connection& connection, std::string_view text) {
  std::string upper;
  for (char c : text) upper.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  while (!upper.empty() && (std::isspace(static_cast<unsigned char>(upper.back())) || upper.back() == ';')) {
    upper.pop_back();
  }
  std::istringstream in(upper);
  std::vector<std::string> words;
  for (std::string word; in >> word;) words.push_back(word);
  if (words.empty() || words.size() > 4) return false;
  const size_t rest = words.size() > 1 && words[1] == "TRANSACTION" ? 2 : 1;  // after [TRANSACTION]
  if (words[0] == "BEGIN" && words.size() == rest) {
    connection.Begin(TransactionMode::kReadWrite);
  } else if (words[0] == "BEGIN" && words.size() == rest + 2 && words[rest] == "READ" && words[rest + 1] == "ONLY") {
    connection.Begin(TransactionMode::kReadOnly);
  } else if (words[0] == "COMMIT" && words.size() == rest) {
    connection.Commit();
  } else if (words[0] == "ROLLBACK" && words.size() == rest) {
    connection.Rollback();
  } else {
    return false;
  }
  return true;
}

// The statement's result, or an empty one for a transaction statement.
QueryResult RunText(Connection& connection, const std::string& text, const ValueMap& parameters) {
  if (RunTransactionStatement(connection, text)) return QueryResult();
  return connection.Query(text, parameters);
}

Napi::Array ColumnTypesToJs(Napi::Env env, const std::vector<ColumnType>& types) {
  Napi::Array out = Napi::Array::New(env, types.size());
  for (size_t i = 0; i < types.size(); ++i) out.Set(i, Napi::String::New(env, std::string(ColumnTypeName(types[i]))));
  return out;
}

Napi::Array StringsToJs(Napi::Env env, const std::vector<std::string>& strings) {
  Napi::Array out = Napi::Array::New(env, strings.size());
  for (size_t i = 0; i < strings.size(); ++i) out.Set(i, Napi::String::New(env, strings[i]));
  return out;
}

// EXPLAIN's and PROFILE's plan: {operatorType, details, identifiers, estimatedRows (or
// null), profiled, rows, dbHits, timeNs (or null), note, children}.
Napi::Value PlanToJs(Napi::Env env, const PlanOperator& plan) {
  return ConvertPlan<Napi::Value>(plan, [env](const PlanOperator& op, std::vector<Napi::Value> children) {
    Napi::Object out = Napi::Object::New(env);
    out.Set("operatorType", Napi::String::New(env, op.operator_type));
    out.Set("details", Napi::String::New(env, op.details));
    Napi::Array identifiers = Napi::Array::New(env, op.identifiers.size());
    for (size_t i = 0; i < op.identifiers.size(); ++i) identifiers.Set(i, Napi::String::New(env, op.identifiers[i]));
    out.Set("identifiers", identifiers);
    out.Set("estimatedRows", op.estimated_rows ? Napi::Number::New(env, *op.estimated_rows) : env.Null());
    out.Set("profiled", Napi::Boolean::New(env, op.profiled));
    out.Set("rows", UnsignedToJs(env, op.rows));
    out.Set("dbHits", UnsignedToJs(env, op.db_hits));
    out.Set("timeNs", op.time ? Napi::Number::New(env, static_cast<double>(op.time->count())) : env.Null());
    out.Set("note", Napi::String::New(env, op.note));
    Napi::Array inputs = Napi::Array::New(env, children.size());
    for (size_t i = 0; i < children.size(); ++i) inputs.Set(i, children[i]);
    out.Set("children", inputs);
    return out;
  });
}

Napi::Object SummaryToJs(Napi::Env env, const QuerySummary& summary) {
  const UpdateCounters& c = summary.counters;
  Napi::Object counters = Napi::Object::New(env);
  counters.Set("nodesCreated", UnsignedToJs(env, c.nodes_created));
  counters.Set("nodesDeleted", UnsignedToJs(env, c.nodes_deleted));
  counters.Set("relationshipsCreated", UnsignedToJs(env, c.relationships_created));
  counters.Set("relationshipsDeleted", UnsignedToJs(env, c.relationships_deleted));
  counters.Set("propertiesSet", UnsignedToJs(env, c.properties_set));
  counters.Set("labelsAdded", UnsignedToJs(env, c.labels_added));
  counters.Set("labelsRemoved", UnsignedToJs(env, c.labels_removed));
  counters.Set("indexesAdded", UnsignedToJs(env, c.indexes_added));
  counters.Set("indexesRemoved", UnsignedToJs(env, c.indexes_removed));
  counters.Set("constraintsAdded", UnsignedToJs(env, c.constraints_added));
  counters.Set("constraintsRemoved", UnsignedToJs(env, c.constraints_removed));
  Napi::Object out = Napi::Object::New(env);
  out.Set("rows", UnsignedToJs(env, summary.rows));
  out.Set("elapsedMs", Napi::Number::New(env, static_cast<double>(summary.elapsed.count()) / 1e6));
  out.Set("counters", counters);
  out.Set("containsUpdates", Napi::Boolean::New(env, c.ContainsUpdates()));
  out.Set("countersText", Napi::String::New(env, c.ToString()));
  out.Set("peakMemoryBytes", UnsignedToJs(env, summary.peak_memory_bytes));
  out.Set("notifications", ToJs(env, NotificationsAsValue(summary.notifications)));
  out.Set("plan", summary.plan ? PlanToJs(env, *summary.plan) : env.Null());
  out.Set("planText", summary.plan ? Napi::String::New(env, FormatPlan(*summary.plan)) : env.Null());
  return out;
}

// {rows, done}
Napi::Object BatchToJs(Napi::Env env, const Batch& batch) {
  Napi::Object out = Napi::Object::New(env);
  out.Set("rows", RowsToJs(env, batch.columns, batch.rows));
  out.Set("done", Napi::Boolean::New(env, batch.done));
  return out;
}

uint64_t IdArgument(const Napi::CallbackInfo& info, size_t index) {
  return static_cast<uint64_t>(ToInteger(info.Env(), info[index], "id", 1, INT64_MAX));
}

size_t BatchSizeArgument(const Napi::CallbackInfo& info, size_t index) {
  return static_cast<size_t>(ToInteger(info.Env(), info[index], "batch size", 1, 1 << 30));
}

std::string TextArgument(const Napi::CallbackInfo& info) {
  if (!info[0].IsString()) throw Napi::TypeError::New(info.Env(), "the statement must be a string");
  return info[0].As<Napi::String>().Utf8Value();
}

}  // namespace

// ---- ConnectionCore ---------------------------------------------------------------------

ConnectionCore::~ConnectionCore() {
  Interrupt();
  Shutdown();
}

void ConnectionCore::CloseSoon() {
  executor_.Submit([this] { Close(); });  // refused when stopped: Close ran before the stop
}

void ConnectionCore::Shutdown() {
  CloseSoon();
  executor_.Stop();
}

void ConnectionCore::Interrupt() {
  std::lock_guard lock(connection_mu_);
  if (connection_) connection_->Cancel();
}

Connection& ConnectionCore::connection() {
  if (closed_) ThrowClosed("ConnectionClosed", "the connection is closed");
  if (!connection_) {
    std::unique_ptr<Connection> connection = db_->Connect();
    connection->SetQueryTimeout(timeout_);
    if (memory_limit_) connection->SetQueryMemoryLimit(*memory_limit_);
    std::lock_guard lock(connection_mu_);
    connection_ = std::move(connection);
  }
  return *connection_;
}

void ConnectionCore::Close() {
  closed_ = true;
  results_.clear();     // a result stops its statement and lets go of its snapshot
  statements_.clear();
  std::unique_ptr<Connection> connection;
  {
    std::lock_guard lock(connection_mu_);
    connection = std::move(connection_);
  }
  // Destroyed here, on the connection's thread: an open transaction rolls back.
}

void ConnectionCore::SetQueryTimeout(std::chrono::milliseconds timeout) {
  timeout_ = timeout;
  if (connection_) connection_->SetQueryTimeout(timeout);
}

void ConnectionCore::SetQueryMemoryLimit(uint64_t bytes) {
  memory_limit_ = bytes;
  if (connection_) connection_->SetQueryMemoryLimit(bytes);
}

uint64_t ConnectionCore::AddResult(QueryResult result) {
  const uint64_t id = next_id_++;
  results_.emplace(id, OpenResult{std::move(result), std::nullopt, false});
  return id;
}

ConnectionCore::OpenResult& ConnectionCore::result(uint64_t id) {
  if (closed_) ThrowClosed("ConnectionClosed", "the connection is closed");
  auto it = results_.find(id);
  if (it == results_.end()) ThrowClosed("ResultClosed", "the result is closed");
  return it->second;
}

Batch ConnectionCore::Fetch(uint64_t id, size_t max) {
  OpenResult& open = result(id);
  Batch batch;
  batch.columns = open.result.columns();
  if (open.done) {
    batch.done = true;
    return batch;
  }
  try {
    if (open.next) batch.rows.push_back(std::move(*open.next));
    open.next.reset();
    while (batch.rows.size() < max && open.result.Next()) batch.rows.push_back(open.result.row());
    if (batch.rows.size() == max && open.result.Next()) {
      open.next = open.result.row();
    } else {
      open.done = true;
    }
  } catch (...) {
    open.done = true;  // the statement failed: its error is this call's
    throw;
  }
  batch.done = open.done;
  return batch;
}

QuerySummary ConnectionCore::Summary(uint64_t id) {
  OpenResult& open = result(id);
  open.next.reset();
  open.done = true;
  return open.result.summary();
}

void ConnectionCore::DropResult(uint64_t id) {
  results_.erase(id);
}

uint64_t ConnectionCore::AddStatement(std::unique_ptr<PreparedStatement> statement) {
  const uint64_t id = next_id_++;
  statements_.emplace(id, std::move(statement));
  return id;
}

PreparedStatement& ConnectionCore::statement(uint64_t id) {
  if (closed_) ThrowClosed("ConnectionClosed", "the connection is closed");
  auto it = statements_.find(id);
  if (it == statements_.end()) ThrowClosed("StatementClosed", "the prepared statement is closed");
  return *it->second;
}

void ConnectionCore::DropStatement(uint64_t id) {
  statements_.erase(id);
}

// ---- NativeConnection -------------------------------------------------------------------

Napi::Function NativeConnection::Define(Napi::Env env) {
  return DefineClass(env, "NativeConnection",
                     {InstanceMethod<&NativeConnection::Connect>("connect"),
                      InstanceMethod<&NativeConnection::Query>("query"),
                      InstanceMethod<&NativeConnection::Prepare>("prepare"),
                      InstanceMethod<&NativeConnection::Execute>("execute"),
                      InstanceMethod<&NativeConnection::Fetch>("fetch"),
                      InstanceMethod<&NativeConnection::Summary>("summary"),
                      InstanceMethod<&NativeConnection::Begin>("begin"),
                      InstanceMethod<&NativeConnection::Commit>("commit"),
                      InstanceMethod<&NativeConnection::Rollback>("rollback"),
                      InstanceMethod<&NativeConnection::Close>("close"),
                      InstanceMethod<&NativeConnection::DropResult>("dropResult"),
                      InstanceMethod<&NativeConnection::DropStatement>("dropStatement"),
                      InstanceMethod<&NativeConnection::SetQueryTimeout>("setQueryTimeout"),
                      InstanceMethod<&NativeConnection::SetQueryMemoryLimit>("setQueryMemoryLimit"),
                      InstanceMethod<&NativeConnection::Interrupt>("interrupt")});
}

NativeConnection::NativeConnection(const Napi::CallbackInfo& info) : Napi::ObjectWrap<NativeConnection>(info) {
  Napi::Env env = info.Env();
  if (!info[0].IsObject()) throw Napi::TypeError::New(env, "new Connection(database): database is missing");
  NativeDatabase* database = NativeDatabase::Unwrap(info[0].As<Napi::Object>());
  core_ = std::make_shared<ConnectionCore>(database->core());
  if (!database->core()->Register(core_)) {
    ThrowError(env, ErrorInfo::Closed("DatabaseClosed", "the database is closed"));
  }
}

Napi::Value NativeConnection::OnThread(Napi::Env env, std::function<void()> work,
                                       std::function<Napi::Value(Napi::Env)> result, bool resolve_when_closed) {
  // The result function holds the core, so the last reference to it never goes on the
  // connection's own thread.
  auto job = std::make_unique<FunctionJob>(env, std::move(work),
                                           [core = core_, result = std::move(result)](Napi::Env env) {
                                             return result ? result(env) : env.Undefined();
                                           });
  return Dispatch(env, core_->executor(), std::move(job),
                  resolve_when_closed ? std::nullopt : std::optional<ErrorInfo>(ConnectionClosed()));
}

void NativeConnection::Queue(std::function<void(ConnectionCore&)> task) {
  ConnectionCore* core = core_.get();  // valid: the core stops its thread before it goes
  core_->executor().Submit([core, task = std::move(task)] {
    try {
      task(*core);
    } catch (...) {  // nobody waits for it: a closed connection has nothing to release
    }
  });
}

Napi::Value NativeConnection::Connect(const Napi::CallbackInfo& info) {
  ConnectionCore* core = core_.get();
  return OnThread(info.Env(), [core] { core->connection(); });
}

Napi::Value NativeConnection::RunStatement(Napi::Env env, std::function<QueryResult(ConnectionCore&)> run,
                                           size_t batch_size) {
  struct Out {
    uint64_t id = 0;
    std::vector<ColumnType> types;
    Batch first;
  };
  auto out = std::make_shared<Out>();
  ConnectionCore* core = core_.get();
  auto work = [core, out, run = std::move(run), batch_size] {
    QueryResult result = run(*core);
    out->types = result.column_types();
    out->id = core->AddResult(std::move(result));
    try {
      out->first = core->Fetch(out->id, batch_size);
    } catch (...) {
      core->DropResult(out->id);
      throw;
    }
  };
  return OnThread(env, std::move(work), [out](Napi::Env env) -> Napi::Value {
    Napi::Object info = BatchToJs(env, out->first);
    info.Set("id", Napi::Number::New(env, static_cast<double>(out->id)));
    info.Set("columns", StringsToJs(env, out->first.columns));
    info.Set("types", ColumnTypesToJs(env, out->types));
    return info;
  });
}

Napi::Value NativeConnection::Query(const Napi::CallbackInfo& info) {
  std::string text = TextArgument(info);
  ValueMap parameters = ToParameters(info.Env(), info[1]);
  return RunStatement(
      info.Env(),
      [text = std::move(text), parameters = std::move(parameters)](ConnectionCore& core) {
        return RunText(core.connection(), text, parameters);
      },
      BatchSizeArgument(info, 2));
}

Napi::Value NativeConnection::Prepare(const Napi::CallbackInfo& info) {
  struct Out {
    uint64_t id = 0;
    std::vector<std::string> columns;
    std::vector<ColumnType> types;
    bool read_only = false;
  };
  std::string text = TextArgument(info);
  ValueMap parameters = ToParameters(info.Env(), info[1]);
  auto out = std::make_shared<Out>();
  ConnectionCore* core = core_.get();
  auto work = [core, out, text = std::move(text), parameters = std::move(parameters)] {
    std::unique_ptr<PreparedStatement> statement = core->connection().Prepare(text, parameters);
    out->columns = statement->columns();
    out->types = statement->column_types();
    out->read_only = statement->read_only();
    out->id = core->AddStatement(std::move(statement));
  };
  return OnThread(info.Env(), std::move(work), [out](Napi::Env env) -> Napi::Value {
    Napi::Object result = Napi::Object::New(env);
    result.Set("id", Napi::Number::New(env, static_cast<double>(out->id)));
    result.Set("columns", StringsToJs(env, out->columns));
    result.Set("types", ColumnTypesToJs(env, out->types));
    result.Set("readOnly", Napi::Boolean::New(env, out->read_only));
    return result;
  });
}

Napi::Value NativeConnection::Execute(const Napi::CallbackInfo& info) {
  const uint64_t id = IdArgument(info, 0);
  ValueMap parameters = ToParameters(info.Env(), info[1]);
  return RunStatement(
      info.Env(),
      [id, parameters = std::move(parameters)](ConnectionCore& core) {
        return core.connection().Execute(core.statement(id), parameters);
      },
      BatchSizeArgument(info, 2));
}

Napi::Value NativeConnection::Fetch(const Napi::CallbackInfo& info) {
  const uint64_t id = IdArgument(info, 0);
  const size_t max = BatchSizeArgument(info, 1);
  auto batch = std::make_shared<Batch>();
  ConnectionCore* core = core_.get();
  return OnThread(
      info.Env(), [core, id, max, batch] { *batch = core->Fetch(id, max); },
      [batch](Napi::Env env) -> Napi::Value { return BatchToJs(env, *batch); });
}

Napi::Value NativeConnection::Summary(const Napi::CallbackInfo& info) {
  const uint64_t id = IdArgument(info, 0);
  auto summary = std::make_shared<QuerySummary>();
  ConnectionCore* core = core_.get();
  return OnThread(
      info.Env(), [core, id, summary] { *summary = core->Summary(id); },
      [summary](Napi::Env env) -> Napi::Value { return SummaryToJs(env, *summary); });
}

Napi::Value NativeConnection::Begin(const Napi::CallbackInfo& info) {
  const TransactionMode mode = info[0].ToBoolean() ? TransactionMode::kReadOnly : TransactionMode::kReadWrite;
  ConnectionCore* core = core_.get();
  return OnThread(info.Env(), [core, mode] { core->connection().Begin(mode); });
}

Napi::Value NativeConnection::Commit(const Napi::CallbackInfo& info) {
  ConnectionCore* core = core_.get();
  return OnThread(info.Env(), [core] { core->connection().Commit(); });
}

Napi::Value NativeConnection::Rollback(const Napi::CallbackInfo& info) {
  ConnectionCore* core = core_.get();
  return OnThread(info.Env(), [core] { core->connection().Rollback(); });
}

Napi::Value NativeConnection::Close(const Napi::CallbackInfo& info) {
  ConnectionCore* core = core_.get();
  // Once closed, the thread has nothing left to do: end it (at once: it is idle).
  return OnThread(
      info.Env(), [core] { core->Close(); },
      [core = core_](Napi::Env env) -> Napi::Value {
        core->executor().Stop();
        return env.Undefined();
      },
      true);
}

void NativeConnection::DropResult(const Napi::CallbackInfo& info) {
  const uint64_t id = IdArgument(info, 0);
  Queue([id](ConnectionCore& core) { core.DropResult(id); });
}

void NativeConnection::DropStatement(const Napi::CallbackInfo& info) {
  const uint64_t id = IdArgument(info, 0);
  Queue([id](ConnectionCore& core) { core.DropStatement(id); });
}

void NativeConnection::SetQueryTimeout(const Napi::CallbackInfo& info) {
  const std::chrono::milliseconds timeout(ToInteger(info.Env(), info[0], "the timeout (ms)", 0, INT64_MAX / 1'000'000));
  Queue([timeout](ConnectionCore& core) { core.SetQueryTimeout(timeout); });
}

void NativeConnection::SetQueryMemoryLimit(const Napi::CallbackInfo& info) {
  const auto bytes = static_cast<uint64_t>(ToInteger(info.Env(), info[0], "the memory limit (bytes)", 0, INT64_MAX));
  Queue([bytes](ConnectionCore& core) { core.SetQueryMemoryLimit(bytes); });
}

void NativeConnection::Interrupt(const Napi::CallbackInfo&) {
  core_->Interrupt();
}

}  // namespace quiver::node
