#include "quiver/status.h"

#include <cstring>

namespace quiver {

std::string_view StatusCodeName(StatusCode code) {
  switch (code) {
    case StatusCode::kOk: return "OK";
    case StatusCode::kNotFound: return "NotFound";
    case StatusCode::kCorruption: return "Corruption";
    case StatusCode::kIOError: return "IOError";
    case StatusCode::kInvalidArgument: return "InvalidArgument";
    case StatusCode::kResourceExhausted: return "ResourceExhausted";
    case StatusCode::kNotSupported: return "NotSupported";
    case StatusCode::kBusy: return "Busy";
    case StatusCode::kAborted: return "Aborted";
    case StatusCode::kReadOnly: return "ReadOnly";
  }
  return "Unknown";
}

Status Status::FromErrno(std::string_view operation, std::string_view path, int err) {
  std::string msg;
  msg.append(operation).append(" '").append(path).append("': ").append(std::strerror(err));
  if (err == ENOENT) return NotFound(std::move(msg));
  if (err == ENOSPC || err == ENOMEM || err == EDQUOT) return ResourceExhausted(std::move(msg));
  return IOError(std::move(msg));
}

std::string Status::ToString() const {
  if (ok()) return "OK";
  std::string out(StatusCodeName(code_));
  out.append(": ").append(message_);
  return out;
}

Status Status::WithContext(std::string_view context) const {
  if (ok()) return *this;
  std::string msg(context);
  msg.append(": ").append(message_);
  return Status(code_, std::move(msg));
}

}  // namespace quiver
