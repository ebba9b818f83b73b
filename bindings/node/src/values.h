#pragma once
// Values between JavaScript and the engine (docs/node.md, "Values"). On the JavaScript
// thread only.
//
//   JavaScript -> engine: null and undefined are null; a boolean a BOOLEAN; a number an
//   INTEGER when it is a safe integer (Number.isSafeInteger, and not -0), else a FLOAT;
//   a BigInt an INTEGER (RangeError outside 64 bits); a string a STRING; an Array a
//   LIST; a JavaScript Date a DateTime in UTC (offset 0, milliseconds); a quiver.Date,
//   LocalTime, Time, LocalDateTime, DateTime or Duration that temporal value; a plain
//   object (its prototype Object.prototype or null) a MAP. Anything else is a TypeError.
//
//   engine -> JavaScript: an INTEGER is a number when |v| <= 2^53 - 1, else a BigInt;
//   a FLOAT a number; a LIST an Array; a MAP a plain object; a node
//   {...properties, _id, _label, _labels}, a relationship {...properties, _id, _type,
//   _label, _src, _dst}, a path {_nodes, _rels}; temporal values the quiver classes.

#include <napi.h>

#include <string>
#include <vector>

#include "quiver/result.h"
#include "quiver/value.h"

namespace quiver::node {

Value ToValue(Napi::Env env, Napi::Value value);
// The parameters of a statement: undefined or null (none), or a plain object.
ValueMap ToParameters(Napi::Env env, Napi::Value value);
Napi::Value ToJs(Napi::Env env, const Value& value);
// An INTEGER (or an id) as JavaScript gets it: a number when it is safe, else a BigInt.
Napi::Value IntegerToJs(Napi::Env env, int64_t value);
Napi::Value UnsignedToJs(Napi::Env env, uint64_t value);
// A whole number from a JavaScript number or BigInt; RangeError (thrown) otherwise or
// outside [min, max]. `what` names it in the message.
int64_t ToInteger(Napi::Env env, Napi::Value value, const char* what, int64_t min, int64_t max);
// obj[key] = value as an own data property (a key "__proto__" included).
void SetOwn(Napi::Object object, const std::string& key, Napi::Value value);

// Rows as objects keyed by the column names.
Napi::Array RowsToJs(Napi::Env env, const std::vector<std::string>& columns,
                     const std::vector<std::vector<Value>>& rows);

// The temporal classes of index.js (temporal_values.cpp). TemporalToValue wants an
// instance of one of them (IsTemporalObject); TemporalToJs a temporal Value.
bool IsTemporalObject(Napi::Env env, Napi::Object object);
Value TemporalToValue(Napi::Env env, Napi::Object object);
Napi::Value TemporalToJs(Napi::Env env, const Value& value);

}  // namespace quiver::node
