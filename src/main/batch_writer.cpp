#include "main/batch_writer.h"

#include "quiver/error.h"

namespace quiver::main {

void BatchWriter::CommitBatch() {
  // The transaction is spent once Commit returns, whatever it returns (a failed commit
  // left no trace): a failure leaves no writer to roll back.
  std::unique_ptr<GraphWriter> finishing = std::move(inner_);
  Status committed = finishing->Commit();
  finishing.reset();  // the in-memory graph holds one transaction at a time
  ThrowIfError(committed);
  inner_ = source_.BeginWrite(interrupt_);
  ++batch_;
}

void BatchWriter::RollbackBatch() {
  if (inner_) inner_->Rollback();
  inner_.reset();
  inner_ = source_.BeginWrite(interrupt_);
  ++batch_;
}

}  // namespace quiver::main
