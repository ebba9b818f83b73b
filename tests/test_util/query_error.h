#pragma once
// Statement outcomes and process memory for the session-layer tests.

#include <fstream>
#include <functional>
#include <string>

#include "quiver/database.h"

namespace quiver::testing {

// "Class/Detail" of the error `text` ends with on `conn` (its rows read), "" when it
// succeeds.
inline std::string ErrorOf(Connection& conn, const std::string& text) {
  try {
    conn.Query(text).rows();
  } catch (const QuiverError& e) {
    return std::string(ErrorClassName(e.error_class())) + "/" + e.detail();
  }
  return "";
}

// The message of the error `text` ends with on `conn`, "" when it succeeds.
inline std::string MessageOf(Connection& conn, const std::string& text) {
  try {
    conn.Query(text).rows();
  } catch (const QuiverError& e) {
    return e.what();
  }
  return "";
}

// "Class/Detail: message" of the QuiverError `call` throws, "" when it returns: for the
// API's functions that are not statements (backup, checkpoints).
inline std::string ErrorOfCall(const std::function<void()>& call) {
  try {
    call();
  } catch (const QuiverError& e) {
    return std::string(ErrorClassName(e.error_class())) + "/" + e.detail() + ": " + e.what();
  }
  return "";
}

// Resident memory of this process, in bytes.
inline uint64_t ResidentBytes() {
  std::ifstream statm("/proc/self/statm");
  uint64_t size = 0, resident = 0;
  statm >> size >> resident;
  return resident * 4096;
}

}  // namespace quiver::testing
