// Hash(v), consistent with GroupEquals: equivalent values hash equal. The rules that
// make that hold are the ones where equivalence crosses representations:
//  * a Float holding an integral value hashes as that Integer (1.0 ~ 1, -0.0 ~ 0);
//  * every NaN hashes alike (NaN ~ NaN);
//  * Time and DateTime hash their UTC instant, not their offset or zone;
//  * nodes, relationships and paths hash only identities.
// Hashes are not stable across versions; never persist them.

#include <xxhash.h>

#include <bit>
#include <cmath>

#include "common/value/value_hash.h"
#include "common/value/value_number.h"
#include "quiver/value.h"

namespace quiver {

namespace {

// Per-family seeds, so that e.g. the empty list, the empty map and the integer 0 differ.
constexpr uint64_t kNullHash = 0x6e756c6c6e756c6cULL;
constexpr uint64_t kFalseHash = 0x2c3a5e1f0b9d4a17ULL;
constexpr uint64_t kTrueHash = 0x91e4b3c2d5a6f708ULL;
constexpr uint64_t kNaNHash = 0x7ff8dead7ff8beefULL;
constexpr uint64_t kIntSeed = 0x3b1f0e5d7c9a2b46ULL;
constexpr uint64_t kFloatSeed = 0x5d2c7e9b1a3f4e68ULL;
constexpr uint64_t kStringSeed = 0x8a4d2f6b3c1e5a79ULL;
constexpr uint64_t kListSeed = 0x1f6a3d8c5b2e7d90ULL;
constexpr uint64_t kMapSeed = 0x4c8e1b7a3d5f2c61ULL;
constexpr uint64_t kNodeSeed = 0x6b3f9d2a8c4e1b57ULL;
constexpr uint64_t kRelSeed = 0x2e7c5a9f1d3b6e84ULL;
constexpr uint64_t kPathSeed = 0x9d1b4f7e2a6c3d15ULL;
constexpr uint64_t kTemporalSeed = 0x5a9e3c1d7b2f4e86ULL;

// MurmurHash3's 64-bit finalizer: every input bit affects every output bit.
inline uint64_t Fmix64(uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdULL;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ULL;
  k ^= k >> 33;
  return k;
}

// Order-dependent combination (lists are sequences, map entries are sorted).
inline uint64_t Combine(uint64_t seed, uint64_t v) {
  return Fmix64(seed ^ (v + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2)));
}


uint64_t HashFloat(double d) {
  if (std::isnan(d)) return kNaNHash;
  int64_t as_int = 0;
  if (value_internal::FloatAsExactInt(d, as_int)) return HashInteger(as_int);
  return Fmix64(std::bit_cast<uint64_t>(d) ^ kFloatSeed);
}

inline uint64_t HashBytes(std::string_view s, uint64_t seed) {
  return XXH3_64bits_withSeed(s.data(), s.size(), seed);
}

uint64_t HashTemporal(const Value& v) {
  const uint64_t seed = Combine(kTemporalSeed, static_cast<uint64_t>(v.kind()));
  switch (v.kind()) {
    case ValueKind::kDate:
      return Combine(seed, static_cast<uint64_t>(v.AsDate().days));
    case ValueKind::kLocalTime:
      return Combine(seed, static_cast<uint64_t>(v.AsLocalTime().nanos));
    case ValueKind::kTime:
      return Combine(seed, static_cast<uint64_t>(v.AsTime().UtcNanos()));
    case ValueKind::kLocalDateTime: {
      const auto& t = v.AsLocalDateTime();
      return Combine(Combine(seed, static_cast<uint64_t>(t.seconds)), static_cast<uint64_t>(t.nanos));
    }
    case ValueKind::kDateTime: {
      const auto& t = v.AsDateTime();
      return Combine(Combine(seed, static_cast<uint64_t>(t.seconds)), static_cast<uint64_t>(t.nanos));
    }
    case ValueKind::kDuration: {
      const auto& d = v.AsDuration();
      uint64_t h = Combine(seed, static_cast<uint64_t>(d.months));
      h = Combine(h, static_cast<uint64_t>(d.days));
      h = Combine(h, static_cast<uint64_t>(d.seconds));
      return Combine(h, static_cast<uint64_t>(d.nanos));
    }
    default:
      return seed;
  }
}

}  // namespace

uint64_t HashInteger(int64_t i) { return Fmix64(static_cast<uint64_t>(i) ^ kIntSeed); }
uint64_t HashString(std::string_view s) { return HashBytes(s, kStringSeed); }

uint64_t Hash(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kNull:
      return kNullHash;
    case ValueKind::kBool:
      return v.AsBool() ? kTrueHash : kFalseHash;
    case ValueKind::kInt:
      return HashInteger(v.AsInt());
    case ValueKind::kFloat:
      return HashFloat(v.AsFloat());
    case ValueKind::kString:
      return HashString(v.AsString());
    case ValueKind::kList: {
      uint64_t h = kListSeed;
      for (const Value& item : v.AsList()) h = Combine(h, Hash(item));
      return Combine(h, v.AsList().size());
    }
    case ValueKind::kMap: {
      uint64_t h = kMapSeed;
      for (const auto& [key, value] : v.AsMap()) {
        h = Combine(h, HashBytes(key, kStringSeed));
        h = Combine(h, Hash(value));
      }
      return Combine(h, v.AsMap().size());
    }
    case ValueKind::kNode:
      return Combine(kNodeSeed, v.AsNode().id);
    case ValueKind::kRelationship:
      return Combine(kRelSeed, v.AsRelationship().id);
    case ValueKind::kPath: {
      const PathValue& path = v.AsPath();
      uint64_t h = Combine(kPathSeed, path.nodes.front().id);
      for (size_t i = 0; i < path.relationships.size(); ++i) {
        h = Combine(h, path.relationships[i].id);
        h = Combine(h, path.nodes[i + 1].id);
      }
      return h;
    }
    case ValueKind::kDate:
    case ValueKind::kLocalTime:
    case ValueKind::kTime:
    case ValueKind::kLocalDateTime:
    case ValueKind::kDateTime:
    case ValueKind::kDuration:
      return HashTemporal(v);
  }
  return kNullHash;
}

}  // namespace quiver
