#pragma once
// Reads the TCK's value notation (expected-result tables, `parameters are:` tables,
// procedure tables) into quiver::Value. The notation, from the TCK README:
//   null  true  false  1  -3  1.5  -1e-10  NaN  Inf  -Inf  (Infinity also, as we print it)
//   'text' with Cypher escapes (\\ \' \" \n \t \r \b \f \uXXXX \UXXXXXXXX)
//   [1, 'a']  {k: 1, `odd key`: 2}
//   ()  (:A:B {k: 1})  [:T {k: 1}]  <(:A)-[:T]->(:B)<-[:U]-()>
// Nodes and relationships in the notation carry no identity; the values built here get
// synthetic ids (distinct per position, and a path's relationships point the way the
// arrows do) so that Value::Path's shape check holds. Compare them structurally (see
// result_matcher.h), never by id.

#include <string_view>

#include "quiver/value.h"

namespace quiver::tck {

// Parses one whole cell; throws std::runtime_error naming the offset on malformed input
// or trailing text.
Value ParseTckValue(std::string_view text);

}  // namespace quiver::tck
