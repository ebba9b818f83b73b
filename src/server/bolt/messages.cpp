#include "server/bolt/messages.h"

namespace quiver::server::bolt {

std::optional<size_t> RequestFields(uint8_t tag, const BoltVersion& version) {
  switch (tag) {
    case kHello:
    case kBegin:
    case kDiscard:
    case kPull:
      return 1;
    case kGoodbye:
    case kReset:
    case kCommit:
    case kRollback:
      return 0;
    case kRun:
    case kRoute:
      return 3;
    case kLogon:
      if (version.Logon()) return 1;
      return std::nullopt;
    case kLogoff:
      if (version.Logon()) return 0;
      return std::nullopt;
    case kTelemetry:
      if (version.AtLeast(5, 4)) return 1;
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

std::string_view RequestName(uint8_t tag) {
  switch (tag) {
    case kHello:
      return "HELLO";
    case kGoodbye:
      return "GOODBYE";
    case kReset:
      return "RESET";
    case kRun:
      return "RUN";
    case kBegin:
      return "BEGIN";
    case kCommit:
      return "COMMIT";
    case kRollback:
      return "ROLLBACK";
    case kDiscard:
      return "DISCARD";
    case kPull:
      return "PULL";
    case kTelemetry:
      return "TELEMETRY";
    case kRoute:
      return "ROUTE";
    case kLogon:
      return "LOGON";
    case kLogoff:
      return "LOGOFF";
    default:
      return "an unknown message";
  }
}

std::string HexByte(uint8_t byte) {
  const char* digits = "0123456789ABCDEF";
  return {digits[byte >> 4], digits[byte & 0xF]};
}

}  // namespace quiver::server::bolt
