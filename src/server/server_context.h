#pragma once
// What every session of one server shares: the database, who may connect, what the
// server says of itself, the bookmark counter, the log and the per-statement limits.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>

#include "quiver/database.h"
#include "server/auth.h"
#include "server/server_log.h"

namespace quiver::server {

struct ServerContext {
  Database& database;
  const Authenticator& auth;
  ServerLog& log;
  bool read_only = false;
  // HELLO's "server": what the drivers and tools show (and some parse for "Neo4j/").
  std::string agent{};
  // The host:port a ROUTE answer names (the address clients reach this server at).
  std::string advertised_address{};
  // The name the one database answers to (drivers send "neo4j" unless told otherwise);
  // a request for another is Neo.ClientError.Database.DatabaseNotFound.
  std::string database_name = "neo4j";
  // What one statement may hold (0: the database's default) and run for (0: no limit;
  // a client's tx_timeout applies when it is shorter).
  uint64_t query_memory_limit = 0;
  std::chrono::milliseconds query_timeout{0};
  // Bookmarks: the number of transactions that wrote. One server, one database: every
  // later transaction sees every earlier commit, so a bookmark only has to be honest,
  // not waited for.
  std::atomic<uint64_t> commits{0};

  // The bookmark of everything committed so far.
  std::string Bookmark() const { return "quiver:" + std::to_string(commits.load()); }
};

}  // namespace quiver::server
