#pragma once
// Query values as JSON, as the commands print them (`quiver query --format json`, the
// shell's json and jsonl modes): nodes as {id, labels, properties}, relationships as
// {id, type, start, end, properties}, paths as {nodes, relationships}, temporal values as
// their Cypher text. Keys keep the order they come in (ordered_json): a row reads in the
// order its RETURN wrote it.

#include <nlohmann/json.hpp>

#include "quiver/value.h"

namespace quiver::cli {

using Json = nlohmann::ordered_json;

Json ToJson(const Value& v);

}  // namespace quiver::cli
