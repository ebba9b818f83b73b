#include "server/http/statement_batch.h"

#include <algorithm>

#include "quiver/plan_tree.h"
#include "server/status_codes.h"

namespace quiver::server::http {

namespace {

// EXPLAIN's and PROFILE's plan as Neo4j's transactional API writes it (a result's
// "plan": {"root": ...}): operatorType, the arguments as fields (Details, EstimatedRows,
// and for PROFILE Rows, DbHits and Time in nanoseconds, Time only on the operator that
// measured it; Note: how Quiver ran it), identifiers, children.
Json PlanJson(const PlanOperator& plan) {
  return ConvertPlan<Json>(plan, [](const PlanOperator& op, std::vector<Json> children) {
    Json out = Json::object();
    out["operatorType"] = op.operator_type;
    if (!op.details.empty()) out["Details"] = op.details;
    if (op.estimated_rows) out["EstimatedRows"] = *op.estimated_rows;
    if (!op.note.empty()) out["Note"] = op.note;
    if (op.profiled) {
      out["Rows"] = op.rows;
      out["DbHits"] = op.db_hits;
      if (op.time) out["Time"] = op.time->count();
    }
    out["identifiers"] = op.identifiers;
    out["children"] = std::move(children);
    return out;
  });
}

// Enough to keep the socket busy, little enough that a slow client costs little memory.
constexpr size_t kFlushBytes = 64 * 1024;

const Json& Field(const Json& object, const char* key, Json::value_t type, const char* type_name,
                  const std::string& where) {
  static const Json kNull;
  auto it = object.find(key);
  if (it == object.end() || it->is_null()) return kNull;
  if (it->type() != type && !(type == Json::value_t::number_unsigned && it->is_number_integer())) {
    throw InvalidRequest(where + "." + key + " must be " + type_name);
  }
  return *it;
}

StatementRequest ParseStatement(const Json& json, const std::string& where) {
  if (!json.is_object()) throw InvalidRequest(where + " must be an object with a \"statement\"");
  StatementRequest request;
  const Json& text = Field(json, "statement", Json::value_t::string, "a string", where);
  if (text.is_null()) throw InvalidRequest(where + " has no \"statement\"");
  request.text = text.get<std::string>();
  try {
    request.parameters = ParametersFromJson(Field(json, "parameters", Json::value_t::object, "an object", where));
  } catch (const InvalidRequest& e) {
    throw InvalidRequest(where + "." + e.what());
  }
  const Json& contents = Field(json, "resultDataContents", Json::value_t::array, "an array", where);
  if (!contents.is_null()) {
    request.row = request.graph = false;
    for (const Json& item : contents) {
      const std::string name = item.is_string() ? item.get<std::string>() : "";
      if (name == "row" || name == "ROW") {
        request.row = true;
      } else if (name == "graph" || name == "GRAPH") {
        request.graph = true;
      } else {
        throw InvalidRequest(where + ".resultDataContents: " + item.dump() + " is not \"row\" or \"graph\"");
      }
    }
  }
  const Json& stats = Field(json, "includeStats", Json::value_t::boolean, "true or false", where);
  request.include_stats = stats.is_boolean() && stats.get<bool>();
  const Json& limit = Field(json, "rowLimit", Json::value_t::number_unsigned, "a non-negative integer", where);
  if (!limit.is_null()) {
    if (limit.is_number_integer() && limit.get<int64_t>() < 0) {
      throw InvalidRequest(where + ".rowLimit must be a non-negative integer");
    }
    request.row_limit = limit.get<uint64_t>();
  }
  return request;
}

// includeStats's object, Neo4j's keys (its "relationship_deleted" is singular).
Json StatsJson(const UpdateCounters& c) {
  return {{"contains_updates", c.ContainsUpdates()},
          {"nodes_created", c.nodes_created},
          {"nodes_deleted", c.nodes_deleted},
          {"properties_set", c.properties_set},
          {"relationships_created", c.relationships_created},
          {"relationship_deleted", c.relationships_deleted},
          {"labels_added", c.labels_added},
          {"labels_removed", c.labels_removed},
          {"indexes_added", c.indexes_added},
          {"indexes_removed", c.indexes_removed},
          {"constraints_added", c.constraints_added},
          {"constraints_removed", c.constraints_removed},
          {"contains_system_updates", false},
          {"system_updates", 0}};
}

double Millis(std::chrono::nanoseconds elapsed) { return static_cast<double>(elapsed.count()) / 1e6; }

}  // namespace

std::vector<StatementRequest> ParseStatements(std::string_view body) {
  std::vector<StatementRequest> statements;
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) return statements;
  const Json json = ParseRequestJson(body);
  if (!json.is_object()) throw InvalidRequest("the request must be an object: {\"statements\": [...]}");
  auto it = json.find("statements");
  if (it == json.end() || it->is_null()) return statements;
  if (!it->is_array()) throw InvalidRequest("\"statements\" must be an array");
  for (size_t i = 0; i < it->size(); ++i) {
    statements.push_back(ParseStatement((*it)[i], "statements[" + std::to_string(i) + "]"));
  }
  return statements;
}

ResponseWriter& ResponseWriter::operator<<(std::string_view text) {
  buffer_.append(text);
  if (buffer_.size() >= kFlushBytes) Flush();
  return *this;
}

ResponseWriter& ResponseWriter::operator<<(const Json& json) {
  // Strings from the engine are UTF-8; replace keeps a stray byte from failing the dump.
  return *this << json.dump(-1, ' ', /*ensure_ascii=*/false, Json::error_handler_t::replace);
}

bool ResponseWriter::Flush() {
  if (!gone_ && !buffer_.empty()) gone_ = !write_(buffer_);
  buffer_.clear();
  return !gone_;
}

StatementBatch::StatementBatch(ServerContext& server, Connection& connection, bool& begun, bool read_only)
    : server_(server), connection_(connection), begun_(begun), read_only_(read_only) {}

void StatementBatch::Fail(const std::string& code, const std::string& message) {
  errors_.push_back({{"code", code}, {"message", message}});
  if (failure_.empty()) failure_ = code + ": " + message;
}

void StatementBatch::RollBack() {
  if (!begun_) return;
  begun_ = false;
  try {
    if (connection_.InTransaction()) connection_.Rollback();
  } catch (const QuiverError&) {
    // Rolling back what failed cannot fail in a way the client could act on.
  }
}

void StatementBatch::Prepare(std::vector<StatementRequest>& statements, Ending ending) {
  bool writes = false;
  for (const StatementRequest& request : statements) {
    try {
      prepared_.push_back(connection_.Prepare(request.text, request.parameters));
      writes = writes || !prepared_.back()->read_only();
    } catch (const QuiverError& e) {
      prepare_error_ = e;
      break;
    }
  }
  if (begun_ || statements.empty()) return;
  if (statements.size() == 1 && ending == Ending::kCommit) return;  // an auto-commit statement
  const bool read_only = read_only_ || (ending == Ending::kCommit && !writes);
  connection_.Begin(read_only ? TransactionMode::kReadOnly : TransactionMode::kReadWrite);
  begun_ = true;
}

void StatementBatch::RunOne(const StatementRequest& request, PreparedStatement& statement, ResponseWriter& out) {
  QueryResult result = connection_.Execute(statement, request.parameters);
  out << (wrote_ ? ",{\"columns\":" : "{\"columns\":") << Json(result.columns()) << ",\"data\":[";
  wrote_ = true;
  uint64_t rows = 0;
  bool truncated = false;
  GraphCollector graph;
  try {
    while (true) {
      if (request.row_limit && rows >= *request.row_limit) {
        truncated = result.Next();  // one more row tells whether there were more
        result.Close();
        break;
      }
      if (!result.Next()) break;
      const std::vector<Value>& row = result.row();
      out << (rows++ == 0 ? "{" : ",{");
      bool first = true;
      if (request.row) {
        Json values = Json::array(), meta = Json::array();
        for (const Value& v : row) {
          values.push_back(RowJson(v));
          meta.push_back(MetaJson(v));
        }
        out << "\"row\":" << values << ",\"meta\":" << meta;
        first = false;
      }
      if (request.graph) {
        for (const Value& v : row) graph.Add(v);
        out << (first ? "\"graph\":" : ",\"graph\":") << graph.Take();
      }
      out << "}";
      if (out.client_gone()) {
        result.Close();
        throw QueryInterrupted("ClientGone", "the client closed the connection");
      }
    }
  } catch (const QuiverError&) {
    out << "]}";  // the result ends where the rows did; the error follows in "errors"
    throw;
  }
  const QuerySummary& summary = result.summary();
  const Value notifications = NotificationsAsValue(summary.notifications);  // outlives the loop over it
  for (const Value& n : notifications.AsList()) notifications_.push_back(RowJson(n));
  out << "]";
  if (request.include_stats) out << ",\"stats\":" << StatsJson(summary.counters);
  if (summary.plan) out << ",\"plan\":" << Json{{"root", PlanJson(*summary.plan)}};
  out << ",\"quiver\":"
      << Json{{"rows", rows}, {"elapsedMillis", Millis(summary.elapsed)}, {"truncated", truncated}} << "}";
  if (!statement.read_only() && !begun_) server_.commits.fetch_add(1);  // an auto-commit write
}

bool StatementBatch::Run(std::vector<StatementRequest>& statements, Ending ending, ResponseWriter& out,
                         const TransactionControl& control) {
  out << "\"results\":[";
  const auto check = [&] {
    if (control.terminated()) throw QueryInterrupted("Terminated", "the transaction was rolled back by a DELETE");
  };
  try {
    Prepare(statements, ending);
    for (size_t i = 0; i < statements.size(); ++i) {
      check();
      if (i >= prepared_.size()) throw *prepare_error_;
      RunOne(statements[i], *prepared_[i], out);
    }
    check();
    if (ending == Ending::kCommit && !control.begin_commit()) {
      throw QueryInterrupted("Terminated", "the transaction was rolled back by a DELETE");
    }
    if (ending == Ending::kCommit && begun_) {
      begun_ = false;
      const bool wrote = std::any_of(prepared_.begin(), prepared_.end(),
                                     [](const auto& p) { return !p->read_only(); });
      connection_.Commit();
      if (wrote) server_.commits.fetch_add(1);
    }
  } catch (const QuiverError& e) {
    Fail(StatusCode(e, server_.read_only), e.message());
    RollBack();
  } catch (const std::exception& e) {
    Fail(kUnknownError, e.what());
    RollBack();
  }
  out << "]";
  return errors_.empty();
}

}  // namespace quiver::server::http
