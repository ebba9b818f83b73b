#pragma once
// A Cypher type as written in a type predicate (`x IS :: INTEGER NOT NULL`) and, later,
// in property type constraints (`REQUIRE n.p IS :: INTEGER`): the Cypher 5 type names,
// LIST<T>, unions `A | B`, and NOT NULL. A copyable value type: the binder hands it to the
// evaluator as is. Parsed by parser_type.cpp; CypherTypeToString prints it canonically
// (upper-case, synonyms resolved: INT prints as INTEGER, EDGE as RELATIONSHIP).

#include <cstdint>
#include <string>
#include <vector>

namespace quiver::cypher {

struct CypherType {
  enum class Kind : uint8_t {
    kAny,      // ANY, ANY VALUE: every value
    kNothing,  // NOTHING: no value but null
    kNull,     // NULL: only null
    kBoolean,
    kString,
    kInteger,
    kFloat,
    kDate,
    kLocalTime,
    kZonedTime,
    kLocalDateTime,
    kZonedDateTime,
    kDuration,
    kNode,
    kRelationship,
    kPath,
    kMap,
    kPropertyValue,  // PROPERTY VALUE: what a property may hold
    kList,           // LIST<members[0]>
    kUnion,          // members[0] | members[1] | ... (two or more, none itself a union)
  };
  Kind kind = Kind::kAny;
  // NOT NULL was written: null is not of this type. Every type is nullable otherwise
  // (null IS :: T is true, NOTHING included).
  bool not_null = false;
  std::vector<CypherType> members;

  friend bool operator==(const CypherType&, const CypherType&) = default;
};

// `INTEGER`, `LIST<STRING NOT NULL>`, `INTEGER | STRING`, `ZONED DATETIME NOT NULL`.
std::string CypherTypeToString(const CypherType& type);

}  // namespace quiver::cypher
