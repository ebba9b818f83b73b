#pragma once
// Finding text that is not valid UTF-8 inside a Value: its strings, map keys, labels
// and relationship types, at any depth. Every string in Quiver is valid UTF-8
// (common/utf8.h), and values that come from outside the engine (query parameters,
// procedure results) are checked with this where they come in.

#include <optional>
#include <string>

#include "quiver/value.h"

namespace quiver {

struct InvalidUtf8Text {
  // Where the text is inside the value: "" (the value itself), "[2]", ".name",
  // "[0].labels[1]", or " (a map key)" after the map's path for a key.
  std::string path;
  size_t offset = 0;  // of the first invalid byte, in that text
  std::string byte;   // "byte 0xFF"
};

// The first invalid text in `value` (depth first, in order), or nullopt. Iterative: a
// value nested any number of levels deep is walked without recursion.
std::optional<InvalidUtf8Text> FindInvalidUtf8Text(const Value& value);

}  // namespace quiver
