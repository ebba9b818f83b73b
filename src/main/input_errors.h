#pragma once
// The public functions that take paths and names from a user (backup, checkpoints) turn
// a storage Status into the error model's exceptions (ADR 0002): what the user gave
// wrong — InvalidArgument, NotFound — is ArgumentError/InvalidInput, with the storage
// layer's message; the rest is what ThrowIfError makes of it (StorageError/...).

#include "quiver/error.h"
#include "quiver/status.h"

namespace quiver::main {

inline void ThrowInputOrStorageError(const Status& status) {
  if (status.ok()) return;
  if (status.code() == StatusCode::kInvalidArgument || status.code() == StatusCode::kNotFound) {
    throw ArgumentError("InvalidInput", status.message());
  }
  ThrowIfError(status);
}

template <typename T>
T ValueOrThrow(Result<T> result) {
  ThrowInputOrStorageError(result.status());
  return std::move(result).value();
}

}  // namespace quiver::main
