#include "server/auth.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <fstream>
#include <stdexcept>

namespace quiver::server {

namespace {

std::optional<uint8_t> HexDigit(char c) {
  if (c >= '0' && c <= '9') return static_cast<uint8_t>(c - '0');
  if (c >= 'a' && c <= 'f') return static_cast<uint8_t>(c - 'a' + 10);
  if (c >= 'A' && c <= 'F') return static_cast<uint8_t>(c - 'A' + 10);
  return std::nullopt;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::optional<std::string> StringEntry(const ValueMap& map, std::string_view key) {
  const Value* v = map.Find(key);
  if (v == nullptr || v->kind() != ValueKind::kString) return std::nullopt;
  return std::string(v->AsString());
}

}  // namespace

Authenticator::Digest Authenticator::Sha256(std::string_view text) {
  Digest digest{};
  unsigned int size = 0;
  if (EVP_Digest(text.data(), text.size(), digest.data(), &size, EVP_sha256(), nullptr) != 1 || size != 32) {
    throw std::runtime_error("SHA-256 failed (OpenSSL)");
  }
  return digest;
}

void Authenticator::Add(std::string user, Digest digest) { digests_[std::move(user)] = digest; }

Authenticator Authenticator::Open() {
  Authenticator a;
  a.required_ = false;
  return a;
}

Authenticator Authenticator::Single(std::string_view user_colon_password) {
  const size_t colon = user_colon_password.find(':');
  if (colon == std::string_view::npos || colon == 0) {
    throw std::invalid_argument("--auth takes user:password (e.g. --auth neo4j:secret)");
  }
  Authenticator a;
  a.Add(std::string(user_colon_password.substr(0, colon)), Sha256(user_colon_password.substr(colon + 1)));
  return a;
}

Authenticator Authenticator::FromFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot read the auth file");
  Authenticator a;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string_view text = Trim(line);
    if (text.empty() || text.front() == '#') continue;
    auto fail = [&](const std::string& why) {
      throw std::runtime_error(path + ":" + std::to_string(number) + ": " + why);
    };
    const size_t colon = text.find(':');
    if (colon == std::string_view::npos || colon == 0) fail("expected user:password or user:sha256:<hex>");
    const std::string_view user = text.substr(0, colon);
    const std::string_view rest = text.substr(colon + 1);
    if (rest.starts_with("sha256:")) {
      const std::string_view hex = rest.substr(7);
      if (hex.size() != 64) fail("a sha256 digest has 64 hex digits, this one " + std::to_string(hex.size()));
      Digest digest{};
      for (size_t i = 0; i < 32; ++i) {
        auto hi = HexDigit(hex[2 * i]), lo = HexDigit(hex[2 * i + 1]);
        if (!hi || !lo) fail("the sha256 digest is not hexadecimal");
        digest[i] = static_cast<uint8_t>(*hi << 4 | *lo);
      }
      a.Add(std::string(user), digest);
    } else {
      a.Add(std::string(user), Sha256(rest));
    }
  }
  if (a.digests_.empty()) throw std::runtime_error(path + ": the auth file names no user");
  return a;
}

std::optional<std::string> Authenticator::Check(const ValueMap& token) const {
  const std::string scheme = StringEntry(token, "scheme").value_or("none");
  const std::string user = StringEntry(token, "principal").value_or("");
  if (!required_) return user.empty() ? std::string("anonymous") : user;
  if (scheme != "basic") return std::nullopt;
  const std::optional<std::string> credentials = StringEntry(token, "credentials");
  auto it = digests_.find(user);
  // The digest is computed whether or not the user exists: the time does not tell.
  const Digest given = Sha256(credentials.value_or(""));
  if (it == digests_.end() || !credentials) return std::nullopt;
  if (CRYPTO_memcmp(given.data(), it->second.data(), given.size()) != 0) return std::nullopt;
  return user;
}

}  // namespace quiver::server
