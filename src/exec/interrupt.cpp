#include "exec/interrupt.h"

#include <string>

#include "quiver/error.h"

namespace quiver::exec {

void Interrupt::ThrowCancelled() { throw QueryInterrupted("Cancelled", "the statement was cancelled"); }

void Interrupt::ThrowTimedOut() const {
  throw QueryInterrupted("Timeout", "the statement ran past its timeout of " + std::to_string(timeout_.count()) + " ms");
}

}  // namespace quiver::exec
