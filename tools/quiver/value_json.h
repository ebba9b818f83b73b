#pragma once
// Query values as JSON, as the commands print them (`quiver query --format json`, the
// shell's json and jsonl modes): nodes as {id, labels, properties}, relationships as
// {id, type, start, end, properties}, paths as {nodes, relationships}, temporal values as
// their ISO 8601 text (as toString() gives it), NaN and the infinities (which JSON has no
// number for) as the strings "NaN", "Infinity", "-Infinity". Keys keep the order they
// come in (ordered_json): a row reads in the order its RETURN wrote it.

#include <nlohmann/json.hpp>

#include "quiver/value.h"

namespace quiver::cli {

using Json = nlohmann::ordered_json;

Json ToJson(const Value& v);

}  // namespace quiver::cli
