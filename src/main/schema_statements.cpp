#include "main/schema_statements.h"

namespace quiver::main {

std::string QuotedName(std::string_view name) {
  std::string out = "`";
  for (char c : name) {
    out += c;
    if (c == '`') out += '`';
  }
  return out + "`";
}

namespace {

std::string TokenName(const GraphReader& graph, storage::IndexEntity entity, uint32_t token) {
  return std::string(entity == storage::IndexEntity::kNode ? graph.LabelName(token) : graph.RelTypeName(token));
}

// "(n:`Person`)" or "()-[r:`KNOWS`]-()".
std::string Pattern(const GraphReader& graph, storage::IndexEntity entity, uint32_t token) {
  const std::string quoted = QuotedName(TokenName(graph, entity, token));
  return entity == storage::IndexEntity::kNode ? "(n:" + quoted + ")" : "()-[r:" + quoted + "]-()";
}

// "n.`a`, n.`b`".
std::string Properties(const GraphReader& graph, storage::IndexEntity entity, std::span<const PropertyKeyId> keys) {
  std::string out;
  for (PropertyKeyId key : keys) {
    out += (out.empty() ? "" : ", ") + std::string(entity == storage::IndexEntity::kNode ? "n." : "r.") +
           QuotedName(graph.PropertyKeyName(key));
  }
  return out;
}

}  // namespace

std::string IndexCreateStatement(const GraphReader& graph, const storage::IndexDefinition& index) {
  return "CREATE " + std::string(storage::IndexKindName(index.kind)) + " INDEX " + QuotedName(index.name) + " FOR " +
         Pattern(graph, index.entity, index.token) + " ON (" + Properties(graph, index.entity, index.keys) + ")";
}

std::string ConstraintCreateStatement(const GraphReader& graph, const storage::ConstraintDefinition& c) {
  const bool node = c.entity == storage::IndexEntity::kNode;
  std::string require = Properties(graph, c.entity, c.keys);
  if (c.keys.size() > 1) require = "(" + require + ")";
  switch (c.kind) {
    case storage::ConstraintKind::kUnique: require += " IS UNIQUE"; break;
    case storage::ConstraintKind::kNodeKey: require += node ? " IS NODE KEY" : " IS RELATIONSHIP KEY"; break;
    case storage::ConstraintKind::kNotNull: require += " IS NOT NULL"; break;
    case storage::ConstraintKind::kPropertyType: require += " IS :: " + c.property_type; break;
  }
  return "CREATE CONSTRAINT " + QuotedName(c.name) + " FOR " + Pattern(graph, c.entity, c.token) + " REQUIRE " +
         require;
}

bool ImportEnforces(const storage::ConstraintDefinition& c) {
  return !(c.entity == storage::IndexEntity::kRelationship && c.OwnsIndex());
}

std::vector<std::string> SchemaCreateStatements(const GraphReader& graph, bool importable) {
  std::vector<std::string> out;
  const storage::SchemaCatalog& schema = graph.Schema();
  if (importable) {
    for (const storage::IndexDefinition& index : schema.indexes()) {
      if (index.IsPropertyIndex() && schema.OwnerOf(index.name) == nullptr) {
        out.push_back(IndexCreateStatement(graph, index));
      }
    }
  }
  for (const storage::ConstraintDefinition& c : schema.constraints()) {
    if (ImportEnforces(c) == importable) out.push_back(ConstraintCreateStatement(graph, c));
  }
  return out;
}

}  // namespace quiver::main
