#include "exec/exec_context.h"

#include "quiver/error.h"

namespace quiver::exec {

namespace {

template <typename Find>
std::optional<uint32_t> Cached(std::unordered_map<const std::string*, uint32_t>& cache,
                               const std::string& name, Find find) {
  auto it = cache.find(&name);
  if (it != cache.end()) return it->second;
  std::optional<uint32_t> id = find(name);
  // Only found ids are cached: a token may appear later in the query (SET n.new = 1).
  if (id) cache.emplace(&name, *id);
  return id;
}

}  // namespace

std::optional<PropertyKeyId> ExecContext::PropertyKey(const std::string& name) {
  return Cached(property_keys_, name, [this](const std::string& n) { return graph_.FindPropertyKey(n); });
}

std::optional<LabelId> ExecContext::Label(const std::string& name) {
  return Cached(labels_, name, [this](const std::string& n) { return graph_.FindLabel(n); });
}

std::optional<RelTypeId> ExecContext::RelType(const std::string& name) {
  return Cached(rel_types_, name, [this](const std::string& n) { return graph_.FindRelType(n); });
}

ExecContext::SubplanRun ExecContext::Subplan(const planner::LogicalOperator& logical, bool single_row) {
  auto& cached = subplans_[&logical];
  if (!cached.plan) {
    cached.plan = BuildPhysicalPlan(logical);
    cached.batch = single_row ? std::make_unique<RowBatch>(width_, 1) : NewBatch();
  }
  cached.batch->Clear();
  return {*cached.plan, *cached.batch};
}

void FailNotImplicitTransaction() {
  // Neo4j's Neo.DatabaseError.Transaction.TransactionStartFailed, with its message.
  throw ClientError("TransactionStartFailed",
                    "A query with 'CALL { ... } IN TRANSACTIONS' can only be executed in an implicit "
                    "transaction, but tried to execute in an explicit transaction.");
}

void ExecContext::CommitBatch() {
  if (writer_ == nullptr) return;
  if (!batches_.commit) FailNotImplicitTransaction();
  batches_.commit();
}

void ExecContext::RollbackBatch() {
  if (writer_ == nullptr) return;
  if (!batches_.rollback) FailNotImplicitTransaction();
  batches_.rollback();
}

std::string ExecContext::BatchTransactionId() const {
  return writer_ != nullptr && batches_.id ? batches_.id() : std::string();
}

}  // namespace quiver::exec
