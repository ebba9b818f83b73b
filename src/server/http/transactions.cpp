#include "server/http/transactions.h"

#include <algorithm>
#include <vector>

namespace quiver::server::http {

TransactionRegistry::TransactionRegistry(Database& database, ServerLog& log, std::chrono::milliseconds idle_timeout,
                                         size_t max_open)
    : database_(database), log_(log), idle_timeout_(idle_timeout), max_open_(max_open) {
  reaper_ = std::thread([this] { Reap(); });
}

TransactionRegistry::~TransactionRegistry() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  reaper_.join();
  CancelAll();
}

std::shared_ptr<HttpTransaction> TransactionRegistry::Open(const std::string& user) {
  auto tx = std::make_shared<HttpTransaction>();
  tx->user = user;
  tx->connection = database_.Connect();
  tx->connection->SetUser(user);  // SHOW TRANSACTIONS names it
  std::lock_guard lock(mu_);
  if (stopping_ || open_.size() >= max_open_) return nullptr;
  tx->id = next_id_++;
  tx->expires = Clock::now() + idle_timeout_;
  open_[tx->id] = tx;
  return tx;
}

std::shared_ptr<HttpTransaction> TransactionRegistry::Find(uint64_t id, const std::string& user) {
  std::lock_guard lock(mu_);
  auto it = open_.find(id);
  if (it == open_.end() || it->second->user != user || it->second->state != HttpTransaction::State::kOpen) {
    return nullptr;
  }
  return it->second;
}

std::chrono::system_clock::time_point TransactionRegistry::Touch(HttpTransaction& tx) {
  std::lock_guard lock(mu_);
  tx.expires = Clock::now() + idle_timeout_;
  return std::chrono::system_clock::now() + idle_timeout_;
}

bool TransactionRegistry::BeginCommit(HttpTransaction& tx) {
  std::lock_guard lock(mu_);
  if (tx.state != HttpTransaction::State::kOpen) return false;
  tx.state = HttpTransaction::State::kCommitting;
  return true;
}

bool TransactionRegistry::Terminate(HttpTransaction& tx) {
  {
    std::lock_guard lock(mu_);
    if (tx.state == HttpTransaction::State::kCommitting) return false;
    tx.state = HttpTransaction::State::kTerminated;
  }
  tx.connection->Cancel();
  return true;
}

bool TransactionRegistry::Terminated(HttpTransaction& tx) {
  std::lock_guard lock(mu_);
  return tx.state == HttpTransaction::State::kTerminated;
}

void TransactionRegistry::Remove(const HttpTransaction& tx) {
  std::lock_guard lock(mu_);
  open_.erase(tx.id);
}

void TransactionRegistry::Track(Connection* running) {
  std::lock_guard lock(mu_);
  running_.insert(running);
}

void TransactionRegistry::Untrack(Connection* running) {
  std::lock_guard lock(mu_);
  running_.erase(running);
}

size_t TransactionRegistry::open_count() {
  std::lock_guard lock(mu_);
  return open_.size();
}

void TransactionRegistry::CancelAll() {
  std::vector<std::shared_ptr<HttpTransaction>> open;
  {
    std::lock_guard lock(mu_);
    for (Connection* c : running_) c->Cancel();
    for (auto& [id, tx] : open_) {
      if (tx->state == HttpTransaction::State::kOpen) tx->state = HttpTransaction::State::kTerminated;
      tx->connection->Cancel();
      open.push_back(tx);
    }
  }
  // Idle ones roll back here; a running one's request rolls it back as it ends.
  for (auto& tx : open) {
    std::unique_lock run(tx->run_mutex, std::try_to_lock);
    if (run.owns_lock()) RollBackIdle(*tx, "the server is stopping");
  }
}

void TransactionRegistry::RollBackIdle(HttpTransaction& tx, const char* why) {
  Remove(tx);
  if (tx.begun && tx.connection->InTransaction()) {
    try {
      tx.connection->Rollback();
    } catch (const std::exception& e) {
      log_.Line("http transaction " + std::to_string(tx.id) + ": rollback failed: " + e.what());
    }
  }
  tx.begun = false;
  log_.Line("http transaction " + std::to_string(tx.id) + " of " + tx.user + " rolled back: " + why);
}

void TransactionRegistry::Reap() {
  // Checks a few times per timeout (at most every second): an idle transaction ends
  // within about a quarter timeout of its deadline.
  const auto period = std::min<std::chrono::milliseconds>(std::chrono::seconds(1), idle_timeout_ / 4 + std::chrono::milliseconds(1));
  std::unique_lock lock(mu_);
  while (!wake_.wait_for(lock, period, [this] { return stopping_; })) {
    const Clock::time_point now = Clock::now();
    std::vector<std::shared_ptr<HttpTransaction>> expired;
    for (auto& [id, tx] : open_) {
      if (tx->state == HttpTransaction::State::kOpen && tx->expires <= now) expired.push_back(tx);
    }
    lock.unlock();
    for (auto& tx : expired) {
      std::unique_lock run(tx->run_mutex, std::try_to_lock);
      if (!run.owns_lock()) continue;  // a request runs in it: not idle
      {
        std::lock_guard check(mu_);
        if (tx->state != HttpTransaction::State::kOpen || tx->expires > Clock::now()) continue;
        tx->state = HttpTransaction::State::kTerminated;
      }
      RollBackIdle(*tx, "idle past the transaction timeout");
    }
    lock.lock();
  }
}

}  // namespace quiver::server::http
