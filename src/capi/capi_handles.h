#pragma once
// The C API's opaque handles: each wraps its C++ object (quiver/database.h) and counts
// the handles that depend on it, so that closing a parent before its children is
// QUIVER_MISUSE instead of a dangling pointer. A magic number tells a live handle of
// the right kind from NULL, a closed one (best effort: it is cleared on close) or a
// pointer of another kind.

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "capi/capi_error.h"
#include "quiver/database.h"
#include "quiver/quiver.h"
#include "quiver/result.h"
#include "quiver/value.h"

namespace quiver::capi {

constexpr uint32_t kDatabaseMagic = 0x51444231;    // "QDB1"
constexpr uint32_t kConnectionMagic = 0x51434e31;  // "QCN1"
constexpr uint32_t kStatementMagic = 0x51535431;   // "QST1"
constexpr uint32_t kResultMagic = 0x51525331;      // "QRS1"

}  // namespace quiver::capi

struct quiver_database {
  uint32_t magic = quiver::capi::kDatabaseMagic;
  std::unique_ptr<quiver::Database> database;
  std::atomic<int64_t> connections{0};  // quiver_connect may be called from any thread
};

struct quiver_connection {
  uint32_t magic = quiver::capi::kConnectionMagic;
  quiver_database* database = nullptr;
  std::unique_ptr<quiver::Connection> connection;  // Cancel() from any thread
  std::atomic<int64_t> children{0};                // statements and results
};

struct quiver_statement {
  uint32_t magic = quiver::capi::kStatementMagic;
  quiver_connection* connection = nullptr;
  std::unique_ptr<quiver::PreparedStatement> prepared;
  quiver::ValueMap parameters;  // as bound; each execution uses them as they are then
};

struct quiver_result {
  enum class State : uint8_t { kBeforeFirst, kOnRow, kDone, kFailed };

  uint32_t magic = quiver::capi::kResultMagic;
  quiver_connection* connection = nullptr;
  quiver::QueryResult result;
  State state = State::kBeforeFirst;
  quiver::capi::ErrorState failure;  // kFailed: what quiver_result_next reports again
  // Text made for the current row (a temporal's ISO text, any value's JSON), per
  // column: what quiver_get_text/quiver_get_json hand out, valid until the next row.
  std::vector<std::optional<std::string>> text;
  std::vector<std::optional<std::string>> json;
  std::string counters_text;  // made on the first quiver_result_counters_text
  bool has_counters_text = false;
  std::optional<std::string> notifications_json;  // made on the first call that asks
  std::optional<std::string> plan_text;
};

namespace quiver::capi {

// Wraps a statement's result in a handle counted on its connection (capi_result.cpp).
quiver_result* NewResult(quiver_connection* connection, QueryResult result);

}  // namespace quiver::capi
