#include "main/source_database.h"

#include "main/connection.h"

namespace quiver::main {

std::unique_ptr<Connection> SourceDatabase::Connect() { return std::make_unique<SourceConnection>(*this); }

void SourceDatabase::RegisterProcedure(ProcedureSignature signature, ProcedureFunction function) {
  std::lock_guard lock(procedures_mutex_);
  auto next = std::make_shared<exec::ProcedureTable>(*procedures_);
  std::string name = signature.name;
  (*next)[name] = exec::RegisteredProcedure{std::move(signature), std::move(function)};
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
