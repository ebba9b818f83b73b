#pragma once
// Pieces of Hash(const Value&) (value_ops.h) for callers that hold a value unboxed — the
// vectorized engine's integer and string vectors — and must hash it exactly as Hash
// hashes the Value it stands for (a group made from either must be found from the other).

#include <cstdint>
#include <string_view>

namespace quiver {

// Hash(Value::Int(i)).
uint64_t HashInteger(int64_t i);
// Hash(Value::String(s)).
uint64_t HashString(std::string_view s);

}  // namespace quiver
