#include "server/bolt/responses.h"

#include "server/bolt/bolt_values.h"
#include "server/bolt/chunking.h"

namespace quiver::server::bolt {

namespace {

// A summary message: the structure `tag` with one field, the metadata map.
void AppendSummary(std::string& out, uint8_t tag, const ValueMap& metadata, const BoltVersion& version) {
  std::string message;
  PackWriter w(message);
  w.StructHeader(1, tag);
  w.MapHeader(static_cast<uint32_t>(metadata.size()));
  for (const auto& [key, value] : metadata) {
    w.String(key);
    EncodeValue(w, value, version);
  }
  Chunk(message, out);
}

}  // namespace

void AppendSuccess(std::string& out, const ValueMap& metadata, const BoltVersion& version) {
  AppendSummary(out, kSuccess, metadata, version);
}

void AppendFailure(std::string& out, std::string_view code, std::string_view message, const BoltVersion& version) {
  ValueMap metadata;
  metadata.Set("code", Value::String(code));
  metadata.Set("message", Value::String(message));
  AppendSummary(out, kFailure, metadata, version);
}

void AppendIgnored(std::string& out) {
  std::string message;
  PackWriter w(message);
  w.StructHeader(0, kIgnored);
  Chunk(message, out);
}

void AppendRecord(std::string& out, std::span<const Value> values, const BoltVersion& version, std::string& scratch) {
  scratch.clear();
  PackWriter w(scratch);
  w.StructHeader(1, kRecord);
  w.ListHeader(static_cast<uint32_t>(values.size()));
  for (const Value& v : values) EncodeValue(w, v, version);
  Chunk(scratch, out);
}

}  // namespace quiver::server::bolt
