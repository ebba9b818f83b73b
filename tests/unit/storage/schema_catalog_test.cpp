// The schema catalog (storage/schema_catalog.h) on its own, before anything stores it:
// the conflicts CREATE INDEX reports, DROP, generated names, and the bytes — a round
// trip, and every kind of damage refused with Corruption (or NotSupported for a newer
// kind) rather than read as a different catalog.

#include "storage/schema_catalog.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace quiver::storage {
namespace {

IndexDefinition Range(std::string name, uint32_t label, std::vector<PropertyKeyId> keys) {
  return {std::move(name), IndexKind::kRange, IndexEntity::kNode, label, std::move(keys), ""};
}

TEST(SchemaCatalogTest, InitialHoldsTheTwoLookupIndexes) {
  const SchemaCatalog catalog = SchemaCatalog::Initial();
  ASSERT_EQ(catalog.indexes().size(), 2u);
  EXPECT_EQ(catalog.Find("index_343aff4e")->entity, IndexEntity::kNode);
  EXPECT_EQ(catalog.Find("index_f7700477")->entity, IndexEntity::kRelationship);
  // A second node LOOKUP index is the same schema under another name.
  EXPECT_EQ(catalog.CheckAdd({"labels", IndexKind::kLookup, IndexEntity::kNode, 0, {}, ""}),
            SchemaConflict::kAlreadyIndexed);
}

TEST(SchemaCatalogTest, ConflictsAreNeo4js) {
  SchemaCatalog catalog;
  catalog.Add(Range("person_name", 1, {2}));
  EXPECT_EQ(catalog.CheckAdd(Range("person_name", 1, {2})), SchemaConflict::kEquivalentExists);
  EXPECT_EQ(catalog.CheckAdd(Range("person_name", 1, {3})), SchemaConflict::kNameTaken);
  EXPECT_EQ(catalog.CheckAdd(Range("other", 1, {2})), SchemaConflict::kAlreadyIndexed);
  // Another type on the same schema may exist (as in Neo4j), and so may another key order.
  IndexDefinition text = Range("other", 1, {2});
  text.kind = IndexKind::kText;
  EXPECT_EQ(catalog.CheckAdd(text), SchemaConflict::kNone);
  EXPECT_EQ(catalog.CheckAdd(Range("composite", 1, {2, 3})), SchemaConflict::kNone);
  IndexDefinition rel = Range("knows", 1, {2});
  rel.entity = IndexEntity::kRelationship;
  EXPECT_EQ(catalog.CheckAdd(rel), SchemaConflict::kNone);
  EXPECT_TRUE(catalog.Drop("person_name"));
  EXPECT_FALSE(catalog.Drop("person_name"));
  EXPECT_EQ(catalog.CheckAdd(Range("other", 1, {2})), SchemaConflict::kNone);
}

TEST(SchemaCatalogTest, GeneratedNamesAreStableAndTellSchemasApart) {
  const std::vector<std::string> name{"name"}, born{"born"};
  const std::string a = GenerateIndexName(Range("", 1, {2}), "Person", name);
  EXPECT_EQ(a.size(), 14u);
  EXPECT_EQ(a.rfind("index_", 0), 0u);
  EXPECT_EQ(a, GenerateIndexName(Range("", 7, {9}), "Person", name));  // names, not ids
  EXPECT_NE(a, GenerateIndexName(Range("", 1, {2}), "Person", born));
  EXPECT_NE(a, GenerateIndexName(Range("", 1, {2}), "Persons", name));
  IndexDefinition text = Range("", 1, {2});
  text.kind = IndexKind::kText;
  EXPECT_NE(a, GenerateIndexName(text, "Person", name));
  // Splitting the same letters differently is a different schema.
  const std::vector<std::string> ab{"a", "b"}, a_b{"ab"};
  EXPECT_NE(GenerateIndexName(Range("", 1, {2, 3}), "L", ab), GenerateIndexName(Range("", 1, {2}), "L", a_b));
}

TEST(SchemaCatalogTest, BytesRoundTrip) {
  SchemaCatalog catalog = SchemaCatalog::Initial();
  catalog.Add(Range("person_name", 1, {2, 5}));
  IndexDefinition rel{"knows_since", IndexKind::kPoint, IndexEntity::kRelationship, 3, {4}, "range-1.0"};
  catalog.Add(rel);
  Result<SchemaCatalog> back = SchemaCatalog::Decode(catalog.Encode(), "test");
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(*back, catalog);
  Result<SchemaCatalog> empty = SchemaCatalog::Decode(SchemaCatalog().Encode(), "test");
  ASSERT_TRUE(empty.ok());
  EXPECT_TRUE(empty->indexes().empty());
}

TEST(SchemaCatalogTest, DamageIsCorruption) {
  SchemaCatalog catalog;
  catalog.Add(Range("person_name", 1, {2}));
  const std::string bytes = catalog.Encode();
  // Every truncation, and a byte too many.
  for (size_t n = 0; n < bytes.size(); ++n) {
    EXPECT_EQ(SchemaCatalog::Decode(bytes.substr(0, n), "test").status().code(), StatusCode::kCorruption)
        << n;
  }
  EXPECT_EQ(SchemaCatalog::Decode(bytes + '\0', "test").status().code(), StatusCode::kCorruption);
  // Layout: count(4) name length(4) "person_name"(11) kind(1) entity(1) token(4) key count(4) ...
  const size_t kind_at = 4 + 4 + 11;
  std::string zero_kind = bytes;
  zero_kind[kind_at] = 0;
  EXPECT_EQ(SchemaCatalog::Decode(zero_kind, "test").status().code(), StatusCode::kCorruption);
  std::string newer_kind = bytes;
  newer_kind[kind_at] = 9;
  EXPECT_EQ(SchemaCatalog::Decode(newer_kind, "test").status().code(), StatusCode::kNotSupported);
  std::string lookup_with_keys = bytes;
  lookup_with_keys[kind_at] = static_cast<char>(IndexKind::kLookup);
  EXPECT_EQ(SchemaCatalog::Decode(lookup_with_keys, "test").status().code(), StatusCode::kCorruption);
  std::string huge_key_count = bytes;
  huge_key_count[kind_at + 6 + 3] = '\x7f';
  EXPECT_EQ(SchemaCatalog::Decode(huge_key_count, "test").status().code(), StatusCode::kCorruption);
  // The same index twice.
  std::string twice = bytes.substr(4) + bytes.substr(4);
  twice.insert(0, std::string("\x02\x00\x00\x00", 4));
  const Status repeated = SchemaCatalog::Decode(twice, "Schema file").status();
  EXPECT_EQ(repeated.code(), StatusCode::kCorruption);
  EXPECT_NE(repeated.ToString().find("Schema file"), std::string::npos) << repeated.ToString();
}

ConstraintDefinition Unique(std::string name, uint32_t label, std::vector<PropertyKeyId> keys) {
  return {std::move(name), ConstraintKind::kUnique, IndexEntity::kNode, label, std::move(keys), ""};
}

TEST(SchemaCatalogTest, ConstraintsOwnTheirIndexAndConflictAsNeo4j) {
  SchemaCatalog catalog = SchemaCatalog::Initial();
  catalog.AddConstraint(Unique("person_name", 1, {2}));
  ASSERT_NE(catalog.Find("person_name"), nullptr);  // the backing index, same name
  EXPECT_EQ(catalog.Find("person_name")->kind, IndexKind::kRange);
  EXPECT_NE(catalog.OwnerOf("person_name"), nullptr);
  EXPECT_EQ(catalog.OwnerOf("index_343aff4e"), nullptr);
  EXPECT_EQ(catalog.CheckAddConstraint(Unique("person_name", 1, {2})), SchemaConflict::kEquivalentExists);
  EXPECT_EQ(catalog.CheckAddConstraint(Unique("other", 1, {2})), SchemaConflict::kConstraintExists);
  EXPECT_EQ(catalog.CheckAddConstraint(Unique("index_343aff4e", 1, {3})), SchemaConflict::kNameTaken);
  ConstraintDefinition key{"person_key", ConstraintKind::kNodeKey, IndexEntity::kNode, 1, {2}, ""};
  EXPECT_EQ(catalog.CheckAddConstraint(key), SchemaConflict::kConflictingKind);
  ConstraintDefinition not_null{"person_name_exists", ConstraintKind::kNotNull, IndexEntity::kNode, 1, {2}, ""};
  EXPECT_EQ(catalog.CheckAddConstraint(not_null), SchemaConflict::kNone);  // NOT NULL and UNIQUE combine
  ConstraintDefinition typed{"age_int", ConstraintKind::kPropertyType, IndexEntity::kNode, 1, {3}, "INTEGER"};
  catalog.AddConstraint(typed);
  typed.name = "age_float";
  typed.property_type = "FLOAT";
  EXPECT_EQ(catalog.CheckAddConstraint(typed), SchemaConflict::kConflictingKind);
  catalog.Add(Range("city_name", 4, {2}));
  EXPECT_EQ(catalog.CheckAddConstraint(Unique("city_unique", 4, {2})), SchemaConflict::kIndexExists);
  EXPECT_EQ(catalog.CheckAdd(Range("age_int", 9, {9})), SchemaConflict::kNameTaken);
  EXPECT_TRUE(catalog.DropConstraint("person_name"));
  EXPECT_EQ(catalog.Find("person_name"), nullptr);
  EXPECT_FALSE(catalog.DropConstraint("person_name"));
  EXPECT_NE(GenerateConstraintName(typed, "Person", std::vector<std::string>{"age"}).rfind("constraint_", 0),
            std::string::npos);
}

TEST(SchemaCatalogTest, ConstraintBytesRoundTripAndVersionOneStaysTheSame) {
  SchemaCatalog indexes_only = SchemaCatalog::Initial();
  indexes_only.Add(Range("person_name", 1, {2, 5}));
  const std::string version_one = indexes_only.Encode();
  SchemaCatalog catalog = indexes_only;
  catalog.AddConstraint(Unique("email", 1, {7}));
  catalog.AddConstraint({"tags", ConstraintKind::kPropertyType, IndexEntity::kRelationship, 2, {3},
                         "LIST<STRING NOT NULL> | STRING"});
  catalog.AddConstraint({"since", ConstraintKind::kNotNull, IndexEntity::kRelationship, 2, {4}, ""});
  Result<SchemaCatalog> back = SchemaCatalog::Decode(catalog.Encode(), "test");
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(*back, catalog);
  EXPECT_TRUE(catalog.DropConstraint("email"));
  EXPECT_TRUE(catalog.DropConstraint("tags"));
  EXPECT_TRUE(catalog.DropConstraint("since"));
  EXPECT_EQ(catalog.Encode(), version_one);
  // One entry through the log op's functions.
  std::string entry;
  const ConstraintDefinition key{"k", ConstraintKind::kNodeKey, IndexEntity::kNode, 1, {2, 3}, ""};
  SchemaCatalog::EncodeConstraintEntry(key, &entry);
  size_t at = 0;
  Result<ConstraintDefinition> decoded = SchemaCatalog::DecodeConstraintEntry(entry, &at, "test");
  ASSERT_TRUE(decoded.ok());
  EXPECT_EQ(*decoded, key);
  EXPECT_EQ(at, entry.size());
  // A constraint whose backing index is missing is damage.
  SchemaCatalog lone;
  lone.AddConstraint(Unique("u", 1, {2}));
  ASSERT_TRUE(lone.Drop("u"));
  EXPECT_EQ(SchemaCatalog::Decode(lone.Encode(), "test").status().code(), StatusCode::kCorruption);
}

}  // namespace
}  // namespace quiver::storage
