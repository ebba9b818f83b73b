#pragma once
// The public C++ API: open a database, connect, run openCypher.
//
//   auto db = quiver::Database::Open("/data/graph");
//   auto conn = db->Connect();
//   auto result = conn->Query("MATCH (a:V {id: $id})-[:E]->(b) RETURN count(b)",
//                             {{"id", quiver::Value::Int(7)}});
//   for (const auto& row : result.rows()) ...
//
// Errors are typed exceptions (quiver/error.h): SyntaxError, TypeError, ... carrying
// the openCypher class, the TCK detail code and the phase (compile time / runtime).

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "quiver/error.h"
#include "quiver/value.h"

namespace quiver {

enum class Durability : uint8_t {
  kDurable,  // commit returns after the write log is fsynced (group commit)
  kAsync,    // commit returns at once; a flusher writes behind
};

struct DatabaseOptions {
  Durability durability = Durability::kDurable;
  // Memory for the delta store, log buffers and query operators; default from the
  // resource policy (see `quiver info`).
  std::optional<uint64_t> memory_budget;
  bool read_only = false;
  bool create_if_missing = true;
  // Verify every file checksum of the generation at open (otherwise `quiver check`).
  bool verify_checksums_on_open = false;
};

// The rows a query returned, fully materialized.
class QueryResult {
 public:
  QueryResult() = default;
  QueryResult(std::vector<std::string> columns, std::vector<std::vector<Value>> rows)
      : columns_(std::move(columns)), rows_(std::move(rows)) {}

  const std::vector<std::string>& columns() const { return columns_; }
  const std::vector<std::vector<Value>>& rows() const { return rows_; }
  size_t size() const { return rows_.size(); }
  bool empty() const { return rows_.empty(); }

 private:
  std::vector<std::string> columns_;
  std::vector<std::vector<Value>> rows_;
};

// A procedure callable with CALL name(args) YIELD ... (the TCK registers test
// procedures this way). Types are openCypher type names: "INTEGER?", "STRING?", ...
struct ProcedureSignature {
  std::string name;  // qualified, e.g. "test.my.proc"
  std::vector<std::pair<std::string, std::string>> inputs;   // (name, type)
  std::vector<std::pair<std::string, std::string>> outputs;  // (name, type)
};
// Receives the arguments in signature order; returns rows of outputs in signature order.
using ProcedureFunction = std::function<std::vector<std::vector<Value>>(std::span<const Value> args)>;

class Connection {
 public:
  virtual ~Connection() = default;
  // Runs one statement in its own transaction (auto-commit).
  virtual QueryResult Query(std::string_view text, const ValueMap& parameters = {}) = 0;
};

class Database {
 public:
  virtual ~Database() = default;

  // Opens (or creates, per options) the database directory at `path`.
  static std::unique_ptr<Database> Open(const std::string& path, const DatabaseOptions& options = {});
  // A database that lives in memory only (tests, the TCK runner, scratch work).
  static std::unique_ptr<Database> OpenInMemory(const DatabaseOptions& options = {});

  virtual std::unique_ptr<Connection> Connect() = 0;
  virtual void RegisterProcedure(ProcedureSignature signature, ProcedureFunction function) = 0;
};

}  // namespace quiver
