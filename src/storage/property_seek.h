#pragma once
// PropertySeek (graph.h) as a test of one value: what a scan with the seek's predicate
// keeps. The stores check with it the candidates no index vouches for — the in-memory
// graph's label scan, and the delta's written values over a generation's index — so a
// seek answers exactly as the Filter it came from would.

#include "quiver/value.h"
#include "quiver/value_ops.h"
#include "storage/graph.h"

namespace quiver::storage {

// Whether `value` (a node's property; null when absent) meets `seek` by openCypher's
// semantics: `=`/IN by equality (1 = 1.0, never '1'), the bounds by comparison (true
// only within one type class), STARTS WITH on strings. Null never does.
bool SeekMatches(const PropertySeek& seek, const Value& value);
// The whole seek against a node, `value_of(i)` its value of the index's i-th key: the
// leading keys equal seek.leading, and key leading.size() meets the test.
template <typename ValueOf>
bool SeekMatchesNode(const PropertySeek& seek, ValueOf&& value_of) {
  for (size_t i = 0; i < seek.leading.size(); ++i) {
    if (Equals(value_of(i), seek.leading[i]) != Ternary::kTrue) return false;
  }
  return SeekMatches(seek, value_of(seek.leading.size()));
}

}  // namespace quiver::storage
