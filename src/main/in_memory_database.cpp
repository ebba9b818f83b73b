// Database::OpenInMemory(): the public API over MemoryGraph. Queries are serialized by
// one mutex (MemoryGraph has one transaction at a time); each runs in its own
// transaction (auto-commit).

#include "main/constraint_writer.h"
#include "main/source_database.h"
#include "quiver/database.h"
#include "storage/memory_graph.h"

namespace quiver {

namespace {

// MemoryGraph has no snapshots: every statement runs in a (write) transaction.
class MemorySource final : public main::GraphSource {
 public:
  // One transaction at a time by the statement lock (SerializeStatement): never waits here.
  std::unique_ptr<GraphWriter> BeginWrite(const exec::Interrupt* = nullptr) override {
    return std::make_unique<main::ConstraintWriter>(graph_.BeginTransaction());
  }

 private:
  MemoryGraph graph_;
};

class InMemoryDatabase final : public main::SourceDatabase {
 public:
  InMemoryDatabase(uint64_t query_memory_limit, exec::ExecutionOptions execution, std::string name)
      : main::SourceDatabase(source_, /*one_statement_at_a_time=*/true, query_memory_limit, execution,
                             main::DatabaseDescription{std::move(name), false, ":memory:"}) {}

 private:
  MemorySource source_;  // constructed before use: the base only stores the reference
};

}  // namespace

std::unique_ptr<Database> Database::OpenInMemory(const DatabaseOptions& options) {
  return std::make_unique<InMemoryDatabase>(main::DefaultQueryMemoryLimit(options),
                                            main::DefaultExecutionOptions(options), options.name);
}

}  // namespace quiver
