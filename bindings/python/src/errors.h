#pragma once
// Engine errors as Python exceptions: a quiver::QuiverError becomes the quiver.Error
// subclass of its class (quiver/_errors.py builds it), with error_class, detail, phase,
// message and position; std::bad_alloc becomes quiver.ResourceExhaustedError.

#include <string>

#include "quiver/error.h"

namespace quiver::python {

void RegisterErrorTranslator();

// The binding's own misuse errors (a closed connection, a closed result): ClientError.
[[noreturn]] void ThrowClientError(std::string detail, std::string message);

}  // namespace quiver::python
