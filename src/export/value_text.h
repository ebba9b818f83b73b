#pragma once
// Property values as the text formats write them: a CSV field that `quiver import`
// reads back as the same value, a JSON value, a Cypher literal.

#include <functional>
#include <span>
#include <string>
#include <utility>

#include "quiver/value.h"

namespace quiver::exporter {

// A CSV field of a typed column: numbers in the shortest text that reads back to the
// same double (NaN, Infinity, -Infinity as the importer reads them), temporals as ISO
// 8601, a list's elements joined by `array_delimiter` (an empty list a quoted empty
// field, which the importer reads as an empty list); quoted (with "" for ") when it
// holds the delimiter, a quote or a line break, and an empty string as "".
void AppendCsvField(std::string& out, const Value& v, char array_delimiter);
// The field's text before quoting: a scalar's text, or a list's elements joined by
// `array_delimiter` (what a Parquet text column of a declared type holds).
void AppendFieldText(std::string& out, const Value& v, char array_delimiter);
// Text quoted as a CSV field where it needs to be (see above).
void AppendCsvText(std::string& out, std::string_view text);

// JSON: quiver/value_json.h's conventions (NaN and the infinities as strings, temporals
// as ISO text), written straight into `out`.
void AppendJson(std::string& out, const Value& v);
void AppendJsonString(std::string& out, std::string_view s);

// A Cypher expression that evaluates to v: literals, date('…') and the other temporal
// constructors, 0.0 / 0.0 for NaN, 1.0 / 0.0 for Infinity.
void AppendCypherLiteral(std::string& out, const Value& v);
// A name as Cypher reads it: in backticks, a backtick doubled.
void AppendCypherName(std::string& out, std::string_view name);

// An entity's properties (nulls left out) as a JSON object or a Cypher map literal,
// each key named by `key_name(id)`.
enum class MapSyntax : uint8_t { kJson, kCypher };
void AppendPropertyMap(std::string& out, std::span<const std::pair<uint32_t, Value>> props, MapSyntax syntax,
                       const std::function<std::string_view(uint32_t)>& key_name);

}  // namespace quiver::exporter
