#include "session.h"

#include <algorithm>
#include <chrono>
#include <utility>

#include "errors.h"
#include "quiver/plan_tree.h"
#include "values.h"

namespace py = pybind11;

namespace quiver::python {

namespace {

// Rows fetched from the engine per trip (with the GIL released), then handed out one by
// one: a fetch costs a thread hand-off on the main thread, a row does not.
constexpr size_t kChunkRows = 1024;

template <typename T>
void Prune(std::vector<std::weak_ptr<T>>& children) {
  std::erase_if(children, [](const std::weak_ptr<T>& child) { return child.expired(); });
}

// Runs `work` without the GIL when this thread holds it (engine teardown may wait).
template <typename F>
void WithoutGil(F&& work) {
  if (PyGILState_Check()) {
    py::gil_scoped_release release;
    work();
  } else {
    work();
  }
}

std::vector<std::string> TypeNames(const std::vector<ColumnType>& types) {
  std::vector<std::string> out;
  out.reserve(types.size());
  for (ColumnType type : types) out.emplace_back(ColumnTypeName(type));
  return out;
}

}  // namespace

// ---- DatabaseCore ---------------------------------------------------------------------

std::shared_ptr<DatabaseCore> DatabaseCore::Open(const std::string& path, const DatabaseOptions& options) {
  std::unique_ptr<Database> db;
  {
    py::gil_scoped_release release;
    db = path.empty() ? Database::OpenInMemory(options) : Database::Open(path, options);
  }
  std::shared_ptr<DatabaseCore> core(new DatabaseCore());
  core->db_ = std::move(db);
  return core;
}

DatabaseCore::~DatabaseCore() { Close(); }

Database& DatabaseCore::Get() {
  if (!db_) ThrowClientError("DatabaseClosed", "the database is closed");
  return *db_;
}

std::shared_ptr<ConnectionCore> DatabaseCore::Connect() {
  auto lock = LockReleasingGil(mu_);
  auto connection = std::make_shared<ConnectionCore>(shared_from_this(), Get().Connect());
  Prune(connections_);
  connections_.push_back(connection);
  return connection;
}

void DatabaseCore::Refresh() {
  auto lock = LockReleasingGil(mu_);
  Database& db = Get();
  py::gil_scoped_release release;
  db.Refresh();
}

void DatabaseCore::Track(const std::shared_ptr<PreparedCore>& prepared) {
  std::lock_guard lock(children_mu_);
  if (!open_) {
    prepared->Close();
    ThrowClientError("DatabaseClosed", "the database is closed");
  }
  Prune(prepared_);
  prepared_.push_back(prepared);
}

void DatabaseCore::Close() {
  auto lock = LockReleasingGil(mu_);
  if (!db_) return;
  // Connections first: each cancels what it runs, waits for it, and closes its results.
  for (const auto& weak : connections_) {
    if (auto connection = weak.lock()) connection->Close();
  }
  connections_.clear();
  {
    std::lock_guard children(children_mu_);
    open_ = false;
    for (const auto& weak : prepared_) {
      if (auto prepared = weak.lock()) prepared->Close();
    }
    prepared_.clear();
  }
  std::unique_ptr<Database> db = std::move(db_);
  WithoutGil([&] { db.reset(); });  // releases the directory lock
}

bool DatabaseCore::closed() {
  auto lock = LockReleasingGil(mu_);
  return db_ == nullptr;
}

// ---- PreparedCore ---------------------------------------------------------------------

PreparedCore::PreparedCore(std::shared_ptr<DatabaseCore> db, std::unique_ptr<PreparedStatement> statement)
    : db_(std::move(db)), statement_(std::move(statement)) {}

std::shared_ptr<PreparedStatement> PreparedCore::Get() {
  std::lock_guard lock(mu_);
  if (!statement_) ThrowClientError("StatementClosed", "the prepared statement is closed");
  return statement_;
}

std::string PreparedCore::text() { return Get()->text(); }
std::vector<std::string> PreparedCore::columns() { return Get()->columns(); }
std::vector<std::string> PreparedCore::column_types() { return TypeNames(Get()->column_types()); }
bool PreparedCore::read_only() { return Get()->read_only(); }

void PreparedCore::Close() {
  std::shared_ptr<PreparedStatement> statement;
  std::lock_guard lock(mu_);
  statement = std::move(statement_);
}

bool PreparedCore::closed() {
  std::lock_guard lock(mu_);
  return statement_ == nullptr;
}

// ---- ConnectionCore -------------------------------------------------------------------

ConnectionCore::ConnectionCore(std::shared_ptr<DatabaseCore> db, std::unique_ptr<Connection> connection)
    : db_(std::move(db)), connection_(std::move(connection)) {}

ConnectionCore::~ConnectionCore() { Close(); }

ConnectionCore::Op::Op(ConnectionCore& core, bool require_open) : core_(core), lock_(LockReleasingGil(core.op_)) {
  if (require_open && core.closed_) ThrowClientError("ConnectionClosed", "the connection is closed");
}

std::shared_ptr<ResultCore> ConnectionCore::Track(QueryResult result) {
  auto core = std::make_shared<ResultCore>(shared_from_this(), std::move(result));
  Prune(results_);
  results_.push_back(core);
  return core;
}

std::shared_ptr<ResultCore> ConnectionCore::Query(const std::string& text, const ValueMap& parameters) {
  Op op(*this);
  QueryResult result = op.Run([&] { return op.connection().Query(text, parameters); });
  return Track(std::move(result));
}

std::shared_ptr<ResultCore> ConnectionCore::Execute(PreparedCore& prepared, const ValueMap& parameters) {
  Op op(*this);
  std::shared_ptr<PreparedStatement> statement = prepared.Get();  // released before the lock
  QueryResult result = op.Run([&] { return op.connection().Execute(*statement, parameters); });
  return Track(std::move(result));
}

std::shared_ptr<PreparedCore> ConnectionCore::Prepare(const std::string& text, const ValueMap& parameters) {
  Op op(*this);
  auto prepared = std::make_shared<PreparedCore>(
      db_, op.Run([&] { return op.connection().Prepare(text, parameters); }));
  db_->Track(prepared);
  return prepared;
}

void ConnectionCore::Begin(bool read_only) {
  Op op(*this);
  op.Run([&] { op.connection().Begin(read_only ? TransactionMode::kReadOnly : TransactionMode::kReadWrite); });
}

void ConnectionCore::Commit() {
  Op op(*this);
  op.Run([&] { op.connection().Commit(); });
}

void ConnectionCore::Rollback() {
  Op op(*this);
  op.Run([&] { op.connection().Rollback(); });
}

bool ConnectionCore::InTransaction() {
  Op op(*this);
  return op.connection().InTransaction();
}

void ConnectionCore::Interrupt() {
  std::lock_guard lock(life_);
  if (connection_) connection_->Cancel();
}

void ConnectionCore::SetQueryTimeout(int64_t milliseconds) {
  if (milliseconds < 0) throw py::value_error("the query timeout must be >= 0 milliseconds (0: none)");
  Op op(*this);
  op.connection().SetQueryTimeout(std::chrono::milliseconds(milliseconds));
}

void ConnectionCore::SetQueryMemoryLimit(uint64_t bytes) {
  Op op(*this);
  op.connection().SetQueryMemoryLimit(bytes);
}

uint64_t ConnectionCore::query_memory_limit() {
  Op op(*this);
  return op.connection().query_memory_limit();
}

void ConnectionCore::Close() {
  Interrupt();  // what runs now on another thread stops, so the lock comes soon
  auto lock = LockReleasingGil(op_);
  if (closed_) return;
  closed_ = true;
  for (const auto& weak : results_) {
    if (auto result = weak.lock()) result->CloseEngineResult();
  }
  results_.clear();
  std::unique_ptr<Connection> connection;
  {
    std::lock_guard life(life_);
    connection = std::move(connection_);
  }
  WithoutGil([&] {
    connection.reset();  // rolls back an open transaction
    worker_.reset();
  });
}

bool ConnectionCore::closed() {
  auto lock = LockReleasingGil(op_);
  return closed_;
}

// ---- ResultCore -----------------------------------------------------------------------

ResultCore::ResultCore(std::shared_ptr<ConnectionCore> connection, QueryResult result)
    : connection_(std::move(connection)),
      columns_(result.columns()),
      types_(result.column_types()),
      result_(std::make_unique<QueryResult>(std::move(result))) {}

ResultCore::~ResultCore() { Close(); }

std::vector<std::string> ResultCore::column_types() const { return TypeNames(types_); }

void ResultCore::ThrowClosed() const { ThrowClientError("ResultClosed", "the result is closed"); }

void ResultCore::Fill(bool more) {
  if (failure_) throw *failure_;
  if (closed_) ThrowClosed();
  ConnectionCore::Op op(*connection_, /*require_open=*/false);
  // Another thread may have fetched (or ended) while this one waited for the lock.
  if (exhausted_ || (!more && next_ < rows_.size())) return;
  if (failure_) throw *failure_;
  if (!result_) ThrowClosed();  // closed with its connection
  std::vector<std::vector<Value>> fetched;
  std::optional<QuerySummary> summary;
  try {
    op.Run([&] {
      fetched.reserve(kChunkRows);
      while (fetched.size() < kChunkRows && result_->Next()) fetched.push_back(result_->row());
      if (fetched.size() < kChunkRows) summary = result_->summary();
    });
  } catch (const QuiverError& error) {
    failure_ = error;
    result_.reset();
    throw;
  } catch (py::error_already_set&) {
    failure_ = QueryInterrupted("Cancelled", "the statement was interrupted by a signal (KeyboardInterrupt)");
    result_.reset();
    throw;
  }
  rows_.erase(rows_.begin(), rows_.begin() + static_cast<std::ptrdiff_t>(next_));
  next_ = 0;
  std::move(fetched.begin(), fetched.end(), std::back_inserter(rows_));
  if (summary) {
    exhausted_ = true;
    summary_ = summary;
  }
}

bool ResultCore::HasNext() {
  if (next_ < rows_.size()) return true;
  if (closed_) ThrowClosed();
  if (exhausted_) return false;
  Fill(false);
  return next_ < rows_.size();
}

py::list ResultCore::Next(bool for_iterator) {
  if (!HasNext()) {
    if (for_iterator) throw py::stop_iteration();
    ThrowClientError("NoMoreRows", "the result has no more rows (has_next() is False)");
  }
  // Moved out: converting runs Python code (a Duration's class, a ZoneInfo), during which
  // another thread may fetch into rows_.
  std::vector<Value> row = std::move(rows_[next_++]);
  ++passed_;
  if (next_ == rows_.size()) {
    rows_.clear();
    next_ = 0;
  }
  return RowToPython(row);
}

py::list ResultCore::All() {
  py::list out;
  while (HasNext()) out.append(Next(false));
  return out;
}

uint64_t ResultCore::NumTuples() {
  while (!exhausted_) {
    if (closed_) ThrowClosed();
    Fill(true);
  }
  return passed_ + (rows_.size() - next_);
}

namespace {

// EXPLAIN's and PROFILE's plan: {operator_type, details, identifiers, estimated_rows (or
// None), profiled, rows, db_hits, time_ns (or None), note, children}.
py::object PlanToPython(const PlanOperator& plan) {
  return ConvertPlan<py::object>(plan, [](const PlanOperator& op, std::vector<py::object> children) {
    py::dict out;
    out["operator_type"] = op.operator_type;
    out["details"] = op.details;
    py::list identifiers;
    for (const auto& name : op.identifiers) identifiers.append(name);
    out["identifiers"] = identifiers;
    out["estimated_rows"] = op.estimated_rows ? py::object(py::float_(*op.estimated_rows)) : py::object(py::none());
    out["profiled"] = op.profiled;
    out["rows"] = op.rows;
    out["db_hits"] = op.db_hits;
    out["time_ns"] = op.time ? py::object(py::int_(op.time->count())) : py::object(py::none());
    out["note"] = op.note;
    py::list inputs;
    for (auto& child : children) inputs.append(child);
    out["children"] = inputs;
    return py::object(std::move(out));
  });
}

}  // namespace

py::dict ResultCore::Summary() {
  if (!summary_) {
    if (failure_) throw *failure_;
    if (closed_) ThrowClosed();
    ConnectionCore::Op op(*connection_, /*require_open=*/false);
    if (!result_) ThrowClosed();
    if (!summary_) summary_ = op.Run([&] { return result_->summary(); });
    exhausted_ = true;
  }
  const QuerySummary& s = *summary_;
  py::dict counters;
  counters["nodes_created"] = s.counters.nodes_created;
  counters["nodes_deleted"] = s.counters.nodes_deleted;
  counters["relationships_created"] = s.counters.relationships_created;
  counters["relationships_deleted"] = s.counters.relationships_deleted;
  counters["properties_set"] = s.counters.properties_set;
  counters["labels_added"] = s.counters.labels_added;
  counters["labels_removed"] = s.counters.labels_removed;
  counters["indexes_added"] = s.counters.indexes_added;
  counters["indexes_removed"] = s.counters.indexes_removed;
  counters["constraints_added"] = s.counters.constraints_added;
  counters["constraints_removed"] = s.counters.constraints_removed;
  py::dict out;
  out["rows"] = s.rows;
  out["elapsed_ns"] = static_cast<int64_t>(s.elapsed.count());
  out["counters"] = counters;
  out["counters_text"] = s.counters.ToString();
  out["contains_updates"] = s.counters.ContainsUpdates();
  out["peak_memory_bytes"] = s.peak_memory_bytes;
  out["notifications"] = ToPython(NotificationsAsValue(s.notifications));
  out["plan"] = s.plan ? PlanToPython(*s.plan) : py::object(py::none());
  out["plan_text"] = s.plan ? py::object(py::str(FormatPlan(*s.plan))) : py::object(py::none());
  return out;
}

void ResultCore::Close() {
  if (closed_) return;
  closed_ = true;
  rows_.clear();
  next_ = 0;
  ConnectionCore::Op op(*connection_, /*require_open=*/false);
  std::unique_ptr<QueryResult> result = std::move(result_);
  WithoutGil([&] { result.reset(); });  // stops the statement
}

void ResultCore::CloseEngineResult() {
  closed_ = true;
  rows_.clear();
  next_ = 0;
  std::unique_ptr<QueryResult> result = std::move(result_);
  WithoutGil([&] { result.reset(); });
}

}  // namespace quiver::python
