#include "exec/database/source_database.h"

#include <optional>
#include <utility>

namespace quiver::exec {

namespace {

class SourceConnection final : public Connection {
 public:
  explicit SourceConnection(SourceDatabase& db) : db_(db) {}
  QueryResult Query(std::string_view text, const ValueMap& parameters) override {
    return db_.Run(text, parameters);
  }

 private:
  SourceDatabase& db_;
};

}  // namespace

std::unique_ptr<Connection> SourceDatabase::Connect() {
  return std::make_unique<SourceConnection>(*this);
}

void SourceDatabase::RegisterProcedure(ProcedureSignature signature, ProcedureFunction function) {
  std::unique_lock lock(procedures_mutex_);
  std::string name = signature.name;
  procedures_[name] = RegisteredProcedure{std::move(signature), std::move(function)};
}

QueryResult SourceDatabase::Run(std::string_view text, const ValueMap& parameters) {
  std::optional<std::lock_guard<std::mutex>> one_at_a_time;
  if (serialize_) one_at_a_time.emplace(statement_mutex_);
  std::shared_lock lock(procedures_mutex_);
  return ExecuteQuery(source_, procedures_, text, parameters);
}

}  // namespace quiver::exec
