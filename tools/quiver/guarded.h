#pragma once
// The body of a command that calls the public API, which reports failures as
// QuiverError: the message on stderr as "quiver COMMAND: Class/Detail: ..." and exit 1.

#include <iostream>

#include "commands.h"
#include "quiver/error.h"

namespace quiver::cli {

template <typename Body>
int Guarded(const char* command, Body&& body) {
  try {
    body();
    return kExitOk;
  } catch (const QuiverError& e) {
    std::cerr << "quiver " << command << ": " << e.what() << "\n";
    return kExitFailure;
  }
}

}  // namespace quiver::cli
