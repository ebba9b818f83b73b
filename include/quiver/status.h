#pragma once
// Status and Result<T>: the error channel of storage, file and I/O code.
//
// Quiver has two error channels and one rule (docs/adr/0002-error-model.md):
//  * code that touches files, the log or generations returns a Status / Result<T> that
//    the caller (recovery, compaction, import) branches on;
//  * query code throws a typed quiver::QuiverError (include/quiver/error.h), caught once
//    at the connection boundary.
// A Status that must leave a query turns into an exception through ThrowIfError().

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "quiver/export.h"

namespace quiver {

enum class StatusCode : uint8_t {
  kOk = 0,
  kNotFound = 1,
  kCorruption = 2,
  kIOError = 3,
  kInvalidArgument = 4,
  kResourceExhausted = 5,
  kNotSupported = 6,
  kBusy = 7,       // e.g. the database is locked by another writer
  kAborted = 8,    // an operation stopped on purpose (cancel, rolled-back session)
  kReadOnly = 9,   // the database stopped acknowledging writes after a failed fsync
};

QUIVER_EXPORT std::string_view StatusCodeName(StatusCode code);

class [[nodiscard]] QUIVER_EXPORT Status {
 public:
  Status() = default;  // OK

  static Status OK() { return Status(); }
  static Status NotFound(std::string msg) { return {StatusCode::kNotFound, std::move(msg)}; }
  static Status Corruption(std::string msg) { return {StatusCode::kCorruption, std::move(msg)}; }
  static Status IOError(std::string msg) { return {StatusCode::kIOError, std::move(msg)}; }
  static Status InvalidArgument(std::string msg) { return {StatusCode::kInvalidArgument, std::move(msg)}; }
  static Status ResourceExhausted(std::string msg) { return {StatusCode::kResourceExhausted, std::move(msg)}; }
  static Status NotSupported(std::string msg) { return {StatusCode::kNotSupported, std::move(msg)}; }
  static Status Busy(std::string msg) { return {StatusCode::kBusy, std::move(msg)}; }
  static Status Aborted(std::string msg) { return {StatusCode::kAborted, std::move(msg)}; }
  static Status ReadOnly(std::string msg) { return {StatusCode::kReadOnly, std::move(msg)}; }
  // An IOError built from errno, naming the operation and the path.
  static Status FromErrno(std::string_view operation, std::string_view path, int err);

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }
  bool IsNotFound() const { return code_ == StatusCode::kNotFound; }
  bool IsCorruption() const { return code_ == StatusCode::kCorruption; }
  bool IsIOError() const { return code_ == StatusCode::kIOError; }

  // "Corruption: manifest checksum mismatch at byte 4096"
  std::string ToString() const;

  // Prepends context: Status::IOError("x").WithContext("opening db") -> "opening db: x".
  Status WithContext(std::string_view context) const;

  friend bool operator==(const Status& a, const Status& b) { return a.code_ == b.code_; }

 private:
  Status(StatusCode code, std::string msg) : code_(code), message_(std::move(msg)) {}
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

// Result<T>: a value or a non-OK Status.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : data_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Status status) : data_(std::move(status)) {}  // NOLINT: implicit by design

  bool ok() const { return std::holds_alternative<T>(data_); }
  const Status& status() const {
    static const Status kOk;
    return ok() ? kOk : std::get<Status>(data_);
  }
  T& value() & { return std::get<T>(data_); }
  const T& value() const& { return std::get<T>(data_); }
  T&& value() && { return std::get<T>(std::move(data_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  std::variant<T, Status> data_;
};

}  // namespace quiver

// Propagates a non-OK Status out of the enclosing function.
#define QUIVER_RETURN_IF_ERROR(expr)                  \
  do {                                                \
    ::quiver::Status quiver_status_ = (expr);         \
    if (!quiver_status_.ok()) return quiver_status_;  \
  } while (0)

#define QUIVER_CONCAT_INNER(a, b) a##b
#define QUIVER_CONCAT(a, b) QUIVER_CONCAT_INNER(a, b)

// QUIVER_ASSIGN_OR_RETURN(auto file, env.OpenReadable(path));
#define QUIVER_ASSIGN_OR_RETURN(lhs, expr) \
  QUIVER_ASSIGN_OR_RETURN_IMPL(QUIVER_CONCAT(quiver_result_, __LINE__), lhs, expr)
#define QUIVER_ASSIGN_OR_RETURN_IMPL(tmp, lhs, expr) \
  auto tmp = (expr);                                 \
  if (!tmp.ok()) return tmp.status();                \
  lhs = std::move(tmp).value()
