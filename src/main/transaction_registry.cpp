#include "main/transaction_registry.h"

#include <algorithm>

namespace quiver::main {

void TransactionRecord::SetStatement(std::string query, std::weak_ptr<exec::Interrupt> interrupt) {
  std::lock_guard lock(mu_);
  query_ = std::move(query);
  statement_ = std::move(interrupt);
}

TransactionRecord::Current TransactionRecord::current() const {
  std::lock_guard lock(mu_);
  // An auto-commit record lives exactly as long as its statement.
  return Current{query_, !explicit_ || !statement_.expired()};
}

void TransactionRecord::Terminate() {
  terminated_.store(true, std::memory_order_relaxed);
  interrupt_.Cancel();
  std::lock_guard lock(mu_);
  if (auto statement = statement_.lock()) statement->Cancel();
}

bool TransactionRecord::Runs(const exec::Interrupt* interrupt) const {
  if (interrupt == nullptr) return false;
  if (interrupt == &interrupt_) return true;
  std::lock_guard lock(mu_);
  return statement_.lock().get() == interrupt;
}

std::shared_ptr<TransactionRecord> TransactionRegistry::Start(std::string user, bool explicit_transaction) {
  std::lock_guard lock(mu_);
  auto record = std::make_shared<TransactionRecord>(next_id_++, std::move(user), explicit_transaction);
  std::erase_if(records_, [](const auto& weak) { return weak.expired(); });
  records_.push_back(record);
  return record;
}

std::vector<std::shared_ptr<TransactionRecord>> TransactionRegistry::List() const {
  std::lock_guard lock(mu_);
  std::vector<std::shared_ptr<TransactionRecord>> out;
  for (const auto& weak : records_) {
    if (auto record = weak.lock()) out.push_back(std::move(record));
  }
  std::erase_if(records_, [](const auto& weak) { return weak.expired(); });
  return out;
}

std::shared_ptr<TransactionRecord> TransactionRegistry::Find(uint64_t id) const {
  for (auto& record : List()) {
    if (record->id() == id) return record;
  }
  return nullptr;
}

std::shared_ptr<TransactionRecord> TransactionRegistry::FindRunning(const exec::Interrupt* interrupt) const {
  for (auto& record : List()) {
    if (record->Runs(interrupt)) return record;
  }
  return nullptr;
}

}  // namespace quiver::main
