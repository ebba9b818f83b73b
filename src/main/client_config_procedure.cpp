// dbms.clientConfig(): the settings Neo4j Browser reads on connecting (it asks for them
// instead of dbms.listConfig() where the server lists this procedure), with Neo4j 5's
// columns. Quiver has none of these settings: each row is Neo4j's default, as the
// Browser would assume it, never set explicitly. dbms.security.auth_enabled, which
// Neo4j lists too, is left out: whether a client must authenticate is the server's
// setting (`quiver serve`), which the database does not know.

#include <string>
#include <vector>

#include "exec/procedure_context.h"
#include "main/introspection_procedures.h"

namespace quiver::main {

namespace {

struct ClientSetting {
  const char* name;
  const char* description;
  const char* value;
  const char* valid_values;
};

constexpr ClientSetting kClientSettings[] = {
    {"browser.allow_outgoing_connections",
     "Whether Neo4j Browser may connect to hosts other than this server (guides, remote content).", "true",
     "a boolean"},
    {"browser.credential_timeout", "After how long idle Neo4j Browser logs its user out; 0 for never.", "0s",
     "a duration"},
    {"browser.post_connect_cmd", "Browser commands run once connected, separated by semicolons.", "",
     "a string"},
    {"browser.remote_content_hostname_whitelist", "The hosts Neo4j Browser may fetch remote content from.",
     "guides.neo4j.com,localhost", "a comma-separated list of host names"},
    {"browser.retain_connection_credentials", "Whether Neo4j Browser keeps the user's credentials.", "true",
     "a boolean"},
    {"browser.retain_editor_history", "Whether Neo4j Browser keeps the editor's history.", "true", "a boolean"},
};

}  // namespace

exec::RegisteredProcedure ClientConfigProcedure() {
  ProcedureSignature signature;
  signature.name = "dbms.clientConfig";
  signature.outputs = {{"name", "STRING?"},         {"description", "STRING?"},  {"value", "STRING?"},
                       {"dynamic", "BOOLEAN?"},     {"defaultValue", "STRING?"}, {"startupValue", "STRING?"},
                       {"explicitlySet", "BOOLEAN?"}, {"validValues", "STRING?"}};
  signature.description = "Return config settings interesting to clients (e.g. Neo4j Browser).";
  return exec::RegisteredProcedure{std::move(signature), [](exec::ExecProcedureContext& context) {
                                     for (const ClientSetting& s : kClientSettings) {
                                       const Value value = Value::String(s.value);
                                       context.Emit({Value::String(s.name), Value::String(s.description), value,
                                                     Value::Bool(false), value, value, Value::Bool(false),
                                                     Value::String(s.valid_values)});
                                     }
                                   }};
}

}  // namespace quiver::main
