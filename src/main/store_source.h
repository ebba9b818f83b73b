#pragma once
// The transactional store as a GraphSource: snapshots for statements that read, the
// store's one write transaction (BeginWrite waits for it) for those that write.

#include <memory>

#include "main/graph_source.h"
#include "quiver/error.h"
#include "storage/txn/transactional_store.h"

namespace quiver::main {

class StoreSource final : public GraphSource {
 public:
  explicit StoreSource(storage::TransactionalStore& store) : store_(store) {}
  std::unique_ptr<GraphWriter> BeginWrite() override {
    auto writer = store_.BeginWrite();
    ThrowIfError(writer.status());
    return std::move(writer).value();
  }
  std::unique_ptr<GraphReader> BeginRead() override { return store_.BeginRead(); }
  void Refresh() override { ThrowIfError(store_.Refresh()); }

 private:
  storage::TransactionalStore& store_;
};

}  // namespace quiver::main
