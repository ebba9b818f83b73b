#include "main/source_database.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "algo/procedures/procedures.h"
#include "common/resource/resource_policy.h"
#include "exec/worker_pools.h"
#include "main/connection.h"
#include "main/introspection_procedures.h"

namespace quiver::main {

uint64_t DefaultQueryMemoryLimit(const DatabaseOptions& options) {
  if (options.query_memory_limit) return *options.query_memory_limit;
  uint64_t budget = 0;
  if (options.memory_budget) {
    budget = *options.memory_budget;
  } else {
    auto policy = ResourcePolicy::FromMachine();
    ThrowIfError(policy.status());
    budget = policy->memory_budget().value;
  }
  return std::max<uint64_t>(1, budget / 100 * kDefaultQueryMemoryPercent + budget % 100 * kDefaultQueryMemoryPercent / 100);
}

exec::ExecutionOptions DefaultExecutionOptions(const DatabaseOptions& options) {
  exec::ExecutionOptions execution;
  execution.pools = exec::WorkerPools::Create();
  execution.vectorize = options.vectorize;
  if (options.vector_size > 0) execution.vector_size = options.vector_size;
  if (options.morsel_nodes > 0) execution.morsel_nodes = options.morsel_nodes;
  if (options.query_workers > 0) {
    execution.workers = std::min(options.query_workers, kMaxWorkers);
  } else {
    auto policy = ResourcePolicy::FromMachine();
    ThrowIfError(policy.status());
    execution.workers = std::max<uint32_t>(1, policy->cores().value);
  }
  // Absolute now, so a later change of the working directory does not move it.
  std::error_code ec;
  const std::filesystem::path import =
      options.import_directory.empty() ? std::filesystem::path("import") : std::filesystem::path(options.import_directory);
  const std::filesystem::path absolute = std::filesystem::absolute(import, ec);
  execution.import_directory = ec ? import.string() : absolute.lexically_normal().string();
  return execution;
}

SourceDatabase::SourceDatabase(GraphSource& source, bool one_statement_at_a_time, uint64_t query_memory_limit,
                               exec::ExecutionOptions execution, DatabaseDescription description)
    : source_(source),
      serialize_(one_statement_at_a_time),
      query_memory_limit_(query_memory_limit),
      execution_(execution),
      description_(std::move(description)) {
  auto table = std::make_shared<exec::ProcedureTable>();
  auto add = [&](std::vector<exec::RegisteredProcedure> procedures) {
    for (auto& procedure : procedures) {
      std::string name = procedure.signature.name;
      (*table)[name] = std::move(procedure);
    }
  };
  add(algo::AlgorithmProcedures(graphs_));
  add(SchemaProcedures());
  add(IndexProcedures());
  add(AwaitIndexProcedures());
  add(DbmsProcedures(description_, transactions_));
  procedures_ = std::move(table);
}

std::unique_ptr<Connection> SourceDatabase::Connect() { return std::make_unique<SourceConnection>(*this); }

void SourceDatabase::RegisterProcedure(ProcedureSignature signature, ProcedureFunction function) {
  RegisterProcedure(std::move(signature), [function = std::move(function)](exec::ExecProcedureContext& context) {
    for (auto& row : function(context.arguments())) context.Emit(std::move(row));
  });
}

void SourceDatabase::RegisterProcedure(ProcedureSignature signature, ProcedureBody body) {
  RegisterProcedure(std::move(signature),
                    [body = std::move(body)](exec::ExecProcedureContext& context) { body(context); });
}

void SourceDatabase::RegisterProcedure(ProcedureSignature signature, exec::ProcedureImplementation body) {
  std::lock_guard lock(procedures_mutex_);
  auto next = std::make_shared<exec::ProcedureTable>(*procedures_);
  std::string name = signature.name;
  (*next)[name] = exec::RegisteredProcedure{std::move(signature), std::move(body)};
  procedures_ = std::move(next);
}

std::shared_ptr<const exec::ProcedureTable> SourceDatabase::procedures() const {
  std::lock_guard lock(procedures_mutex_);
  return procedures_;
}

std::unique_lock<std::mutex> SourceDatabase::SerializeStatement() {
  return serialize_ ? std::unique_lock<std::mutex>(statement_mutex_) : std::unique_lock<std::mutex>();
}

}  // namespace quiver::main
