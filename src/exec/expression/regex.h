#pragma once
// `=~`: Neo4j matches with Java's java.util.regex (String.matches: the whole string),
// and users write Java's syntax from memory — inline flags such as `(?i)` above all,
// lookbehind, possessive quantifiers, \p{…} classes — which std::regex's ECMAScript
// grammar refuses. PCRE2 (Debian's libpcre2-8) accepts that syntax, anchored at both ends
// as matches() is, in UTF mode so `.` is a character, with ASCII \w \d \s as Java's
// defaults. Patterns are compiled once per worker (RegexCache): a query's pattern is
// almost always one constant or parameter, and compiling per row cost more than matching.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

namespace quiver::exec {

class CompiledRegex;

// The patterns one worker's evaluation has compiled, with one match buffer each. Not
// shared between threads: a copy starts empty (ExecContexts are copied per worker).
class RegexCache {
 public:
  RegexCache();
  ~RegexCache();
  RegexCache(const RegexCache&);
  RegexCache& operator=(const RegexCache&);

  // Whether the whole of `text` matches `pattern`. ArgumentError (InvalidArgumentValue)
  // naming the pattern, PCRE2's reason and the offset for a pattern that does not compile.
  bool Matches(std::string_view pattern, std::string_view text);

 private:
  // A handful of patterns per query at most; past this many the cache starts over, so a
  // pattern computed per row costs a compile per row, as before, and no unbounded memory.
  static constexpr size_t kMaxPatterns = 32;
  // Looked up by the row's string_view: no string is built per row to find a pattern.
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, std::unique_ptr<CompiledRegex>, Hash, std::equal_to<>> compiled_;
};

}  // namespace quiver::exec
