#pragma once
// The public C++ API: open a database, connect, run openCypher (docs/api.md).
//
//   auto db = quiver::Database::Open("/data/graph");
//   auto conn = db->Connect();
//   auto seek = conn->Prepare("MATCH (a:V {id: $id})-[:E]->(b) RETURN b.id AS id");
//   quiver::QueryResult r = conn->Execute(*seek, {{"id", quiver::Value::Int(7)}});
//   while (r.Next()) use(r.row()[0]);
//
//   conn->Begin();                       // explicit transaction; auto-commit otherwise
//   conn->Query("CREATE (:V {id: 1})");
//   conn->Commit();
//
// Errors are typed exceptions (quiver/error.h): SyntaxError, TypeError, ... carrying
// the openCypher class, the TCK detail code and the phase (compile time / runtime).

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "quiver/export.h"
#include "quiver/error.h"
#include "quiver/result.h"
#include "quiver/value.h"

namespace quiver {

enum class Durability : uint8_t {
  kDurable,  // commit returns after the write log is fsynced (group commit)
  kAsync,    // commit returns at once; a flusher writes behind
};

// Half the memory budget: one statement may hold that much, leaving the rest to the
// write delta and to other statements.
inline constexpr uint64_t kDefaultQueryMemoryPercent = 50;

struct DatabaseOptions {
  Durability durability = Durability::kDurable;
  // Memory for the delta store, log buffers and query operators; default from the
  // resource policy (see `quiver info`).
  std::optional<uint64_t> memory_budget;
  // What one statement's operators may hold at once — sort buffers, hash tables, groups,
  // collected lists — before it ends with ResourceExhausted/MemoryLimitExceeded; 0: no
  // limit. Default: kDefaultQueryMemoryPercent of the memory budget. A connection may
  // set its own (Connection::SetQueryMemoryLimit).
  std::optional<uint64_t> query_memory_limit;
  // Workers one statement's vectorized scans, expands and aggregations use (the calling
  // thread is one of them); 0: the resource policy's cores (see `quiver info`).
  uint32_t query_workers = 0;
  // Sizes that shape how statements run, for tests — results never depend on them —
  // and tuning: rows per vector (default 2,048) and node ids per morsel (default: 16,384
  // for a scan, fewer for a fragment that expands); 0: the default. `vectorize = false` runs every operator row at a time.
  uint32_t vector_size = 0;
  uint32_t morsel_nodes = 0;
  bool vectorize = true;
  bool read_only = false;
  bool create_if_missing = true;
  // Open the named checkpoint's graph (quiver/checkpoint.h) instead of the live one:
  // read-only (read_only must be set), as it was when the checkpoint was taken.
  std::string at_checkpoint;
  // Verify every file checksum of the generation at open (otherwise `quiver check`).
  bool verify_checksums_on_open = false;
  // The name the database answers to in SHOW DATABASES and in transaction ids
  // ("neo4j-transaction-7"): what the servers call it (`quiver serve --database-name`).
  std::string name = "neo4j";
  // The directory LOAD CSV reads from (Neo4j's server.directories.import):
  // `file:///x.csv` is `<import_directory>/x.csv`, and no URL reaches outside it (`..`
  // and symbolic links that lead out are refused). Empty: `import` in the process's
  // working directory when the database opens, as Neo4j's is `import` in its home.
  // It need not exist until a query reads from it.
  std::string import_directory;
  // Told how a property index build goes — CREATE INDEX's, or one a compaction or an
  // open owes — as nodes read so far of the generation's nodes (a relationship index:
  // relationships of its type; one call per 64 Ki or so, from the building thread,
  // calls never overlapping; a build of several indexes starts again at 0 for each). Null: silent. `quiver query`, the shell and
  // `quiver serve` draw a progress line on stderr with it.
  std::function<void(uint64_t nodes_done, uint64_t nodes_total)> index_build_progress;
};

// A procedure callable with CALL name(args) YIELD ... (the TCK registers test
// procedures this way). Types are openCypher type names: "INTEGER?", "STRING?", ...
struct ProcedureSignature {
  std::string name;  // qualified, e.g. "test.my.proc"
  std::vector<std::pair<std::string, std::string>> inputs;   // (name, type)
  std::vector<std::pair<std::string, std::string>> outputs;  // (name, type)
  // The last `optional_inputs` inputs may be left out of a call; they then arrive as
  // null (Neo4j's `configuration = {} :: MAP`).
  size_t optional_inputs = 0;
  // Whether the procedure writes to the graph (GDS's `.write` modes): a statement that
  // calls it runs as a write transaction, and is refused on a read-only database.
  bool writes = false;
  // One sentence for SHOW PROCEDURES.
  std::string description = {};
};
// Receives the arguments in signature order; returns rows of outputs in signature order.
using ProcedureFunction = std::function<std::vector<std::vector<Value>>(std::span<const Value> args)>;

// What a procedure runs with: its arguments, a sink for its rows, and the calling
// statement's cancellation and memory limit — so a procedure that works long or holds
// much behaves as the statement's own operators do. Valid only during the call.
class QUIVER_EXPORT ProcedureContext {
 public:
  // In signature order.
  virtual std::span<const Value> arguments() const = 0;
  // One output row, values in signature order. The rows are charged to the statement's
  // memory limit until they have been read (ResourceExhausted past it), and Emit checks
  // for cancellation as CheckInterrupt does.
  virtual void Emit(std::vector<Value> row) = 0;
  // Throws QueryInterrupted when the statement was cancelled or ran past its timeout:
  // call it in any loop that can run long.
  virtual void CheckInterrupt() = 0;
  // Working memory the procedure holds until it returns, charged to the statement's
  // limit: ResourceExhausted (MemoryLimitExceeded) when it does not fit.
  virtual void ReserveMemory(uint64_t bytes) = 0;

 protected:
  ~ProcedureContext() = default;
};
using ProcedureBody = std::function<void(ProcedureContext& context)>;

// A statement parsed, bound and planned once, to run many times with different
// parameter values (Connection::Execute). The plan assumes the kinds of the values it was
// prepared with (or first run with); values of other kinds, or a graph that no longer
// has an index the plan seeks by, make Execute plan it again, transparently.
class QUIVER_EXPORT PreparedStatement {
 public:
  virtual ~PreparedStatement() = default;
  virtual const std::string& text() const = 0;
  virtual const std::vector<std::string>& columns() const = 0;
  virtual const std::vector<ColumnType>& column_types() const = 0;
  // False when the statement may write (CREATE, SET, DELETE, MERGE, ...).
  virtual bool read_only() const = 0;
};

enum class TransactionMode : uint8_t { kReadWrite, kReadOnly };

// One client's session: statements run one after another on it (a Connection is not
// for use by two threads at once; open one per thread).
class QUIVER_EXPORT Connection {
 public:
  virtual ~Connection() = default;

  // Runs one statement: in the open transaction, else in its own (auto-commit).
  virtual QueryResult Query(std::string_view text, const ValueMap& parameters = {}) = 0;
  // Parses, binds and plans. `parameters`, when given, are example values whose kinds
  // the plan assumes; without them the plan is made at the first Execute.
  virtual std::unique_ptr<PreparedStatement> Prepare(std::string_view text, const ValueMap& parameters = {}) = 0;
  virtual QueryResult Execute(PreparedStatement& statement, const ValueMap& parameters = {}) = 0;

  // Explicit transactions. A read-write transaction holds the database's one writer
  // until it ends (other writers wait) and sees its own writes; others see none of them
  // until Commit. A read-only transaction reads one snapshot throughout. When a
  // statement fails, the whole transaction is rolled back and later statements fail
  // with ClientError/TransactionFailed until Rollback() (as in Neo4j). Begin inside a
  // transaction, Commit or Rollback outside one: ClientError.
  virtual void Begin(TransactionMode mode = TransactionMode::kReadWrite) = 0;
  virtual void Commit() = 0;
  virtual void Rollback() = 0;
  virtual bool InTransaction() const = 0;

  // Stops every statement of this connection that is running or streaming now, from any
  // thread: it ends within milliseconds with QueryInterrupted/Cancelled (its transaction
  // rolled back, as for any failed statement). Statements started later run normally.
  virtual void Cancel() = 0;
  // A statement running longer than `timeout` (counted from the call that started it,
  // reading its rows included) ends with QueryInterrupted/Timeout. Zero: no limit (the
  // default). Applies to statements started after the call.
  virtual void SetQueryTimeout(std::chrono::milliseconds timeout) = 0;
  // What one statement may hold in its operators (sorts, hash tables, groups, collected
  // lists) before it ends with ResourceExhausted/MemoryLimitExceeded — the connection
  // and the database stay usable. 0: no limit. Default: DatabaseOptions::
  // query_memory_limit. Applies to statements started after the call.
  virtual void SetQueryMemoryLimit(uint64_t bytes) = 0;
  virtual uint64_t query_memory_limit() const = 0;
  // Who runs the statements of this connection, as SHOW TRANSACTIONS lists them (the
  // servers set the authenticated user); empty by default. Applies to transactions
  // started after the call.
  virtual void SetUser(std::string_view user) = 0;
};

class QUIVER_EXPORT Database {
 public:
  virtual ~Database() = default;

  // Opens (or creates, per options) the database directory at `path`.
  static std::unique_ptr<Database> Open(const std::string& path, const DatabaseOptions& options = {});
  // A database that lives in memory only (tests, the TCK runner, scratch work).
  static std::unique_ptr<Database> OpenInMemory(const DatabaseOptions& options = {});

  virtual std::unique_ptr<Connection> Connect() = 0;
  // A read-only database (DatabaseOptions::read_only) sees what was committed when it
  // opened; Refresh() moves it to what the writing process has committed since — its
  // latest generation and write log, read as an open reads them. Statements and
  // transactions already running keep the state they started with; later ones see the
  // new one. For a database that writes (or lives in memory) there is nothing to catch
  // up with: it does nothing. Throws StorageError as Open does.
  virtual void Refresh() = 0;
  // A procedure callable by CALL from every connection's later statements; a second
  // registration of a name replaces the first. The table form returns all its rows at
  // once; the context form streams them through ProcedureContext::Emit and sees the
  // statement's cancellation and memory limit.
  virtual void RegisterProcedure(ProcedureSignature signature, ProcedureFunction function) = 0;
  virtual void RegisterProcedure(ProcedureSignature signature, ProcedureBody body) = 0;
};

}  // namespace quiver
