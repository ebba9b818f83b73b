// dbms.clientConfig() (main/client_config_procedure.cpp): the settings Neo4j Browser
// reads on connecting, with Neo4j 5's columns, listed by SHOW PROCEDURES.

#include <gtest/gtest.h>

#include <algorithm>

#include "quiver/database.h"

namespace quiver {
namespace {

TEST(ClientConfigTest, ListsTheBrowserSettingsWithNeo4jsColumns) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  QueryResult all = conn->Query("CALL dbms.clientConfig()");
  EXPECT_EQ(all.columns(), (std::vector<std::string>{"name", "description", "value", "dynamic", "defaultValue",
                                                     "startupValue", "explicitlySet", "validValues"}));
  std::vector<std::string> names;
  for (const auto& row : all.rows()) {
    names.emplace_back(row[0].AsString());
    EXPECT_FALSE(row[1].AsString().empty());
    EXPECT_FALSE(row[3].AsBool());                           // none can change at run time
    EXPECT_EQ(row[2].AsString(), row[4].AsString());         // each at its default
    EXPECT_FALSE(row[6].AsBool());
  }
  for (const char* name : {"browser.allow_outgoing_connections", "browser.credential_timeout",
                           "browser.post_connect_cmd", "browser.remote_content_hostname_whitelist",
                           "browser.retain_connection_credentials", "browser.retain_editor_history"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  }
  QueryResult one = conn->Query(
      "CALL dbms.clientConfig() YIELD name, value WHERE name = 'browser.retain_editor_history' RETURN value");
  ASSERT_EQ(one.rows().size(), 1u);
  EXPECT_EQ(one.rows()[0][0].AsString(), "true");
}

TEST(ClientConfigTest, ShowProceduresListsIt) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  QueryResult listed = conn->Query(
      "SHOW PROCEDURES YIELD name, mode, signature WHERE name = 'dbms.clientConfig' RETURN mode, signature");
  ASSERT_EQ(listed.rows().size(), 1u);
  EXPECT_EQ(listed.rows()[0][0].AsString(), "DBMS");
  EXPECT_EQ(listed.rows()[0][1].AsString().rfind("dbms.clientConfig() :: (name :: STRING, description :: STRING", 0),
            0u)
      << listed.rows()[0][1].AsString();
}

}  // namespace
}  // namespace quiver
