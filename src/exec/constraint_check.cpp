#include "exec/constraint_check.h"

#include <algorithm>

#include "cypher/ast/expression.h"
#include "cypher/parser.h"
#include "exec/expression/expression_internal.h"
#include "quiver/error.h"
#include "quiver/value_ops.h"

namespace quiver::exec {

namespace {

using storage::ConstraintDefinition;
using storage::ConstraintKind;
using storage::IndexEntity;
using TypeKind = cypher::CypherType::Kind;

// The type Neo4j names for a value in its messages: `INTEGER`, `LIST<STRING NOT NULL>`.
std::string TypeName(const Value& value) {
  static constexpr TypeKind kSimple[] = {TypeKind::kBoolean,       TypeKind::kString,        TypeKind::kInteger,
                                         TypeKind::kFloat,         TypeKind::kDate,          TypeKind::kLocalTime,
                                         TypeKind::kZonedTime,     TypeKind::kLocalDateTime, TypeKind::kZonedDateTime,
                                         TypeKind::kDuration};
  auto simple = [](const Value& v) -> std::string {
    for (TypeKind kind : kSimple) {
      cypher::CypherType type{kind, /*not_null=*/true, {}};
      if (MatchesType(v, type)) return cypher::CypherTypeToString(type);
    }
    return "ANY NOT NULL";
  };
  if (!value.IsList()) {
    std::string name = simple(value);
    return name.substr(0, name.size() - std::string_view(" NOT NULL").size());
  }
  std::string member;
  for (const Value& item : value.AsList()) {
    std::string name = simple(item);
    if (!member.empty() && member != name) return "LIST<ANY NOT NULL>";
    member = name;
  }
  return "LIST<" + (member.empty() ? std::string("NOTHING") : member) + ">";
}

// The key names of a constraint, for messages.
std::vector<std::string> KeyNames(const GraphReader& graph, const ConstraintDefinition& c) {
  std::vector<std::string> keys;
  for (PropertyKeyId key : c.keys) keys.emplace_back(graph.PropertyKeyName(key));
  return keys;
}

// Neo4j's messages, from names and values alone, so a check without a graph (an
// import's rows) writes the same text as a commit's.
struct Messages {
  const ConstraintDefinition& c;
  const ConstraintNames& names;
  std::string What(uint64_t id) const {
    return (c.entity == IndexEntity::kNode ? "Node(" : "Relationship(") + std::to_string(id) + ")";
  }
  std::string WithToken() const {
    return std::string(c.entity == IndexEntity::kNode ? " with label `" : " with type `") + std::string(names.token) +
           "`";
  }
  // "property `isbn` = '1'" or "properties `a` = 1, `b` = 2".
  std::string KeyValues(std::span<const Value> values) const {
    std::string text = names.keys.size() == 1 ? "property " : "properties ";
    for (size_t i = 0; i < names.keys.size(); ++i) {
      if (i > 0) text += ", ";
      text.append("`").append(names.keys[i]).append("` = ").append(ToTckString(values[i]));
    }
    return text;
  }
};

struct Subject {
  const GraphReader& graph;
  const ConstraintDefinition& c;
  std::string token_name;
  std::vector<std::string> key_names;
  ConstraintNames names;
  Subject(const GraphReader& g, const ConstraintDefinition& constraint)
      : graph(g),
        c(constraint),
        token_name(c.entity == IndexEntity::kNode ? g.LabelName(c.token) : g.RelTypeName(c.token)),
        key_names(KeyNames(g, c)),
        names{token_name, key_names} {}
  Subject(const Subject&) = delete;  // names views the strings
  std::string_view token() const { return names.token; }
  std::string What(uint64_t id) const { return Messages{c, names}.What(id); }
  std::string KeyValues(std::span<const Value> values) const { return Messages{c, names}.KeyValues(values); }
  Value Get(uint64_t id, PropertyKeyId key) const {
    return c.entity == IndexEntity::kNode ? graph.GetNodeProperty(id, key) : graph.GetRelationshipProperty(id, key);
  }
  std::vector<Value> Values(uint64_t id) const {
    std::vector<Value> values;
    for (PropertyKeyId key : c.keys) values.push_back(Get(id, key));
    return values;
  }
  // A uniqueness violation at commit: `other` is the entity already there.
  std::string AlreadyExists(uint64_t other, std::span<const Value> values) const {
    return AlreadyExistsMessage(c, names, other, values);
  }
  std::optional<std::string> CheckOwn(uint64_t id) const { return OwnViolation(c, names, id, Values(id)); }
};

bool AllEqual(std::span<const Value> a, std::span<const Value> b) {
  for (size_t i = 0; i < a.size(); ++i) {
    if (Equals(a[i], b[i]) != Ternary::kTrue) return false;
  }
  return true;
}

bool AnyNull(std::span<const Value> values) {
  return std::any_of(values.begin(), values.end(), [](const Value& v) { return v.IsNull(); });
}

// The entities a constraint covers: the label's nodes, or the type's relationships.
std::vector<uint64_t> Covered(const GraphReader& graph, const ConstraintDefinition& c) {
  std::vector<uint64_t> ids;
  if (c.entity == IndexEntity::kNode) {
    std::vector<NodeId> nodes;
    graph.ScanNodes(0, graph.NodeIdBound(), c.token, nodes);
    ids.assign(nodes.begin(), nodes.end());
    return ids;
  }
  // No relationship scan by type in GraphReader: each node's outgoing relationships.
  std::vector<NodeId> nodes;
  graph.ScanNodes(0, graph.NodeIdBound(), std::nullopt, nodes);
  std::vector<Adjacent> adjacent;
  const RelTypeId type = c.token;
  for (NodeId node : nodes) {
    adjacent.clear();
    graph.Expand(node, Direction::kOutgoing, std::span<const RelTypeId>(&type, 1), adjacent);
    for (const Adjacent& a : adjacent) ids.push_back(a.rel.id);
  }
  return ids;
}

// Two entities of `ids` with equal values of every key (none null), the second of them
// one that `written` holds (every one when `written` is null); nullopt when there are
// none. Sorted by Cypher's orderability, which orders 1 and 1.0 alike, so equal tuples
// are neighbours: one pass over the covered entities instead of one per written one.
struct Duplicate {
  uint64_t existing, written;
  std::vector<Value> values;
};
std::optional<Duplicate> FindDuplicate(const Subject& subject, const std::vector<uint64_t>& ids,
                                       const std::vector<uint64_t>* written) {
  std::vector<std::pair<std::vector<Value>, uint64_t>> tuples;
  for (uint64_t id : ids) {
    std::vector<Value> values = subject.Values(id);
    if (!AnyNull(values)) tuples.emplace_back(std::move(values), id);
  }
  std::stable_sort(tuples.begin(), tuples.end(), [](const auto& a, const auto& b) {
    for (size_t i = 0; i < a.first.size(); ++i) {
      const int order = OrderCompare(a.first[i], b.first[i]);
      if (order != 0) return order < 0;
    }
    return false;
  });
  auto is_written = [&](uint64_t id) {
    return written == nullptr || std::binary_search(written->begin(), written->end(), id);
  };
  for (size_t i = 1; i < tuples.size(); ++i) {
    if (!AllEqual(tuples[i - 1].first, tuples[i].first)) continue;
    const uint64_t a = tuples[i - 1].second, b = tuples[i].second;
    if (is_written(b)) return Duplicate{a, b, tuples[i].first};
    if (is_written(a)) return Duplicate{b, a, tuples[i].first};
  }
  return std::nullopt;
}

// Past this many written entities of a label, one sorted pass over the label beats a
// scan of it per entity (when no online index answers a seek per entity).
constexpr size_t kScanPerEntityLimit = 8;

}  // namespace


void FindEqualNodes(const GraphReader& graph, LabelId label, std::span<const PropertyKeyId> keys,
                    std::span<const Value> values, std::vector<NodeId>& out) {
  if (AnyNull(values)) return;
  // The candidates: a seek of an index on the first key when one is online (a seek is
  // exactly a scan's answer for that key), else the label's nodes.
  std::vector<NodeId> nodes;
  bool sought = false;
  if (const storage::IndexDefinition* index = graph.OnlineNodeIndex(label, keys[0])) {
    PropertySeek seek;
    seek.values.push_back(values[0]);
    sought = graph.SeekNodes(*index, seek, nodes);
  }
  if (!sought) graph.ScanNodes(0, graph.NodeIdBound(), label, nodes);
  for (NodeId node : nodes) {
    bool equal = true;
    for (size_t i = 0; i < keys.size() && equal; ++i) {
      equal = Equals(graph.GetNodeProperty(node, keys[i]), values[i]) == Ternary::kTrue;
    }
    if (equal) out.push_back(node);
  }
}

std::optional<std::string> FindViolation(const GraphReader& graph, const ConstraintDefinition& c) {
  const Subject subject{graph, c};
  const std::vector<uint64_t> ids = Covered(graph, c);
  if (!c.OwnsIndex() || c.kind == ConstraintKind::kNodeKey) {
    for (uint64_t id : ids) {
      if (auto violation = subject.CheckOwn(id)) return violation;
    }
  }
  if (!c.OwnsIndex()) return std::nullopt;
  if (auto duplicate = FindDuplicate(subject, ids, nullptr)) {
    const auto [first, second] = std::minmax(duplicate->existing, duplicate->written);
    return "Both " + subject.What(first) + " and " + subject.What(second) +
           (c.entity == IndexEntity::kNode ? " have the label `" : " have the type `") + std::string(subject.token()) +
           "` and " + subject.KeyValues(duplicate->values);
  }
  return std::nullopt;
}

namespace {

// The relationships of the constraint's type whose keys equal `values`, from its backing
// index (ONLINE once the constraint's commit has built it); false when it cannot answer.
bool FindEqualRelationships(const GraphReader& graph, const ConstraintDefinition& c, std::span<const Value> values,
                            std::vector<uint64_t>& out) {
  const storage::IndexDefinition* index = graph.Schema().Find(c.name);
  if (index == nullptr || !graph.IndexOnline(*index)) return false;
  PropertySeek seek;
  seek.values.push_back(values[0]);
  std::vector<RelId> rels;
  if (!graph.SeekRelationships(*index, seek, rels)) return false;
  for (RelId rel : rels) {
    bool equal = true;
    for (size_t i = 1; i < c.keys.size() && equal; ++i) {
      equal = Equals(graph.GetRelationshipProperty(rel, c.keys[i]), values[i]) == Ternary::kTrue;
    }
    if (equal) out.push_back(rel);
  }
  return true;
}

// UNIQUE / KEY: each written entity of `covered` (ascending) against every entity the
// constraint covers — a seek per entity where an index answers, else one sorted pass.
void CheckUnique(const GraphReader& graph, const Subject& subject, const std::vector<uint64_t>& covered) {
  const ConstraintDefinition& c = subject.c;
  const bool node = c.entity == IndexEntity::kNode;
  auto sorted_pass = [&] {
    if (auto duplicate = FindDuplicate(subject, Covered(graph, c), &covered)) {
      throw SchemaError("ConstraintValidationFailed", subject.AlreadyExists(duplicate->existing, duplicate->values));
    }
  };
  if (node && covered.size() > kScanPerEntityLimit && graph.OnlineNodeIndex(c.token, c.keys[0]) == nullptr) {
    return sorted_pass();
  }
  for (uint64_t id : covered) {
    const std::vector<Value> values = subject.Values(id);
    if (AnyNull(values)) continue;
    std::vector<uint64_t> equal;
    if (node) {
      FindEqualNodes(graph, c.token, c.keys, values, equal);
    } else if (!FindEqualRelationships(graph, c, values, equal)) {
      return sorted_pass();
    }
    for (uint64_t other : equal) {
      if (other != id) throw SchemaError("ConstraintValidationFailed", subject.AlreadyExists(other, values));
    }
  }
}

}  // namespace

void ValidateWrites(const GraphReader& graph, std::span<const NodeId> nodes, std::span<const RelId> rels) {
  for (const ConstraintDefinition& c : graph.Schema().constraints()) {
    const Subject subject{graph, c};
    std::vector<uint64_t> covered;  // the written entities this constraint covers, ascending
    if (c.entity == IndexEntity::kRelationship) {
      for (RelId rel : rels) {
        if (!graph.RelationshipExists(rel) || graph.GetRelationship(rel).type != c.token) continue;
        if (auto violation = subject.CheckOwn(rel)) throw SchemaError("ConstraintValidationFailed", *violation);
        covered.push_back(rel);
      }
    } else {
      for (NodeId node : nodes) {
        if (!graph.NodeExists(node) || !graph.HasLabel(node, c.token)) continue;
        if (auto violation = subject.CheckOwn(node)) throw SchemaError("ConstraintValidationFailed", *violation);
        covered.push_back(node);
      }
    }
    if (!c.OwnsIndex() || covered.empty()) continue;
    std::sort(covered.begin(), covered.end());
    CheckUnique(graph, subject, covered);
  }
}

// The catalog keeps a property type as the text CypherTypeToString printed; reading it
// back through the parser's own type grammar keeps one definition of the syntax.
cypher::CypherType RequiredType(const ConstraintDefinition& c) {
  const cypher::ExprPtr expr = cypher::ParseExpression("null IS :: " + c.property_type);
  return expr->As<cypher::TypePredicateExpr>().type;
}

std::optional<std::string> OwnViolation(const ConstraintDefinition& c, const ConstraintNames& names, uint64_t id,
                                        std::span<const Value> values, const cypher::CypherType* type) {
  const Messages m{c, names};
  switch (c.kind) {
    case ConstraintKind::kNotNull:
      if (values[0].IsNull()) return m.What(id) + m.WithToken() + " must have the property `" + names.keys[0] + "`";
      return std::nullopt;
    case ConstraintKind::kNodeKey: {
      if (!AnyNull(values)) return std::nullopt;
      std::string keys;
      for (const std::string& k : names.keys) keys += (keys.empty() ? "`" : ", `") + k + "`";
      return m.What(id) + m.WithToken() + " must have the properties (" + keys + ")";
    }
    case ConstraintKind::kPropertyType:
      if (MatchesType(values[0], type != nullptr ? *type : RequiredType(c))) return std::nullopt;
      return m.What(id) + m.WithToken() + " required the property `" + names.keys[0] + "` to be of type `" +
             c.property_type + "`, but was of type `" + TypeName(values[0]) + "`.";
    case ConstraintKind::kUnique:
      return std::nullopt;
  }
  return std::nullopt;
}

std::string AlreadyExistsMessage(const ConstraintDefinition& c, const ConstraintNames& names, uint64_t other,
                                 std::span<const Value> values) {
  const Messages m{c, names};
  return m.What(other) + " already exists" + m.WithToken() + " and " + m.KeyValues(values);
}

std::string ConstraintText(const GraphReader& graph, const ConstraintDefinition& c) {
  const Subject subject{graph, c};
  const bool node = c.entity == IndexEntity::kNode;
  std::string type;
  switch (c.kind) {
    case ConstraintKind::kUnique: type = node ? "UNIQUENESS" : "RELATIONSHIP_UNIQUENESS"; break;
    case ConstraintKind::kNodeKey: type = node ? "NODE KEY" : "RELATIONSHIP KEY"; break;
    case ConstraintKind::kNotNull: type = node ? "NODE PROPERTY EXISTENCE" : "RELATIONSHIP PROPERTY EXISTENCE"; break;
    case ConstraintKind::kPropertyType: type = node ? "NODE PROPERTY TYPE" : "RELATIONSHIP PROPERTY TYPE"; break;
  }
  std::string keys;
  for (PropertyKeyId k : c.keys) keys += (keys.empty() ? "" : ", ") + std::string(graph.PropertyKeyName(k));
  const std::string schema = node ? "(:" + std::string(subject.token()) + " {" + keys + "})"
                                  : "()-[:" + std::string(subject.token()) + " {" + keys + "}]-()";
  std::string text = "Constraint( name='" + c.name + "', type='" + type + "', schema=" + schema;
  if (c.kind == ConstraintKind::kPropertyType) text += ", propertyType=" + c.property_type;
  return text + " )";
}

}  // namespace quiver::exec
