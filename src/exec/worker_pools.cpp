#include "exec/worker_pools.h"

#include <unistd.h>

#include <algorithm>

namespace quiver::exec {

WorkerPools::WorkerPools() : pid_(static_cast<int>(::getpid())) {}

WorkerPools::~WorkerPools() {
  // A forked child's copies name threads of the parent: joining them is undefined, so
  // they are let go (the memory is the child's to lose; its threads never existed).
  if (Forked()) {
    for (auto& pool : idle_) static_cast<void>(pool.release());
  }
}

bool WorkerPools::Forked() const { return static_cast<int>(::getpid()) != pid_; }

WorkerPools::Lease::~Lease() {
  if (owner_ && pool_) owner_->Return(std::move(pool_));
}

WorkerPools::Lease WorkerPools::Acquire(WorkerPools* pools, uint32_t workers) {
  workers = std::max<uint32_t>(1, workers);
  if (pools == nullptr || pools->Forked()) return Lease(nullptr, std::make_unique<ingest::WorkerPool>(workers));
  {
    std::lock_guard lock(pools->mu_);
    auto& idle = pools->idle_;
    auto it = std::find_if(idle.begin(), idle.end(), [&](const auto& p) { return p->size() == workers; });
    if (it != idle.end()) {
      std::unique_ptr<ingest::WorkerPool> pool = std::move(*it);
      idle.erase(it);
      return Lease(pools->shared_from_this(), std::move(pool));
    }
  }
  return Lease(pools->shared_from_this(), std::make_unique<ingest::WorkerPool>(workers));
}

void WorkerPools::Return(std::unique_ptr<ingest::WorkerPool> pool) {
  if (Forked()) {
    static_cast<void>(pool.release());  // the parent's threads: not the child's to join
    return;
  }
  std::unique_ptr<ingest::WorkerPool> surplus;  // joined outside the lock
  std::lock_guard lock(mu_);
  if (idle_.size() < kMaxIdle) {
    idle_.push_back(std::move(pool));
  } else {
    // The oldest idle pool goes: the one just used is the likeliest to be wanted again.
    surplus = std::move(idle_.front());
    idle_.erase(idle_.begin());
    idle_.push_back(std::move(pool));
  }
}

size_t WorkerPools::idle() const {
  std::lock_guard lock(mu_);
  return idle_.size();
}

}  // namespace quiver::exec
