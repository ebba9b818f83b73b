// The Neo4j status codes Bolt and HTTP clients see for the schema errors
// (server/status_codes.cpp): drivers branch on them, so they are Neo4j 5's exactly.

#include "server/status_codes.h"

#include <gtest/gtest.h>

#include "quiver/error.h"

namespace quiver::server {
namespace {

TEST(StatusCodesTest, SchemaErrors) {
  EXPECT_EQ(StatusCode(SchemaError("ConstraintValidationFailed", "m")),
            "Neo.ClientError.Schema.ConstraintValidationFailed");
  EXPECT_EQ(StatusCode(SchemaError("ConstraintAlreadyExists", "m")), "Neo.ClientError.Schema.ConstraintAlreadyExists");
  EXPECT_EQ(StatusCode(SchemaError("EquivalentSchemaRuleAlreadyExists", "m")),
            "Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists");
  EXPECT_EQ(StatusCode(SchemaError("ConstraintWithNameAlreadyExists", "m")),
            "Neo.ClientError.Schema.ConstraintWithNameAlreadyExists");
  EXPECT_EQ(StatusCode(SchemaError("ConstraintCreationFailed", "m")), "Neo.DatabaseError.Schema.ConstraintCreationFailed");
  EXPECT_EQ(StatusCode(SchemaError("ConstraintDropFailed", "m")), "Neo.DatabaseError.Schema.ConstraintDropFailed");
  EXPECT_EQ(StatusCode(SchemaError("IndexDropFailed", "m")), "Neo.DatabaseError.Schema.IndexDropFailed");
}

}  // namespace
}  // namespace quiver::server
