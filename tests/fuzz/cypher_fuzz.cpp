// Fuzz target: the Cypher engine — parse, bind, plan and optimize the input as query
// text, through the query engine's own entry point (main::ExecuteQuery), first with
// EXPLAIN (compiles against a snapshot, runs nothing; the plan must print), then run
// under a memory limit and a timeout, so that a statement that would loop or allocate
// without bound ends with ResourceExhausted or QueryInterrupted, which are answers, not
// findings. The store is read-only: a statement that writes gets StorageError/ReadOnly.
// Any typed QuiverError (SyntaxError, SemanticError, ParameterMissing, ...) is a
// correct answer to a bad query; a crash, a sanitizer report, InternalError (a failed
// QUIVER_ASSERT) or an exception that is not a QuiverError is a finding.
//
// The graph is a small generation in memory whose nodes have an external-id index on
// `id`, so the optimizer's key seeks and its label/type lookups have something to
// find; a few procedures (as the TCK registers them) and parameters of every kind are
// there for CALL and $name to bind to.
//
// tests/fuzz/parser_fuzz.cpp covers the parser alone, with its print/re-parse round trip.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "exec/procedure_context.h"
#include "main/query_engine.h"
#include "fuzz/fuzz_support.h"
#include "fuzz/mem_env.h"
#include "storage/database_dir.h"
#include "storage/graph_builder.h"
#include "storage/txn/transactional_store.h"

namespace {

using quiver::Value;
using quiver::fuzz::Finding;
using quiver::fuzz::MemEnv;
using quiver::storage::GraphBuilder;
using quiver::storage::PropertyValue;

constexpr char kDbPath[] = "/db";
// What a run may hold and how long it may take: enough for any statement a small graph
// answers, small enough that the fuzzer spends its time on many inputs.
constexpr uint64_t kMemoryLimit = uint64_t{64} << 20;
constexpr std::chrono::milliseconds kTimeout{250};

class SnapshotSource final : public quiver::main::GraphSource {
 public:
  explicit SnapshotSource(quiver::storage::TransactionalStore* store) : store_(store) {}
  std::unique_ptr<quiver::GraphWriter> BeginWrite(const quiver::exec::Interrupt* = nullptr) override {
    // As a read-only database answers a statement that writes.
    throw quiver::StorageError("ReadOnly", "the fuzz target's database is read-only");
  }
  std::unique_ptr<quiver::GraphReader> BeginRead() override { return store_->BeginRead(); }

 private:
  quiver::storage::TransactionalStore* store_;
};

struct Fixture {
  MemEnv env;
  std::unique_ptr<quiver::storage::TransactionalStore> store;
  std::unique_ptr<SnapshotSource> source;
  quiver::exec::ProcedureTable procedures;
  quiver::ValueMap parameters;
};

void Check(const quiver::Status& s, const char* what) {
  if (!s.ok()) Finding(std::string("fixture: ") + what + ": " + s.ToString());
}

// People and cities with an external-id index on `id` (mirrored as a property, as an
// import stores it), so `MATCH (n {id: 1})` plans a key seek.
void BuildGraph(Fixture* f) {
  quiver::storage::DatabaseOptions o;
  o.create_if_missing = true;
  auto db = quiver::storage::DatabaseDir::Open(&f->env, kDbPath, o);
  Check(db.status(), "create");
  GraphBuilder b;
  for (int64_t i = 0; i < 8; ++i) {
    std::vector<std::string> labels = {i % 2 == 0 ? "Person" : "City"};
    if (i % 3 == 0) labels.push_back("Admin");
    b.AddNode(labels,
              {{"id", PropertyValue(i)},
               {"name", PropertyValue(std::to_string(i))},
               {"score", PropertyValue(1.5 * static_cast<double>(i))},
               {"tags", PropertyValue(PropertyValue::List{PropertyValue("a"), PropertyValue(i)})}},
              i);
  }
  for (uint64_t i = 0; i + 1 < 8; ++i) {
    Check(b.AddEdge(i, i + 1, i % 2 == 0 ? "KNOWS" : "LIVES_IN", {{"since", PropertyValue(int64_t{2000})}}),
          "edge");
  }
  auto w = (*db)->BeginGeneration(b.node_count());
  Check(w.status(), "generation");
  Check(b.Write(w->get()), "write");
  Check((*db)->Publish(w->get(), 0).status(), "publish");
}

using Columns = std::vector<std::pair<std::string, std::string>>;

void AddProcedure(Fixture* f, const std::string& name, Columns inputs = {}, Columns outputs = {}) {
  quiver::ProcedureSignature signature;
  signature.name = name;
  signature.inputs = std::move(inputs);
  signature.outputs = std::move(outputs);
  f->procedures[name] = {std::move(signature), [](quiver::exec::ExecProcedureContext&) {}};
}

Fixture* MakeFixture() {
  auto* f = new Fixture;
  BuildGraph(f);
  quiver::storage::StoreOptions so;
  so.read_only = true;
  so.create_if_missing = false;
  auto store = quiver::storage::TransactionalStore::Open(&f->env, kDbPath, so);
  Check(store.status(), "store");
  f->store = std::move(store).value();
  f->source = std::make_unique<SnapshotSource>(f->store.get());
  AddProcedure(f, "test.doNothing");
  AddProcedure(f, "test.labels", {}, {{"label", "STRING?"}});
  AddProcedure(f, "test.my.proc", {{"name", "STRING?"}, {"id", "INTEGER?"}},
               {{"city", "STRING?"}, {"country_code", "INTEGER?"}});
  AddProcedure(f, "test.any", {{"in", "ANY?"}}, {{"out", "LIST? OF ANY?"}});
  f->parameters = {
      {"i", Value::Int(1)},
      {"f", Value::Float(2.5)},
      {"s", Value::String("x")},
      {"b", Value::Bool(true)},
      {"n", Value::Null()},
      {"l", Value::List({Value::Int(1), Value::String("a")})},
      {"m", Value::Map({{"k", Value::Int(1)}})},
      {"neg", Value::Int(-1)},
  };
  return f;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Fixture* fixture = MakeFixture();  // never freed: outlives every input
  const std::string statement(reinterpret_cast<const char*>(data), size);
  const bool compiles = quiver::fuzz::NoInternalError("cypher", [&] {
    auto result =
        quiver::main::ExecuteQuery(*fixture->source, fixture->procedures, "EXPLAIN " + statement, fixture->parameters);
    const auto& plan = result.summary().plan;
    if (!result.empty() || plan == nullptr || FormatPlan(*plan).empty()) Finding("EXPLAIN returned rows or no plan");
  });
  if (!compiles) return 0;  // running it would fail the same way
  quiver::fuzz::NoInternalError("cypher run", [&] {
    quiver::main::ExecuteQuery(*fixture->source, fixture->procedures, statement, fixture->parameters, kMemoryLimit,
                               kTimeout);
  });
  return 0;
}
