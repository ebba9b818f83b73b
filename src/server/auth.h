#pragma once
// Who may use the server (quiver serve --auth / --auth-file / --no-auth; docs/bolt.md):
// users with passwords, checked against the auth token a client sends in HELLO (Bolt
// 5.0 and 4.4) or LOGON (5.1+): {scheme: "basic", principal, credentials}. Passwords
// are kept as SHA-256 digests and compared in constant time.
//
// An auth file has one user a line, `user:password` or `user:sha256:<64 hex digits>`
// (`printf %s 'secret' | sha256sum` makes one); blank lines and lines starting with #
// are skipped. A malformed line is an error naming the file and the line.

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "quiver/value.h"

namespace quiver::server {

class Authenticator {
 public:
  // Anyone, with any token (--no-auth).
  static Authenticator Open();
  // "user:password" as --auth takes it; std::invalid_argument when there is no ':' or
  // the user is empty.
  static Authenticator Single(std::string_view user_colon_password);
  // std::runtime_error naming the file and line for a malformed line, an empty file or
  // one that cannot be read.
  static Authenticator FromFile(const std::string& path);

  bool required() const { return required_; }
  size_t users() const { return digests_.size(); }
  // The user a token authenticates, or nullopt: a wrong password, an unknown user, a
  // scheme other than "basic" (or "none" when no authentication is required).
  std::optional<std::string> Check(const ValueMap& token) const;

 private:
  using Digest = std::array<uint8_t, 32>;
  static Digest Sha256(std::string_view text);
  void Add(std::string user, Digest digest);

  bool required_ = true;
  std::map<std::string, Digest, std::less<>> digests_;
};

}  // namespace quiver::server
