// Cypher type names (Neo4j 5 "Types and their synonyms"), for type predicates
// `x IS :: INTEGER` and, later, property type constraints. Type words are not reserved,
// so they are matched by spelling (any case):
//   type   := member ('|' member)*
//   member := base [NOT NULL]
//   base   := BOOL | BOOLEAN | VARCHAR | STRING | INT | INTEGER | SIGNED INTEGER | FLOAT
//           | DATE | LOCAL TIME | TIME WITHOUT TIME ZONE | ZONED TIME | TIME WITH TIME ZONE
//           | LOCAL DATETIME | TIMESTAMP WITHOUT TIME ZONE | ZONED DATETIME
//           | TIMESTAMP WITH TIME ZONE | DURATION | [ANY] NODE | [ANY] VERTEX
//           | [ANY] RELATIONSHIP | [ANY] EDGE | PATH | [ANY] MAP | [ANY] PROPERTY VALUE
//           | LIST<type> | ARRAY<type> | ANY [VALUE] | ANY<type> | NOTHING | NULL
// POINT is rejected: Quiver has no spatial values.

#include <algorithm>
#include <iterator>

#include "cypher/parser_impl.h"

namespace quiver::cypher {
namespace {

using Kind = CypherType::Kind;

// The type names of one word, with their synonyms.
constexpr std::pair<std::string_view, Kind> kOneWordTypes[] = {
    {"BOOL", Kind::kBoolean},  {"BOOLEAN", Kind::kBoolean}, {"VARCHAR", Kind::kString},
    {"STRING", Kind::kString}, {"INT", Kind::kInteger},     {"INTEGER", Kind::kInteger},
    {"FLOAT", Kind::kFloat},   {"DATE", Kind::kDate},       {"DURATION", Kind::kDuration},
    {"PATH", Kind::kPath},     {"NOTHING", Kind::kNothing},
};

CypherType Simple(Kind kind) {
  CypherType type;
  type.kind = kind;
  return type;
}

// Appends `member` to a union's members, flattening a nested union.
void AddMember(std::vector<CypherType>& members, CypherType member) {
  if (member.kind != Kind::kUnion) {
    members.push_back(std::move(member));
    return;
  }
  for (auto& m : member.members) members.push_back(std::move(m));
}

}  // namespace

CypherType Parser::ParseCypherType() {
  DepthGuard guard(*this, kNestingWeight);
  CypherType first = ParseCypherTypeMember();
  // In a comprehension's WHERE, '|' starts the projection: write ANY<A | B> there.
  if (!Check(TokenKind::kPipe) || in_comprehension_where_) return first;
  CypherType type = Simple(Kind::kUnion);
  AddMember(type.members, std::move(first));
  while (Accept(TokenKind::kPipe)) AddMember(type.members, ParseCypherTypeMember());
  return type;
}

CypherType Parser::ParseCypherTypeMember() {
  auto word = [&](std::string_view w, size_t ahead = 0) { return IsWordIgnoringCase(Peek(ahead), w); };
  auto expect_word = [&](std::string_view w) {
    if (!word(w)) FailUnexpected(w);
    Advance();
  };
  // `< type >` of LIST, ARRAY and ANY.
  auto inner = [&]() {
    Expect(TokenKind::kLt, "'<'");
    const bool saved = in_comprehension_where_;
    in_comprehension_where_ = false;
    CypherType type = ParseCypherType();
    in_comprehension_where_ = saved;
    Expect(TokenKind::kGt, "'>'");
    return type;
  };
  const Token& start = Peek();
  CypherType type;
  const auto* one_word = std::find_if(std::begin(kOneWordTypes), std::end(kOneWordTypes),
                                      [&](const auto& entry) { return word(entry.first); });
  if (one_word != std::end(kOneWordTypes)) {
    Advance();
    type = Simple(one_word->second);
  } else if (word("SIGNED") && word("INTEGER", 1)) {
    Advance();
    Advance();
    type = Simple(Kind::kInteger);
  } else if (word("LOCAL") || word("ZONED")) {
    const bool local = word("LOCAL");
    Advance();
    if (word("TIME")) {
      type = Simple(local ? Kind::kLocalTime : Kind::kZonedTime);
    } else if (word("DATETIME")) {
      type = Simple(local ? Kind::kLocalDateTime : Kind::kZonedDateTime);
    } else {
      FailUnexpected("TIME or DATETIME");
    }
    Advance();
  } else if (word("TIME") || word("TIMESTAMP")) {
    const bool time = word("TIME");
    Advance();
    bool with = false;
    if (CheckKeyword(Keyword::kWith)) {
      with = true;
      Advance();
    } else {
      expect_word("WITHOUT");
    }
    expect_word("TIME");
    expect_word("ZONE");
    type = Simple(time ? (with ? Kind::kZonedTime : Kind::kLocalTime)
                       : (with ? Kind::kZonedDateTime : Kind::kLocalDateTime));
  } else if (CheckKeyword(Keyword::kNull)) {
    Advance();
    type = Simple(Kind::kNull);
  } else if (word("LIST") || word("ARRAY")) {
    Advance();
    type = Simple(Kind::kList);
    type.members.push_back(inner());
  } else if (word("POINT")) {
    Fail(start, "UnsupportedType", "the type POINT is not supported: Quiver has no spatial values");
  } else {
    // The words ANY may stand before, and the ones that may stand alone.
    const bool any = CheckKeyword(Keyword::kAny);
    if (any) Advance();
    if (word("NODE") || word("VERTEX")) {
      Advance();
      type = Simple(Kind::kNode);
    } else if (word("RELATIONSHIP") || word("EDGE")) {
      Advance();
      type = Simple(Kind::kRelationship);
    } else if (word("MAP")) {
      Advance();
      type = Simple(Kind::kMap);
    } else if (word("PROPERTY") && word("VALUE", 1)) {
      Advance();
      Advance();
      type = Simple(Kind::kPropertyValue);
    } else if (any && word("VALUE")) {
      Advance();
      type = Simple(Kind::kAny);
    } else if (any && Check(TokenKind::kLt)) {
      type = inner();
    } else if (any) {
      type = Simple(Kind::kAny);
    } else {
      FailUnexpected("a type such as INTEGER, STRING, LIST<...> or ANY");
    }
  }
  if (CheckKeyword(Keyword::kNot) && CheckKeyword(Keyword::kNull, 1)) {
    Advance();
    Advance();
    // ANY<A | B> NOT NULL: each member loses null.
    if (type.kind == Kind::kUnion) {
      for (auto& m : type.members) m.not_null = true;
    } else {
      type.not_null = true;
    }
  }
  return type;
}

std::string CypherTypeToString(const CypherType& type) {
  // Indexed by Kind, in its order.
  static constexpr std::string_view kNames[] = {
      "ANY",          "NOTHING",    "NULL",       "BOOLEAN",        "STRING",         "INTEGER",  "FLOAT",
      "DATE",         "LOCAL TIME", "ZONED TIME", "LOCAL DATETIME", "ZONED DATETIME", "DURATION", "NODE",
      "RELATIONSHIP", "PATH",       "MAP",        "PROPERTY VALUE"};
  static_assert(std::size(kNames) == static_cast<size_t>(Kind::kPropertyValue) + 1);
  std::string out;
  if (type.kind == Kind::kUnion) {
    for (size_t i = 0; i < type.members.size(); ++i) {
      if (i > 0) out += " | ";
      out += CypherTypeToString(type.members[i]);
    }
    return out;
  }
  if (type.kind == Kind::kList) {
    out = "LIST<" + CypherTypeToString(type.members.at(0)) + ">";
  } else {
    out = kNames[static_cast<size_t>(type.kind)];
  }
  if (type.not_null) out += " NOT NULL";
  return out;
}

}  // namespace quiver::cypher
