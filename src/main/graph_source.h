#pragma once
// Where a database's statements get their graph: the transactional store (snapshots
// and one writer) or the in-memory graph (one transaction at a time, no snapshots).

#include <memory>

#include "exec/interrupt.h"
#include "storage/graph.h"

namespace quiver::main {

class GraphSource {
 public:
  virtual ~GraphSource() = default;
  // The write transaction of a statement (throws when the store cannot give one). While
  // another holds the writer it waits, checking `interrupt` (when given): a Cancel() or
  // the statement's deadline ends the wait with QueryInterrupted.
  virtual std::unique_ptr<GraphWriter> BeginWrite(const exec::Interrupt* interrupt = nullptr) = 0;
  // A consistent snapshot for a statement that does not write, or null when the store
  // has none (then it runs in a write transaction too).
  virtual std::unique_ptr<GraphReader> BeginRead() { return nullptr; }
  // A read-only source catches up with another process's commits (Database::Refresh).
  virtual void Refresh() {}
};

}  // namespace quiver::main
