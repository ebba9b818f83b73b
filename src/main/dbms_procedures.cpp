// dbms.components(), db.info(), and the procedures SHOW PROCEDURES, SHOW FUNCTIONS, SHOW
// DATABASES, SHOW TRANSACTIONS and TERMINATE TRANSACTIONS run (the parser rewrites each
// into a CALL of one, cypher/parser_show.cpp): their columns are Neo4j 5's.

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>

#include "common/temporal/temporal.h"
#include "exec/function/function.h"
#include "exec/procedure_context.h"
#include "main/introspection_procedures.h"
#include "planner/bound_expression.h"
#include "quiver/error.h"
#include "quiver/quiver.h"
#include "quiver/value_temporal.h"

namespace quiver::main {

namespace {

using exec::ExecProcedureContext;
using exec::RegisteredProcedure;
using Columns = std::vector<std::pair<std::string, std::string>>;

// What Neo4j's tools look for: cypher-shell and Neo4j Browser read the "Neo4j Kernel"
// row's version to decide which commands the server has, so it names the Neo4j
// version whose Cypher and Bolt Quiver follows (as HELLO's agent does); Quiver's own
// row names Quiver's.
constexpr const char* kNeo4jVersion = "5.26.0";

RegisteredProcedure Procedure(std::string name, Columns inputs, Columns outputs, std::string description,
                              exec::ProcedureImplementation body) {
  ProcedureSignature signature;
  signature.name = std::move(name);
  signature.inputs = std::move(inputs);
  signature.outputs = std::move(outputs);
  signature.description = std::move(description);
  return RegisteredProcedure{std::move(signature), std::move(body)};
}

Value Strings(std::vector<std::string> items) {
  std::vector<Value> values;
  for (auto& item : items) values.push_back(Value::String(std::move(item)));
  return Value::List(std::move(values));
}

// "INTEGER?" -> "INTEGER", "LIST? OF STRING?" -> "LIST<STRING>": Neo4j 5's spelling.
std::string TypeText(std::string type) {
  std::erase(type, '?');
  if (type.rfind("LIST OF ", 0) == 0) return "LIST<" + TypeText(type.substr(8)) + ">";
  return type;
}

// `name(a :: INTEGER) :: (x :: STRING)` and the argument / return descriptions.
std::string Signature(const ProcedureSignature& s) {
  auto list = [](const Columns& columns) {
    std::string out;
    for (const auto& [name, type] : columns) {
      if (!out.empty()) out += ", ";
      out += name + " :: " + TypeText(type);
    }
    return out;
  };
  return s.name + "(" + list(s.inputs) + ") :: (" + list(s.outputs) + ")";
}

Value Descriptions(const Columns& columns) {
  std::vector<Value> out;
  for (const auto& [name, type] : columns) {
    ValueMap m;
    m.Set("name", Value::String(name));
    m.Set("description", Value::String(name + " :: " + TypeText(type)));
    m.Set("type", Value::String(TypeText(type)));
    m.Set("isDeprecated", Value::Bool(false));
    out.push_back(Value::Map(std::move(m)));
  }
  return Value::List(std::move(out));
}

std::string Mode(const ProcedureSignature& s) {
  if (s.writes) return "WRITE";
  return s.name.rfind("dbms.", 0) == 0 ? "DBMS" : "READ";
}

void ListProcedures(ExecProcedureContext& context) {
  std::vector<const ProcedureSignature*> signatures;
  for (const auto& [name, procedure] : context.exec().procedures()) signatures.push_back(&procedure.signature);
  std::sort(signatures.begin(), signatures.end(), [](auto* a, auto* b) { return a->name < b->name; });
  for (const ProcedureSignature* s : signatures) {
    context.Emit({Value::String(s->name), Value::String(s->description), Value::String(Mode(*s)), Value::Bool(true),
                  Value::String(Signature(*s)), Descriptions(s->inputs), Descriptions(s->outputs), Value::Bool(false),
                  Value::Null(), Value::Null(), Value::Bool(false), Value::Map({})});
  }
}

// The library's functions, the temporal ones and those the binder implements itself
// (id(), labels(), ...: they read the graph), by name.
void ListFunctions(ExecProcedureContext& context) {
  std::vector<FunctionListing> rows = LibraryFunctions();
  for (const TemporalFunction& f : TemporalFunctions()) rows.push_back({f.name, "Temporal", f.min_args, f.max_args});
  for (int i = 0;; ++i) {
    const std::string_view name = planner::EntityFunctionName(static_cast<planner::EntityFunction>(i));
    if (name == "?") break;
    rows.push_back({name, "Graph", 1, 1});
  }
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  for (const FunctionListing& f : rows) {
    std::string arity = std::to_string(f.min_args) + (f.max_args == f.min_args ? ""
                                                      : f.max_args < 0        ? " or more"
                                                                              : " to " + std::to_string(f.max_args));
    const std::string description = std::string(f.aggregating ? "Aggregating function" : "Function") +
                                    " taking " + arity + (arity == "1" ? " argument." : " arguments.");
    context.Emit({Value::String(f.name), Value::String(f.category), Value::String(description),
                  Value::String(std::string(f.name) + "(...)"), Value::Bool(true), Value::List({}), Value::List({}),
                  Value::Bool(f.aggregating), Value::Null(), Value::Null(), Value::Bool(false)});
  }
}

void ListDatabases(ExecProcedureContext& context, const DatabaseDescription& db) {
  context.Emit({Value::String(db.name), Value::String("standard"), Value::List({}),
                Value::String(db.read_only ? "read-only" : "read-write"), Value::Null(), Value::String("primary"),
                Value::Bool(!db.read_only), Value::String("online"), Value::String("online"), Value::String(""),
                Value::Bool(true), Value::Bool(true), Value::List({})});
}

std::string TransactionId(const DatabaseDescription& db, uint64_t id) {
  return db.name + "-transaction-" + std::to_string(id);
}

// 2026-12-05T03:30:51.123Z
std::string IsoTime(std::chrono::system_clock::time_point at) {
  const auto nanos = std::chrono::duration_cast<std::chrono::nanoseconds>(at.time_since_epoch()).count();
  DateTimeValue v;
  v.seconds = nanos / 1'000'000'000;
  v.nanos = static_cast<int32_t>(nanos % 1'000'000'000 / 1'000'000 * 1'000'000);
  std::string out;
  AppendIso(out, v);
  return out;
}

void ListTransactions(ExecProcedureContext& context, const DatabaseDescription& db, TransactionRegistry& registry) {
  const auto now = std::chrono::steady_clock::now();
  for (const auto& record : registry.List()) {
    const TransactionRecord::Current current = record->current();
    const auto elapsed = std::chrono::duration_cast<std::chrono::nanoseconds>(now - record->started()).count();
    DurationValue duration;
    duration.seconds = elapsed / 1'000'000'000;
    duration.nanos = static_cast<int32_t>(elapsed % 1'000'000'000);
    const std::string status = record->terminated() ? "Terminated with reason: Transaction terminated."
                                                    : "Running";
    context.Emit({Value::String(db.name), Value::String(TransactionId(db, record->id())),
                  current.running ? Value::String("query-" + std::to_string(record->id())) : Value::String(""),
                  Value::Null(), Value::Null(), Value::String(record->user()),
                  Value::String(current.running ? current.query : ""), Value::String(IsoTime(record->started_at())),
                  Value::String(status), Value::Duration(duration)});
  }
}

void KillTransactions(ExecProcedureContext& context, const DatabaseDescription& db, TransactionRegistry& registry) {
  const Value& argument = context.arguments()[0];
  // TERMINATE TRANSACTIONS 'a', $list: a list of ids and lists of ids.
  std::vector<Value> ids;
  for (const Value& item : argument.IsList() ? argument.AsList() : std::vector<Value>{argument}) {
    if (item.IsList()) {
      ids.insert(ids.end(), item.AsList().begin(), item.AsList().end());
    } else {
      ids.push_back(item);
    }
  }
  const std::string prefix = db.name + "-transaction-";
  for (const Value& id : ids) {
    if (!id.IsString()) {
      throw ProcedureError("ProcedureCallFailed",
                           "TERMINATE TRANSACTIONS takes transaction ids as strings, not " + std::string(id.TypeName()));
    }
    const std::string text(id.AsString());
    std::shared_ptr<TransactionRecord> record;
    if (text.rfind(prefix, 0) == 0 && text.size() > prefix.size() &&
        std::all_of(text.begin() + static_cast<std::ptrdiff_t>(prefix.size()), text.end(), ::isdigit)) {
      record = registry.Find(std::stoull(text.substr(prefix.size())));
    }
    if (record) record->Terminate();
    context.Emit({Value::String(text), record ? Value::String(record->user()) : Value::Null(),
                  Value::String(record ? "Transaction terminated." : "Transaction not found.")});
  }
}

}  // namespace

std::vector<RegisteredProcedure> DbmsProcedures(const DatabaseDescription& database,
                                                std::shared_ptr<TransactionRegistry> transactions) {
  std::vector<RegisteredProcedure> out;
  out.push_back(Procedure("dbms.components", {},
                          {{"name", "STRING?"}, {"versions", "LIST? OF STRING?"}, {"edition", "STRING?"}},
                          "List DBMS components and their versions.", [](ExecProcedureContext& context) {
                            context.Emit({Value::String("Neo4j Kernel"), Strings({kNeo4jVersion}),
                                          Value::String("community")});
                            context.Emit({Value::String("Quiver"), Strings({QUIVER_VERSION}),
                                          Value::String("community")});
                          }));
  out.push_back(Procedure("db.info", {}, {{"id", "STRING?"}, {"name", "STRING?"}, {"creationDate", "STRING?"}},
                          "Provides information regarding the database.",
                          [database](ExecProcedureContext& context) {
                            // Quiver keeps no database id or creation time: the id is
                            // the location's hash, the date unknown (null).
                            char id[17];
                            std::snprintf(id, sizeof id, "%016llX",
                                          static_cast<unsigned long long>(std::hash<std::string>()(database.location)));
                            context.Emit({Value::String(id), Value::String(database.name), Value::Null()});
                          }));
  out.push_back(Procedure("dbms.procedures", {},
                          {{"name", "STRING?"},
                           {"description", "STRING?"},
                           {"mode", "STRING?"},
                           {"worldReadable", "BOOLEAN?"},
                           {"signature", "STRING?"},
                           {"argumentDescription", "LIST? OF MAP?"},
                           {"returnDescription", "LIST? OF MAP?"},
                           {"admin", "BOOLEAN?"},
                           {"rolesExecution", "LIST? OF STRING?"},
                           {"rolesBoostedExecution", "LIST? OF STRING?"},
                           {"isDeprecated", "BOOLEAN?"},
                           {"option", "MAP?"}},
                          "List all procedures in the DBMS (SHOW PROCEDURES).", ListProcedures));
  out.push_back(Procedure("dbms.functions", {},
                          {{"name", "STRING?"},
                           {"category", "STRING?"},
                           {"description", "STRING?"},
                           {"signature", "STRING?"},
                           {"isBuiltIn", "BOOLEAN?"},
                           {"argumentDescription", "LIST? OF MAP?"},
                           {"returnDescription", "LIST? OF MAP?"},
                           {"aggregating", "BOOLEAN?"},
                           {"rolesExecution", "LIST? OF STRING?"},
                           {"rolesBoostedExecution", "LIST? OF STRING?"},
                           {"isDeprecated", "BOOLEAN?"}},
                          "List all functions in the DBMS (SHOW FUNCTIONS).", ListFunctions));
  out.push_back(Procedure("dbms.databases", {},
                          {{"name", "STRING?"},
                           {"type", "STRING?"},
                           {"aliases", "LIST? OF STRING?"},
                           {"access", "STRING?"},
                           {"address", "STRING?"},
                           {"role", "STRING?"},
                           {"writer", "BOOLEAN?"},
                           {"requestedStatus", "STRING?"},
                           {"currentStatus", "STRING?"},
                           {"statusMessage", "STRING?"},
                           {"default", "BOOLEAN?"},
                           {"home", "BOOLEAN?"},
                           {"constituents", "LIST? OF STRING?"}},
                          "List the databases (SHOW DATABASES): Quiver serves one.",
                          [database](ExecProcedureContext& context) { ListDatabases(context, database); }));
  out.push_back(Procedure("dbms.listTransactions", {},
                          {{"database", "STRING?"},
                           {"transactionId", "STRING?"},
                           {"currentQueryId", "STRING?"},
                           {"connectionId", "STRING?"},
                           {"clientAddress", "STRING?"},
                           {"username", "STRING?"},
                           {"currentQuery", "STRING?"},
                           {"startTime", "STRING?"},
                           {"status", "STRING?"},
                           {"elapsedTime", "DURATION?"}},
                          "List the open transactions of every connection (SHOW TRANSACTIONS).",
                          [database, transactions](ExecProcedureContext& context) {
                            ListTransactions(context, database, *transactions);
                          }));
  out.push_back(Procedure("dbms.showCurrentUser", {},
                          {{"username", "STRING?"}, {"roles", "LIST? OF STRING?"}, {"flags", "LIST? OF STRING?"}},
                          "The user the statement runs as (Quiver has users but no roles: both lists are empty).",
                          [transactions](ExecProcedureContext& context) {
                            // The user is the connection's (Connection::SetUser: the servers
                            // set the authenticated one), reached through the transaction
                            // record of the statement running this call.
                            auto record = transactions->FindRunning(context.exec().interrupt());
                            context.Emit({record ? Value::String(record->user()) : Value::Null(), Strings({}),
                                          Strings({})});
                          }));
  out.push_back(Procedure("dbms.killTransactions", {{"ids", "ANY?"}},
                          {{"transactionId", "STRING?"}, {"username", "STRING?"}, {"message", "STRING?"}},
                          "Terminate transactions by id (TERMINATE TRANSACTIONS).",
                          [database, transactions](ExecProcedureContext& context) {
                            KillTransactions(context, database, *transactions);
                          }));
  out.push_back(ClientConfigProcedure());
  return out;
}

}  // namespace quiver::main
