#pragma once
// Tuples of values as hash keys, by openCypher equivalence (GroupEquals/Hash: null is
// equivalent to null, 1 to 1.0): the keys of grouping and DISTINCT.

#include <vector>

#include "quiver/value.h"

namespace quiver::exec {

using KeyTuple = std::vector<Value>;

struct KeyTupleHash {
  size_t operator()(const KeyTuple& key) const {
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (const auto& v : key) h = (h ^ Hash(v)) * 0x100000001b3ULL;
    return static_cast<size_t>(h);
  }
};

struct KeyTupleEqual {
  bool operator()(const KeyTuple& a, const KeyTuple& b) const {
    for (size_t i = 0; i < a.size(); ++i) {
      if (!GroupEquals(a[i], b[i])) return false;
    }
    return true;
  }
};

}  // namespace quiver::exec
