#pragma once
// JSON as the commands print it. Strings in query results are valid UTF-8 (the engine
// checks what comes in), but a path, a file name or a message may not be; nlohmann's
// dump() throws type_error.316 on those, so bytes that are not UTF-8 print as U+FFFD
// instead: output never fails on text.

#include <nlohmann/json.hpp>
#include <string>

namespace quiver::cli {

template <typename Json = nlohmann::json>
std::string JsonText(const Json& json, int indent = 2) {
  return json.dump(indent, ' ', /*ensure_ascii=*/false, Json::error_handler_t::replace);
}

}  // namespace quiver::cli
