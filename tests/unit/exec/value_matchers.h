#pragma once
// EXPECT_EQ on quiver::Value (and vectors of them) in the engine tests: equal when of
// the same kind and equal as grouping keys (so null equals null and 1 differs from
// 1.0), printed in the TCK notation.

#include <ostream>

#include "quiver/value.h"
#include "quiver/value_ops.h"

namespace quiver {

inline bool operator==(const Value& a, const Value& b) { return a.kind() == b.kind() && GroupEquals(a, b); }
inline void PrintTo(const Value& v, std::ostream* os) { *os << ToTckString(v); }

}  // namespace quiver
