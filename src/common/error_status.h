#pragma once
// The way back from ThrowIfError (ADR 0002): code that returns a Status but calls readers
// that throw — the storage layer's verifying reads throw StorageError (Corruption) on a
// damaged block, block_verifier.h — turns what they throw into the Status it stands for.

#include <utility>

#include "quiver/error.h"
#include "quiver/status.h"

namespace quiver {

// The Status a QuiverError from ThrowIfError stood for (its detail is the code's name);
// Corruption for a StorageError with another detail, InvalidArgument otherwise.
Status StatusFromError(const QuiverError& error);

// f() -> Status, with a thrown QuiverError returned as its Status.
template <typename F>
Status CatchErrors(F&& f) {
  try {
    return std::forward<F>(f)();
  } catch (const QuiverError& e) {
    return StatusFromError(e);
  }
}

}  // namespace quiver
