#pragma once
// The transactional store as a GraphSource: snapshots for statements that read, the
// store's one write transaction (BeginWrite waits for it) for those that write.

#include <memory>

#include "main/constraint_writer.h"
#include "main/graph_source.h"
#include "quiver/error.h"
#include "storage/txn/transactional_store.h"

namespace quiver::main {

class StoreSource final : public GraphSource {
 public:
  explicit StoreSource(storage::TransactionalStore& store) : store_(store) {}
  std::unique_ptr<GraphWriter> BeginWrite(const exec::Interrupt* interrupt = nullptr) override {
    storage::WriteOptions options;
    if (interrupt != nullptr) {
      options.give_up = [interrupt] {
        try {
          interrupt->Check();
          return false;
        } catch (const QueryInterrupted&) {
          return true;
        }
      };
    }
    auto writer = store_.BeginWrite(options);
    // Gave up: the interrupt says why (Cancelled or Timeout).
    if (!writer.ok() && interrupt != nullptr && writer.status().code() == StatusCode::kAborted) interrupt->Check();
    ThrowIfError(writer.status());
    return std::make_unique<ConstraintWriter>(std::move(writer).value());
  }
  std::unique_ptr<GraphReader> BeginRead() override { return store_.BeginRead(); }
  void Refresh() override { ThrowIfError(store_.Refresh()); }

 private:
  storage::TransactionalStore& store_;
};

}  // namespace quiver::main
