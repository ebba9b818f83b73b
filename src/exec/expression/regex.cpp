// PCRE2 behind RegexCache (regex.h).

#define PCRE2_CODE_UNIT_WIDTH 8
#include "exec/expression/regex.h"

#include <pcre2.h>

#include "quiver/error.h"

namespace quiver::exec {

class CompiledRegex {
 public:
  CompiledRegex(pcre2_code* code) : code_(code), match_(pcre2_match_data_create_from_pattern(code, nullptr)) {
    // JIT where the platform has it: several times faster per match; the interpreter
    // answers the same when it is not available.
    (void)pcre2_jit_compile(code_, PCRE2_JIT_COMPLETE);
  }
  ~CompiledRegex() {
    pcre2_match_data_free(match_);
    pcre2_code_free(code_);
  }
  CompiledRegex(const CompiledRegex&) = delete;
  CompiledRegex& operator=(const CompiledRegex&) = delete;

  bool Matches(std::string_view text, std::string_view pattern) {
    const int rc = pcre2_match(code_, reinterpret_cast<PCRE2_SPTR>(text.data()), text.size(), 0, 0, match_, nullptr);
    if (rc >= 0) return true;
    if (rc == PCRE2_ERROR_NOMATCH) return false;
    // Backtracking past PCRE2's match limit (catastrophic patterns), or a subject that is
    // not UTF-8: an error rather than a silent false.
    PCRE2_UCHAR message[256];
    pcre2_get_error_message(rc, message, sizeof(message));
    throw ArgumentError("InvalidArgumentValue",
                        "regular expression '" + std::string(pattern) + "' could not be matched: " +
                            reinterpret_cast<const char*>(message),
                        ErrorPhase::kRuntime);
  }

 private:
  pcre2_code* code_;
  pcre2_match_data* match_;
};

RegexCache::RegexCache() = default;
RegexCache::~RegexCache() = default;
RegexCache::RegexCache(const RegexCache&) {}
RegexCache& RegexCache::operator=(const RegexCache&) {
  compiled_.clear();
  return *this;
}

bool RegexCache::Matches(std::string_view pattern, std::string_view text) {
  auto it = compiled_.find(pattern);
  if (it == compiled_.end()) {
    int error = 0;
    PCRE2_SIZE offset = 0;
    pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(),
                                     PCRE2_UTF | PCRE2_ANCHORED | PCRE2_ENDANCHORED, &error, &offset, nullptr);
    if (code == nullptr) {
      PCRE2_UCHAR message[256];
      pcre2_get_error_message(error, message, sizeof(message));
      throw ArgumentError("InvalidArgumentValue",
                          "invalid regular expression '" + std::string(pattern) + "': " +
                              reinterpret_cast<const char*>(message) + " at offset " + std::to_string(offset),
                          ErrorPhase::kRuntime);
    }
    if (compiled_.size() >= kMaxPatterns) compiled_.clear();
    it = compiled_.emplace(std::string(pattern), std::make_unique<CompiledRegex>(code)).first;
  }
  return it->second->Matches(text, pattern);
}

}  // namespace quiver::exec
