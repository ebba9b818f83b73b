#pragma once
// Notifications for names the database has never seen (Neo4j's UnknownLabelWarning,
// UnknownRelationshipTypeWarning, UnknownPropertyKeyWarning): a label or relationship
// type in a pattern that is matched, a label tested in an expression, a property key
// that is read. A name in a position that creates it (CREATE, MERGE, SET, REMOVE) is not
// one: the statement makes it. Computed when a statement is compiled, against the
// tokens of the graph it is compiled on (main/prepared_plan.cpp).

#include <string>
#include <string_view>
#include <vector>

#include "cypher/ast/statement.h"
#include "quiver/result.h"

namespace quiver::planner {

// The token names a database has (the main layer answers over its graph).
class KnownTokens {
 public:
  virtual ~KnownTokens() = default;
  virtual bool HasLabel(std::string_view name) const = 0;
  virtual bool HasRelType(std::string_view name) const = 0;
  virtual bool HasPropertyKey(std::string_view name) const = 0;
};

// In this order: UnknownTokenWarning finds its texts by it.
enum class TokenKind : uint8_t { kLabel, kRelType, kPropertyKey };

// The notification for an unknown token `name` of `kind` at `position`.
Notification UnknownTokenWarning(TokenKind kind, std::string_view name, NotificationPosition position);

struct UnknownToken {
  TokenKind kind = TokenKind::kLabel;
  std::string name;
  Notification warning;
};

// One per name in a read position that `known` lacks, in order of position (a name read
// twice is reported at its first read). Positions are in `source`, the text as given,
// whose bytes from `parsed_from` on are what the statement was parsed from (what is
// before is EXPLAIN or PROFILE).
std::vector<UnknownToken> FindUnknownTokens(const cypher::Statement& statement, std::string_view source,
                                            const KnownTokens& known, uint32_t parsed_from = 0);

// Whether `known` has the token now.
bool IsKnown(const KnownTokens& known, TokenKind kind, std::string_view name);

}  // namespace quiver::planner
