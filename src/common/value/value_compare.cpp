// Equality, comparison, orderability and equivalence of values (see quiver/value_ops.h
// for the rules and why they are what they are).

#include <array>
#include <cmath>

#include "common/value/value_number.h"
#include "quiver/value.h"

namespace quiver {

using value_internal::CompareFloat;
using value_internal::CompareIntFloat;
using value_internal::ThreeWay;

namespace {

bool IsNaN(const Value& v) {
  return v.IsFloat() && std::isnan(v.AsFloat());
}

// Both numbers, neither NaN.
int CompareNumbers(const Value& a, const Value& b) {
  if (a.IsInt()) {
    if (b.IsInt()) return ThreeWay(a.AsInt(), b.AsInt());
    return CompareIntFloat(a.AsInt(), b.AsFloat());
  }
  if (b.IsInt()) return -CompareIntFloat(b.AsInt(), a.AsFloat());
  return CompareFloat(a.AsFloat(), b.AsFloat());
}

// Orderability of two numbers: NaN sorts after every other number and ties with NaN.
int OrderNumbers(const Value& a, const Value& b) {
  const bool a_nan = IsNaN(a);
  const bool b_nan = IsNaN(b);
  if (a_nan || b_nan) return a_nan == b_nan ? 0 : (a_nan ? 1 : -1);
  return CompareNumbers(a, b);
}

// Two temporal values of the same kind. Time and DateTime order by UTC instant.
int CompareTemporal(const Value& a, const Value& b) {
  switch (a.kind()) {
    case ValueKind::kDate:
      return ThreeWay(a.AsDate().days, b.AsDate().days);
    case ValueKind::kLocalTime:
      return ThreeWay(a.AsLocalTime().nanos, b.AsLocalTime().nanos);
    case ValueKind::kTime:
      return ThreeWay(a.AsTime().UtcNanos(), b.AsTime().UtcNanos());
    case ValueKind::kLocalDateTime: {
      const auto& x = a.AsLocalDateTime();
      const auto& y = b.AsLocalDateTime();
      if (int c = ThreeWay(x.seconds, y.seconds)) return c;
      return ThreeWay(x.nanos, y.nanos);
    }
    case ValueKind::kDateTime: {
      const auto& x = a.AsDateTime();
      const auto& y = b.AsDateTime();
      if (int c = ThreeWay(x.seconds, y.seconds)) return c;
      return ThreeWay(x.nanos, y.nanos);
    }
    case ValueKind::kDuration: {
      const auto& x = a.AsDuration();
      const auto& y = b.AsDuration();
      if (int c = ThreeWay(x.months, y.months)) return c;
      if (int c = ThreeWay(x.days, y.days)) return c;
      if (int c = ThreeWay(x.seconds, y.seconds)) return c;
      return ThreeWay(x.nanos, y.nanos);
    }
    default:
      return 0;
  }
}

bool SamePathIds(const PathValue& x, const PathValue& y) {
  if (x.relationships.size() != y.relationships.size()) return false;
  for (size_t i = 0; i < x.nodes.size(); ++i) {
    if (x.nodes[i].id != y.nodes[i].id) return false;
  }
  for (size_t i = 0; i < x.relationships.size(); ++i) {
    if (x.relationships[i].id != y.relationships[i].id) return false;
  }
  return true;
}

Ternary ListEquals(const std::vector<Value>& x, const std::vector<Value>& y) {
  if (x.size() != y.size()) return Ternary::kFalse;
  Ternary result = Ternary::kTrue;
  for (size_t i = 0; i < x.size(); ++i) {
    result = And(result, Equals(x[i], y[i]));
    if (result == Ternary::kFalse) return result;
  }
  return result;
}

Ternary MapEquals(const ValueMap& x, const ValueMap& y) {
  if (x.size() != y.size()) return Ternary::kFalse;
  // Keys are sorted, so equal key sets line up entry by entry. Check every key before
  // any value: a key mismatch is false even where a value comparison would be null.
  for (auto xi = x.begin(), yi = y.begin(); xi != x.end(); ++xi, ++yi) {
    if (xi->first != yi->first) return Ternary::kFalse;
  }
  Ternary result = Ternary::kTrue;
  for (auto xi = x.begin(), yi = y.begin(); xi != x.end(); ++xi, ++yi) {
    result = And(result, Equals(xi->second, yi->second));
    if (result == Ternary::kFalse) return result;
  }
  return result;
}

Comparison FromThreeWay(int c) {
  return c < 0 ? Comparison::kLess : (c > 0 ? Comparison::kGreater : Comparison::kEqual);
}

Comparison CompareLists(const std::vector<Value>& x, const std::vector<Value>& y) {
  const size_t n = std::min(x.size(), y.size());
  for (size_t i = 0; i < n; ++i) {
    const Comparison c = Compare(x[i], y[i]);
    if (c != Comparison::kEqual) return c;  // less, greater, unordered (NaN) or null
  }
  return FromThreeWay(ThreeWay(x.size(), y.size()));
}

// Position of each kind in the ascending global sort order; numbers share one rank.
constexpr std::array<int, 16> MakeOrderRanks() {
  std::array<int, 16> rank{};
  rank[static_cast<int>(ValueKind::kMap)] = 0;
  rank[static_cast<int>(ValueKind::kNode)] = 1;
  rank[static_cast<int>(ValueKind::kRelationship)] = 2;
  rank[static_cast<int>(ValueKind::kList)] = 3;
  rank[static_cast<int>(ValueKind::kPath)] = 4;
  rank[static_cast<int>(ValueKind::kDateTime)] = 5;
  rank[static_cast<int>(ValueKind::kLocalDateTime)] = 6;
  rank[static_cast<int>(ValueKind::kDate)] = 7;
  rank[static_cast<int>(ValueKind::kTime)] = 8;
  rank[static_cast<int>(ValueKind::kLocalTime)] = 9;
  rank[static_cast<int>(ValueKind::kDuration)] = 10;
  rank[static_cast<int>(ValueKind::kString)] = 11;
  rank[static_cast<int>(ValueKind::kBool)] = 12;
  rank[static_cast<int>(ValueKind::kInt)] = 13;
  rank[static_cast<int>(ValueKind::kFloat)] = 13;
  rank[static_cast<int>(ValueKind::kNull)] = 14;
  return rank;
}
constexpr std::array<int, 16> kOrderRank = MakeOrderRanks();

int OrderRank(ValueKind kind) {
  return kOrderRank[static_cast<size_t>(kind)];
}

}  // namespace

Ternary Equals(const Value& a, const Value& b) {
  if (a.IsNull() || b.IsNull()) return Ternary::kNull;
  if (a.kind() != b.kind()) {
    if (a.IsNumber() && b.IsNumber()) {
      if (IsNaN(a) || IsNaN(b)) return Ternary::kFalse;
      return TernaryOf(CompareNumbers(a, b) == 0);
    }
    return Ternary::kFalse;
  }
  switch (a.kind()) {
    case ValueKind::kBool:
      return TernaryOf(a.AsBool() == b.AsBool());
    case ValueKind::kInt:
      return TernaryOf(a.AsInt() == b.AsInt());
    case ValueKind::kFloat:
      return TernaryOf(a.AsFloat() == b.AsFloat());  // NaN: false
    case ValueKind::kString:
      return TernaryOf(a.AsString() == b.AsString());
    case ValueKind::kList:
      return ListEquals(a.AsList(), b.AsList());
    case ValueKind::kMap:
      return MapEquals(a.AsMap(), b.AsMap());
    case ValueKind::kNode:
      return TernaryOf(a.AsNode().id == b.AsNode().id);
    case ValueKind::kRelationship:
      return TernaryOf(a.AsRelationship().id == b.AsRelationship().id);
    case ValueKind::kPath:
      return TernaryOf(SamePathIds(a.AsPath(), b.AsPath()));
    case ValueKind::kDate:
    case ValueKind::kLocalTime:
    case ValueKind::kTime:
    case ValueKind::kLocalDateTime:
    case ValueKind::kDateTime:
    case ValueKind::kDuration:
      return TernaryOf(CompareTemporal(a, b) == 0);
    case ValueKind::kNull:
      break;
  }
  return Ternary::kNull;
}

Comparison Compare(const Value& a, const Value& b) {
  if (a.IsNumber() && b.IsNumber()) {
    if (IsNaN(a) || IsNaN(b)) return Comparison::kUnordered;
    return FromThreeWay(CompareNumbers(a, b));
  }
  if (a.kind() != b.kind()) return Comparison::kNull;  // includes null against anything
  switch (a.kind()) {
    case ValueKind::kBool:
      return FromThreeWay(ThreeWay(a.AsBool(), b.AsBool()));
    case ValueKind::kString:
      return FromThreeWay(a.AsString().compare(b.AsString()));
    case ValueKind::kList:
      return CompareLists(a.AsList(), b.AsList());
    case ValueKind::kDate:
    case ValueKind::kLocalTime:
    case ValueKind::kTime:
    case ValueKind::kLocalDateTime:
    case ValueKind::kDateTime:
      return FromThreeWay(CompareTemporal(a, b));
    default:
      return Comparison::kNull;  // null, maps, graph entities, durations
  }
}

Ternary LessThan(const Value& a, const Value& b) {
  const Comparison c = Compare(a, b);
  return c == Comparison::kNull ? Ternary::kNull : TernaryOf(c == Comparison::kLess);
}

Ternary LessOrEqual(const Value& a, const Value& b) {
  const Comparison c = Compare(a, b);
  return c == Comparison::kNull ? Ternary::kNull
                                : TernaryOf(c == Comparison::kLess || c == Comparison::kEqual);
}

Ternary GreaterThan(const Value& a, const Value& b) {
  return LessThan(b, a);
}

Ternary GreaterOrEqual(const Value& a, const Value& b) {
  return LessOrEqual(b, a);
}

int OrderCompare(const Value& a, const Value& b) {
  // Integer keys dominate sorts; skip the rank lookup for them.
  if (a.IsInt() && b.IsInt()) return ThreeWay(a.AsInt(), b.AsInt());
  const int rank_a = OrderRank(a.kind());
  const int rank_b = OrderRank(b.kind());
  if (rank_a != rank_b) return rank_a < rank_b ? -1 : 1;
  if (a.SharesPayloadWith(b)) return 0;  // equivalence is reflexive, NaN and null included
  switch (a.kind()) {
    case ValueKind::kNull:
      return 0;
    case ValueKind::kBool:
      return ThreeWay(a.AsBool(), b.AsBool());
    case ValueKind::kInt:
    case ValueKind::kFloat:
      return OrderNumbers(a, b);
    case ValueKind::kString: {
      const int c = a.AsString().compare(b.AsString());
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    case ValueKind::kList: {
      const auto& x = a.AsList();
      const auto& y = b.AsList();
      const size_t n = std::min(x.size(), y.size());
      for (size_t i = 0; i < n; ++i) {
        if (int c = OrderCompare(x[i], y[i])) return c;
      }
      return ThreeWay(x.size(), y.size());
    }
    case ValueKind::kMap: {
      const auto& x = a.AsMap();
      const auto& y = b.AsMap();
      for (auto xi = x.begin(), yi = y.begin(); xi != x.end() && yi != y.end(); ++xi, ++yi) {
        if (int c = xi->first.compare(yi->first)) return c < 0 ? -1 : 1;
        if (int c = OrderCompare(xi->second, yi->second)) return c;
      }
      return ThreeWay(x.size(), y.size());
    }
    case ValueKind::kNode:
      return ThreeWay(a.AsNode().id, b.AsNode().id);
    case ValueKind::kRelationship:
      return ThreeWay(a.AsRelationship().id, b.AsRelationship().id);
    case ValueKind::kPath: {
      // As the list node0, rel0, node1, rel1, ... of identities.
      const auto& x = a.AsPath();
      const auto& y = b.AsPath();
      const size_t n = std::min(x.relationships.size(), y.relationships.size());
      for (size_t i = 0; i <= n; ++i) {
        if (int c = ThreeWay(x.nodes[i].id, y.nodes[i].id)) return c;
        if (i == n) break;
        if (int c = ThreeWay(x.relationships[i].id, y.relationships[i].id)) return c;
      }
      return ThreeWay(x.relationships.size(), y.relationships.size());
    }
    case ValueKind::kDate:
    case ValueKind::kLocalTime:
    case ValueKind::kTime:
    case ValueKind::kLocalDateTime:
    case ValueKind::kDateTime:
    case ValueKind::kDuration:
      return CompareTemporal(a, b);
  }
  return 0;
}

// Kept separate from OrderCompare(...) == 0 because it can stop early on a size or key
// mismatch; the randomized test in value_hash_test.cpp checks that the two agree.
bool GroupEquals(const Value& a, const Value& b) {
  if (a.kind() != b.kind()) return a.IsNumber() && b.IsNumber() && OrderNumbers(a, b) == 0;
  if (a.SharesPayloadWith(b)) return true;
  switch (a.kind()) {
    case ValueKind::kNull:
      return true;
    case ValueKind::kBool:
      return a.AsBool() == b.AsBool();
    case ValueKind::kInt:
      return a.AsInt() == b.AsInt();
    case ValueKind::kFloat:
      return OrderNumbers(a, b) == 0;  // NaN ~ NaN, -0.0 ~ 0.0
    case ValueKind::kString:
      return a.AsString() == b.AsString();
    case ValueKind::kList: {
      const auto& x = a.AsList();
      const auto& y = b.AsList();
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i) {
        if (!GroupEquals(x[i], y[i])) return false;
      }
      return true;
    }
    case ValueKind::kMap: {
      const auto& x = a.AsMap();
      const auto& y = b.AsMap();
      if (x.size() != y.size()) return false;
      for (auto xi = x.begin(), yi = y.begin(); xi != x.end(); ++xi, ++yi) {
        if (xi->first != yi->first || !GroupEquals(xi->second, yi->second)) return false;
      }
      return true;
    }
    case ValueKind::kNode:
      return a.AsNode().id == b.AsNode().id;
    case ValueKind::kRelationship:
      return a.AsRelationship().id == b.AsRelationship().id;
    case ValueKind::kPath:
      return SamePathIds(a.AsPath(), b.AsPath());
    case ValueKind::kDate:
    case ValueKind::kLocalTime:
    case ValueKind::kTime:
    case ValueKind::kLocalDateTime:
    case ValueKind::kDateTime:
    case ValueKind::kDuration:
      return CompareTemporal(a, b) == 0;
  }
  return false;
}

}  // namespace quiver
