// The C API's results (quiver/quiver.h): columns and their types, streaming rows, typed
// value accessors, JSON for everything, the summary.

#include <memory>
#include <string>

#include "capi/capi_error.h"
#include "capi/capi_handles.h"
#include "capi/value_json.h"
#include "quiver/quiver.h"
#include "quiver/result.h"

using quiver::capi::Guard;
using quiver::capi::Misuse;
using State = quiver_result::State;

namespace {

bool Live(const quiver_result* result) {
  return result != nullptr && result->magic == quiver::capi::kResultMagic;
}

const char* WhyNotLive(const quiver_result* result) {
  return result == nullptr ? "result is NULL" : "not an open result (closed?)";
}

quiver_type TypeOfColumn(quiver::ColumnType type) {
  using quiver::ColumnType;
  switch (type) {
    case ColumnType::kAny: return QUIVER_TYPE_ANY;
    case ColumnType::kNull: return QUIVER_TYPE_NULL;
    case ColumnType::kBoolean: return QUIVER_TYPE_BOOLEAN;
    case ColumnType::kInteger: return QUIVER_TYPE_INTEGER;
    case ColumnType::kFloat: return QUIVER_TYPE_FLOAT;
    case ColumnType::kString: return QUIVER_TYPE_STRING;
    case ColumnType::kList: return QUIVER_TYPE_LIST;
    case ColumnType::kMap: return QUIVER_TYPE_MAP;
    case ColumnType::kNode: return QUIVER_TYPE_NODE;
    case ColumnType::kRelationship: return QUIVER_TYPE_RELATIONSHIP;
    case ColumnType::kPath: return QUIVER_TYPE_PATH;
  }
  return QUIVER_TYPE_ANY;
}

quiver_type TypeOfValue(quiver::ValueKind kind) {
  using quiver::ValueKind;
  switch (kind) {
    case ValueKind::kNull: return QUIVER_TYPE_NULL;
    case ValueKind::kBool: return QUIVER_TYPE_BOOLEAN;
    case ValueKind::kInt: return QUIVER_TYPE_INTEGER;
    case ValueKind::kFloat: return QUIVER_TYPE_FLOAT;
    case ValueKind::kString: return QUIVER_TYPE_STRING;
    case ValueKind::kList: return QUIVER_TYPE_LIST;
    case ValueKind::kMap: return QUIVER_TYPE_MAP;
    case ValueKind::kNode: return QUIVER_TYPE_NODE;
    case ValueKind::kRelationship: return QUIVER_TYPE_RELATIONSHIP;
    case ValueKind::kPath: return QUIVER_TYPE_PATH;
    case ValueKind::kDate: return QUIVER_TYPE_DATE;
    case ValueKind::kLocalTime: return QUIVER_TYPE_LOCAL_TIME;
    case ValueKind::kTime: return QUIVER_TYPE_TIME;
    case ValueKind::kLocalDateTime: return QUIVER_TYPE_LOCAL_DATETIME;
    case ValueKind::kDateTime: return QUIVER_TYPE_DATETIME;
    case ValueKind::kDuration: return QUIVER_TYPE_DURATION;
  }
  return QUIVER_TYPE_INVALID;
}

bool ValidColumn(const quiver_result* result, int column) {
  return column >= 0 && static_cast<size_t>(column) < result->result.columns().size();
}

// The current row's value in `column`, or null having recorded QUIVER_MISUSE.
const quiver::Value* Cell(const char* function, const quiver_result* result, int column) {
  if (!Live(result)) {
    Misuse(function, WhyNotLive(result));
    return nullptr;
  }
  if (result->state != State::kOnRow) {
    Misuse(function, "no current row (quiver_result_next has not returned QUIVER_ROW)");
    return nullptr;
  }
  if (!ValidColumn(result, column)) {
    Misuse(function, "column " + std::to_string(column) + " is out of range (the result has " +
                         std::to_string(result->result.columns().size()) + " columns)");
    return nullptr;
  }
  return &result->result.row()[static_cast<size_t>(column)];
}

quiver_status WrongType(const char* function, int column, const quiver::Value& value, const char* wanted) {
  return Misuse(function, "column " + std::to_string(column) + " holds " +
                              quiver_type_name(TypeOfValue(value.kind())) + ", not " + wanted);
}

// Hands out a string made for this row (kept until the next row).
void HandOut(const std::string& text, const char** out, size_t* length) {
  *out = text.c_str();
  if (length != nullptr) *length = text.size();
}

// Marks the result failed with the error just recorded, to report it again.
void SaveFailure(quiver_result* result) noexcept {
  result->state = State::kFailed;
  result->failure.code = quiver::capi::ThreadError().code;
  try {
    result->failure = quiver::capi::ThreadError();
  } catch (...) {
    result->failure.message.clear();  // the code alone, then
  }
}

// The summary, reading what is left of the stream first; null having recorded the
// error that stopped it (the result then stays failed).
const quiver::QuerySummary* Summary(const char* function, quiver_result* result) {
  if (!Live(result)) {
    Misuse(function, WhyNotLive(result));
    return nullptr;
  }
  if (result->state == State::kFailed) {
    quiver::capi::Restore(result->failure);
    return nullptr;
  }
  try {
    const quiver::QuerySummary& summary = result->result.summary();
    result->state = State::kDone;
    return &summary;
  } catch (...) {
    quiver::capi::FailFromCurrentException();
    SaveFailure(result);
    return nullptr;
  }
}

}  // namespace

namespace quiver::capi {

quiver_result* NewResult(quiver_connection* connection, QueryResult result) {
  auto handle = std::make_unique<quiver_result>();
  handle->connection = connection;
  handle->result = std::move(result);
  const size_t columns = handle->result.columns().size();
  handle->text.resize(columns);
  handle->json.resize(columns);
  connection->children.fetch_add(1);
  return handle.release();
}

}  // namespace quiver::capi

extern "C" {

const char* quiver_type_name(int type) {
  switch (type) {
    case QUIVER_TYPE_INVALID: return "INVALID";
    case QUIVER_TYPE_ANY: return "ANY";
    case QUIVER_TYPE_NULL: return "NULL";
    case QUIVER_TYPE_BOOLEAN: return "BOOLEAN";
    case QUIVER_TYPE_INTEGER: return "INTEGER";
    case QUIVER_TYPE_FLOAT: return "FLOAT";
    case QUIVER_TYPE_STRING: return "STRING";
    case QUIVER_TYPE_LIST: return "LIST";
    case QUIVER_TYPE_MAP: return "MAP";
    case QUIVER_TYPE_NODE: return "NODE";
    case QUIVER_TYPE_RELATIONSHIP: return "RELATIONSHIP";
    case QUIVER_TYPE_PATH: return "PATH";
    case QUIVER_TYPE_DATE: return "DATE";
    case QUIVER_TYPE_LOCAL_TIME: return "LOCAL TIME";
    case QUIVER_TYPE_TIME: return "ZONED TIME";
    case QUIVER_TYPE_LOCAL_DATETIME: return "LOCAL DATETIME";
    case QUIVER_TYPE_DATETIME: return "ZONED DATETIME";
    case QUIVER_TYPE_DURATION: return "DURATION";
  }
  return "INVALID";
}

int quiver_result_column_count(const quiver_result* result) {
  return Live(result) ? static_cast<int>(result->result.columns().size()) : 0;
}

const char* quiver_result_column_name(const quiver_result* result, int column) {
  if (!Live(result) || !ValidColumn(result, column)) return nullptr;
  return result->result.columns()[static_cast<size_t>(column)].c_str();
}

quiver_type quiver_result_column_type(const quiver_result* result, int column) {
  if (!Live(result) || !ValidColumn(result, column)) return QUIVER_TYPE_INVALID;
  const auto& types = result->result.column_types();
  // A result made from known rows may carry no types: nothing is known of its columns.
  if (static_cast<size_t>(column) >= types.size()) return QUIVER_TYPE_ANY;
  return TypeOfColumn(types[static_cast<size_t>(column)]);
}

quiver_status quiver_result_next(quiver_result* result) {
  return Guard([&] {
    if (!Live(result)) return Misuse("quiver_result_next", WhyNotLive(result));
    switch (result->state) {
      case State::kDone: return QUIVER_DONE;
      case State::kFailed: return quiver::capi::Restore(result->failure);
      case State::kBeforeFirst:
      case State::kOnRow: break;
    }
    for (auto& text : result->text) text.reset();
    for (auto& json : result->json) json.reset();
    try {
      if (result->result.Next()) {
        result->state = State::kOnRow;
        return QUIVER_ROW;
      }
      result->state = State::kDone;
      return QUIVER_DONE;
    } catch (...) {
      const quiver_status status = quiver::capi::FailFromCurrentException();
      SaveFailure(result);
      return status;
    }
  });
}

quiver_type quiver_value_type(const quiver_result* result, int column) {
  if (!Live(result) || result->state != State::kOnRow || !ValidColumn(result, column))
    return QUIVER_TYPE_INVALID;
  return TypeOfValue(result->result.row()[static_cast<size_t>(column)].kind());
}

quiver_status quiver_get_bool(quiver_result* result, int column, int* value) {
  return Guard([&] {
    if (value == nullptr) return Misuse("quiver_get_bool", "value (the out-parameter) is NULL");
    const quiver::Value* cell = Cell("quiver_get_bool", result, column);
    if (cell == nullptr) return QUIVER_MISUSE;
    if (!cell->IsBool()) return WrongType("quiver_get_bool", column, *cell, "a BOOLEAN");
    *value = cell->AsBool() ? 1 : 0;
    return QUIVER_OK;
  });
}

quiver_status quiver_get_int64(quiver_result* result, int column, int64_t* value) {
  return Guard([&] {
    if (value == nullptr) return Misuse("quiver_get_int64", "value (the out-parameter) is NULL");
    const quiver::Value* cell = Cell("quiver_get_int64", result, column);
    if (cell == nullptr) return QUIVER_MISUSE;
    if (!cell->IsInt()) return WrongType("quiver_get_int64", column, *cell, "an INTEGER");
    *value = cell->AsInt();
    return QUIVER_OK;
  });
}

quiver_status quiver_get_double(quiver_result* result, int column, double* value) {
  return Guard([&] {
    if (value == nullptr) return Misuse("quiver_get_double", "value (the out-parameter) is NULL");
    const quiver::Value* cell = Cell("quiver_get_double", result, column);
    if (cell == nullptr) return QUIVER_MISUSE;
    if (!cell->IsNumber()) return WrongType("quiver_get_double", column, *cell, "a FLOAT or an INTEGER");
    *value = cell->AsNumber();
    return QUIVER_OK;
  });
}

quiver_status quiver_get_text(quiver_result* result, int column, const char** text, size_t* length) {
  return Guard([&] {
    if (text == nullptr) return Misuse("quiver_get_text", "text (the out-parameter) is NULL");
    *text = nullptr;
    const quiver::Value* cell = Cell("quiver_get_text", result, column);
    if (cell == nullptr) return QUIVER_MISUSE;
    if (cell->IsString()) {
      // The value's own bytes: a std::string, so NUL-terminated; the row keeps it alive.
      const std::string_view s = cell->AsString();
      *text = s.data();
      if (length != nullptr) *length = s.size();
      return QUIVER_OK;
    }
    if (!cell->IsTemporal())
      return WrongType("quiver_get_text", column, *cell, "a STRING or a temporal value");
    auto& made = result->text[static_cast<size_t>(column)];
    if (!made) made = quiver::capi::IsoText(*cell);
    HandOut(*made, text, length);
    return QUIVER_OK;
  });
}

quiver_status quiver_get_json(quiver_result* result, int column, const char** json, size_t* length) {
  return Guard([&] {
    if (json == nullptr) return Misuse("quiver_get_json", "json (the out-parameter) is NULL");
    *json = nullptr;
    const quiver::Value* cell = Cell("quiver_get_json", result, column);
    if (cell == nullptr) return QUIVER_MISUSE;
    auto& made = result->json[static_cast<size_t>(column)];
    if (!made) made = quiver::capi::ToJson(*cell);
    HandOut(*made, json, length);
    return QUIVER_OK;
  });
}

quiver_status quiver_result_rows(quiver_result* result, uint64_t* rows) {
  return Guard([&] {
    if (rows == nullptr) return Misuse("quiver_result_rows", "rows (the out-parameter) is NULL");
    const quiver::QuerySummary* summary = Summary("quiver_result_rows", result);
    if (summary == nullptr) return quiver::capi::ThreadError().code;
    *rows = summary->rows;
    return QUIVER_OK;
  });
}

quiver_status quiver_result_elapsed_ns(quiver_result* result, int64_t* nanoseconds) {
  return Guard([&] {
    if (nanoseconds == nullptr)
      return Misuse("quiver_result_elapsed_ns", "nanoseconds (the out-parameter) is NULL");
    const quiver::QuerySummary* summary = Summary("quiver_result_elapsed_ns", result);
    if (summary == nullptr) return quiver::capi::ThreadError().code;
    *nanoseconds = static_cast<int64_t>(summary->elapsed.count());
    return QUIVER_OK;
  });
}

quiver_status quiver_result_counter(quiver_result* result, int counter, uint64_t* value) {
  return Guard([&] {
    if (value == nullptr) return Misuse("quiver_result_counter", "value (the out-parameter) is NULL");
    const quiver::QuerySummary* summary = Summary("quiver_result_counter", result);
    if (summary == nullptr) return quiver::capi::ThreadError().code;
    const quiver::UpdateCounters& c = summary->counters;
    switch (counter) {
      case QUIVER_NODES_CREATED: *value = c.nodes_created; return QUIVER_OK;
      case QUIVER_NODES_DELETED: *value = c.nodes_deleted; return QUIVER_OK;
      case QUIVER_RELATIONSHIPS_CREATED: *value = c.relationships_created; return QUIVER_OK;
      case QUIVER_RELATIONSHIPS_DELETED: *value = c.relationships_deleted; return QUIVER_OK;
      case QUIVER_PROPERTIES_SET: *value = c.properties_set; return QUIVER_OK;
      case QUIVER_LABELS_ADDED: *value = c.labels_added; return QUIVER_OK;
      case QUIVER_LABELS_REMOVED: *value = c.labels_removed; return QUIVER_OK;
      case QUIVER_INDEXES_ADDED: *value = c.indexes_added; return QUIVER_OK;
      case QUIVER_INDEXES_REMOVED: *value = c.indexes_removed; return QUIVER_OK;
      case QUIVER_CONSTRAINTS_ADDED: *value = c.constraints_added; return QUIVER_OK;
      case QUIVER_CONSTRAINTS_REMOVED: *value = c.constraints_removed; return QUIVER_OK;
    }
    return Misuse("quiver_result_counter", "no such counter: " + std::to_string(counter));
  });
}

quiver_status quiver_result_counters_text(quiver_result* result, const char** text) {
  return Guard([&] {
    if (text == nullptr) return Misuse("quiver_result_counters_text", "text (the out-parameter) is NULL");
    *text = nullptr;
    const quiver::QuerySummary* summary = Summary("quiver_result_counters_text", result);
    if (summary == nullptr) return quiver::capi::ThreadError().code;
    if (!result->has_counters_text) {
      result->counters_text = summary->counters.ToString();
      result->has_counters_text = true;
    }
    *text = result->counters_text.c_str();
    return QUIVER_OK;
  });
}

quiver_status quiver_result_notifications_json(quiver_result* result, const char** json) {
  return Guard([&] {
    if (json == nullptr) return Misuse("quiver_result_notifications_json", "json (the out-parameter) is NULL");
    *json = nullptr;
    const quiver::QuerySummary* summary = Summary("quiver_result_notifications_json", result);
    if (summary == nullptr) return quiver::capi::ThreadError().code;
    if (!result->notifications_json) {
      result->notifications_json = quiver::capi::ToJson(quiver::NotificationsAsValue(summary->notifications));
    }
    *json = result->notifications_json->c_str();
    return QUIVER_OK;
  });
}

quiver_status quiver_result_plan_text(quiver_result* result, const char** text) {
  return Guard([&] {
    if (text == nullptr) return Misuse("quiver_result_plan_text", "text (the out-parameter) is NULL");
    *text = nullptr;
    const quiver::QuerySummary* summary = Summary("quiver_result_plan_text", result);
    if (summary == nullptr) return quiver::capi::ThreadError().code;
    if (summary->plan == nullptr) return QUIVER_OK;
    if (!result->plan_text) result->plan_text = quiver::FormatPlan(*summary->plan);
    *text = result->plan_text->c_str();
    return QUIVER_OK;
  });
}

quiver_status quiver_result_close(quiver_result* result) {
  return Guard([&] {
    if (!Live(result)) return Misuse("quiver_result_close", WhyNotLive(result));
    quiver_connection* conn = result->connection;
    result->magic = 0;
    try {
      result->result.Close();  // stops the statement; its snapshot is released
    } catch (...) {
      // Closing only stops work; whatever it met on the way is not this call's error.
    }
    delete result;
    conn->children.fetch_sub(1);
    return QUIVER_OK;
  });
}

}  // extern "C"
